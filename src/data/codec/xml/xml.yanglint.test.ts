/**
 * @module data/codec/xml/xml.yanglint.test
 * Oracle test: libyang's `yanglint` accepts our XML (the jukebox fixture, the identity model's
 * factory configuration, random documents of the test module) and reads from it the data we
 * wrote; we read libyang's own XML as libyang reads it; and invalid XML documents are rejected by
 * both. Skipped with a message when yanglint is missing, failed under CI=true.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import type { SchemaTree } from '../../../yang/index.ts';
import type { DataTree } from '../../instance/instance-node.ts';
import { AUGMENT_MODULE, TYPES_MODULE } from '../../test-modules.test-support.ts';
import { testSchema } from '../../test-schema.test-support.ts';
import { decodeJson } from '../json/json-decode.ts';
import { encodeJsonString } from '../json/json-encode.ts';
import { parseJsonText } from '../json/json-text.ts';
import { decodeXml } from './xml-decode.ts';
import { encodeXmlString } from './xml-encode.ts';

const ROOT = join(import.meta.dirname, '../../../..');
const MODELS = join(ROOT, 'models');
const FIXTURES = join(ROOT, 'test/fixtures/yang');

const available = ((): string | undefined => {
  try {
    execFileSync('yanglint', ['--version'], { stdio: 'ignore' });
  } catch {
    return 'yanglint is not installed (install libyang2-tools)';
  }
  return undefined;
})();
const skip = available !== undefined && process.env.CI !== 'true' ? available : false;

const work = mkdtempSync(join(tmpdir(), 'idconf-xml-yanglint-'));
after(() => rmSync(work, { recursive: true, force: true }));
let files = 0;

/** Runs yanglint on an instance document; `ok` false when it rejects it. */
const yanglint = (
  modules: readonly string[],
  searchPath: readonly string[],
  document: string,
  extension: 'xml' | 'json',
  type: 'config' | 'data',
  output: 'xml' | 'json' = 'json',
): { readonly ok: boolean; readonly output: string; readonly errors: string } => {
  const file = join(work, `doc-${files++}.${extension}`);
  writeFileSync(file, document);
  const result = spawnSync(
    'yanglint',
    [...searchPath.flatMap((dir) => ['-p', dir]), '-f', output, '-t', type, ...modules, file],
    { encoding: 'utf8' },
  );
  return { ok: result.status === 0, output: result.stdout, errors: result.stderr };
};

/** Our JSON text of a tree read from libyang's JSON output. */
const ourJsonOf = (schema: SchemaTree, json: string): string =>
  encodeJsonString(decodeJson(schema, parseJsonText(json === '' ? '{}' : json), { schema }), schema);

