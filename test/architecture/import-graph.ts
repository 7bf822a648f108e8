/**
 * @module test/architecture/import-graph
 * Reads the import statements of the sources and checks them against the layering of
 * docs/architecture.md: which folder may import which, imports across folders only through
 * `index.ts`; inside a folder with rooms, which room may import which, and only through the room's
 * `index.ts`; no production file importing test code; no cycle between folders, rooms or files
 * (type-only imports included).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Which folders of src/ each folder may import (besides itself). */
export const ALLOWED_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  util: [],
  errors: ['util'],
  xpath: ['util', 'errors'],
  yang: ['util', 'errors', 'xpath'],
  data: ['util', 'errors', 'xpath', 'yang'],
  datastore: ['util', 'errors', 'xpath', 'yang', 'data'],
  nacm: ['util', 'errors', 'xpath', 'yang', 'data'],
  auth: ['util', 'errors'],
  management: ['util', 'errors', 'xpath', 'yang', 'data', 'datastore', 'nacm', 'auth'],
  http: ['util', 'errors', 'auth'],
  restconf: ['util', 'errors', 'xpath', 'yang', 'data', 'datastore', 'nacm', 'auth', 'management', 'http'],
  'legacy-rest': ['util', 'errors', 'xpath', 'yang', 'data', 'datastore', 'nacm', 'auth', 'management', 'http'],
  'web-ui': ['util', 'errors', 'http'],
  identity: ['util', 'errors', 'xpath', 'yang', 'data', 'datastore', 'auth', 'management', 'http'],
  server: ['*'],
  cli: ['*'],
};

/**
 * The rooms (sub-folders, named by their path inside the folder) of the folders that have them, and
 * which rooms of the same folder each may import. The folder's own top level (its index.ts, shared
 * test support) may import every room; no room imports the top level.
 */
export const ROOM_IMPORTS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  data: {
    instance: [],
    read: ['instance'],
    codec: ['instance', 'read'],
    'codec/json': ['instance', 'read', 'codec'],
    'codec/xml': ['instance', 'read', 'codec', 'codec/json'],
    edit: ['instance'],
    diff: ['instance', 'codec/json'],
    validation: ['instance', 'codec/json', 'diff'],
    pagination: ['instance', 'validation'],
  },
};

/** One import edge between two source files. */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly typeOnly: boolean;
}

/** A layering rule broken by the sources. */
export interface LayeringViolation {
  readonly rule:
    | 'unknown-folder'
    | 'forbidden-import'
    | 'deep-import'
    | 'unknown-room'
    | 'forbidden-room-import'
    | 'deep-room-import'
    | 'test-import'
    | 'file-cycle'
    | 'room-cycle'
    | 'folder-cycle';
  readonly message: string;
}

const IMPORT_PATTERN = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

/** Lists the `.ts` files under `directory`, recursively. */
export const listSourceFiles = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));

/** The relative-import edges of the given files, as paths relative to `root`. */
export const readImportEdges = (root: string, files: readonly string[]): ImportEdge[] => {
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT_PATTERN)) {
      const specifier = match[2] as string;
      edges.push({
        from: relative(root, file),
        to: relative(root, resolve(dirname(file), specifier)),
        typeOnly: match[1] !== undefined,
      });
    }
  }
  return edges;
};

const folderOf = (path: string): string => path.split('/')[0] ?? '';

/** The room of a file inside its folder: the path of its directory there ('' at the folder's top level). */
const roomOf = (path: string): string => path.split('/').slice(1, -1).join('/');

/** Tests, and code only tests use: a production build leaves these files out by their names. */
export const isTestFile = (path: string): boolean => path.endsWith('.test.ts') || path.endsWith('.test-support.ts');

const addEdge = (graph: Map<string, Set<string>>, from: string, to: string): void => {
  const targets = graph.get(from) ?? new Set<string>();
  targets.add(to);
  graph.set(from, targets);
};

