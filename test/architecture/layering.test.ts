/**
 * @module test/architecture/layering.test
 * Fails when a source file imports across layers against DESIGN §3, deep-imports another
 * folder, or when imports form a cycle.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ALLOWED_IMPORTS, checkLayering, type ImportEdge, listSourceFiles, readImportEdges } from './import-graph.ts';

const SRC = join(import.meta.dirname, '..', '..', 'src');

describe('layering of src/', () => {
  it('every folder of DESIGN §3 exists with an index.ts', () => {
    for (const folder of Object.keys(ALLOWED_IMPORTS)) {
      assert.ok(existsSync(join(SRC, folder, 'index.ts')), `src/${folder}/index.ts is missing`);
    }
  });

  it('imports follow the layering table, go through index.ts and form no cycle', () => {
    const violations = checkLayering(readImportEdges(SRC, listSourceFiles(SRC)));
    assert.deepEqual(
      violations.map((violation) => violation.message),
      [],
    );
  });
});

describe('the layering check itself', () => {
  const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, typeOnly });
  const cases: { name: string; edges: ImportEdge[]; rules: string[] }[] = [
    { name: 'allowed import through index', edges: [edge('data/a.ts', 'yang/index.ts')], rules: [] },
    { name: 'upward import', edges: [edge('yang/a.ts', 'data/index.ts')], rules: ['forbidden-import'] },
    {
      name: 'front-ends never import each other',
      edges: [edge('restconf/a.ts', 'legacy-rest/index.ts')],
      rules: ['forbidden-import'],
    },
    { name: 'deep import', edges: [edge('data/a.ts', 'yang/parser.ts')], rules: ['deep-import'] },
    {
      name: 'file cycle',
      edges: [edge('data/a.ts', 'data/b.ts'), edge('data/b.ts', 'data/a.ts')],
      rules: ['file-cycle'],
    },
    {
      name: 'type-only file cycle is allowed',
      edges: [edge('data/a.ts', 'data/b.ts', true), edge('data/b.ts', 'data/a.ts')],
      rules: [],
    },
    { name: 'unknown folder', edges: [edge('misc/a.ts', 'util/index.ts')], rules: ['unknown-folder'] },
    { name: 'composition root imports anything', edges: [edge('server/a.ts', 'restconf/index.ts')], rules: [] },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      assert.deepEqual(
        checkLayering(testCase.edges).map((violation) => violation.rule),
        testCase.rules,
      );
    });
  }
});
