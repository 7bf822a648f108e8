/**
 * @module data/validation/validate-change.test
 * The incremental validator against the full one: seeded random documents of the constraints
 * module and random edits of them; whenever the first tree is valid, `validateChange` must
 * report exactly what `validateTree` reports on the second. Plus focused cases of what a change
 * re-checks (case switches, implicit nodes appearing through `when`, leafref targets removed).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeJson } from '../codec/json/json-decode.ts';
import { diffTrees } from '../diff/diff-trees.ts';
import type { DataTree } from '../instance/instance-node.ts';
import { testSchema } from '../test-schema.test-support.ts';
import { CONSTRAINTS_MODULE, errorLines, SeededRandom, validateBoth } from './validate.test-support.ts';
import { validateChangeCounting } from './validate-change.ts';
import { validateTree } from './validate-tree.ts';

const schema = testSchema([CONSTRAINTS_MODULE]);
const decode = (json: unknown): DataTree => decodeJson(schema, json, { schema, config: true });

type Json = Record<string, unknown>;
type Field = (random: SeededRandom) => unknown;

const maybe = <T>(random: SeededRandom, values: readonly T[]): T | undefined =>
  random.below(3) === 0 ? undefined : random.pick(values);
const some = <T>(random: SeededRandom, max: number, make: () => T): T[] =>
  Array.from({ length: random.below(max + 1) }, make);
const distinctBy = <T>(items: readonly T[], key: (item: T) => string): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)) !== undefined);
};

/** Generators of the members of `v:top`, each drawing from small pools so that constraints flip. */
const TOP_FIELDS: Readonly<Record<string, Field>> = {
  name: (r) => r.pick(['abc', 'x']),
  limit: (r) => r.pick([2, 5, 9]),
  mode: (r) => r.pick(['fast', 'slow', 'fast']),
  ref: (r) => r.pick(['i1', 'i2', 'i5']),
  loose: (r) => r.pick(['i1', 'zz']),
  kind: (r) => r.pick(['v:a', 'v:b', 'v:other']),
  extra: (r) => (r.below(2) === 0 ? {} : { z: 'z' }),
  pres: (r) => JSON.parse(JSON.stringify({ req: maybe(r, ['r']), [r.pick(['x', 'y'])]: maybe(r, ['v']) })),
  slowness: (r) => r.pick([1, 2]),
  c1a: (r) => r.pick([1, 3, 4]),
  c2a: (r) => r.pick(['q']),
  c2l: (r) =>
    distinctBy(
      some(r, 2, () => r.pick([1, 2, 3])),
      String,
    ),
  iid: (r) => r.pick(["/v:top/items/item[id='i1']", '/v:top/limit', "/v:groups/group[name='g1']"]),
  items: (r) => ({
    item: distinctBy(
      some(r, 4, () =>
        JSON.parse(
          JSON.stringify({
            id: r.pick(['i1', 'i2', 'i3', 'i4']),
            label: maybe(r, ['L1', 'L2', 'L3', 'L4', 'forbidden']),
            size: maybe(r, [1, 4, 8]),
            tags:
              r.below(2) === 0
                ? undefined
                : distinctBy(
                    some(r, 3, () => r.pick(['t1', 't2', 't3'])),
                    String,
                  ),
          }),
        ),
      ),
      (item: Json) => String(item.id),
    ).filter((item) => !Array.isArray(item.tags) || item.tags.length > 0),
  }),
  users: (r) =>
    distinctBy(
      some(r, 3, () =>
        JSON.parse(
          JSON.stringify({
            first: r.pick(['a', 'c']),
            last: r.pick(['b', 'd']),
            group: maybe(r, ['g1', 'g2', 'g3']),
            peer: maybe(r, ['a', 'c']),
            'peer-first': maybe(r, ['a', 'c']),
            'peer-last': maybe(r, ['b', 'd']),
          }),
        ),
      ),
      (user: Json) => `${user.first} ${user.last}`,
    ),
};

