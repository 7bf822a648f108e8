/**
 * @module util/persistent/sorted-map-diff.test
 * The structural diff of sorted maps: table cases, a property test against a naive merge of the two maps'
 * entries (versions sharing structure, and maps built apart), and node counts on a 1,000,000-entry map.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { naturalOrder } from './comparator.ts';
import { PersistentSortedMap } from './persistent-sorted-map.ts';
import { type DiffStatistics, diffSortedMaps, type SortedMapChange } from './sorted-map-diff.ts';

type NumberMap = PersistentSortedMap<number, string>;

const mapOf = (entries: readonly (readonly [number, string])[]): NumberMap =>
  PersistentSortedMap.fromSorted(
    [...entries].sort((x, y) => x[0] - y[0]),
    naturalOrder,
  );

const range = (count: number, value = (key: number): string => `v${key}`): NumberMap =>
  PersistentSortedMap.fromSorted(
    Array.from({ length: count }, (_, key) => [key, value(key)] as const),
    naturalOrder,
  );

/** The expected changes, by merging both maps' entries. */
const naiveDiff = (before: NumberMap, after: NumberMap): SortedMapChange<number, string>[] => {
  const changes: SortedMapChange<number, string>[] = [];
  const keys = new Set([...before.keys(), ...after.keys()]);
  for (const key of [...keys].sort((x, y) => x - y)) {
    const old = before.get(key);
    const value = after.get(key);
    if (old === undefined) changes.push({ kind: 'added', key, value: value as string });
    else if (value === undefined) changes.push({ kind: 'removed', key, old });
    else if (old !== value) changes.push({ kind: 'changed', key, old, value });
  }
  return changes;
};

describe('diffSortedMaps', () => {
  const cases: { name: string; before: NumberMap; after: (before: NumberMap) => NumberMap }[] = [
    { name: 'two empty maps', before: range(0), after: () => range(0) },
    { name: 'the same map', before: range(1000), after: (map) => map },
    { name: 'from empty', before: range(0), after: () => range(200) },
    { name: 'to empty', before: range(200), after: () => range(0) },
    { name: 'one value changed', before: range(5000), after: (map) => map.set(2500, 'x') },
    // A value replaced keeps the leaf's key array: compared value by value, in key order with the rest.
    {
      name: 'values replaced in one leaf, and beside an insertion',
      before: range(5000),
      after: (map) => map.set(2500, 'x').set(2501, 'y').set(2563, 'z').set(100, 'w').set(99.5, 'v').set(4000, 'u'),
    },
    { name: 'a value replaced by itself', before: range(5000), after: (map) => map.set(2500, 'v2500') },
    { name: 'first and last removed', before: range(5000), after: (map) => map.delete(0).delete(4999) },
    { name: 'added at both ends', before: range(5000), after: (map) => map.set(-1, 'a').set(5000, 'b') },
    { name: 'leaf splits', before: range(5000), after: (map) => map.set(10.5, 'a').set(11.5, 'b').set(12.5, 'c') },
    { name: 'root grows a level', before: range(64), after: (map) => map.set(64, 'a').set(65, 'b') },
    {
      name: 'root loses a level',
      before: range(65),
      after: (map) =>
        map.withMutations((draft) => {
          for (let key = 0; key < 60; key++) draft.delete(key);
        }),
    },
    { name: 'built apart, equal', before: range(3000), after: () => range(3000) },
    { name: 'built apart, different', before: range(3000), after: () => range(2999, (key) => `w${key}`) },
  ];
  for (const { name, before, after } of cases) {
    it(name, () => {
      const next = after(before);
      assert.deepEqual([...diffSortedMaps(before, next)], naiveDiff(before, next));
    });
  }

  it('agrees with a naive merge on random edits (fast-check)', () => {
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.integer({ min: -50, max: 3050 }), value: fc.string() }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: -50, max: 3050 }) }),
      fc.record({
        kind: fc.constant('deleteRange' as const),
        key: fc.integer({ min: 0, max: 3000 }),
        count: fc.integer({ min: 1, max: 400 }),
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.array(edit, { maxLength: 30 }),
        fc.boolean(),
        (size, edits, apart) => {
          const before = range(size);
          let after = before;
          for (const step of edits) {
            if (step.kind === 'set') after = after.set(step.key, step.value);
            else if (step.kind === 'delete') after = after.delete(step.key);
            else
              after = after.withMutations((draft) => {
                for (let key = step.key; key < step.key + step.count; key++) draft.delete(key);
              });
          }
          if (apart) after = mapOf([...after]);
          assert.deepEqual([...diffSortedMaps(before, after)], naiveDiff(before, after));
          assert.deepEqual([...diffSortedMaps(after, before)], naiveDiff(after, before));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('opens only the nodes on the changed paths of a 1,000,000-entry map', () => {
    const before = range(1_000_000);
    const count = (after: NumberMap): { changes: number; nodes: number } => {
      const stats: DiffStatistics = { nodesVisited: 0 };
      const changes = [...diffSortedMaps(before, after, stats)].length;
      return { changes, nodes: stats.nodesVisited };
    };
    const changed = count(before.set(123_456, 'x'));
    assert.equal(changed.changes, 1);
    // Height 4 (15,625 leaves): at most one path per side, plus a neighbour where a split shifts a boundary.
    assert.ok(changed.nodes <= 12, `opened ${changed.nodes} nodes`);
    const added = count(before.set(500_000.5, 'x'));
    assert.equal(added.changes, 1);
    assert.ok(added.nodes <= 12, `opened ${added.nodes} nodes`);
    const removed = count(before.delete(999_999).delete(0));
    assert.equal(removed.changes, 2);
    assert.ok(removed.nodes <= 24, `opened ${removed.nodes} nodes`);
    assert.equal(count(before).nodes, 0);
  });
});
