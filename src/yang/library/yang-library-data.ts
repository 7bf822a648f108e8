/**
 * @module yang/library/yang-library-data
 * The server's YANG library as plain RFC 7951 JSON-shaped data: RFC 8525 `yang-library` and the
 * deprecated RFC 7895 `modules-state`. Pure functions over the loaded modules; nothing is served here.
 * @see RFC 8525 §3, RFC 7895 §2
 */
import { createHash } from 'node:crypto';
import type { LoadedModule, LoadedSubmodule } from '../loaded-module.ts';
import type { Statement } from '../statement.ts';

/** Gives the URL where a module's or submodule's source can be downloaded, or undefined for none. @see RFC 8525 §3 (location) */
export type SchemaUrl = (name: string, revision: string | undefined) => string | undefined;

/** The name of the single module set (and schema) when no other is chosen. */
export const MODULE_SET_NAME = 'complete';

/** Choices for the YANG library data. */
export interface YangLibraryDataOptions {
  readonly schemaUrl: SchemaUrl;
  /** The name of the single module set and of the single schema (default {@link MODULE_SET_NAME}). */
  readonly moduleSetName?: string;
  /** The datastore identities served, without module prefix (default `running` and `operational`). @see RFC 8342 */
  readonly datastores?: readonly string[];
  /** Overrides the content-id / module-set-id (default: a hash of the module set). */
  readonly contentId?: string;
}

/** A `submodule` entry of RFC 8525. */
export interface YangLibrarySubmodule {
  readonly name: string;
  readonly revision?: string;
  readonly location?: readonly string[];
}

/** A `module` (implemented) entry of an RFC 8525 module-set. */
export interface YangLibraryModule {
  readonly name: string;
  readonly revision?: string;
  readonly namespace: string;
  readonly location?: readonly string[];
  readonly submodule?: readonly YangLibrarySubmodule[];
  readonly feature?: readonly string[];
  readonly deviation?: readonly string[];
}

/** An `import-only-module` entry of an RFC 8525 module-set; `revision` is `''` when the module has none. */
export interface YangLibraryImportOnlyModule {
  readonly name: string;
  readonly revision: string;
  readonly namespace: string;
  readonly location?: readonly string[];
  readonly submodule?: readonly YangLibrarySubmodule[];
}

/** The `ietf-yang-library:yang-library` container. @see RFC 8525 §3 */
export interface YangLibrary {
  readonly 'module-set': readonly {
    readonly name: string;
    readonly module?: readonly YangLibraryModule[];
    readonly 'import-only-module'?: readonly YangLibraryImportOnlyModule[];
  }[];
  readonly schema: readonly { readonly name: string; readonly 'module-set': readonly string[] }[];
  readonly datastore: readonly { readonly name: string; readonly schema: string }[];
  readonly 'content-id': string;
}

/** A `module` entry of RFC 7895 `modules-state`; revisions are `''` when absent. */
export interface ModulesStateModule {
  readonly name: string;
  readonly revision: string;
  readonly schema?: string;
  readonly namespace: string;
  readonly feature?: readonly string[];
  readonly deviation?: readonly { readonly name: string; readonly revision: string }[];
  readonly 'conformance-type': 'implement' | 'import';
  readonly submodule?: readonly { readonly name: string; readonly revision: string; readonly schema?: string }[];
}

/** The deprecated `ietf-yang-library:modules-state` container. @see RFC 7895 §2.2 */
export interface ModulesState {
  readonly 'module-set-id': string;
  readonly module: readonly ModulesStateModule[];
}

/** The features a module enables, by name, resolving `all` to every feature of the module and its submodules. */
export const enabledFeatures = (module: LoadedModule): readonly string[] => {
  if (module.features !== 'all') return module.features;
  const defined = (statement: Statement): string[] =>
    statement.substatements
      .filter((sub) => sub.keyword === 'feature' && sub.prefix === undefined && sub.argument !== undefined)
      .map((sub) => sub.argument ?? '');
  return [module.statement, ...module.submodules.map((submodule) => submodule.statement)].flatMap(defined);
};