const GROUPS_FIELDS: Readonly<Record<string, Field>> = {
  group: (r) =>
    distinctBy(
      some(r, 3, () => ({ name: r.pick(['g1', 'g2', 'g3']) })),
      (g) => g.name,
    ),
  total: (r) => r.pick([0, 1, 3]),
};

const fill = (random: SeededRandom, fields: Readonly<Record<string, Field>>, odds: number): Json => {
  const out: Json = {};
  for (const [name, make] of Object.entries(fields)) if (random.below(odds) === 0) out[name] = make(random);
  return out;
};

/** A random document; the choice members of the other case are dropped so that decoding succeeds. */
const randomDocument = (random: SeededRandom): Json => {
  const top: Json = { name: 'abc', ...fill(random, TOP_FIELDS, 3) };
  if (top.c1a !== undefined) {
    delete top.c2a;
    delete top.c2l;
  }
  if (Array.isArray(top.c2l) && top.c2l.length === 0) delete top.c2l;
  return { 'v:top': top, 'v:groups': fill(random, GROUPS_FIELDS, 2) };
};

/** The document with one to three members regenerated, added or removed. */
const mutate = (random: SeededRandom, document: Json): Json => {
  const copy = JSON.parse(JSON.stringify(document)) as { 'v:top': Json; 'v:groups': Json };
  for (let count = 1 + random.below(3); count > 0; count--) {
    const [target, fields] = random.below(4) === 0 ? [copy['v:groups'], GROUPS_FIELDS] : [copy['v:top'], TOP_FIELDS];
    const name = random.pick(Object.keys(fields));
    if (random.below(3) === 0) delete target[name];
    else target[name] = (fields[name] as Field)(random);
  }
  const top = copy['v:top'];
  if (top.c1a !== undefined && (top.c2a !== undefined || top.c2l !== undefined)) {
    if (random.below(2) === 0) delete top.c1a;
    else {
      delete top.c2a;
      delete top.c2l;
    }
  }
  if (Array.isArray(top.c2l) && top.c2l.length === 0) delete top.c2l;
  return copy;
};

describe('validateChange agrees with validateTree', () => {
  it('on random edits of random documents', () => {
    let compared = 0;
    for (let seed = 1; seed <= 1000; seed++) {
      const random = new SeededRandom(seed);
      const document = randomDocument(random);
      const before = decode(document);
      if (validateTree(before).length > 0) continue;
      for (let edit = 0; edit < 4; edit++) {
        const after = decode(mutate(random, document));
        try {
          validateBoth(after, [before]);
        } catch (error) {
          assert.fail(`seed ${seed}, edit ${edit}: ${(error as Error).stack}`);
        }
        compared++;
      }
    }
    assert.ok(compared >= 300, `only ${compared} edits of valid documents compared`);
  });
});

