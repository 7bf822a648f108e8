/**
 * @module data/diff/diff-scale.test
 * The cost of diffs follows the change, not the data: on a 1,000,000-entry user-ordered list, a diff of
 * two versions that differ in one entry reads a few dozen nodes (counted, not timed), and applying it,
 * reversing it and comparing the results stay as cheap.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DiffStatistics } from '../../util/index.ts';
import type { ContainerNode, ListNode } from '../../yang/index.ts';
import type { DataTree, ListInstance } from '../instance/instance-node.ts';
import { emptyDataTree } from '../instance/instance-node.ts';
import type { InstancePath } from '../instance/instance-path.ts';
import { entryWithKeys, resolveInstancePath, updateAt } from '../instance/instance-path.ts';
import { listInstanceFromEntries } from '../instance/list-instance.ts';
import type { DataSchemaNode } from '../instance/slot-table.ts';
import { slotChildByName } from '../instance/slot-table.ts';
import { testSchema } from '../test-schema.test-support.ts';
import { reverseDiff } from './diff.ts';
import { applyDiff } from './diff-apply.ts';
import { encodeDiff } from './diff-codec.ts';
import { instancesEqual } from './diff-equal.ts';
import { DIFF_MODULE } from './diff-test-modules.test-support.ts';
import { renderDiffText } from './diff-text.ts';
import { diffTreesCounting } from './diff-trees.ts';

const schema = testSchema([DIFF_MODULE]);
const top = slotChildByName(schema, 'dt', 'top') as ContainerNode;
const ul = slotChildByName(top, 'dt', 'ul') as ListNode;
const v = slotChildByName(ul, 'dt', 'v') as DataSchemaNode;
const COUNT = 1_000_000;
const nameOf = (index: number): string => `n${String(index).padStart(7, '0')}`;

const measure = (before: DataTree, after: DataTree) => {
  const stats: DiffStatistics = { nodesVisited: 0 };
  const diff = diffTreesCounting(before, after, stats);
  const statsBack: DiffStatistics = { nodesVisited: 0 };
  diffTreesCounting(after, before, statsBack);
  return { diff, nodes: Math.max(stats.nodesVisited, statsBack.nodesVisited) };
};

describe('diffs of a 1,000,000-entry list', () => {
  const listPath: InstancePath = [{ schema: top }, { schema: ul }];
  const entries = Array.from({ length: COUNT }, (_, index) => {
    const name = nameOf(index);
    return [name, entryWithKeys(ul, [name])] as const;
  });
  const before = updateAt(emptyDataTree(schema), listPath, () => listInstanceFromEntries(ul, entries));
  const list = resolveInstancePath(before, listPath) as ListInstance;

  const cases: { name: string; edit: () => DataTree; text: string; maxNodes: number }[] = [
    {
      name: 'one leaf set',
      edit: () => updateAt(before, [{ schema: top }, { schema: ul, keys: [nameOf(654_321)] }, { schema: v }], () => 7),
      text: "+ /dt:top/ul[name='n0654321']/v 7\n",
      // Three instance nodes (root, top, entry) and one B+tree path of height 4 on each side.
      maxNodes: 12,
    },
    {
      name: 'one entry moved',
      edit: () =>
        updateAt(before, listPath, () => ({ schema: ul, entries: list.entries.move(nameOf(10), { insert: 'last' }) })),
      text: "> /dt:top/ul[name='n0000010'] after [name='n0999999']\n",
      maxNodes: 60,
    },
    {
      name: 'one entry inserted, one deleted',
      edit: () =>
        updateAt(before, listPath, () => ({
          schema: ul,
          entries: list.entries.insertAfter(nameOf(500_000), 'new', entryWithKeys(ul, ['new'])).delete(nameOf(0)),
        })),
      text: `- /dt:top/ul[name='n0000000']\n+ /dt:top/ul[name='new'] {"name":"new"} (after [name='n0500000'])\n`,
      maxNodes: 60,
    },
  ];
  for (const { name, edit, text, maxNodes } of cases) {
    it(name, () => {
      const after = edit();
      const { diff, nodes } = measure(before, after);
      assert.equal(renderDiffText(diff, schema), text);
      assert.ok(nodes <= maxNodes, `read ${nodes} nodes`);
      const applied = applyDiff(before, diff);
      assert.ok(instancesEqual(applied, after));
      assert.ok(instancesEqual(applyDiff(after, reverseDiff(diff)), before));
      assert.ok(encodeDiff(diff, schema).length < 300);
      // The applied tree shares the list with `before` but for the changed paths: diffing it is as cheap.
      assert.ok(measure(before, applied).nodes <= maxNodes);
    });
  }
});