/** A stable identifier of the module set's content: it changes whenever a module, revision, feature or deviation does. */
export const moduleSetContentId = (modules: readonly LoadedModule[]): string => {
  const canonical = modules
    .map((module) =>
      [
        module.name,
        module.revision ?? '',
        module.namespace,
        module.implemented ? 'implement' : 'import',
        enabledFeatures(module).join(','),
        module.deviatedBy.join(','),
        module.submodules.map((submodule) => `${submodule.name}@${submodule.revision ?? ''}`).join(','),
      ].join('|'),
    )
    .sort()
    .join('\n');
  return createHash('sha256').update(canonical).digest('hex').slice(0, 32);
};

/** Adds `key: value` only for a present, non-empty value (RFC 7951 has no empty lists). */
const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } => {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return {};
  return { [key]: value } as { [P in K]?: V };
};

const locationOf = (schemaUrl: SchemaUrl, name: string, revision: string | undefined): string[] | undefined => {
  const url = schemaUrl(name, revision);
  return url === undefined ? undefined : [url];
};

const submodulesOf = (module: LoadedModule, schemaUrl: SchemaUrl): YangLibrarySubmodule[] =>
  module.submodules.map((submodule: LoadedSubmodule) => ({
    name: submodule.name,
    ...optional('revision', submodule.revision),
    ...optional('location', locationOf(schemaUrl, submodule.name, submodule.revision)),
  }));

/**
 * Builds `{ "ietf-yang-library:yang-library": … }` with one module set and one schema shared by the datastores.
 * @see RFC 8525 §3
 */
export const yangLibraryData = (
  modules: readonly LoadedModule[],
  options: YangLibraryDataOptions,
): { readonly 'ietf-yang-library:yang-library': YangLibrary } => {
  const { schemaUrl } = options;
  const setName = options.moduleSetName ?? MODULE_SET_NAME;
  const implemented: YangLibraryModule[] = modules
    .filter((module) => module.implemented)
    .map((module) => ({
      name: module.name,
      ...optional('revision', module.revision),
      namespace: module.namespace,
      ...optional('location', locationOf(schemaUrl, module.name, module.revision)),
      ...optional('submodule', submodulesOf(module, schemaUrl)),
      ...optional('feature', [...enabledFeatures(module)]),
      ...optional('deviation', [...module.deviatedBy]),
    }));
  const importOnly: YangLibraryImportOnlyModule[] = modules
    .filter((module) => !module.implemented)
    .map((module) => ({
      name: module.name,
      revision: module.revision ?? '',
      namespace: module.namespace,
      ...optional('location', locationOf(schemaUrl, module.name, module.revision)),
      ...optional('submodule', submodulesOf(module, schemaUrl)),
    }));
  return {
    'ietf-yang-library:yang-library': {
      'module-set': [
        { name: setName, ...optional('module', implemented), ...optional('import-only-module', importOnly) },
      ],
      schema: [{ name: setName, 'module-set': [setName] }],
      datastore: (options.datastores ?? ['running', 'operational']).map((datastore) => ({
        name: `ietf-datastores:${datastore}`,
        schema: setName,
      })),
      'content-id': options.contentId ?? moduleSetContentId(modules),
    },
  };
};

/**
 * Builds `{ "ietf-yang-library:modules-state": … }`, the RFC 7895 view kept for older clients.
 * @see RFC 7895 §2.2, RFC 8525 Appendix A
 */
export const modulesStateData = (
  modules: readonly LoadedModule[],
  options: YangLibraryDataOptions,
): { readonly 'ietf-yang-library:modules-state': ModulesState } => {
  const { schemaUrl } = options;
  const revisionOf = (name: string): string =>
    modules.find((module) => module.name === name && module.implemented)?.revision ?? '';
  return {
    'ietf-yang-library:modules-state': {
      'module-set-id': options.contentId ?? moduleSetContentId(modules),
      module: modules.map((module) => ({
        name: module.name,
        revision: module.revision ?? '',
        ...optional('schema', schemaUrl(module.name, module.revision)),
        namespace: module.namespace,
        ...optional('feature', module.implemented ? [...enabledFeatures(module)] : []),
        ...optional(
          'deviation',
          module.deviatedBy.map((name) => ({ name, revision: revisionOf(name) })),
        ),
        'conformance-type': module.implemented ? 'implement' : 'import',
        ...optional(
          'submodule',
          module.submodules.map((submodule) => ({
            name: submodule.name,
            revision: submodule.revision ?? '',
            ...optional('schema', schemaUrl(submodule.name, submodule.revision)),
          })),
        ),
      })),
    },
  };
};