describe('validateChange re-checks what a change can affect', () => {
  const BASE = {
    'v:top': {
      name: 'abc',
      ref: 'i1',
      items: {
        item: [
          { id: 'i1', label: 'L1', size: 3 },
          { id: 'i2', label: 'L2' },
        ],
      },
      users: [{ first: 'a', last: 'b', group: 'g1' }],
    },
    'v:groups': { group: [{ name: 'g1' }, { name: 'g2' }] },
  };
  const edit = (change: (top: Json, groups: Json) => void): Json => {
    const copy = JSON.parse(JSON.stringify(BASE)) as { 'v:top': Json; 'v:groups': Json };
    change(copy['v:top'], copy['v:groups']);
    return copy;
  };
  const cases: { name: string; before: Json; after: Json; expected: string[] }[] = [
    {
      name: 'a change that switches the case brings the other case under its constraints',
      before: { 'v:top': { name: 'abc', c1a: 3 } },
      after: { 'v:top': { name: 'abc', c2a: 'q' } },
      expected: ['CONSTRAINT_VIOLATION too-few-elements /v:top/c2l'],
    },
    {
      name: 'a when turning true makes an implicit container (and its must) appear',
      before: { 'v:top': { mode: 'slow' } },
      after: { 'v:top': { mode: 'fast' } },
      expected: ['CONSTRAINT_VIOLATION name-needed /v:top/np'],
    },
    {
      name: 'deleting a leafref target breaks the reference that holds its value',
      before: BASE,
      after: edit((top) => {
        (top.items as { item: Json[] }).item.shift();
      }),
      expected: ['DATA_MISSING instance-required /v:top/ref'],
    },
    {
      name: 'deleting the target of an absolute leafref',
      before: BASE,
      after: edit((_top, groups) => {
        groups.group = [{ name: 'g2' }];
      }),
      expected: ["DATA_MISSING instance-required /v:top/users[first='a'][last='b']/group"],
    },
    {
      name: 'modifying one entry breaks unique',
      before: BASE,
      after: edit((top) => {
        ((top.items as { item: Json[] }).item[1] as Json).label = 'L1';
      }),
      expected: ["CONSTRAINT_VIOLATION data-not-unique /v:top/items/item[id='i2']"],
    },
    {
      name: 'changing a leaf a must of another node reads',
      before: BASE,
      after: edit((top) => {
        top.limit = 2;
      }),
      expected: ["CONSTRAINT_VIOLATION size-limit /v:top/items/item[id='i1']/size"],
    },
    {
      name: 'deleting the leaf a default stands in for',
      before: edit((top) => {
        top.limit = 9;
        ((top.items as { item: Json[] }).item[0] as Json).size = 8;
      }),
      after: edit((top) => {
        ((top.items as { item: Json[] }).item[0] as Json).size = 8;
      }),
      expected: ["CONSTRAINT_VIOLATION size-limit /v:top/items/item[id='i1']/size"],
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      const before = decode(testCase.before);
      assert.deepEqual(validateTree(before), [], 'the first tree is valid');
      const errors = validateBoth(decode(testCase.after), [before]);
      assert.deepEqual(
        errors.map((error) => `${error.code} ${error.appTag ?? '-'} ${error.path}`).sort(),
        testCase.expected,
      );
    });
  }
});

describe('validateChange is incremental', () => {
  const LIST_MODULE = `module w {
    yang-version 1.1;
    namespace "urn:w";
    prefix w;
    container c {
      list e {
        key name;
        max-elements 100000;
        leaf name { type string; }
        leaf value { type uint32; }
        leaf ceiling { type uint32; must ". >= ../value"; }
        leaf peer { type leafref { path "/w:c/w:e/w:name"; } }
      }
      leaf total { type uint32; must ". >= count(../e)"; }
    }
  }`;
  const listSchema = testSchema([LIST_MODULE]);
  const size = 5000;
  const document = (change: (entries: Json[]) => void = () => {}): DataTree => {
    const entries: Json[] = Array.from({ length: size }, (_, index) => ({
      name: `e${index}`,
      value: index,
      ceiling: index + 1,
      peer: `e${(index + 1) % size}`,
    }));
    change(entries);
    return decodeJson(listSchema, { 'w:c': { e: entries, total: size } }, { schema: listSchema, config: true });
  };
  const before = document();
  const run = (after: DataTree) => {
    const result = validateChangeCounting(before, after, diffTrees(before, after));
    assert.deepEqual(errorLines(result.errors), errorLines(validateTree(after)));
    return result;
  };

  it('a leaf of one entry: the checks of that entry only', () => {
    const result = run(document((entries) => Object.assign(entries[10] as Json, { value: 99 })));
    assert.equal(result.errors.length, 1);
    assert.ok(result.checksRun <= 3, `${result.checksRun} checks ran`);
  });
  it('a leafref of one entry: one keyed lookup', () => {
    const result = run(document((entries) => Object.assign(entries[10] as Json, { peer: 'e4000' })));
    assert.deepEqual(result.errors, []);
    assert.ok(result.checksRun <= 3, `${result.checksRun} checks ran`);
  });
  it('deleting one entry: the reference to it, the count over the list, max-elements not', () => {
    const result = run(document((entries) => entries.splice(20, 1)));
    assert.equal(result.errors.length, 1);
    assert.ok(result.checksRun <= 4, `${result.checksRun} checks ran`);
  });
});
