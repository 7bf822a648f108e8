/**
 * @module yang/load-schema
 * One call from "these directories and these modules (names or files)" to a compiled schema:
 * load the module set, compile it, and collect every diagnostic of both stages.
 */
import { dirname, resolve } from 'node:path';
import { compileSchema } from './compiler/compile-schema.ts';
import type { ImplementRequest } from './library/implement-request.ts';
import { fileCandidate } from './library/list-module-files.ts';
import { loadModulesFromDirectories } from './library/load-modules-from-directories.ts';
import { moduleDirectoryRequests } from './library/module-directory-requests.ts';
import type { ModuleSet } from './loaded-module.ts';
import type { SchemaTree } from './schema/schema-tree.ts';
import type { Diagnostic } from './statement.ts';

/** Options of {@link loadSchema}. */
export interface LoadSchemaOptions {
  /**
   * Directories searched for imports and includes, in order, each with its subdirectories (as
   * libyang searches `yanglint -p DIR`).
   */
  readonly searchDirs: readonly string[];
  /**
   * The modules to implement: module names (`base`, `base@2026-11-22`) or paths of `.yang`
   * files. A file is implemented as it is, even when the search path holds other revisions of
   * its module, and its directory is searched first.
   */
  readonly modules?: readonly string[];
  /**
   * Directories whose modules are all implemented: each file of the directory itself that holds
   * a module (not a submodule, which comes in through `include`), at the newest revision of that
   * module on the search path. They are searched after `searchDirs`, when not among them.
   */
  readonly moduleDirs?: readonly string[];
  /** Modules never implemented from `moduleDirs` (they stay available for import). */
  readonly importOnly?: readonly string[];
  /** Enabled features per module (default: all features of implemented modules). */
  readonly features?: Readonly<Record<string, readonly string[] | 'all'>>;
}

/** The module set, the compiled schema (undefined when there are errors) and all diagnostics. */
export interface LoadSchemaResult {
  readonly moduleSet: ModuleSet;
  readonly schema: SchemaTree | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

const isFilePath = (text: string): boolean => text.endsWith('.yang') || text.includes('/');

/** Loads and compiles modules; never throws for bad YANG (see the diagnostics). */
export const loadSchema = (options: LoadSchemaOptions): LoadSchemaResult => {
  const requests: ImplementRequest[] = [];
  const fileDirs: string[] = [];
  for (const entry of options.modules ?? []) {
    if (!isFilePath(entry)) {
      requests.push(entry);
      continue;
    }
    const path = resolve(entry);
    fileDirs.push(dirname(path));
    requests.push({ file: fileCandidate(path), use: 'this-file' });
  }
  const early: Diagnostic[] = [];
  const importOnly = new Set(options.importOnly ?? []);
  for (const directory of options.moduleDirs ?? []) {
    const { requests: files, diagnostics } = moduleDirectoryRequests(resolve(directory), importOnly);
    requests.push(...files);
    early.push(...diagnostics);
  }
  const searchDirs = [...fileDirs, ...options.searchDirs, ...(options.moduleDirs ?? [])]
    .map((dir) => resolve(dir))
    .filter((dir, index, all) => all.indexOf(dir) === index);
  const moduleSet = loadModulesFromDirectories(searchDirs, requests, {
    recursive: true,
    ...(options.features === undefined ? {} : { features: { ...options.features } }),
  });
  const loadFailed = [...early, ...moduleSet.diagnostics].some((diagnostic) => diagnostic.severity === 'error');
  if (loadFailed) return { moduleSet, schema: undefined, diagnostics: [...early, ...moduleSet.diagnostics] };
  // The compiler's diagnostics begin with the module set's.
  const compiled = compileSchema(moduleSet);
  return { moduleSet, schema: compiled.schema, diagnostics: [...early, ...compiled.diagnostics] };
};
