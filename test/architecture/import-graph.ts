/**
 * @module test/architecture/import-graph
 * Reads the import statements of the sources and checks them against DESIGN §3's layering
 * table: which folder may import which, imports across folders only through `index.ts`, and
 * no cycles (between folders, or between files through value imports).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Which folders of src/ each folder may import (besides itself). @see DESIGN §3 */
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
  identity: ['util', 'errors', 'xpath', 'yang', 'data', 'datastore', 'management', 'http'],
  server: ['*'],
  cli: ['*'],
};

/** One import edge between two source files. */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly typeOnly: boolean;
}

/** A layering rule broken by the sources. */
export interface LayeringViolation {
  readonly rule: 'unknown-folder' | 'forbidden-import' | 'deep-import' | 'file-cycle' | 'folder-cycle';
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

/** Checks edges between files (paths relative to src/) against the layering table. */
export const checkLayering = (
  edges: readonly ImportEdge[],
  allowed: Readonly<Record<string, readonly string[]>> = ALLOWED_IMPORTS,
): LayeringViolation[] => {
  const violations: LayeringViolation[] = [];
  const folderEdges = new Map<string, Set<string>>();
  for (const edge of edges) {
    const fromFolder = folderOf(edge.from);
    const toFolder = folderOf(edge.to);
    if (!edge.from.includes('/')) continue;
    // Tests may use the shared test support code outside src/.
    if (edge.from.endsWith('.test.ts') && edge.to.startsWith('../test/')) continue;
    if (allowed[fromFolder] === undefined) {
      violations.push({
        rule: 'unknown-folder',
        message: `${edge.from} is in a folder the layering table does not know`,
      });
      continue;
    }
    if (fromFolder === toFolder) continue;
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
    const targets = folderEdges.get(fromFolder) ?? new Set<string>();
    targets.add(toFolder);
    folderEdges.set(fromFolder, targets);
  }
  for (const cycle of findCycles(folderEdges)) {
    violations.push({ rule: 'folder-cycle', message: `folders import each other: ${cycle.join(' → ')}` });
  }
  const fileEdges = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (edge.typeOnly) continue;
    const targets = fileEdges.get(edge.from) ?? new Set<string>();
    targets.add(edge.to);
    fileEdges.set(edge.from, targets);
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
