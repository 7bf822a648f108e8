/**
 * @module util/persistent/keyed-sequence-diff.test
 * The diff of keyed sequences: removed/added/changed keys against a naive comparison, moves that (with the
 * removals and additions) rebuild the new order, move counts, LIS, and node counts on 1,000,000 entries.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { DiffStatistics } from './b-tree-diff.ts';
import { naturalOrder } from './comparator.ts';
import { diffKeyedSequences, KeyedSequence } from './keyed-sequence.ts';
import { type KeyedSequenceDiff, longestIncreasingSubsequence } from './keyed-sequence-diff.ts';

type Sequence = KeyedSequence<string, number>;

const sequenceOf = (keys: readonly string[], value = (index: number): number => index): Sequence =>
  KeyedSequence.fromOrdered(
    keys.map((key, index) => [key, value(index)] as const),
    naturalOrder,
  );

const letters = (text: string): Sequence => sequenceOf([...text]);

/** Replays a diff on `before`'s order: removals, then additions and moves after their new predecessor. */
const replay = (before: Sequence, after: Sequence, diff: KeyedSequenceDiff<string, number>): string[] => {
  let order = [...before.keys()].filter((key) => !diff.removed.includes(key));
  const placed = [...diff.added, ...diff.moved].sort((x, y) => after.indexOf(x) - after.indexOf(y));
  for (const key of placed) {
    order = order.filter((other) => other !== key);
    const index = after.indexOf(key);
    const anchor = index === 0 ? -1 : order.indexOf((after.at(index - 1) as [string, number])[0]);
    order.splice(anchor + 1, 0, key);
  }
  return order;
};

/** Checks a diff of `before` → `after` against a naive comparison, and that its moves rebuild the order. */
const check = (before: Sequence, after: Sequence): KeyedSequenceDiff<string, number> => {
  const diff = diffKeyedSequences(before, after, { order: true });
  const keysBefore = [...before.keys()];
  const keysAfter = [...after.keys()];
  assert.deepEqual(
    diff.removed,
    keysBefore.filter((key) => !after.has(key)),
  );
  assert.deepEqual(
    diff.added,
    keysAfter.filter((key) => !before.has(key)),
  );
  assert.deepEqual(
    diff.changed,
    keysAfter.filter((key) => before.has(key) && before.get(key) !== after.get(key)),
  );
  assert.deepEqual(replay(before, after, diff), keysAfter);
  const touched = new Set([...diff.added, ...diff.changed, ...diff.moved]);
  assert.deepEqual(
    diff.updates,
    keysAfter
      .filter((key) => touched.has(key))
      .map((key) => ({
        key,
        old: before.get(key),
        value: after.get(key),
        added: !before.has(key),
        moved: diff.moved.includes(key),
      })),
  );
  const plain = diffKeyedSequences(before, after);
  assert.deepEqual(plain.moved, []);
  return diff;
};

describe('longestIncreasingSubsequence', () => {
  const cases: { values: number[]; length: number }[] = [
    { values: [], length: 0 },
    { values: [3], length: 1 },
    { values: [0, 1, 2, 3], length: 4 },
    { values: [3, 2, 1, 0], length: 1 },
    { values: [3, 4, 0, 1, 2], length: 3 },
    { values: [1, 5, 2, 6, 3, 7, 4], length: 4 },
  ];
  for (const { values, length } of cases) {
    it(`[${values.join(', ')}] keeps ${length}`, () => {
      const keep = longestIncreasingSubsequence(values);
      const kept = values.filter((_, index) => keep[index]);
      assert.equal(kept.length, length);
      for (let index = 1; index < kept.length; index++)
        assert.ok((kept[index - 1] as number) < (kept[index] as number));
    });
  }
});

