/**
 * @module data/diff/diff-trees.test
 * Table tests of `diffTrees`: each case decodes two small documents of the diff test module and checks the
 * changes (rendered as text), that applying them gives the second tree and that their reverse gives back
 * the first.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ContainerNode, LeafNode, ListNode } from '../../yang/index.ts';
import { decodeJson } from '../codec/json/json-decode.ts';
import type { DataTree } from '../instance/instance-node.ts';
import { emptyDataTree, emptyInstance, setChild } from '../instance/instance-node.ts';
import { updateAt } from '../instance/instance-path.ts';
import { listInstanceFromEntries } from '../instance/list-instance.ts';
import { slotChildByName } from '../instance/slot-table.ts';
import { testSchema } from '../test-schema.test-support.ts';
import { isEmptyDiff, reverseDiff } from './diff.ts';
import { applyDiff } from './diff-apply.ts';
import { instancesEqual } from './diff-equal.ts';
import { DIFF_MODULE } from './diff-test-modules.test-support.ts';
import { renderDiffText } from './diff-text.ts';
import { diffTrees } from './diff-trees.ts';

const schema = testSchema([DIFF_MODULE]);
const tree = (top: Record<string, unknown>): DataTree => decodeJson(schema, { 'dt:top': top }, { schema });

const lines = (before: DataTree, after: DataTree): string[] => {
  const diff = diffTrees(before, after);
  assert.ok(instancesEqual(applyDiff(before, diff), after), 'apply(diff) gives the new tree');
  assert.ok(instancesEqual(applyDiff(after, reverseDiff(diff)), before), 'apply(reverse) gives the old tree');
  return renderDiffText(diff, schema).split('\n').slice(0, -1);
};

describe('diffTrees', () => {
  const cases: { name: string; before: Record<string, unknown>; after: Record<string, unknown>; expected: string[] }[] =
    [
      { name: 'no change', before: { s: 'a' }, after: { s: 'a' }, expected: [] },
      { name: 'leaf modified', before: { s: 'a' }, after: { s: 'b' }, expected: ['~ /dt:top/s "a" -> "b"'] },
      {
        name: 'typed leaves',
        before: { i64: '-9223372036854775808', d: '1.5', id: 'one', b: 'x z', e: [null] },
        after: { i64: '7', d: '1.500', id: 'dt:two', b: 'z x' },
        expected: ['- /dt:top/e', '~ /dt:top/i64 "-9223372036854775808" -> "7"', '~ /dt:top/id "dt:one" -> "dt:two"'],
      },
      {
        name: 'a created container is one change',
        before: { s: 'a' },
        after: { s: 'a', np: { a: 'x', inner: { n: 3 } } },
        expected: ['+ /dt:top/np {"a":"x","inner":{"n":3}}'],
      },
      {
        name: 'a deleted presence container is one change',
        before: { pres: { c: 'x' }, s: 'a' },
        after: { s: 'a' },
        expected: ['- /dt:top/pres'],
      },
      {
        name: 'an empty presence container',
        before: { s: 'a' },
        after: { s: 'a', pres: {} },
        expected: ['+ /dt:top/pres {}'],
      },
      {
        name: 'a non-presence container loses its last child',
        before: { np: { a: 'x' } },
        after: { s: 'y' },
        expected: ['- /dt:top/np', '+ /dt:top/s "y"'],
      },
      {
        name: 'switching cases deletes first',
        before: { c2a: 'x', c2b: { z: 'y' } },
        after: { c1: 'a' },
        expected: ['- /dt:top/c2a', '- /dt:top/c2b', '+ /dt:top/c1 "a"'],
      },
      {
        name: 'system-ordered list: entries and where new ones stand, no moves',
        before: {
          sl: [
            { k1: 1, k2: 'a', v: 'x' },
            { k1: 2, k2: 'a' },
            { k1: 3, k2: 'b' },
          ],
        },
        after: {
          sl: [
            { k1: 3, k2: 'b' },
            { k1: 4, k2: 'a' },
            { k1: 1, k2: 'a', v: 'y' },
          ],
        },
        expected: [
          "- /dt:top/sl[k1='2'][k2='a']",
          `+ /dt:top/sl[k1='4'][k2='a'] {"k1":4,"k2":"a"} (after [k1='3'][k2='b'])`,
          `~ /dt:top/sl[k1='1'][k2='a']/v "x" -> "y"`,
        ],
      },
      {
        name: 'user-ordered list: one move',
        before: { ul: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }] },
        after: { ul: [{ name: 'b' }, { name: 'c' }, { name: 'a' }, { name: 'd' }] },
        expected: ["> /dt:top/ul[name='a'] after [name='c']"],
      },
      {
        name: 'user-ordered list: creations with positions',
        before: { ul: [{ name: 'b' }] },
        after: { ul: [{ name: 'a' }, { name: 'b' }, { name: 'c', v: 1 }] },
        expected: [
          `+ /dt:top/ul[name='a'] {"name":"a"} (first)`,
          `+ /dt:top/ul[name='c'] {"name":"c","v":1} (after [name='b'])`,
        ],
      },
      {
        name: 'user-ordered list: deletions last-first, each after its old predecessor',
        before: { ul: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }] },
        after: { ul: [{ name: 'd' }] },
        expected: ["- /dt:top/ul[name='c']", "- /dt:top/ul[name='b']", "- /dt:top/ul[name='a']"],
      },
      {
        name: 'user-ordered list created and deleted whole',
        before: { ul: [{ name: 'x' }, { name: 'y' }] },
        after: { ml: [{ id: 'one', d: '1' }] },
        expected: [
          "- /dt:top/ul[name='y']",
          "- /dt:top/ul[name='x']",
          `+ /dt:top/ml[id='dt:one'][d='1.0'] {"id":"dt:one","d":"1.0"} (first)`,
        ],
      },
      {
        name: 'user-ordered leaf-list',
        before: { usr: [1, 2, 3, 4] },
        after: { usr: [4, 1, 5, 3] },
        expected: ["- /dt:top/usr[.='2']", "> /dt:top/usr[.='4'] first", `+ /dt:top/usr[.='5'] 5 (after '1')`],
      },
      {
        name: 'system-ordered leaf-list: no moves, a new value with where it stands',
        before: { sys: ['a', 'b'] },
        after: { sys: ['b', 'c', 'a'] },
        expected: [`+ /dt:top/sys[.='c'] "c" (after 'b')`],
      },
      {
        name: 'anydata compared as JSON',
        before: { any: { x: 1, y: [1, 2] } },
        after: { any: { y: [1, 2], x: 1 } },
        expected: [],
      },
      {
        name: 'anydata modified',
        before: { any: { x: 1 } },
        after: { any: { x: [1] } },
        expected: ['~ /dt:top/any {"x":1} -> {"x":[1]}'],
      },
      {
        name: 'nested user-ordered list in a system-ordered one',
        before: { sl: [{ k1: 0, k2: 'a', nested: [{ n: 1 }, { n: 2 }] }] },
        after: { sl: [{ k1: 0, k2: 'a', nested: [{ n: 2, w: true }, { n: 1 }] }] },
        expected: [
          "+ /dt:top/sl[k1='0'][k2='a']/nested[n='2']/w true",
          "> /dt:top/sl[k1='0'][k2='a']/nested[n='1'] after [n='2']",
        ],
      },
    ];
  for (const { name, before, after, expected } of cases) {
    it(name, () => {
      assert.deepEqual(lines(tree(before), tree(after)), expected);
    });
  }

  it('from and to an empty datastore', () => {
    const full = decodeJson(schema, { 'dt:top': { s: 'a' }, 'dt:top-leaf': 'b' }, { schema });
    const empty = emptyDataTree(schema);
    assert.deepEqual(lines(empty, full), ['+ /dt:top {"s":"a"}', '+ /dt:top-leaf "b"']);
    assert.deepEqual(lines(full, empty), ['- /dt:top', '- /dt:top-leaf']);
    assert.ok(isEmptyDiff(diffTrees(full, full)));
  });

  it('state data: a keyless list and a leaf-list with repeated values change as a whole', () => {
    const before = decodeJson(schema, { 'dt:state': { rows: [{ r: 'a' }], seen: ['a', 'a'] } }, { schema });
    const after = decodeJson(schema, { 'dt:state': { rows: [{ r: 'a' }, { r: 'b' }], seen: ['a'] } }, { schema });
    assert.deepEqual(lines(before, after), [
      '~ /dt:state/rows [{"r":"a"}] -> [{"r":"a"},{"r":"b"}]',
      '~ /dt:state/seen ["a","a"] -> ["a"]',
    ]);
  });

  it('keyless lists compare as sequences, whatever their positional entry keys', () => {
    const state = slotChildByName(schema, 'dt', 'state') as ContainerNode;
    const rows = slotChildByName(state, 'dt', 'rows') as ListNode;
    const r = slotChildByName(rows, 'dt', 'r') as LeafNode;
    const row = (text: string) => setChild(emptyInstance(rows), r, text);
    const withRows = (keys: string[]): DataTree =>
      updateAt(emptyDataTree(schema), [{ schema: state }, { schema: rows }], () =>
        listInstanceFromEntries(
          rows,
          keys.map((key, index) => [key, row(String(index))] as const),
        ),
      );
    assert.ok(instancesEqual(withRows(['#0', '#2']), withRows(['#0', '#1'])));
    assert.ok(!instancesEqual(withRows(['#0', '#2']), withRows(['#0'])));
    assert.ok(isEmptyDiff(diffTrees(withRows(['#0', '#2']), withRows(['#0', '#1']))));
  });

  it('rejects instances of different schema nodes', () => {
    const top = tree({ s: 'a' });
    assert.throws(() => diffTrees(top, top.slots[0] as DataTree), TypeError);
  });
});
