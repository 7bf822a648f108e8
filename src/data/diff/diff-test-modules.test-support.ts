/**
 * @module data/diff/diff-test-modules.test-support
 * Test support for diffs: a module with every node kind a diff meets (presence and non-presence
 * containers, system- and user-ordered lists and leaf-lists, multi-key lists with typed keys, nested
 * lists, choices, anydata, typed leaves, keyless state lists and state leaf-lists), and a generator of
 * random RFC 7951 documents for it, drawing from small value pools so that two documents overlap.
 */
import fc from 'fast-check';

/** The module of the diff tests. */
export const DIFF_MODULE = `module dt {
  yang-version 1.1;
  namespace "urn:dt";
  prefix dt;
  identity base;
  identity one { base base; }
  identity two { base base; }
  container top {
    leaf s { type string; }
    leaf i64 { type int64; }
    leaf d { type decimal64 { fraction-digits 3; } }
    leaf e { type empty; }
    leaf id { type identityref { base base; } }
    leaf b { type bits { bit x; bit y; bit z; } }
    leaf u { type union { type int8; type string; } }
    leaf-list sys { type string; }
    leaf-list usr { type uint16; ordered-by user; }
    container np {
      leaf a { type string; }
      container inner { leaf n { type int32; } }
    }
    container pres { presence "on"; leaf c { type string; } }
    list sl {
      key "k1 k2";
      leaf k1 { type uint8; }
      leaf k2 { type string; }
      leaf v { type string; }
      list nested { key n; ordered-by user; leaf n { type int8; } leaf w { type boolean; } }
    }
    list ul {
      key name;
      ordered-by user;
      leaf name { type string; }
      leaf v { type int16; }
      container c { leaf x { type string; } }
      leaf-list tags { type string; ordered-by user; }
    }
    list ml {
      key "id d";
      ordered-by user;
      leaf id { type identityref { base base; } }
      leaf d { type decimal64 { fraction-digits 2; } }
      leaf note { type string; }
    }
    choice ch {
      case one { leaf c1 { type string; } }
      case two { leaf c2a { type string; } container c2b { leaf z { type string; } } }
    }
    anydata any;
  }
  container state {
    config false;
    list rows { leaf r { type string; } }
    leaf-list seen { type string; }
  }
  leaf top-leaf { type string; }
}`;

type Json = Record<string, unknown>;

const optional = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.option(arbitrary, { nil: undefined, freq: 2 });

const word = fc.constantFrom('a', 'b', 'c', 'd', "it's", 'e f', 'ü', '');
const names = (pool: number): fc.Arbitrary<string> => fc.integer({ min: 0, max: pool - 1 }).map((index) => `n${index}`);
const anydata = fc.constantFrom<unknown>({}, { x: 1 }, { x: [1, 'two', null] }, { y: { z: true } }, { 'dt:s': 'a' });

/** A random `dt:top` member; `ul` has `minEntries` to `maxEntries` entries named from `pool` names. */
const top = (pool: number, minEntries: number, maxEntries: number): fc.Arbitrary<Json> =>
  fc
    .record({
      s: optional(word),
      i64: optional(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String)),
      d: optional(fc.constantFrom('1.5', '-0.001', '100', '2.250')),
      e: optional(fc.constant([null])),
      id: optional(fc.constantFrom('dt:one', 'dt:two')),
      b: optional(fc.constantFrom('', 'x', 'y z', 'x y z')),
      u: optional(fc.constantFrom<unknown>(5, -128, 'text', '5x')),
      sys: optional(fc.uniqueArray(word, { maxLength: 5 })),
      usr: optional(fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { maxLength: 8 })),
      np: optional(
        fc.record({ a: optional(word), inner: optional(fc.record({ n: optional(fc.integer({ min: -3, max: 3 })) })) }),
      ),
      pres: optional(fc.record({ c: optional(word) })),
      sl: optional(
        fc.uniqueArray(
          fc.record({
            k1: fc.integer({ min: 0, max: 3 }),
            k2: fc.constantFrom('a', 'b'),
            v: optional(word),
            nested: optional(
              fc.uniqueArray(fc.record({ n: fc.integer({ min: 0, max: 5 }), w: optional(fc.boolean()) }), {
                selector: (entry) => entry.n,
                maxLength: 4,
              }),
            ),
          }),
          { selector: (entry) => `${entry.k1}/${entry.k2}`, maxLength: 5 },
        ),
      ),
      ul: optional(
        fc.uniqueArray(
          fc.record({
            name: names(pool),
            v: optional(fc.integer({ min: 0, max: 2 })),
            c: optional(fc.record({ x: optional(word) })),
            tags: optional(fc.uniqueArray(fc.constantFrom('p', 'q', 'r', 's'), { maxLength: 4 })),
          }),
          { selector: (entry) => entry.name, minLength: minEntries, maxLength: maxEntries, size: 'max' },
        ),
      ),
      ml: optional(
        fc.uniqueArray(
          fc.record({
            id: fc.constantFrom('dt:one', 'dt:two'),
            d: fc.constantFrom('0.5', '1', '-2.25'),
            note: optional(word),
          }),
          { selector: (entry) => `${entry.id}/${entry.d}`, maxLength: 4 },
        ),
      ),
      choice: fc.oneof(
        fc.constant({}),
        fc.record({ c1: word }),
        fc.record({ c2a: optional(word), c2b: fc.record({ z: optional(word) }) }),
      ),
      any: optional(anydata),
    })
    .map(({ choice, ...rest }): Json => ({ ...rest, ...choice }));

const state = fc.record({
  rows: optional(fc.array(fc.record({ r: word }), { maxLength: 3 })),
  seen: optional(fc.array(fc.constantFrom('a', 'b'), { maxLength: 3 })),
});

/**
 * Random documents of `dt` as parsed RFC 7951 JSON. `pool` names and `minEntries`/`maxEntries` entries
 * for the user-ordered list `ul` let a test make it long (several B+tree leaves).
 */
export const diffDocument = (pool = 6, minEntries = 0, maxEntries = 6): fc.Arbitrary<Json> =>
  fc
    .record({
      'dt:top': fc.option(top(pool, minEntries, maxEntries), { nil: undefined, freq: 8 }),
      'dt:state': optional(state),
      'dt:top-leaf': optional(word),
    })
    // A JSON round trip drops the members left undefined, at every depth.
    .map((document): Json => JSON.parse(JSON.stringify(document)) as Json);
