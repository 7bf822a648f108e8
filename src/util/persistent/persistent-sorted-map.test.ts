/**
 * @module util/persistent/persistent-sorted-map.test
 * Table tests of `PersistentSortedMap`, and property tests against a plain `Map` model with snapshots.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UnsortedInputError } from './collection-errors.ts';
import { lexicographicOrder, naturalOrder } from './comparator.ts';
import { PersistentSortedMap } from './persistent-sorted-map.ts';
import { SeededRandom } from './seeded-random.test-support.ts';

const numbers = (): PersistentSortedMap<number, string> => PersistentSortedMap.empty(naturalOrder);
const range = (count: number): [number, string][] => Array.from({ length: count }, (_, i) => [i * 2, `v${i * 2}`]);

describe('PersistentSortedMap', () => {
  it('starts empty', () => {
    const map = numbers();
    assert.equal(map.size, 0);
    assert.equal(map.get(1), undefined);
    assert.equal(map.first(), undefined);
    assert.equal(map.last(), undefined);
    assert.equal(map.at(0), undefined);
    assert.deepEqual([...map], []);
  });

  it('sets, replaces and deletes without touching the original', () => {
    const empty = numbers();
    const one = empty.set(1, 'a');
    const two = one.set(2, 'b');
    const replaced = two.set(1, 'A');
    const deleted = replaced.delete(2);
    assert.deepEqual([...empty], []);
    assert.deepEqual([...one], [[1, 'a']]);
    assert.deepEqual(
      [...two],
      [
        [1, 'a'],
        [2, 'b'],
      ],
    );
    assert.deepEqual(
      [...replaced],
      [
        [1, 'A'],
        [2, 'b'],
      ],
    );
    assert.deepEqual([...deleted], [[1, 'A']]);
    assert.equal(replaced.size, 2);
  });

  it('returns the same map for no-op edits', () => {
    const value = { leaf: 1 };
    const map = PersistentSortedMap.empty<string, object>(naturalOrder).set('k', value);
    assert.equal(map.set('k', value), map);
    assert.notEqual(map.set('k', { leaf: 1 }), map);
    assert.equal(map.delete('absent'), map);
    assert.equal(
      map.withMutations(() => {}),
      map,
    );
  });

  const navigation: { name: string; run: (map: PersistentSortedMap<number, string>) => unknown; expected: unknown }[] =
    [
      { name: 'first', run: (map) => map.first(), expected: [0, 'v0'] },
      { name: 'last', run: (map) => map.last(), expected: [1998, 'v1998'] },
      { name: 'next of a present key', run: (map) => map.next(10), expected: [12, 'v12'] },
      { name: 'next of an absent key', run: (map) => map.next(11), expected: [12, 'v12'] },
      { name: 'next of the last key', run: (map) => map.next(1998), expected: undefined },
      { name: 'previous of a present key', run: (map) => map.previous(10), expected: [8, 'v8'] },
      { name: 'previous of an absent key', run: (map) => map.previous(11), expected: [10, 'v10'] },
      { name: 'previous of the first key', run: (map) => map.previous(0), expected: undefined },
      { name: 'at', run: (map) => map.at(500), expected: [1000, 'v1000'] },
      { name: 'at from the end', run: (map) => map.at(-1), expected: [1998, 'v1998'] },
      { name: 'at out of range', run: (map) => map.at(1000), expected: undefined },
      { name: 'at non-integer', run: (map) => map.at(1.5), expected: undefined },
      { name: 'indexOf present', run: (map) => map.indexOf(1000), expected: 500 },
      { name: 'indexOf absent', run: (map) => map.indexOf(1001), expected: -1 },
      { name: 'rank absent', run: (map) => map.rank(1001), expected: 501 },
      { name: 'keys from a key', run: (map) => [...map.keys({ from: 1993 })], expected: [1994, 1996, 1998] },
      {
        name: 'keys backwards from a key',
        run: (map) => [...map.keys({ from: 5, descending: true })],
        expected: [4, 2, 0],
      },
      {
        name: 'keys backwards from below all',
        run: (map) => [...map.keys({ from: -1, descending: true })],
        expected: [],
      },
      { name: 'values from above all', run: (map) => [...map.values({ from: 5000 })], expected: [] },
      {
        name: 'slice (offset and limit)',
        run: (map) => [...map.slice(2, 4)],
        expected: [
          [4, 'v4'],
          [6, 'v6'],
        ],
      },
      { name: 'slice past the end', run: (map) => [...map.slice(999, 2000)], expected: [[1998, 'v1998']] },
    ];
  for (const testCase of navigation) {
    it(`navigates: ${testCase.name}`, () => {
      assert.deepEqual(testCase.run(PersistentSortedMap.fromSorted(range(1000), naturalOrder)), testCase.expected);
    });
  }

  it('iterates every entry in order, forwards and backwards, and through forEach', () => {
    const entries = range(5000);
    const map = PersistentSortedMap.fromSorted(entries, naturalOrder);
    assert.deepEqual([...map.entries()], entries);
    assert.deepEqual([...map.keys({ descending: true })], entries.map(([key]) => key).reverse());
    const visited: number[] = [];
    map.forEach((_, key) => {
      visited.push(key);
    });
    assert.deepEqual(
      visited,
      entries.map(([key]) => key),
    );
  });

  it('builds from sorted input of every small size', () => {
    for (let count = 0; count < 300; count++) {
      const map = PersistentSortedMap.fromSorted(range(count), naturalOrder);
      assert.equal(map.size, count);
      assert.deepEqual([...map], range(count));
      if (count > 0) assert.deepEqual(map.at(count - 1), range(count)[count - 1]);
    }
  });

  it('builds from sorted arrays as from sorted entries, and edits the result alike', () => {
    const random = new SeededRandom(7);
    for (const count of [0, 1, 15, 16, 17, 63, 64, 65, 79, 80, 81, 128, 2047, 2048, 2100, 5000]) {
      const entries = range(count);
      const fromArrays = PersistentSortedMap.fromSortedArrays(
        entries.map(([key]) => key),
        entries.map(([, value]) => value),
        naturalOrder,
      );
      let built = PersistentSortedMap.fromSorted(entries, naturalOrder);
      let edited = fromArrays;
      assert.deepEqual([...edited], [...built]);
      for (let step = 0; step < 200; step++) {
        const key = random.below(count * 2 + 2);
        if (random.below(2) === 0) {
          built = built.set(key, `s${step}`);
          edited = edited.set(key, `s${step}`);
        } else {
          built = built.delete(key);
          edited = edited.delete(key);
        }
      }
      assert.deepEqual([...edited], [...built], `${count} entries`);
      assert.deepEqual([...fromArrays], entries, 'the bulk-built map is unchanged by the edits');
      if (count > 1) assert.deepEqual(edited.at(edited.size - 1), built.at(built.size - 1));
    }
  });

  it('rejects unsorted arrays and arrays of different lengths', () => {
    assert.throws(() => PersistentSortedMap.fromSortedArrays([1, 1], ['a', 'b'], naturalOrder), UnsortedInputError);
    assert.throws(() => PersistentSortedMap.fromSortedArrays([1, 2], ['a'], naturalOrder), RangeError);
  });

  it('rejects unsorted or duplicate bulk input', () => {
    assert.throws(
      () =>
        PersistentSortedMap.fromSorted(
          [
            [1, 'a'],
            [1, 'b'],
          ],
          naturalOrder,
        ),
      UnsortedInputError,
    );
    assert.throws(
      () =>
        PersistentSortedMap.fromSorted(
          [
            [1, 'a'],
            [3, 'b'],
            [2, 'c'],
          ],
          naturalOrder,
        ),
      (error: unknown) => error instanceof UnsortedInputError && error.position === 2,
    );
  });

  it('orders tuple keys lexicographically', () => {
    const map = PersistentSortedMap.empty<readonly string[], number>(lexicographicOrder(naturalOrder))
      .set(['b', 'a'], 1)
      .set(['a', 'z'], 2)
      .set(['a'], 3);
    assert.deepEqual([...map.values()], [3, 2, 1]);
    assert.equal(map.get(['a', 'z']), 2);
  });

  it('loads ascending, descending and random keys in a batch, leaving the original intact', () => {
    const base = numbers().set(-1, 'base');
    for (const order of ['ascending', 'descending', 'random'] as const) {
      const random = new SeededRandom(7);
      const keys = Array.from({ length: 20_000 }, (_, i) => i);
      if (order === 'descending') keys.reverse();
      if (order === 'random') keys.sort(() => random.next() - 0.5);
      const loaded = base.withMutations((draft) => {
        for (const key of keys) draft.set(key, `v${key}`);
        assert.equal(draft.size, 20_001);
        assert.equal(draft.get(5), 'v5');
      });
      assert.equal(loaded.size, 20_001, order);
      assert.deepEqual([...loaded.keys()], [-1, ...Array.from({ length: 20_000 }, (_, i) => i)]);
      assert.equal(loaded.indexOf(19_999), 20_000);
      assert.deepEqual([...base], [[-1, 'base']]);
    }
  });

  it('refuses a draft used after its batch', () => {
    let escaped: { set: (key: number, value: string) => unknown } | undefined;
    numbers().withMutations((draft) => {
      escaped = draft;
    });
    assert.throws(() => escaped?.set(1, 'a'), /after its withMutations/);
  });

  describe('against a Map model (seeded property tests)', () => {
    for (const [seed, keySpace, steps] of [
      [1, 40, 3000],
      [2, 400, 4000],
      [3, 5000, 6000],
      [4, 100_000, 1500],
    ] as const) {
      it(`seed ${seed}: ${steps} random edits over ${keySpace} keys`, () => {
        runModelCheck(seed, keySpace, steps);
      });
    }
  });
});

/** Applies random edits to a map and to a model, checking them against each other and every snapshot at the end. */
const runModelCheck = (seed: number, keySpace: number, steps: number): void => {
  const random = new SeededRandom(seed);
  let map = numbers();
  const model = new Map<number, string>();
  const snapshots: { map: PersistentSortedMap<number, string>; model: Map<number, string> }[] = [];
  for (let step = 0; step < steps; step++) {
    const choice = random.next();
    if (choice < 0.45) {
      const key = random.below(keySpace);
      map = map.set(key, `s${step}`);
      model.set(key, `s${step}`);
    } else if (choice < 0.8) {
      // Mostly present keys (found through the model, not the map under test).
      const present = Array.from(model.keys());
      const key = present.length > 0 && random.next() < 0.7 ? random.pick(present) : random.below(keySpace);
      map = map.delete(key);
      model.delete(key);
    } else if (choice < 0.97) {
      const edits = random.below(300);
      map = map.withMutations((draft) => {
        for (let i = 0; i < edits; i++) {
          const key = random.below(keySpace);
          if (random.next() < 0.6) {
            draft.set(key, `b${step}.${i}`);
            model.set(key, `b${step}.${i}`);
          } else {
            draft.delete(key);
            model.delete(key);
          }
        }
      });
    } else {
      map = PersistentSortedMap.fromSorted(sortedEntries(model), naturalOrder);
    }
    assert.equal(map.size, model.size, `size after step ${step} (seed ${seed})`);
    if (step % 100 === 0) {
      snapshots.push({ map, model: new Map(model) });
      checkAgainstModel(map, model, random);
    }
  }
  checkAgainstModel(map, model, random);
  for (const snapshot of snapshots) assert.deepEqual([...snapshot.map], sortedEntries(snapshot.model));
};

