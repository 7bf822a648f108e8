/**
 * @module server/server-schema
 * The schema the server runs with: every module in the shipped `models/` (except those only
 * imported, such as ietf-netconf) plus every module in the `--yang-dir` directories.
 * @see DESIGN §3 (the engine is schema-driven)
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadSchemaResult, SchemaTree } from '../yang/index.ts';
import { loadSchema, SchemaLoadError } from '../yang/index.ts';

/** The shipped modules and the factory default configuration. */
export const MODELS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'models');

/** Shipped modules the server imports but does not implement. @see RFC 8525 §3 (import-only modules) */
const IMPORT_ONLY = new Set(['ietf-netconf']);

const moduleFiles = (dir: string, skip: ReadonlySet<string>): string[] =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.yang') && !skip.has(file.replace(/(@.*)?\.yang$/, '')))
    .sort()
    .map((file) => join(dir, file));

/** Loads and compiles the server's modules; throws SchemaLoadError with every error. */
export const loadServerSchema = (
  yangDirs: readonly string[],
): { readonly schema: SchemaTree; readonly result: LoadSchemaResult } => {
  const files = [...moduleFiles(MODELS_DIR, IMPORT_ONLY), ...yangDirs.flatMap((dir) => moduleFiles(dir, new Set()))];
  // A module in a --yang-dir replaces a shipped one of the same name.
  const byName = new Map<string, string>();
  for (const file of files) byName.set(file.replace(/^.*\//, '').replace(/(@.*)?\.yang$/, ''), file);
  const result = loadSchema({ searchDirs: [...yangDirs, MODELS_DIR], modules: [...byName.values()] });
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (result.schema === undefined || errors.length > 0) throw new SchemaLoadError(result.diagnostics);
  return { schema: result.schema, result };
};
