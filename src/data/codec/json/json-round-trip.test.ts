/**
 * @module data/codec/json/json-round-trip.test
 * Property tests with a seeded PRNG (fast-check is not a dependency): random documents of the
 * test module survive decode → encode → decode unchanged, and random updates of a persistent
 * tree agree with a plain Map model while every older root stays as it was.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ContainerNode, LeafNode, ListNode } from '../../../yang/index.ts';
import type { DataTree, ListInstance } from '../../instance/instance-node.ts';
import { emptyDataTree } from '../../instance/instance-node.ts';
import { resolveInstancePath, updateAt } from '../../instance/instance-path.ts';
import { entriesOf, keyValuesOf } from '../../instance/list-instance.ts';
import { AUGMENT_MODULE, TYPES_MODULE } from '../../test-modules.test-support.ts';
import { testSchema } from '../../test-schema.test-support.ts';
import { decodeJson } from './json-decode.ts';
import { encodeJsonString } from './json-encode.ts';

const schema = testSchema([TYPES_MODULE, AUGMENT_MODULE]);

/** mulberry32: a small, fast, seedable PRNG. */
const prng = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const ALPHABET = ['a', 'b', 'Z', ' ', "'", '"', '\\', 'é', '€', '😀', '\n', '/', '[', ']'];

const generator = (random: () => number) => {
  const int = (low: number, high: number): number => low + Math.floor(random() * (high - low + 1));
  const maybe = (): boolean => random() < 0.5;
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const text = (min: number, max: number): string =>
    Array.from({ length: int(min, max) }, () => pick(ALPHABET)).join('');
  const unique = <T>(count: number, make: () => T, key: (item: T) => string = String): T[] => {
    const seen = new Map<string, T>();
    for (let index = 0; index < count * 3 && seen.size < count; index++) {
      const item = make();
      seen.set(key(item), item);
    }
    return [...seen.values()];
  };
  const top = (): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    const add = (name: string, make: () => unknown): void => {
      if (maybe()) out[name] = make();
    };
    add('s', () => text(1, 5));
    add('i64', () => (BigInt(int(-9e8, 9e8)) * 10_000_000_000n + BigInt(int(0, 1e9))).toString());
    add('u8', () => int(0, 255));
    add('d', () => `${int(-999, 999)}.${String(int(0, 99)).padStart(2, '0')}`);
    add('e', () => [null]);
    add('id', () => pick(['one', 't:one']));
    add('b', () => pick(['a', 'b', 'a b', 'b a', '']));
    add('flag', maybe);
    add('p', () => int(0, 100));
    add('dflt', () => text(0, 4));
    add('addr', () => `${int(0, 255)}.${int(0, 255)}.${int(0, 255)}.${int(0, 255)}`);
    add('ll', () => unique(int(1, 4), () => text(0, 3)));
    add('lld', () => unique(int(1, 3), () => int(0, 255)));
    add('state', () => text(0, 3));
    add('np', () => (maybe() ? { x: text(0, 2) } : { z: text(0, 2) }));
    add('pres', () => (maybe() ? {} : { y: text(0, 2) }));
    add('l', () =>
      unique(
        int(1, 6),
        () => ({ k2: text(0, 3), k1: int(0, 3), ...(maybe() ? { v: text(0, 3) } : {}) }),
        (entry) => `${entry.k1}\u0000${entry.k2}`,
      ),
    );
    add('ul', () =>
      unique(
        int(1, 8),
        () => ({ name: text(1, 3) }),
        (entry) => entry.name,
      ),
    );
    if (maybe()) {
      if (maybe()) out.c1a = text(0, 2);
      else out.c2b = text(0, 2);
    }
    add('any', () => ({ n: int(0, 9), list: [text(0, 2), null, true] }));
    add('u:extra', () => text(0, 3));
    add('u:more', () => ({ m: int(-128, 127) }));
    return out;
  };
  return { top, int, maybe, text };
};

const RUNS = 300;

describe('JSON round trip (property)', () => {
  it(`decode(encode(decode(x))) encodes identically, ${RUNS} seeded documents`, () => {
    for (let seed = 1; seed <= RUNS; seed++) {
      const document = { 't:top': generator(prng(seed)).top() };
      const first = encodeJsonString(decodeJson(schema, document, { schema }), schema);
      const second = encodeJsonString(decodeJson(schema, JSON.parse(first), { schema }), schema);
      assert.equal(second, first, `seed ${seed}`);
      for (const withDefaults of ['trim', 'report-all', 'report-all-tagged'] as const) {
        const text = encodeJsonString(decodeJson(schema, document, { schema }), schema, { withDefaults });
        const again = encodeJsonString(decodeJson(schema, JSON.parse(text), { schema }), schema, { withDefaults });
        assert.equal(again, text, `seed ${seed}, ${withDefaults}`);
      }
    }
  });
  it('keeps every member of the input (up to identityref qualification and bits order)', () => {
    for (let seed = 1; seed <= RUNS; seed++) {
      const members = generator(prng(seed)).top();
      const encoded = JSON.parse(encodeJsonString(decodeJson(schema, { 't:top': members }, { schema }), schema));
      const output = (encoded['t:top'] ?? {}) as Record<string, unknown>;
      const presentInput = Object.keys(members).filter(
        (name) => !(name === 'np' && Object.keys(members.np as object).length === 0),
      );
      assert.deepEqual(new Set(Object.keys(output)), new Set(presentInput), `seed ${seed}`);
      for (const name of ['s', 'u8', 'flag', 'ul', 'any', 'u:more', 'addr', 'll']) {
        if (name in members) assert.deepEqual(output[name], members[name], `seed ${seed} ${name}`);
      }
    }
  });
});

describe('persistent updates (property)', () => {
  const top = schema.dataChildIndex.get('t:top') as ContainerNode;
  const list = top.dataChildIndex.get('t:l') as ListNode;
  const v = list.dataChildIndex.get('t:v') as LeafNode;
  it('agree with a Map model, and older roots never change', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const g = generator(prng(seed));
      let tree: DataTree = emptyDataTree(schema);
      let model = new Map<string, string>();
      const history: { readonly tree: DataTree; readonly model: Map<string, string> }[] = [];
      for (let step = 0; step < 200; step++) {
        const keys = [g.int(0, 9), g.text(0, 1)] as const;
        const path = [{ schema: top }, { schema: list, keys }];
        const id = `${keys[0]}|${keys[1]}`;
        if (g.int(0, 3) === 0) {
          tree = updateAt(tree, path, () => undefined);
          model = new Map(model);
          model.delete(id);
        } else {
          const value = g.text(0, 3);
          tree = updateAt(tree, [...path, { schema: v }], () => value);
          model = new Map(model);
          model.set(id, value);
        }
        history.push({ tree, model });
      }
      for (const { tree: old, model: expected } of history) {
        const instance = resolveInstancePath(old, [{ schema: top }, { schema: list }]) as ListInstance | undefined;
        const actual = new Map<string, string>();
        if (instance !== undefined) {
          for (const entry of entriesOf(instance)) {
            const [k1, k2] = keyValuesOf(entry);
            actual.set(`${String(k1)}|${String(k2)}`, entry.slots[2] as string);
          }
        }
        assert.deepEqual(actual, expected, `seed ${seed}`);
      }
    }
  });
});