/** Checks one import between two rooms of a folder that has rooms. */
const checkRoomEdge = (
  edge: ImportEdge,
  folder: string,
  rooms: Readonly<Record<string, readonly string[]>>,
  violations: LayeringViolation[],
): void => {
  const fromRoom = roomOf(edge.from);
  const toRoom = roomOf(edge.to);
  for (const room of [fromRoom, toRoom]) {
    if (room !== '' && rooms[room] === undefined) {
      violations.push({ rule: 'unknown-room', message: `${folder}/${room}/ is a room the room table does not know` });
      return;
    }
  }
  if (fromRoom === toRoom || isTestFile(edge.from)) return;
  if (fromRoom !== '' && !(rooms[fromRoom] ?? []).includes(toRoom)) {
    violations.push({
      rule: 'forbidden-room-import',
      message: `${edge.from} imports ${edge.to}: ${folder}/${fromRoom === '' ? '' : `${fromRoom}/`} may not import ${folder}/${toRoom === '' ? '' : `${toRoom}/`}`,
    });
  }
  const face = toRoom === '' ? `${folder}/index.ts` : `${folder}/${toRoom}/index.ts`;
  if (edge.to !== face) {
    violations.push({
      rule: 'deep-room-import',
      message: `${edge.from} imports ${edge.to}: import another room through its index.ts`,
    });
  }
};

/** Checks edges between files (paths relative to src/) against the layering and room tables. */
export const checkLayering = (
  edges: readonly ImportEdge[],
  allowed: Readonly<Record<string, readonly string[]>> = ALLOWED_IMPORTS,
  roomTables: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = ROOM_IMPORTS,
): LayeringViolation[] => {
  const violations: LayeringViolation[] = [];
  const folderEdges = new Map<string, Set<string>>();
  const roomEdges = new Map<string, Set<string>>();
  const fileEdges = new Map<string, Set<string>>();
  for (const edge of edges) {
    addEdge(fileEdges, edge.from, edge.to);
    if (!edge.from.includes('/')) continue;
    // Tests may use the shared test support code outside src/.
    if (isTestFile(edge.from) && edge.to.startsWith('../test/')) continue;
    const fromFolder = folderOf(edge.from);
    const toFolder = folderOf(edge.to);
    if (!isTestFile(edge.from) && isTestFile(edge.to)) {
      violations.push({
        rule: 'test-import',
        message: `${edge.from} imports ${edge.to}: production code imports test code`,
      });
    }
    if (allowed[fromFolder] === undefined) {
      violations.push({
        rule: 'unknown-folder',
        message: `${edge.from} is in a folder the layering table does not know`,
      });
      continue;
    }
    if (fromFolder === toFolder) {
      const rooms = roomTables[fromFolder];
      if (rooms !== undefined) {
        checkRoomEdge(edge, fromFolder, rooms, violations);
        if (!isTestFile(edge.from) && roomOf(edge.from) !== roomOf(edge.to)) {
          addEdge(roomEdges, `${fromFolder}/${roomOf(edge.from)}`, `${fromFolder}/${roomOf(edge.to)}`);
        }
      }
      continue;
    }
    const permitted = allowed[fromFolder] ?? [];
    if (!permitted.includes('*') && !permitted.includes(toFolder)) {
      violations.push({
        rule: 'forbidden-import',
        message: `${edge.from} imports ${edge.to}: ${fromFolder}/ may not import ${toFolder}/`,
      });
    }
    if (edge.to !== `${toFolder}/index.ts`) {
      violations.push({
        rule: 'deep-import',
        message: `${edge.from} imports ${edge.to}: import another folder through its index.ts`,
      });
    }
    addEdge(folderEdges, fromFolder, toFolder);
  }
  for (const cycle of findCycles(folderEdges)) {
    violations.push({ rule: 'folder-cycle', message: `folders import each other: ${cycle.join(' → ')}` });
  }
  for (const cycle of findCycles(roomEdges)) {
    violations.push({ rule: 'room-cycle', message: `rooms import each other: ${cycle.join(' → ')}` });
  }
  for (const cycle of findCycles(fileEdges)) {
    violations.push({ rule: 'file-cycle', message: `files import each other: ${cycle.join(' → ')}` });
  }
  return violations;
};

/** Finds cycles in a directed graph (one per strongly connected component with a cycle). */
export const findCycles = (graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] => {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const nextState = state.get(next);
      if (nextState === 'visiting') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (nextState === undefined) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
};
