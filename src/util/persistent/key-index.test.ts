/**
 * @module util/persistent/key-index.test
 * The hash index of large keyed sequences: when it is built, that it follows the edits of the
 * version that owns it, and that every other version (older, or edited from an older one) still
 * finds exactly its own entries.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LazyValues } from './b-tree-node.ts';
import { lexicographicOrder, naturalOrder } from './comparator.ts';
import { DESCENTS_BEFORE_INDEX, handingOverIndexes, INDEX_MIN_SIZE } from './key-index.ts';
import { KeyedSequence, type SequencePlacement } from './keyed-sequence.ts';
import { SeededRandom } from './seeded-random.test-support.ts';

const SIZE = INDEX_MIN_SIZE + 100;
const keyOf = (number: number): string => `entry-${number}`;

/** A sequence of `size` entries `entry-i` → i, in that order. */
const sequenceOf = (size: number): KeyedSequence<string, number> =>
  KeyedSequence.fromOrderedArrays(
    Array.from({ length: size }, (_, index) => keyOf(index)),
    Array.from({ length: size }, (_, index) => index),
    naturalOrder,
  );

/** Looks up enough keys of `sequence` for it to start its index. */
const lookUpUntilIndexed = (sequence: KeyedSequence<string, number>): void => {
  for (let lookup = 0; lookup < DESCENTS_BEFORE_INDEX; lookup++) sequence.get(keyOf(lookup % sequence.size));
};

/** Checks every key of `model` and some absent ones against `sequence`, and its order. */
const assertSame = (sequence: KeyedSequence<string, number>, model: Map<string, number>, context: string): void => {
  assert.equal(sequence.size, model.size, `size (${context})`);
  for (const [key, value] of model) {
    assert.equal(sequence.get(key), value, `get ${key} (${context})`);
    assert.equal(sequence.has(key), true, `has ${key} (${context})`);
  }
  for (const absent of ['entry-absent', keyOf(-1), '', 'entry-']) {
    assert.equal(sequence.get(absent), undefined, `get ${absent} (${context})`);
    assert.equal(sequence.has(absent), false, `has ${absent} (${context})`);
  }
  assert.deepEqual(new Map(sequence), model, `entries (${context})`);
};

describe('KeyIndex', () => {
  it('is started after a few lookups, only for large sequences, and fills as keys are looked up', () => {
    const large = sequenceOf(SIZE);
    for (let lookup = 1; lookup < DESCENTS_BEFORE_INDEX; lookup++) large.get(keyOf(lookup));
    assert.equal(large.indexed, false);
    large.get(keyOf(0));
    assert.equal(large.indexed, true);
    for (let round = 0; round < 2; round++) {
      for (let key = 0; key < SIZE; key += 7) assert.equal(large.get(keyOf(key)), key);
      assert.equal(large.get('entry-absent'), undefined);
      assert.equal(large.has('entry-absent'), false);
      assert.equal(large.has(keyOf(SIZE - 1)), true);
    }
    const small = sequenceOf(INDEX_MIN_SIZE - 1);
    for (let lookup = 0; lookup < 10 * DESCENTS_BEFORE_INDEX; lookup++) small.get(keyOf(lookup % 100));
    assert.equal(small.indexed, false);
  });

  it('is not started over another order, whose equal keys a Map would not find', () => {
    const tuples = KeyedSequence.fromOrderedArrays(
      Array.from({ length: SIZE }, (_, index) => [index]),
      Array.from({ length: SIZE }, (_, index) => index),
      lexicographicOrder<number>(naturalOrder),
    );
    for (let lookup = 0; lookup < 2 * DESCENTS_BEFORE_INDEX; lookup++)
      assert.equal(tuples.get([lookup % SIZE]), lookup % SIZE);
    assert.equal(tuples.indexed, false);
  });

  it('reads no value of a lazily loaded sequence that no lookup reads', () => {
    let read = 0;
    const values = new LazyValues(SIZE, (start, end) => {
      read += end - start;
      return Array.from({ length: end - start }, (_, offset) => start + offset);
    });
    const keys = Array.from({ length: SIZE }, (_, index) => keyOf(index));
    const lazy = KeyedSequence.fromOrderedArrays(keys, values, naturalOrder);
    for (let lookup = 0; lookup < 4 * DESCENTS_BEFORE_INDEX; lookup++)
      assert.equal(lazy.get(keyOf(7 + (lookup % 3))), 7 + (lookup % 3));
    assert.equal(lazy.indexed, true);
    assert.ok(read <= 64, `read ${read} values for lookups of three neighbouring keys`);
  });

  it('passes to the version an edit of record makes, and older versions keep their own entries', () => {
    const first = sequenceOf(SIZE);
    lookUpUntilIndexed(first);
    const second = handingOverIndexes(() => first.set(keyOf(5), -5));
    assert.equal(second.indexed, true);
    assert.equal(first.indexed, false);
    assert.equal(first.get(keyOf(5)), 5);
    assert.equal(second.get(keyOf(5)), -5);
    // A second edit of the first version: the index stays with the second.
    const branch = handingOverIndexes(() => first.delete(keyOf(6)));
    assert.equal(branch.indexed, false);
    assert.equal(branch.get(keyOf(6)), undefined);
    assert.equal(second.get(keyOf(6)), 6);
    const third = handingOverIndexes(() =>
      second.insert('new', 1, { insert: 'first' }).move(keyOf(9), { insert: 'last' }),
    );
    assert.equal(third.indexed, true);
    assert.equal(third.get('new'), 1);
    assert.equal(second.get('new'), undefined);
    assert.deepEqual(third.at(-1), [keyOf(9), 9]);
  });

  it('stays with the version a working copy is made from', () => {
    const ofRecord = sequenceOf(SIZE);
    lookUpUntilIndexed(ofRecord);
    const copy = ofRecord.set(keyOf(5), -5).withMutations((draft) => draft.delete(keyOf(6)));
    assert.equal(copy.indexed, false);
    assert.equal(ofRecord.indexed, true);
    assert.equal(ofRecord.get(keyOf(5)), 5);
    assert.equal(ofRecord.get(keyOf(6)), 6);
    assert.equal(copy.get(keyOf(5)), -5);
    assert.equal(copy.get(keyOf(6)), undefined);
  });

  for (const seed of [21, 22, 23]) {
    it(`seed ${seed}: random edits of random versions agree with a model of each version`, () => {
      runVersionsCheck(seed, 1500);
    });
  }
});

