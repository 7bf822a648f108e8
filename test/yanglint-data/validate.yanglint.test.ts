/**
 * @module test/yanglint-data/validate.yanglint.test
 * Oracle test of validation: for each corpus (the identity model with its factory configuration,
 * example-jukebox, a few Debian libyuma-base modules, the inline constraints module) a valid
 * start document and seeded, schema-directed mutations of it are validated by our engine and by
 * libyang's `yanglint`; the verdicts (valid or not) must agree, in JSON and in XML. Documents
 * both find valid must come back from yanglint as we wrote them, and on every mutation the
 * incremental validator must agree with the full one. Skipped with a message when yanglint is
 * missing, failed under CI=true.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { DataTree } from '../../src/data/index.ts';
import {
  decodeJson,
  decodeXml,
  diffTrees,
  encodeJsonString,
  encodeXmlString,
  validateChange,
  validateTree,
} from '../../src/data/index.ts';
import { CONSTRAINTS_MODULE, errorLines } from '../../src/data/validation/validate.test-support.ts';
import type { SchemaTree } from '../../src/yang/index.ts';
import { loadSchema } from '../../src/yang/index.ts';
import { mutations } from './json-mutations.ts';

const ROOT = join(import.meta.dirname, '../..');
const HERE = import.meta.dirname;
const YUMA = '/usr/share/yuma/modules';

const available = ((): string | undefined => {
  try {
    execFileSync('yanglint', ['--version'], { stdio: 'ignore' });
  } catch {
    return 'yanglint is not installed (install libyang2-tools)';
  }
  return undefined;
})();
const skip = available !== undefined && process.env.CI !== 'true' ? available : false;

/** Exploration: `IDCONF_CROSSCHECK_SEED=n` draws other mutations (the suite runs with 0). */
const SEED_OFFSET = Number(process.env.IDCONF_CROSSCHECK_SEED ?? 0);

const work = mkdtempSync(join(tmpdir(), 'idconf-validate-yanglint-'));
after(() => rmSync(work, { recursive: true, force: true }));
writeFileSync(join(work, 'v.yang'), CONSTRAINTS_MODULE);

type JsonObject = { [member: string]: unknown };

/** A module set, a valid start document and how many mutations of it to check. */
interface Corpus {
  readonly name: string;
  readonly modules: readonly string[];
  readonly searchDirs: readonly string[];
  readonly document: JsonObject;
  readonly type: 'config' | 'data';
  readonly mutations: number;
  readonly seed: number;
}

const readJson = (path: string): JsonObject => JSON.parse(readFileSync(path, 'utf8')) as JsonObject;
const yangFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.yang'))
    .map((file) => join(dir, file));

const CORPORA: readonly Corpus[] = [
  {
    name: 'identity model, factory configuration',
    modules: yangFiles(join(ROOT, 'models')),
    searchDirs: [join(ROOT, 'models')],
    document: readJson(join(ROOT, 'models/factory-default.json')),
    type: 'config',
    mutations: 150,
    seed: 11,
  },
  {
    name: 'example-jukebox',
    modules: yangFiles(join(ROOT, 'test/fixtures/yang')).filter((file) => file.includes('example-jukebox')),
    searchDirs: [join(ROOT, 'test/fixtures/yang')],
    document: readJson(join(ROOT, 'test/fixtures/data/example-jukebox.json')),
    type: 'data',
    mutations: 60,
    seed: 12,
  },
  {
    name: 'constraints module',
    modules: [join(work, 'v.yang')],
    searchDirs: [work],
    document: {
      'v:top': {
        name: 'abc',
        ref: 'i1',
        iid: "/v:groups/group[name='g1']",
        items: {
          item: [
            { id: 'i1', label: 'L1', size: 3, tags: ['t'] },
            { id: 'i2', label: 'L2' },
          ],
        },
        users: [{ first: 'a', last: 'b', group: 'g1', 'peer-first': 'a', 'peer-last': 'b', peer: 'a' }],
        pres: { req: 'r', x: 'x' },
      },
      'v:groups': { group: [{ name: 'g1' }, { name: 'g2' }], total: 2 },
    },
    type: 'config',
    mutations: 160,
    seed: 13,
  },
  {
    name: 'libyuma ietf-interfaces and ietf-ip',
    modules: ['ietf-interfaces@2014-05-08', 'ietf-ip@2014-06-16', 'iana-if-type@2014-05-08'].map((name) =>
      join(YUMA, 'ietf', `${name}.yang`),
    ),
    searchDirs: [join(YUMA, 'ietf')],
    document: readJson(join(HERE, 'ietf-interfaces.json')),
    type: 'config',
    mutations: 80,
    seed: 14,
  },
  {
    name: 'libyuma ietf-system',
    modules: [join(YUMA, 'ietf', 'ietf-system@2014-08-06.yang')],
    searchDirs: [join(YUMA, 'ietf')],
    document: readJson(join(HERE, 'ietf-system.json')),
    type: 'config',
    mutations: 80,
    seed: 15,
  },
  {
    name: 'libyuma ietf-routing with static IPv4 routes',
    modules: [
      'ietf-routing@2016-11-04',
      'ietf-ipv4-unicast-routing@2016-11-04',
      'ietf-interfaces@2014-05-08',
      'iana-if-type@2014-05-08',
    ].map((name) => join(YUMA, 'ietf', `${name}.yang`)),
    searchDirs: [join(YUMA, 'ietf')],
    document: readJson(join(HERE, 'ietf-routing.json')),
    type: 'config',
    mutations: 80,
    seed: 16,
  },
];

