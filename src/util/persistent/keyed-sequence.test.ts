/**
 * @module util/persistent/keyed-sequence.test
 * Table tests of `KeyedSequence`, and property tests against a plain array model with snapshots.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LazyValues } from './b-tree-node.ts';
import { DuplicateKeyError, KeyNotFoundError } from './collection-errors.ts';
import { naturalOrder } from './comparator.ts';
import { KeyedSequence, type SequencePlacement } from './keyed-sequence.ts';
import { SeededRandom } from './seeded-random.test-support.ts';

type Entry = [string, number];
const letters = (text: string): KeyedSequence<string, number> =>
  KeyedSequence.fromOrdered(
    [...text].map((key, index): Entry => [key, index]),
    naturalOrder,
  );
const order = (sequence: KeyedSequence<string, number>): string => [...sequence.keys()].join('');

describe('KeyedSequence', () => {
  const edits: {
    name: string;
    run: (sequence: KeyedSequence<string, number>) => KeyedSequence<string, number>;
    expected: string;
  }[] = [
    { name: 'append', run: (s) => s.append('x', 9), expected: 'abcdx' },
    { name: 'prepend', run: (s) => s.prepend('x', 9), expected: 'xabcd' },
    { name: 'insertBefore', run: (s) => s.insertBefore('c', 'x', 9), expected: 'abxcd' },
    { name: 'insertBefore the first', run: (s) => s.insertBefore('a', 'x', 9), expected: 'xabcd' },
    { name: 'insertAfter', run: (s) => s.insertAfter('c', 'x', 9), expected: 'abcxd' },
    { name: 'insertAfter the last', run: (s) => s.insertAfter('d', 'x', 9), expected: 'abcdx' },
    { name: 'move first', run: (s) => s.move('c', { insert: 'first' }), expected: 'cabd' },
    { name: 'move last', run: (s) => s.move('a', { insert: 'last' }), expected: 'bcda' },
    { name: 'move before', run: (s) => s.move('d', { insert: 'before', point: 'b' }), expected: 'adbc' },
    { name: 'move after', run: (s) => s.move('a', { insert: 'after', point: 'c' }), expected: 'bcad' },
    { name: 'move next to itself', run: (s) => s.move('b', { insert: 'after', point: 'b' }), expected: 'abcd' },
    { name: 'delete', run: (s) => s.delete('b'), expected: 'acd' },
    { name: 'delete absent', run: (s) => s.delete('z'), expected: 'abcd' },
    { name: 'set keeps the position', run: (s) => s.set('b', 42), expected: 'abcd' },
    { name: 'set of an absent key appends', run: (s) => s.set('z', 42), expected: 'abcdz' },
  ];
  for (const edit of edits) {
    it(`edits: ${edit.name}`, () => {
      const original = letters('abcd');
      assert.equal(order(edit.run(original)), edit.expected);
      assert.equal(order(original), 'abcd');
    });
  }

  it('reads by key and by position', () => {
    const sequence = letters('dcba').set('c', 7);
    assert.equal(sequence.size, 4);
    assert.equal(sequence.get('c'), 7);
    assert.equal(sequence.get('z'), undefined);
    assert.equal(sequence.has('a'), true);
    assert.deepEqual(sequence.at(1), ['c', 7]);
    assert.deepEqual(sequence.at(-1), ['a', 3]);
    assert.equal(sequence.at(4), undefined);
    assert.equal(sequence.indexOf('a'), 3);
    assert.equal(sequence.indexOf('z'), -1);
    assert.deepEqual(
      [...sequence],
      [
        ['d', 0],
        ['c', 7],
        ['b', 2],
        ['a', 3],
      ],
    );
    assert.deepEqual([...sequence.values()], [0, 7, 2, 3]);
    assert.deepEqual(
      [...sequence.slice(1, 3)],
      [
        ['c', 7],
        ['b', 2],
      ],
    );
    const visited: string[] = [];
    sequence.forEach((value, key) => {
      visited.push(`${key}${value}`);
    });
    assert.deepEqual(visited, ['d0', 'c7', 'b2', 'a3']);
  });

  it('returns the same sequence for no-op edits', () => {
    const sequence = letters('abc');
    assert.equal(sequence.set('a', 0), sequence);
    assert.equal(sequence.delete('z'), sequence);
  });

  it('builds from parallel arrays as from entries, and both edit alike', () => {
    const random = new SeededRandom(11);
    for (const count of [0, 1, 2, 17, 64, 65, 80, 300, 3000]) {
      const keys = Array.from({ length: count }, (_, index) => `k${index}`);
      for (let index = count - 1; index > 0; index--) {
        const other = random.below(index + 1);
        [keys[index], keys[other]] = [keys[other] as string, keys[index] as string];
      }
      const values = keys.map((_, index) => index);
      const fromArrays = KeyedSequence.fromOrderedArrays(keys, values, naturalOrder);
      let viaEntries = KeyedSequence.fromOrdered(
        keys.map((key, index): Entry => [key, index]),
        naturalOrder,
      );
      let edited = fromArrays;
      assert.deepEqual([...edited], [...viaEntries]);
      for (let step = 0; step < 100 && count > 0; step++) {
        const key = keys[random.below(count)] as string;
        const edit = random.below(3);
        if (edit === 0) {
          viaEntries = viaEntries.set(key, -step);
          edited = edited.set(key, -step);
        } else if (edit === 1 && viaEntries.has(key)) {
          viaEntries = viaEntries.move(key, { insert: 'first' });
          edited = edited.move(key, { insert: 'first' });
        } else {
          const fresh = `n${step}`;
          viaEntries = viaEntries.insertBefore(viaEntries.at(0)?.[0] ?? key, fresh, step).delete(key);
          edited = edited.insertBefore(edited.at(0)?.[0] ?? key, fresh, step).delete(key);
        }
      }
      assert.deepEqual([...edited], [...viaEntries], `${count} entries`);
      assert.deepEqual(
        [...fromArrays],
        keys.map((key, index) => [key, index]),
        'the bulk-built sequence is unchanged by the edits',
      );
      for (const [index, key] of keys.entries()) assert.equal(fromArrays.get(key), index);
    }
  });

  it('edits through a draft as through one edit after another, leaving the original as it was', () => {
    const random = new SeededRandom(23);
    for (const count of [0, 5, 70, 700]) {
      const original = KeyedSequence.fromOrdered(
        Array.from({ length: count }, (_, index): Entry => [`k${index}`, index]),
        naturalOrder,
      );
      const snapshot = [...original];
      let expected = original;
      const observed: (number | boolean | undefined)[] = [];
      const seen: (number | boolean | undefined)[] = [];
      const steps = Array.from({ length: 300 }, (_, step) => ({
        kind: random.below(4),
        key: `k${random.below(count + 50)}`,
        value: 10_000 + step,
      }));
      for (const { kind, key, value } of steps) {
        if (kind === 0) expected = expected.set(key, value);
        else if (kind === 1) expected = expected.delete(key);
        else if (kind === 2) observed.push(expected.get(key));
        else observed.push(expected.has(key));
      }
      const batched = original.withMutations((draft) => {
        for (const { kind, key, value } of steps) {
          if (kind === 0) draft.set(key, value);
          else if (kind === 1) draft.delete(key);
          else if (kind === 2) seen.push(draft.get(key));
          else seen.push(draft.has(key));
        }
      });
      assert.deepEqual([...batched], [...expected], `${count} entries`);
      assert.deepEqual(seen, observed);
      assert.deepEqual([...original], snapshot);
      assert.deepEqual([...batched.append('z', 1).keys()].at(-1), 'z');
    }
    const unchanged = letters('abc');
    assert.equal(
      unchanged.withMutations(() => undefined),
      unchanged,
    );
  });

  it('gives its key order, from which it is rebuilt without a sort, and ignores a wrong one', () => {
    const random = new SeededRandom(12);
    for (const count of [0, 1, 2, 65, 300, 3000]) {
      const keys = Array.from({ length: count }, (_, index) => `k${index}`);
      for (let index = count - 1; index > 0; index--) {
        const other = random.below(index + 1);
        [keys[index], keys[other]] = [keys[other] as string, keys[index] as string];
      }
      const values = keys.map((_, index) => index);
      let sequence = KeyedSequence.fromOrderedArrays(keys, values, naturalOrder);
      // Edited: order keys no longer evenly spaced, some positions moved.
      for (let step = 0; step < 50 && count > 2; step++) {
        const moved = keys[random.below(count)] as string;
        const removed = keys[random.below(count)] as string;
        sequence = sequence.move(moved, { insert: 'first' }).delete(removed);
        sequence = sequence.insert(removed, -step, { insert: 'after', point: [...sequence.keys()][0] as string });
      }
      const inOrder = [...sequence.keys()];
      const keyOrder = [...sequence.keyOrder()];
      assert.deepEqual(
        keyOrder.map((position) => inOrder[position]),
        [...inOrder].sort(),
        'the positions of the keys in key order',
      );
      const rebuilt = KeyedSequence.fromOrderedArrays(inOrder, [...sequence.values()], naturalOrder, keyOrder);
      assert.deepEqual([...rebuilt], [...sequence]);
      for (const key of inOrder) assert.equal(rebuilt.get(key), sequence.get(key));
      if (count > 2) {
        const wrong = [...keyOrder];
        [wrong[0], wrong[1]] = [wrong[1] as number, wrong[0] as number];
        for (const bad of [wrong, keyOrder.slice(1), keyOrder.map(() => 0), [...keyOrder.slice(1), count + 5]]) {
          const fallback = KeyedSequence.fromOrderedArrays(inOrder, [...sequence.values()], naturalOrder, bad);
          assert.deepEqual([...fallback], [...sequence], 'a wrong key order is ignored');
          for (const key of inOrder) assert.equal(fallback.get(key), sequence.get(key));
        }
      }
    }
    // Duplicate keys are found whatever the key order says.
    assert.throws(
      () => KeyedSequence.fromOrderedArrays(['a', 'b', 'a'], [1, 2, 3], naturalOrder, [0, 2, 1]),
      DuplicateKeyError,
    );
  });

  it('rejects duplicate keys and missing points', () => {
    assert.throws(() => KeyedSequence.fromOrderedArrays(['a', 'b', 'a'], [1, 2, 3], naturalOrder), DuplicateKeyError);
    const sequence = letters('abc');
    assert.throws(() => sequence.append('a', 1), DuplicateKeyError);
    assert.throws(() => sequence.insertBefore('z', 'x', 1), KeyNotFoundError);
    assert.throws(() => sequence.move('z', { insert: 'first' }), KeyNotFoundError);
    assert.throws(() => sequence.move('a', { insert: 'after', point: 'z' }), KeyNotFoundError);
    assert.throws(
      () =>
        KeyedSequence.fromOrdered(
          [
            ['a', 1],
            ['b', 2],
            ['a', 3],
          ],
          naturalOrder,
        ),
      DuplicateKeyError,
    );
  });

  it('keeps finding room when inserting at the same spot thousands of times', () => {
    let sequence = letters('ab');
    const expected = ['a'];
    for (let i = 0; i < 3000; i++) {
      sequence = sequence.insertBefore('b', `k${i}`, i);
      expected.push(`k${i}`);
    }
    expected.push('b');
    assert.deepEqual([...sequence.keys()], expected);
    let front = letters('z');
    for (let i = 0; i < 3000; i++) front = front.insertAfter('z', `k${i}`, i);
    assert.equal(front.indexOf('k0'), 3000);
    assert.equal(front.indexOf('k2999'), 1);
  });

  describe('against an array model (seeded property tests)', () => {
    for (const [seed, steps] of [
      [11, 3000],
      [12, 3000],
      [13, 6000],
    ] as const) {
      it(`seed ${seed}: ${steps} random edits`, () => runModelCheck(seed, steps));
    }
  });
});

/** Applies random edits to a sequence and to an array, checking them against each other and every snapshot. */
const runModelCheck = (seed: number, steps: number): void => {
  const random = new SeededRandom(seed);
  let sequence = KeyedSequence.empty<string, number>(naturalOrder);
  let model: Entry[] = [];
  const snapshots: { sequence: KeyedSequence<string, number>; model: Entry[] }[] = [];
  let nextKey = 0;
  const anyPlacement = (): SequencePlacement<string> => {
    const insert = random.pick(['first', 'last', 'before', 'after'] as const);
    if (insert === 'first' || insert === 'last') return { insert };
    if (model.length === 0) return { insert: 'last' };
    // Crowd one region now and then, to exercise relabelling.
    const index = random.next() < 0.3 ? Math.min(model.length - 1, 5) : random.below(model.length);
    return { insert, point: (model[index] as Entry)[0] };
  };
  const placeInModel = (entry: Entry, placement: SequencePlacement<string>): void => {
    if (!('point' in placement)) {
      if (placement.insert === 'first') model.unshift(entry);
      else model.push(entry);
    } else {
      const index = model.findIndex(([key]) => key === placement.point);
      model.splice(placement.insert === 'before' ? index : index + 1, 0, entry);
    }
  };
  for (let step = 0; step < steps; step++) {
    const choice = random.next();
    if (choice < 0.5 || model.length === 0) {
      const entry: Entry = [`k${nextKey++}`, step];
      const placement = anyPlacement();
      sequence = sequence.insert(entry[0], entry[1], placement);
      placeInModel(entry, placement);
    } else if (choice < 0.7) {
      const [key] = random.pick(model);
      sequence = sequence.delete(key);
      model = model.filter(([other]) => other !== key);
    } else if (choice < 0.85) {
      const entry = random.pick(model);
      const placement = anyPlacement();
      sequence = sequence.move(entry[0], placement);
      if (!('point' in placement) || placement.point !== entry[0]) {
        model = model.filter(([other]) => other !== entry[0]);
        placeInModel(entry, placement);
      }
    } else if (choice < 0.98) {
      const index = random.below(model.length);
      const [key] = model[index] as Entry;
      sequence = sequence.set(key, -step);
      model[index] = [key, -step];
    } else {
      sequence = KeyedSequence.fromOrdered(model, naturalOrder);
    }
    assert.equal(sequence.size, model.length, `size after step ${step} (seed ${seed})`);
    if (step % 100 === 0) {
      snapshots.push({ sequence, model: model.slice() });
      checkAgainstModel(sequence, model, random);
    }
  }
  checkAgainstModel(sequence, model, random);
  for (const snapshot of snapshots) assert.deepEqual([...snapshot.sequence], snapshot.model);
};