const sortedEntries = (model: Map<number, string>): [number, string][] =>
  [...model.entries()].sort(([a], [b]) => a - b);

const checkAgainstModel = (
  map: PersistentSortedMap<number, string>,
  model: Map<number, string>,
  random: SeededRandom,
): void => {
  const expected = sortedEntries(model);
  assert.deepEqual([...map], expected);
  assert.deepEqual([...map.entries({ descending: true })], expected.toReversed());
  for (let probe = 0; probe < 50 && expected.length > 0; probe++) {
    const index = random.below(expected.length);
    const [key, value] = expected[index] as [number, string];
    assert.deepEqual(map.at(index), [key, value]);
    assert.equal(map.indexOf(key), index);
    assert.equal(map.get(key), value);
    assert.equal(map.has(key + 0.5), false);
    assert.deepEqual(map.next(key), expected[index + 1]);
    assert.deepEqual(map.previous(key), index > 0 ? expected[index - 1] : undefined);
    const from = key + 0.5;
    assert.deepEqual(
      [...map.keys({ from })].slice(0, 5),
      expected.slice(index + 1, index + 6).map(([k]) => k),
    );
    assert.deepEqual(
      [...map.keys({ from, descending: true })].slice(0, 5),
      expected
        .slice(Math.max(0, index - 4), index + 1)
        .map(([k]) => k)
        .reverse(),
    );
  }
};