describe('XML codec agrees with yanglint', () => {
  const jukeboxSchema = testSchema([], ['example-jukebox']);
  const jukeboxModule = readdirSync(FIXTURES).find((file) => file.startsWith('example-jukebox@')) as string;
  const jukeboxText = readFileSync(join(ROOT, 'test/fixtures/data/example-jukebox.json'), 'utf8');
  const jukebox = decodeJson(jukeboxSchema, parseJsonText(jukeboxText), { schema: jukeboxSchema });

  it('yanglint reads the jukebox data from our XML', { skip }, () => {
    const result = yanglint(
      [join(FIXTURES, jukeboxModule)],
      [FIXTURES],
      encodeXmlString(jukebox, jukeboxSchema),
      'xml',
      'data',
    );
    assert.ok(result.ok, result.errors);
    assert.equal(ourJsonOf(jukeboxSchema, result.output), encodeJsonString(jukebox, jukeboxSchema));
  });
  it("we read from yanglint's XML of the fixture what it read from the JSON", { skip }, () => {
    const result = yanglint([join(FIXTURES, jukeboxModule)], [FIXTURES], jukeboxText, 'json', 'data', 'xml');
    assert.ok(result.ok, result.errors);
    const ours = decodeXml(jukeboxSchema, result.output, { schema: jukeboxSchema });
    assert.equal(encodeJsonString(ours, jukeboxSchema), encodeJsonString(jukebox, jukeboxSchema));
  });

  const modelFiles = readdirSync(MODELS).filter((file) => file.endsWith('.yang'));
  const modelSchema = testSchema(
    [],
    modelFiles.map((file) => file.replace(/@.*$/, '')),
  );
  const factory = decodeJson(modelSchema, parseJsonText(readFileSync(join(MODELS, 'factory-default.json'), 'utf8')), {
    schema: modelSchema,
    config: true,
  });
  const modelPaths = modelFiles.map((file) => join(MODELS, file));

  it('yanglint validates our XML of the factory configuration as configuration', { skip }, () => {
    const result = yanglint(modelPaths, [MODELS], encodeXmlString(factory, modelSchema), 'xml', 'config');
    assert.ok(result.ok, result.errors);
    assert.equal(ourJsonOf(modelSchema, result.output), encodeJsonString(factory, modelSchema));
  });
  it("we read yanglint's XML of the factory configuration (its own prefixes)", { skip }, () => {
    const json = encodeJsonString(factory, modelSchema);
    const result = yanglint(modelPaths, [MODELS], json, 'json', 'config', 'xml');
    assert.ok(result.ok, result.errors);
    assert.equal(
      encodeJsonString(decodeXml(modelSchema, result.output, { schema: modelSchema, config: true }), modelSchema),
      json,
    );
  });

  describe('on the test module', () => {
    const schema = testSchema([TYPES_MODULE, AUGMENT_MODULE]);
    writeFileSync(join(work, 't.yang'), TYPES_MODULE);
    writeFileSync(join(work, 'u.yang'), AUGMENT_MODULE);
    const modules = [join(work, 't.yang'), join(work, 'u.yang')];
    const check = (tree: DataTree): void => {
      const result = yanglint(modules, [work, MODELS], encodeXmlString(tree, schema), 'xml', 'data');
      assert.ok(result.ok, result.errors);
      assert.equal(ourJsonOf(schema, result.output), encodeJsonString(tree, schema));
    };
    const document = fc.record(
      {
        s: fc.string({
          unit: fc.constantFrom('a', '<', '&', '>', ' ', '\r', '\n', 'é', '😀'),
          minLength: 1,
          maxLength: 5,
        }),
        i64: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String),
        d: fc.integer({ min: -99999, max: 99999 }).map((n) => (n / 100).toFixed(2)),
        e: fc.constant([null]),
        id: fc.constant('t:one'),
        b: fc.constantFrom('a', 'b', 'a b'),
        flag: fc.boolean(),
        ll: fc.uniqueArray(fc.string({ unit: fc.constantFrom('x', 'y', '&'), maxLength: 3 }), {
          minLength: 1,
          maxLength: 3,
        }),
        l: fc.uniqueArray(fc.record({ k1: fc.integer({ min: 0, max: 3 }), k2: fc.constantFrom('a', 'b', '<') }), {
          minLength: 1,
          maxLength: 4,
          selector: (entry) => `${entry.k1}/${entry.k2}`,
        }),
        c2b: fc.constantFrom('q', ''),
        state: fc.constant('up'),
        'u:more': fc.record({ m: fc.integer({ min: -128, max: 127 }) }),
      },
      { requiredKeys: [] },
    );
    it('yanglint reads back 25 random documents from our XML', { skip }, () => {
      fc.assert(
        fc.property(document, (members) => check(decodeJson(schema, { 't:top': members }, { schema }))),
        { seed: 99, numRuns: 25 },
      );
    });
    const invalid: readonly (readonly [string, string, 'config' | 'data'])[] = [
      ['an unknown element', '<top xmlns="urn:t"><nope/></top>', 'data'],
      ['an unknown namespace', '<top xmlns="urn:nosuch"/>', 'data'],
      ['a value out of range', '<top xmlns="urn:t"><u8>256</u8></top>', 'data'],
      ['a bad identity prefix', '<top xmlns="urn:t" xmlns:u="urn:u"><id>u:one</id></top>', 'data'],
      ['a leaf given twice', '<top xmlns="urn:t"><s>a</s><s>b</s></top>', 'data'],
      ['a missing key', '<top xmlns="urn:t"><l><k1>1</k1></l></top>', 'data'],
      ['duplicate keys', '<top xmlns="urn:t"><l><k1>1</k1><k2>a</k2></l><l><k1>1</k1><k2>a</k2></l></top>', 'data'],
      ['a duplicate leaf-list value', '<top xmlns="urn:t"><ll>a</ll><ll>a</ll></top>', 'data'],
      ['two cases of one choice', '<top xmlns="urn:t"><c1a>a</c1a><c2a>b</c2a></top>', 'data'],
      ['state data in configuration', '<top xmlns="urn:t"><state>up</state></top>', 'config'],
      ['text in a container', '<top xmlns="urn:t">text<s>a</s></top>', 'data'],
      ['a DOCTYPE', '<?xml version="1.0"?><!DOCTYPE top><top xmlns="urn:t"/>', 'data'],
    ];
    for (const [name, xml, type] of invalid) {
      it(`both reject ${name}`, { skip }, () => {
        assert.throws(() => decodeXml(schema, xml, { schema, config: type === 'config' }));
        assert.equal(yanglint(modules, [work, MODELS], xml, 'xml', type).ok, false);
      });
    }
    it('both accept the keys of an entry first, in key order', { skip }, () => {
      const xml = '<top xmlns="urn:t"><l><k1>1</k1><k2>a</k2><v>x</v></l></top>';
      assert.ok(decodeXml(schema, xml, { schema }));
      assert.ok(yanglint(modules, [work, MODELS], xml, 'xml', 'data').ok);
    });
  });
});