const checkAgainstModel = (sequence: KeyedSequence<string, number>, model: Entry[], random: SeededRandom): void => {
  assert.deepEqual([...sequence], model);
  for (let probe = 0; probe < 30 && model.length > 0; probe++) {
    const index = random.below(model.length);
    const [key, value] = model[index] as Entry;
    assert.deepEqual(sequence.at(index), [key, value]);
    assert.equal(sequence.indexOf(key), index);
    assert.equal(sequence.get(key), value);
  }
};

describe('KeyedSequence with lazy values', () => {
  const COUNT = 1000;
  const keyOf = (position: number): string => `k${String((position * 7919) % COUNT).padStart(4, '0')}`;
  const keys = Array.from({ length: COUNT }, (_, position) => keyOf(position));
  /** Values as objects, so that identity tells a value read once from one made again. */
  const valueAtPosition = (position: number): { position: number } => ({ position });

  const lazyOf = (): { sequence: KeyedSequence<string, { position: number }>; reads: [number, number][] } => {
    const reads: [number, number][] = [];
    const values = new LazyValues(COUNT, (start, end) => {
      reads.push([start, end]);
      return Array.from({ length: end - start }, (_, offset) => valueAtPosition(start + offset));
    });
    return { sequence: KeyedSequence.fromOrderedArrays(keys, values, naturalOrder), reads };
  };

  it('reads only the leaves of the entries read, each once, and keeps their values', () => {
    const { sequence, reads } = lazyOf();
    assert.equal(sequence.size, COUNT);
    assert.equal(reads.length, 0, 'nothing read by the build');
    const first = sequence.get(keyOf(500));
    assert.deepEqual(first, { position: 500 });
    assert.equal(reads.length, 1);
    const [start, end] = reads[0] as [number, number];
    assert.ok(start <= 500 && 500 < end && end - start <= 64);
    assert.equal(sequence.get(keyOf(500)), first, 'the same object on every read');
    assert.equal(sequence.at(500)?.[1], first);
    assert.equal(reads.length, 1);
    assert.deepEqual(
      [...sequence.values()].map(({ position }) => position),
      Array.from({ length: COUNT }, (_, position) => position),
    );
    assert.equal(
      reads.reduce((sum, [from, to]) => sum + to - from, 0),
      COUNT,
      'every position read once',
    );
  });

  it('edits, diffs and rebuilds as a sequence built from the values themselves', () => {
    const { sequence: lazy } = lazyOf();
    const eager = KeyedSequence.fromOrderedArrays(
      keys,
      Array.from({ length: COUNT }, (_, position) => lazy.at(position)?.[1] as { position: number }),
      naturalOrder,
    );
    const { sequence: untouched } = lazyOf();
    const edit = (sequence: KeyedSequence<string, { position: number }>) =>
      sequence
        .set(keyOf(3), { position: -3 })
        .delete(keyOf(900))
        .insertAfter(keyOf(10), 'new', { position: -1 })
        .withMutations((draft) => {
          for (let position = 100; position < 300; position += 2) draft.delete(keyOf(position));
        });
    const lazyAfter = edit(lazy);
    assert.deepEqual([...lazyAfter.entries()], [...edit(eager).entries()]);
    assert.deepEqual(lazy.diff(lazyAfter), eager.diff(edit(eager)));
    // Unread leaves: the diff reads the leaves it must compare, with the same outcome.
    const untouchedAfter = edit(untouched);
    assert.deepEqual(
      JSON.stringify(untouched.diff(untouchedAfter, { order: true })),
      JSON.stringify(eager.diff(edit(eager), { order: true })),
    );
  });
});
