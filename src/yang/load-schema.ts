/**
 * @module yang/load-schema
 * One call from "these directories and these modules (names or files)" to a compiled schema:
 * load the module set, compile it, and collect every diagnostic of both stages.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { compileSchema } from './compiler/compile-schema.ts';
import { loadModulesFromDirectories } from './library/load-modules-from-directories.ts';
import type { ModuleSet } from './loaded-module.ts';
import { parseYang } from './parser.ts';
import type { SchemaTree } from './schema/schema-tree.ts';
import type { Diagnostic } from './statement.ts';

/** Options of {@link loadSchema}. */
export interface LoadSchemaOptions {
  /** Directories searched for imports, in order. */
  readonly searchDirs: readonly string[];
  /**
   * The modules to implement: module names (`base`, `base@2026-11-22`) or paths of `.yang`
   * files (whose directory is then searched first).
   */
  readonly modules: readonly string[];
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
  const fileDirs: string[] = [];
  const implement: string[] = [];
  const early: Diagnostic[] = [];
  for (const entry of options.modules) {
    if (!isFilePath(entry)) {
      implement.push(entry);
      continue;
    }
    const path = resolve(entry);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      early.push({
        severity: 'error',
        code: 'unreadable-file',
        message: `cannot read ${entry}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
        location: { file: entry, line: 1, column: 1 },
      });
      continue;
    }
    const parsed = parseYang(text, path);
    const name = parsed.statement?.keyword === 'module' ? parsed.statement.argument : undefined;
    if (name === undefined) {
      early.push(...parsed.diagnostics);
      if (parsed.statement?.keyword === 'submodule') {
        early.push({
          severity: 'error',
          code: 'not-a-module',
          message: `${basename(entry)} is a submodule; name the module that includes it`,
          location: parsed.statement.location,
        });
      }
      continue;
    }
    if (!fileDirs.includes(dirname(path))) fileDirs.push(dirname(path));
    implement.push(name);
  }
  const searchDirs = [...fileDirs, ...options.searchDirs.map((dir) => resolve(dir))].filter(
    (dir, index, all) => all.indexOf(dir) === index,
  );
  const moduleSet = loadModulesFromDirectories(
    searchDirs,
    implement,
    options.features === undefined ? {} : { features: { ...options.features } },
  );
  const loadFailed = [...early, ...moduleSet.diagnostics].some((diagnostic) => diagnostic.severity === 'error');
  if (loadFailed) return { moduleSet, schema: undefined, diagnostics: [...early, ...moduleSet.diagnostics] };
  const compiled = compileSchema(moduleSet);
  return {
    moduleSet,
    schema: compiled.schema,
    diagnostics: [...early, ...moduleSet.diagnostics, ...compiled.diagnostics],
  };
};