const schemaOf = (corpus: Corpus): SchemaTree => {
  const result = loadSchema({ modules: corpus.modules, searchDirs: corpus.searchDirs });
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  assert.ok(result.schema !== undefined && errors.length === 0, JSON.stringify(errors));
  return result.schema;
};

let files = 0;

/** Runs yanglint on a document; `ok` false when it rejects it. */
const yanglint = (corpus: Corpus, text: string, extension: 'json' | 'xml') => {
  const file = join(work, `doc-${files++}.${extension}`);
  writeFileSync(file, text);
  const result = spawnSync(
    'yanglint',
    [...corpus.searchDirs.flatMap((dir) => ['-p', dir]), '-f', 'json', '-t', corpus.type, ...corpus.modules, file],
    { encoding: 'utf8' },
  );
  return { ok: result.status === 0, output: result.stdout, errors: result.stderr.trim() };
};

/** Our verdict on a document: the decode error or the validation errors (empty when valid). */
const ours = (
  schema: SchemaTree,
  corpus: Corpus,
  decode: () => DataTree,
): { readonly tree: DataTree | undefined; readonly errors: string[] } => {
  let tree: DataTree;
  try {
    tree = decode();
  } catch (error) {
    return { tree: undefined, errors: [`decode: ${(error as Error).message}`] };
  }
  return { tree, errors: errorLines(validateTree(tree, { type: corpus.type })) };
};

describe('validation agrees with yanglint', () => {
  for (const corpus of CORPORA) {
    const missing = corpus.modules.find((module) => !existsSync(module));
    const corpusSkip =
      skip !== false ? skip : missing !== undefined ? `${missing} is absent (install libyuma-base)` : false;
    it(corpus.name, { skip: corpusSkip }, () => {
      const schema = schemaOf(corpus);
      const config = corpus.type === 'config';
      const decodeText = (text: string): DataTree => decodeJson(schema, JSON.parse(text), { schema, config });
      const startText = JSON.stringify(corpus.document);
      const start = ours(schema, corpus, () => decodeText(startText));
      assert.deepEqual(start.errors, [], 'the start document is valid for us');
      assert.ok(yanglint(corpus, startText, 'json').ok, 'the start document is valid for yanglint');
      const mismatches: string[] = [];
      const documents = [
        { description: 'start document', document: corpus.document },
        ...mutations(schema, corpus.document as never, corpus.mutations, corpus.seed + SEED_OFFSET),
      ];
      const tally = { valid: 0, invalid: 0, undecodable: 0 };
      documents.forEach(({ description, document }, index) => {
        const text = JSON.stringify(document);
        const result = ours(schema, corpus, () => decodeText(text));
        const theirs = yanglint(corpus, text, 'json');
        tally[result.tree === undefined ? 'undecodable' : result.errors.length === 0 ? 'valid' : 'invalid']++;
        if ((result.errors.length === 0) !== theirs.ok) {
          mismatches.push(`JSON ${description}: ours ${JSON.stringify(result.errors)}, yanglint: ${theirs.errors}`);
        }
        const tree = result.tree;
        if (tree === undefined || start.tree === undefined) return;
        // The incremental validator from the valid start document agrees with the full one.
        const incremental = validateChange(start.tree, tree, diffTrees(start.tree, tree), { type: corpus.type });
        assert.deepEqual(errorLines(incremental), result.errors, `validateChange on ${description}`);
        if (result.errors.length === 0 && theirs.ok) {
          // Our canonical JSON is accepted and read back unchanged.
          const canonical = encodeJsonString(tree, schema);
          const back = yanglint(corpus, canonical, 'json');
          if (!back.ok) mismatches.push(`canonical JSON of ${description} rejected: ${back.errors}`);
          else
            assert.deepEqual(JSON.parse(back.output === '' ? '{}' : back.output), JSON.parse(canonical), description);
        }
        if (index % 3 === 0) {
          let xml: string;
          try {
            xml = encodeXmlString(tree, schema);
          } catch (error) {
            // A value XML cannot carry (an instance-identifier naming no module) makes the tree invalid for us too.
            if (result.errors.length === 0) mismatches.push(`XML ${description}: ${(error as Error).message}`);
            return;
          }
          const fromXml = ours(schema, corpus, () => decodeXml(schema, xml, { schema, config }));
          const theirsXml = yanglint(corpus, xml, 'xml');
          if ((fromXml.errors.length === 0) !== theirsXml.ok) {
            mismatches.push(
              `XML ${description}: ours ${JSON.stringify(fromXml.errors)}, yanglint: ${theirsXml.errors}`,
            );
          }
        }
      });
      if (process.env.IDCONF_DEBUG_CROSSCHECK !== undefined) console.error(corpus.name, tally);
      assert.deepEqual(mismatches, []);
    });
  }
});
