/**
 * @module data/validation/validate-change.test
 * The incremental validator against the full one: seeded random documents of the constraints
 * module and random edits of them; whenever the first tree is valid, `validateChange` must
 * report exactly what `validateTree` reports on the second. Plus focused cases of what a change
 * re-checks (case switches, implicit nodes appearing through `when`, leafref targets removed).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SeededRandom } from '../../util/persistent/seeded-random.test-support.ts';
import type { DataTree } from '../instance-node.ts';
import { decodeJson } from '../json-decode.ts';
import { testSchema } from '../test-schema.ts';
import { CONSTRAINTS_MODULE, validateBoth } from './validate.test-support.ts';
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
          assert.fail(`seed ${seed}, edit ${edit}: ${(error as Error).message}`);
        }
        compared++;
      }
    }
    assert.ok(compared >= 300, `only ${compared} edits of valid documents compared`);
  });
});
