/**
 * @module data/codec/xml/xml-round-trip.test
 * JSON → tree → XML → tree → JSON gives the JSON back: on the RFC 8040 jukebox fixture, on the
 * identity model's factory configuration, and on random documents of the test module
 * (fast-check, seeded).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { ContainerNode, ListNode, SchemaTree } from '../../../yang/index.ts';
import type { DataTree, InstanceNode, ListInstance } from '../../instance/instance-node.ts';
import { getChild } from '../../instance/instance-node.ts';
import type { ReadOptions } from '../../read/read-options.ts';
import { AUGMENT_MODULE, TYPES_MODULE } from '../../test-modules.test-support.ts';
import { testSchema } from '../../test-schema.test-support.ts';
import { decodeJson } from '../json/json-decode.ts';
import { encodeJsonString } from '../json/json-encode.ts';
import { parseJsonText } from '../json/json-text.ts';
import { decodeXml, decodeXmlDocument } from './xml-decode.ts';
import { encodeXmlString } from './xml-encode.ts';
import { RESTCONF_DATA_WRAPPER } from './xml-wrapper.ts';

const ROOT = join(import.meta.dirname, '../../../..');

/** The JSON text of `tree` after a trip through XML (as a RESTCONF datastore document). */
const throughXml = (tree: DataTree, schema: SchemaTree, options: ReadOptions = {}): string => {
  const xml = encodeXmlString(tree, schema, { ...options, wrapper: RESTCONF_DATA_WRAPPER });
  return encodeJsonString(decodeXmlDocument(schema, xml, { schema }), schema);
};

/** The JSON text of `tree` after a trip through JSON with the same read options. */
const throughJson = (tree: DataTree, schema: SchemaTree, options: ReadOptions = {}): string =>
  encodeJsonString(decodeJson(schema, JSON.parse(encodeJsonString(tree, schema, options)), { schema }), schema);

describe('XML round trip: example-jukebox', () => {
  const schema = testSchema([], ['example-jukebox']);
  const text = readFileSync(join(ROOT, 'test/fixtures/data/example-jukebox.json'), 'utf8');
  const tree = decodeJson(schema, parseJsonText(text), { schema });
  it('gives back the fixture', () => {
    assert.deepEqual(JSON.parse(throughXml(tree, schema)), JSON.parse(text));
  });
  for (const withDefaults of ['report-all', 'trim', 'report-all-tagged'] as const) {
    it(`with-defaults=${withDefaults} gives what JSON gives`, () => {
      assert.equal(throughXml(tree, schema, { withDefaults }), throughJson(tree, schema, { withDefaults }));
    });
  }
  it('round-trips a list resource on its own', () => {
    const jukebox = schema.dataChildIndex.get('example-jukebox:jukebox') as ContainerNode;
    const library = jukebox.dataChildIndex.get('example-jukebox:library') as ContainerNode;
    const artist = library.dataChildIndex.get('example-jukebox:artist') as ListNode;
    const libraryNode = getChild(getChild(tree, jukebox) as InstanceNode, library) as InstanceNode;
    const artists = getChild(libraryNode, artist) as ListInstance;
    const xml = encodeXmlString({ schema: artist, value: artists }, schema);
    const decoded = decodeXml(library, xml, { schema });
    assert.equal(
      encodeJsonString({ schema: artist, value: getChild(decoded, artist) }, schema),
      encodeJsonString({ schema: artist, value: artists }, schema),
    );
  });
});

describe('XML round trip: the identity model', () => {
  const modules = readdirSync(join(ROOT, 'models'))
    .filter((file) => file.endsWith('.yang'))
    .map((file) => file.replace(/@.*$/, ''));
  const schema = testSchema([], modules);
  const text = readFileSync(join(ROOT, 'models/factory-default.json'), 'utf8');
  const tree = decodeJson(schema, parseJsonText(text), { schema, config: true });
  it('gives back the JSON of factory-default.json (identityref keys and values through XML prefixes)', () => {
    // Not the file itself: it holds empty non-presence containers, which no encoding keeps.
    assert.equal(throughXml(tree, schema), encodeJsonString(tree, schema));
  });
  it('decodes its XML as configuration', () => {
    const xml = encodeXmlString(tree, schema, { wrapper: RESTCONF_DATA_WRAPPER });
    assert.deepEqual(decodeXmlDocument(schema, xml, { schema, config: true }), tree);
  });
  for (const withDefaults of ['report-all', 'trim', 'report-all-tagged'] as const) {
    it(`with-defaults=${withDefaults} gives what JSON gives`, () => {
      assert.equal(throughXml(tree, schema, { withDefaults }), throughJson(tree, schema, { withDefaults }));
    });
  }
});

const TEXT_UNITS = ['a', 'Z', ' ', "'", '"', '<', '>', '&', ']', '\r', '\n', '\t', 'é', '€', '😀', ';', ':'];
const text = (minLength: number, maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...TEXT_UNITS), minLength, maxLength });

/** Random documents of the test module, as JSON. */
const topDocument = fc.record(
  {
    s: text(1, 5),
    i64: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String),
    u8: fc.integer({ min: 0, max: 255 }),
    d: fc.integer({ min: -99999, max: 99999 }).map((n) => (n / 100).toFixed(2)),
    e: fc.constant([null]),
    id: fc.constantFrom('one', 't:one'),
    b: fc.constantFrom('a', 'b', 'a b', ''),
    flag: fc.boolean(),
    p: fc.integer({ min: 0, max: 100 }),
    dflt: text(0, 4),
    addr: fc.ipV4(),
    ll: fc.uniqueArray(text(0, 3), { minLength: 1, maxLength: 4 }),
    lld: fc.uniqueArray(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 3 }),
    state: text(0, 3),
    np: fc.oneof(fc.record({ x: text(0, 2) }), fc.record({ z: text(0, 2) })),
    pres: fc.oneof(fc.constant({}), fc.record({ y: text(0, 2) })),
    l: fc.uniqueArray(
      fc.record({ k2: text(0, 3), k1: fc.integer({ min: 0, max: 3 }), v: text(0, 3) }, { requiredKeys: ['k1', 'k2'] }),
      { minLength: 1, maxLength: 6, selector: (entry) => `${entry.k1}\u0000${entry.k2}` },
    ),
    ul: fc.uniqueArray(fc.record({ name: text(1, 3) }), {
      minLength: 1,
      maxLength: 8,
      selector: (entry) => entry.name,
    }),
    c1a: text(0, 2),
    any: fc.record({ n: text(1, 3), nested: fc.record({ deep: text(1, 2) }) }),
    'u:extra': text(0, 3),
    'u:more': fc.record({ m: fc.integer({ min: -128, max: 127 }) }),
  },
  { requiredKeys: [] },
);

describe('XML round trip (property)', () => {
  const schema = testSchema([TYPES_MODULE, AUGMENT_MODULE]);
  it('JSON → tree → XML → tree → JSON gives the same JSON, 300 seeded documents', () => {
    fc.assert(
      fc.property(topDocument, (members) => {
        const tree = decodeJson(schema, { 't:top': members }, { schema });
        assert.equal(throughXml(tree, schema), encodeJsonString(tree, schema));
      }),
      { seed: 4242, numRuns: 300 },
    );
  });
});
