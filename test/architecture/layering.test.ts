/**
 * @module test/architecture/layering.test
 * Fails when a source file imports across layers against the layering table, deep-imports another
 * folder or room, imports test code into production code, or when imports form a cycle.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  ALLOWED_IMPORTS,
  checkLayering,
  type ImportEdge,
  listSourceFiles,
  ROOM_IMPORTS,
  readImportEdges,
} from './import-graph.ts';

const SRC = join(import.meta.dirname, '..', '..', 'src');

describe('layering of src/', () => {
  it('every folder of the layering table exists with an index.ts', () => {
    for (const folder of Object.keys(ALLOWED_IMPORTS)) {
      assert.ok(existsSync(join(SRC, folder, 'index.ts')), `src/${folder}/index.ts is missing`);
    }
  });

  it('every room of the room table exists with an index.ts', () => {
    for (const [folder, rooms] of Object.entries(ROOM_IMPORTS)) {
      for (const room of Object.keys(rooms)) {
        assert.ok(existsSync(join(SRC, folder, room, 'index.ts')), `src/${folder}/${room}/index.ts is missing`);
      }
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
      name: 'type-only file cycle is a cycle too',
      edges: [edge('data/a.ts', 'data/b.ts', true), edge('data/b.ts', 'data/a.ts')],
      rules: ['file-cycle'],
    },
    {
      name: 'room import through its index',
      edges: [edge('data/diff/a.ts', 'data/instance/index.ts')],
      rules: [],
    },
    {
      name: 'upward room import',
      edges: [edge('data/instance/a.ts', 'data/diff/index.ts')],
      rules: ['forbidden-room-import'],
    },
    {
      name: 'deep room import',
      edges: [edge('data/diff/a.ts', 'data/instance/b.ts')],
      rules: ['deep-room-import'],
    },
    {
      name: "a room never imports its folder's top level",
      edges: [edge('data/diff/a.ts', 'data/index.ts')],
      rules: ['forbidden-room-import'],
    },
    {
      name: 'a test reaches any file of its folder',
      edges: [edge('data/diff/a.test.ts', 'data/instance/b.ts')],
      rules: [],
    },
    { name: 'unknown room', edges: [edge('data/misc/a.ts', 'data/instance/index.ts')], rules: ['unknown-room'] },
    {
      name: 'production code never imports test support',
      edges: [edge('data/instance/a.ts', 'data/instance/b.test-support.ts')],
      rules: ['test-import'],
    },
    {
      name: 'production code never imports a test',
      edges: [edge('restconf/a.ts', 'restconf/a.test.ts')],
      rules: ['test-import'],
    },
    {
      name: 'test support may import test support',
      edges: [edge('restconf/a.test-support.ts', 'restconf/b.test-support.ts')],
      rules: [],
    },
    { name: 'unknown folder', edges: [edge('misc/a.ts', 'util/index.ts')], rules: ['unknown-folder'] },
    { name: 'composition root imports anything', edges: [edge('server/a.ts', 'restconf/index.ts')], rules: [] },
  ];
  it('rooms that may import each other still form no cycle', () => {
    const rooms = { data: { a: ['b'], b: ['a'] } };
    const edges = [edge('data/a/x.ts', 'data/b/index.ts'), edge('data/b/y.ts', 'data/a/index.ts')];
    assert.deepEqual(
      checkLayering(edges, ALLOWED_IMPORTS, rooms).map((violation) => violation.rule),
      ['room-cycle'],
    );
  });
  for (const testCase of cases) {
    it(testCase.name, () => {
      assert.deepEqual(
        checkLayering(testCase.edges).map((violation) => violation.rule),
        testCase.rules,
      );
    });
  }
});
