/**
 * @module management/module-source-access
 * The YANG library entries that announce a module source, so that a download is exactly as
 * readable as the entry that gives its URL: `yang-library/module-set/module[name]/location` (or
 * `import-only-module[name][revision]/location`, or `submodule[name]/location` below the
 * including module), and `modules-state/module[name][revision]/schema` (or its `submodule`).
 * A name nothing is loaded under is judged by the entries an implemented module of that name
 * would have, so that the decision about a hidden module's entry is the same whether the
 * module exists or not.
 * @see RFC 8525 §3 (location), RFC 7895 §2.2 (schema), RFC 8341 §3.4.5
 */
import type { DataSchemaNode, InstancePath, InstancePathStep } from '../data/index.ts';
import type { SchemaParent, SchemaTree, YangValue } from '../yang/index.ts';
import { MODULE_SET_NAME } from '../yang/index.ts';

/** A module or submodule as a download names it. */
export interface SourceName {
  readonly name: string;
  readonly revision: string | undefined;
}

const LIBRARY = 'ietf-yang-library';

/** The path of `steps` (each a node name and, for a list, its keys) below `parent`; undefined when a node is missing. */
const pathOf = (
  parent: SchemaParent,
  steps: readonly (readonly [string, (readonly YangValue[])?])[],
): InstancePath | undefined => {
  const path: InstancePathStep[] = [];
  let at: SchemaParent = parent;
  for (const [name, keys] of steps) {
    const node = at.dataChildIndex.get(`${LIBRARY}:${name}`) as DataSchemaNode | undefined;
    if (node === undefined) return undefined;
    path.push(keys === undefined ? { schema: node } : { schema: node, keys });
    at = node as SchemaParent;
  }
  return path;
};

/** Where the library lists a source: as a module (implemented or import-only), or as a submodule of one. */
export type SourceEntry =
  | { readonly kind: 'module'; readonly implemented: boolean }
  | { readonly kind: 'submodule'; readonly of: SourceName; readonly ofImplemented: boolean };

/** The paths of the library leaves that announce `source`, listed as `entry` says. */
export const announcingPaths = (schema: SchemaTree, source: SourceName, entry: SourceEntry): InstancePath[] => {
  const revision = source.revision ?? '';
  const set = ['module-set', [MODULE_SET_NAME]] as const;
  const moduleStep = (name: string, moduleRevision: string | undefined, implemented: boolean) =>
    implemented ? (['module', [name]] as const) : (['import-only-module', [name, moduleRevision ?? '']] as const);
  const candidates =
    entry.kind === 'module'
      ? [
          pathOf(schema, [
            ['yang-library'],
            set,
            moduleStep(source.name, source.revision, entry.implemented),
            ['location'],
          ]),
          pathOf(schema, [['modules-state'], ['module', [source.name, revision]], ['schema']]),
        ]
      : [
          pathOf(schema, [
            ['yang-library'],
            set,
            moduleStep(entry.of.name, entry.of.revision, entry.ofImplemented),
            ['submodule', [source.name]],
            ['location'],
          ]),
          pathOf(schema, [
            ['modules-state'],
            ['module', [entry.of.name, entry.of.revision ?? '']],
            ['submodule', [source.name, revision]],
            ['schema'],
          ]),
        ];
  return candidates.filter((path) => path !== undefined);
};
