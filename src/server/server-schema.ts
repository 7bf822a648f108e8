/**
 * @module server/server-schema
 * The schema the server runs with: the modules of the shipped `models/` and of each `--yang-dir`
 * directory, each at its newest revision; submodules come in through `include`, and
 * `ietf-netconf` stays import-only (see docs/yang.md, "Which modules the server implements").
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadedModule, LoadSchemaResult, SchemaTree } from '../yang/index.ts';
import { loadSchema, SchemaLoadError } from '../yang/index.ts';

/** The shipped modules and the factory default configuration. */
export const MODELS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'models');

/**
 * Modules the server imports but does not implement, wherever they are found: idconf serves
 * none of the NETCONF protocol operations. @see RFC 8525 §3 (import-only modules)
 */
const IMPORT_ONLY = ['ietf-netconf'];

/**
 * The modules as the YANG library announces them: a module the schema implements because an
 * implemented module augments, deviates or points a leafref into it is implemented too, since
 * its nodes exist (RFC 7950 §5.6.5); only the `IMPORT_ONLY` modules stay import-only.
 */
const announcedModules = (schema: SchemaTree, modules: readonly LoadedModule[]): readonly LoadedModule[] =>
  modules.map((module) => {
    const compiled = schema.modules.get(module.name);
    const implemented =
      !module.implemented &&
      !IMPORT_ONLY.includes(module.name) &&
      compiled?.implemented === true &&
      compiled.revision === module.revision;
    return implemented ? { ...module, implemented } : module;
  });

/**
 * Loads and compiles the server's modules; throws SchemaLoadError with every error. `modules`
 * are the loaded modules as the YANG library announces them.
 * The `--yang-dir` directories are searched (with their subdirectories) before `models/`, so a
 * file there wins over a shipped file of the same module and revision.
 */
export const loadServerSchema = (
  yangDirs: readonly string[],
): { readonly schema: SchemaTree; readonly result: LoadSchemaResult; readonly modules: readonly LoadedModule[] } => {
  const directories = [...yangDirs, MODELS_DIR];
  const result = loadSchema({ searchDirs: directories, moduleDirs: directories, importOnly: IMPORT_ONLY });
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (result.schema === undefined || errors.length > 0) throw new SchemaLoadError(result.diagnostics);
  return { schema: result.schema, result, modules: announcedModules(result.schema, result.moduleSet.modules) };
};
