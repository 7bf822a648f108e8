/**
 * @module data/diff/diff-apply.test
 * `applyDiff` against trees that do not match the diff: strict mode reports each conflict as an
 * OperationFailedError naming the node; non-strict mode applies what it can.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OperationFailedError } from '../../errors/index.ts';
import { decodeJson } from '../codec/json/json-decode.ts';
import { encodeJsonString } from '../codec/json/json-encode.ts';
import type { DataTree } from '../instance/instance-node.ts';
import { testSchema } from '../test-schema.test-support.ts';
import type { DataDiff } from './diff.ts';
import { reverseDiff } from './diff.ts';
import { applyDiff } from './diff-apply.ts';
import { decodeDiff } from './diff-codec.ts';
import { instancesEqual } from './diff-equal.ts';
import { DIFF_MODULE } from './diff-test-modules.test-support.ts';
import { diffTrees } from './diff-trees.ts';

const schema = testSchema([DIFF_MODULE]);
const tree = (top: Record<string, unknown>): DataTree => decodeJson(schema, { 'dt:top': top }, { schema });
const diff = (...changes: string[]): DataDiff => decodeDiff(`{"version":1,"changes":[${changes.join(',')}]}`, schema);
const json = (root: DataTree): unknown => JSON.parse(encodeJsonString(root, schema));

describe('applyDiff, strict', () => {
  const base = tree({
    s: 'a',
    ul: [{ name: 'x' }, { name: 'y', v: 1 }],
    usr: [1, 2],
    sl: [{ k1: 1, k2: 'a', v: 'v' }],
  });
  const conflicts: { name: string; change: string; path: string; message: RegExp }[] = [
    {
      name: 'create of a present leaf',
      change: '{"op":"create","path":["dt:top","s"],"value":"b"}',
      path: '/dt:top/s',
      message: /cannot create \/dt:top\/s: it already exists/,
    },
    {
      name: 'create of a present entry',
      change: '{"op":"create","path":["dt:top",{"ul":{"name":"x"}}],"value":{"name":"x"},"after":null}',
      path: "/dt:top/ul[name='x']",
      message: /already exists/,
    },
    {
      name: 'create after a missing entry',
      change: '{"op":"create","path":["dt:top",{"ul":{"name":"z"}}],"value":{"name":"z"},"after":{"name":"q"}}',
      path: "/dt:top/ul[name='z']",
      message: /the entry it follows does not exist/,
    },
    {
      name: 'create of a present leaf-list value',
      change: '{"op":"create","path":["dt:top",{"usr":2}],"value":2,"after":1}',
      path: "/dt:top/usr[.='2']",
      message: /already exists/,
    },
    {
      name: 'delete of an absent leaf',
      change: '{"op":"delete","path":["dt:top","i64"],"old":"1"}',
      path: '/dt:top/i64',
      message: /cannot delete \/dt:top\/i64: it does not exist/,
    },
    {
      name: 'delete of an entry that changed since',
      change: '{"op":"delete","path":["dt:top",{"ul":{"name":"y"}}],"old":{"name":"y","v":2},"after":{"name":"x"}}',
      path: "/dt:top/ul[name='y']",
      message: /its value is not the one the change expects/,
    },
    {
      name: 'modify from another value',
      change: '{"op":"modify","path":["dt:top","s"],"old":"b","value":"c"}',
      path: '/dt:top/s',
      message: /cannot modify \/dt:top\/s: its value is not the one the change expects/,
    },
    {
      name: 'modify of an absent leaf',
      change: '{"op":"modify","path":["dt:top","d"],"old":"1","value":"2"}',
      path: '/dt:top/d',
      message: /does not exist/,
    },
    {
      name: 'move of an absent entry',
      change: '{"op":"move","path":["dt:top",{"ul":{"name":"q"}}],"from":null,"to":{"name":"x"}}',
      path: "/dt:top/ul[name='q']",
      message: /cannot move .*: it does not exist/,
    },
    {
      name: 'move after an absent entry',
      change: '{"op":"move","path":["dt:top",{"ul":{"name":"x"}}],"from":null,"to":{"name":"q"}}',
      path: "/dt:top/ul[name='x']",
      message: /the entry it should follow does not exist/,
    },
    {
      name: 'move after an absent leaf-list value',
      change: '{"op":"move","path":["dt:top",{"usr":1}],"from":null,"to":7}',
      path: "/dt:top/usr[.='1']",
      message: /the value it should follow does not exist/,
    },
    {
      name: 'a change below a missing entry',
      change: '{"op":"create","path":["dt:top",{"sl":{"k1":9,"k2":"a"}},"v"],"value":"w"}',
      path: "/dt:top/sl[k1='9'][k2='a']/v",
      message: /\/dt:top\/sl\[k1='9'\]\[k2='a'\] does not exist/,
    },
    {
      name: 'a change below a missing presence container',
      change: '{"op":"create","path":["dt:top","pres","c"],"value":"w"}',
      path: '/dt:top/pres/c',
      message: /\/dt:top\/pres does not exist/,
    },
  ];
  for (const { name, change, path, message } of conflicts) {
    it(`conflict: ${name}`, () => {
      assert.throws(
        () => applyDiff(base, diff(change)),
        (error: unknown) => error instanceof OperationFailedError && error.path === path && message.test(error.message),
      );
    });
  }

  it('creates below an absent non-presence container', () => {
    const next = applyDiff(base, diff('{"op":"create","path":["dt:top","np","inner","n"],"value":4}'));
    assert.deepEqual((json(next) as Record<string, Record<string, unknown>>)['dt:top']?.np, { inner: { n: 4 } });
  });

  it('stops at the first conflict and leaves the tree as it was', () => {
    const changes = diff(
      '{"op":"modify","path":["dt:top","s"],"old":"a","value":"b"}',
      '{"op":"delete","path":["dt:top","e"],"old":[null]}',
    );
    assert.throws(() => applyDiff(base, changes), OperationFailedError);
    assert.equal((json(base) as Record<string, Record<string, unknown>>)['dt:top']?.s, 'a');
  });

  it('puts created entries of system-ordered lists where the diff says they stood, else last', () => {
    const before = tree({
      sys: ['a', 'b', 'd'],
      sl: [
        { k1: 1, k2: 'a' },
        { k1: 3, k2: 'a' },
      ],
    });
    const after = tree({
      sys: ['a', 'b', 'c', 'd'],
      sl: [
        { k1: 1, k2: 'a' },
        { k1: 2, k2: 'a' },
        { k1: 3, k2: 'a' },
      ],
    });
    const forward = diffTrees(before, after);
    assert.equal(encodeJsonString(applyDiff(before, forward), schema), encodeJsonString(after, schema));
    // Undoing the deletion of a middle entry puts it back in its place.
    assert.equal(
      encodeJsonString(applyDiff(before, reverseDiff(diffTrees(after, before))), schema),
      encodeJsonString(after, schema),
    );
    // A position whose entry is missing is no conflict in a system-ordered list: the entry goes last.
    const placed = applyDiff(
      before,
      diff(
        '{"op":"create","path":["dt:top",{"sys":"z"}],"value":"z","after":"q"}',
        '{"op":"create","path":["dt:top",{"sl":{"k1":9,"k2":"a"}}],"value":{"k1":9,"k2":"a"},"after":{"k1":8,"k2":"a"}}',
      ),
    );
    assert.deepEqual(json(placed), {
      'dt:top': {
        sys: ['a', 'b', 'd', 'z'],
        sl: [
          { k1: 1, k2: 'a' },
          { k1: 3, k2: 'a' },
          { k1: 9, k2: 'a' },
        ],
      },
    });
  });

  it('selective rollback: an older commit undone over a later, independent one', () => {
    const first = tree({ s: 'a', ul: [{ name: 'x' }] });
    const second = tree({ s: 'b', ul: [{ name: 'x' }] });
    const third = tree({ s: 'b', ul: [{ name: 'x' }, { name: 'y' }] });
    const rollbackOfSecond = reverseDiff(diffTrees(first, second));
    const rolledBack = applyDiff(third, rollbackOfSecond);
    assert.ok(instancesEqual(rolledBack, tree({ s: 'a', ul: [{ name: 'x' }, { name: 'y' }] })));
    const fourth = tree({ s: 'c', ul: [{ name: 'x' }] });
    assert.throws(() => applyDiff(fourth, rollbackOfSecond), /cannot modify \/dt:top\/s/);
  });
});

describe('applyDiff, runs of entry changes', () => {
  const names = (count: number, from = 0): { name: string }[] =>
    Array.from({ length: count }, (_, index) => ({ name: `e${String(from + index).padStart(3, '0')}` }));

  it('applies long runs of creations, moves and deletions as the same changes one by one would', () => {
    const before = tree({ ul: names(50) });
    const after = tree({ ul: [...names(40, 100), ...names(50).reverse().slice(10)] });
    const diff = diffTrees(before, after);
    assert.ok(diff.changes.length > 80);
    assert.ok(instancesEqual(applyDiff(before, diff), after));
    assert.ok(instancesEqual(applyDiff(after, reverseDiff(diff)), before));
  });

  it('reports a conflict inside a run like a single change', () => {
    const creates = names(40, 100).map(
      ({ name }, index) =>
        `{"op":"create","path":["dt:top",{"ul":{"name":"${name}"}}],"value":{"name":"${name}"},"after":${
          index === 0 ? 'null' : `{"name":"e${String(99 + index).padStart(3, '0')}"}`
        }}`,
    );
    const clash = '{"op":"create","path":["dt:top",{"ul":{"name":"e001"}}],"value":{"name":"e001"},"after":null}';
    const base = tree({ ul: names(3) });
    assert.equal(applyDiff(base, diff(...creates)).slots.length > 0, true);
    assert.throws(
      () => applyDiff(base, diff(...creates, clash)),
      (error: unknown) =>
        error instanceof OperationFailedError &&
        error.path === "/dt:top/ul[name='e001']" &&
        /cannot create .*: it already exists/.test(error.message),
    );
    const relaxed = applyDiff(base, diff(...creates, clash), { strict: false });
    const order = (json(relaxed) as Record<string, { ul: { name: string }[] }>)['dt:top']?.ul.map(({ name }) => name);
    assert.deepEqual(order?.slice(0, 2), ['e001', 'e100']);
    assert.equal(order?.length, 43);
  });
});

describe('applyDiff, not strict', () => {
  const base = tree({ s: 'a', ul: [{ name: 'x' }, { name: 'y' }], usr: [1, 2] });
  const cases: { name: string; changes: string[]; expected: Record<string, unknown> }[] = [
    {
      name: 'create overwrites',
      changes: [
        '{"op":"create","path":["dt:top","s"],"value":"b"}',
        '{"op":"create","path":["dt:top",{"ul":{"name":"y"}}],"value":{"name":"y","v":3},"after":null}',
      ],
      expected: { s: 'b', ul: [{ name: 'y', v: 3 }, { name: 'x' }], usr: [1, 2] },
    },
    {
      name: 'delete and move of absent nodes are skipped',
      changes: [
        '{"op":"delete","path":["dt:top","i64"],"old":"1"}',
        '{"op":"delete","path":["dt:top",{"sl":{"k1":1,"k2":"a"}},"v"],"old":"x"}',
        '{"op":"move","path":["dt:top",{"ul":{"name":"q"}}],"from":null,"to":null}',
        '{"op":"move","path":["dt:top",{"ul":{"name":"x"}}],"from":null,"to":{"name":"q"}}',
      ],
      expected: { s: 'a', ul: [{ name: 'x' }, { name: 'y' }], usr: [1, 2] },
    },
    {
      name: 'a missing predecessor puts the entry last; modify ignores the old value',
      changes: [
        '{"op":"create","path":["dt:top",{"ul":{"name":"z"}}],"value":{"name":"z"},"after":{"name":"q"}}',
        '{"op":"create","path":["dt:top",{"usr":3}],"value":3,"after":9}',
        '{"op":"modify","path":["dt:top","s"],"old":"zzz","value":"c"}',
      ],
      expected: { s: 'c', ul: [{ name: 'x' }, { name: 'y' }, { name: 'z' }], usr: [1, 2, 3] },
    },
  ];
  for (const { name, changes, expected } of cases) {
    it(name, () => {
      assert.deepEqual(json(applyDiff(base, diff(...changes), { strict: false })), { 'dt:top': expected });
    });
  }
});