describe('diffKeyedSequences', () => {
  const moves: { name: string; edit: (sequence: Sequence) => Sequence; moved: string }[] = [
    { name: 'nothing', edit: (s) => s, moved: '' },
    { name: 'move one to the front', edit: (s) => s.move('e', { insert: 'first' }), moved: 'e' },
    { name: 'move one to the end', edit: (s) => s.move('a', { insert: 'last' }), moved: 'a' },
    { name: 'swap two neighbours', edit: (s) => s.move('c', { insert: 'before', point: 'b' }), moved: 'c' },
    { name: 'move and delete', edit: (s) => s.move('b', { insert: 'last' }).delete('d'), moved: 'b' },
    { name: 'insert, no move', edit: (s) => s.insertAfter('b', 'x', 9).prepend('y', 8), moved: '' },
    { name: 'value change, no move', edit: (s) => s.set('c', 42), moved: '' },
  ];
  for (const { name, edit, moved } of moves) {
    it(`moves: ${name}`, () => {
      const before = letters('abcdefgh');
      const diff = check(before, edit(before));
      assert.equal(diff.moved.join(''), moved);
    });
  }

  it('finds the fewest moves between sequences built apart', () => {
    assert.deepEqual(check(letters('abcde'), letters('bcdea')).moved, ['a']);
    assert.equal(check(letters('abcde'), letters('edcba')).moved.length, 4);
    assert.deepEqual(check(letters('abxcd'), letters('cdxab')).moved.length, 3);
  });

  it('agrees with a naive comparison on random edits (fast-check)', () => {
    const edit = fc.record({
      kind: fc.constantFrom('insert', 'delete', 'move', 'set'),
      at: fc.nat(),
      to: fc.nat(),
      where: fc.constantFrom('first' as const, 'last' as const, 'before' as const, 'after' as const),
    });
    let fresh = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.array(edit, { maxLength: 25 }),
        fc.boolean(),
        (size, edits, apart) => {
          const before = sequenceOf(Array.from({ length: size }, (_, index) => `k${index}`));
          let after = before;
          for (const step of edits) {
            const key = after.size === 0 ? undefined : (after.at(step.at % after.size) as [string, number])[0];
            const point = after.size === 0 ? undefined : (after.at(step.to % after.size) as [string, number])[0];
            const placement =
              point === undefined || step.where === 'first' || step.where === 'last'
                ? { insert: step.where === 'first' ? ('first' as const) : ('last' as const) }
                : { insert: step.where, point };
            if (step.kind === 'insert') after = after.insert(`n${fresh++}`, -1, placement);
            else if (key === undefined) continue;
            else if (step.kind === 'delete') after = after.delete(key);
            else if (step.kind === 'set') after = after.set(key, fresh++);
            else if (!('point' in placement) || placement.point !== key) after = after.move(key, placement);
          }
          if (apart) after = KeyedSequence.fromOrdered([...after], naturalOrder);
          check(before, after);
          check(after, before);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('compares 200,000 entries built apart, every value changed', () => {
    const keys = Array.from({ length: 200_000 }, (_, index) => `k${String(index).padStart(6, '0')}`);
    const before = KeyedSequence.fromOrdered(
      keys.map((key) => [key, { key }] as const),
      naturalOrder,
    );
    const after = KeyedSequence.fromOrdered(
      keys.map((key) => [key, { key }] as const),
      naturalOrder,
    ).move('k000000', { insert: 'last' });
    const diff = diffKeyedSequences(before, after, { order: true });
    assert.equal(diff.changed.length, 200_000);
    assert.deepEqual(diff.moved, ['k000000']);
    assert.equal(diff.updates.at(-1)?.key, 'k000000');
    assert.equal(diff.updates[0]?.key, 'k000001');
  });

  it('reads only the changed paths of a 1,000,000-entry sequence', () => {
    const before = sequenceOf(Array.from({ length: 1_000_000 }, (_, index) => `k${String(index).padStart(7, '0')}`));
    const measure = (after: Sequence): { diff: KeyedSequenceDiff<string, number>; nodes: number } => {
      const stats: DiffStatistics = { nodesVisited: 0 };
      return { diff: diffKeyedSequences(before, after, { order: true, stats }), nodes: stats.nodesVisited };
    };
    const changed = measure(before.set('k0500000', -1));
    assert.deepEqual(changed.diff.changed, ['k0500000']);
    assert.ok(changed.nodes <= 16, `opened ${changed.nodes} nodes`);
    const moved = measure(before.move('k0000010', { insert: 'after', point: 'k0900000' }));
    assert.deepEqual(moved.diff.moved, ['k0000010']);
    assert.ok(moved.nodes <= 60, `opened ${moved.nodes} nodes`);
    const added = measure(before.insertAfter('k0000100', 'new', 0).delete('k0999999'));
    assert.deepEqual([added.diff.added, added.diff.removed, added.diff.moved], [['new'], ['k0999999'], []]);
    assert.ok(added.nodes <= 60, `opened ${added.nodes} nodes`);
  });
});