type Version = { readonly sequence: KeyedSequence<string, number>; readonly model: Map<string, number> };

/**
 * Edits random versions (mostly the newest, which owns the index; sometimes an older one, which
 * makes a branch without it) with every kind of edit, mostly as edits of record (handing the
 * index over), and checks versions against their models.
 */
const runVersionsCheck = (seed: number, steps: number): void => {
  const random = new SeededRandom(seed);
  const start = sequenceOf(SIZE);
  lookUpUntilIndexed(start);
  const versions: Version[] = [{ sequence: start, model: new Map(start) }];
  let nextKey = SIZE;
  let indexedVersions = 0;
  // Keys made so far: present, or deleted since.
  const anyKey = (): string => keyOf(random.below(nextKey));
  const placement = (model: Map<string, number>): SequencePlacement<string> => {
    const insert = random.pick(['first', 'last', 'before', 'after'] as const);
    if (insert === 'first' || insert === 'last') return { insert };
    // Crowds one place now and then, so that order keys are relabelled.
    const point = random.next() < 0.5 ? keyOf(10) : anyKey();
    return model.has(point) ? { insert, point } : { insert: 'last' };
  };
  for (let step = 0; step < steps; step++) {
    const base = random.next() < 0.97 ? (versions.at(-1) as Version) : random.pick(versions);
    const model = new Map(base.model);
    const ofRecord = random.next() < 0.9;
    const edited = (edit: () => KeyedSequence<string, number>): KeyedSequence<string, number> =>
      ofRecord ? handingOverIndexes(edit) : edit();
    let sequence = base.sequence;
    const choice = random.next();
    if (choice < 0.3) {
      const key = anyKey();
      sequence = edited(() => sequence.set(key, -step));
      model.set(key, -step);
    } else if (choice < 0.5) {
      const key = keyOf(nextKey++);
      const where = placement(model);
      sequence = edited(() => sequence.insert(key, step, where));
      model.set(key, step);
    } else if (choice < 0.65) {
      const key = anyKey();
      sequence = edited(() => sequence.delete(key));
      model.delete(key);
    } else if (choice < 0.8) {
      const key = anyKey();
      if (model.has(key)) {
        const where = placement(model);
        sequence = edited(() => sequence.move(key, where));
      }
    } else {
      sequence = edited(() =>
        sequence.withMutations((draft) => {
          for (let edit = 0; edit < 20; edit++) {
            const key = random.next() < 0.3 ? keyOf(nextKey++) : anyKey();
            if (random.next() < 0.6) {
              draft.set(key, step * 100 + edit);
              model.set(key, step * 100 + edit);
            } else {
              draft.delete(key);
              model.delete(key);
            }
            assert.equal(draft.get(key), model.get(key));
          }
        }),
      );
    }
    versions.push({ sequence, model });
    // Reads, as a server makes them between edits: they build the index of a branch, in time.
    for (let read = 0; read < 30; read++) {
      const key = anyKey();
      assert.equal(sequence.get(key), model.get(key), `get ${key} at step ${step}`);
    }
    if (sequence.indexed) indexedVersions++;
    if (step % 250 === 0) assertSame(sequence, model, `step ${step}`);
  }
  // The index moves along edits of record, not to a branch or a working copy, which build their own in time.
  assert.ok(indexedVersions > steps / 4, `${indexedVersions} of ${steps} versions had the index`);
  for (const [index, version] of versions.entries())
    if (index % 100 === 0) assertSame(version.sequence, version.model, `version ${index}`);
};
