/**
 * @module management/module-source-access
 * The YANG library entries that announce a module source, so that a download is exactly as
 * readable as the entry that gives its URL: `yang-library/module-set/module[name]/location` (or
 * `import-only-module[name][revision]/location`, or `submodule[name]/location` below the
 * including module), and `modules-state/module[name][revision]/schema` (or its `submodule`).
 * The paths are made from the names asked for, not from what is loaded, so that a decision
 * about a module's entry is the same whether the module exists or not.
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

/**
 * The paths of the library leaves that announce `source`: as a module when `includedBy` is
 * undefined, else as a submodule of module `includedBy`.
 */
export const announcingPaths = (schema: SchemaTree, source: SourceName, includedBy?: SourceName): InstancePath[] => {
  const revision = source.revision ?? '';
  const set = ['module-set', [MODULE_SET_NAME]] as const;
  const candidates =
    includedBy === undefined
      ? [
          pathOf(schema, [['yang-library'], set, ['module', [source.name]], ['location']]),
          pathOf(schema, [['yang-library'], set, ['import-only-module', [source.name, revision]], ['location']]),
          pathOf(schema, [['modules-state'], ['module', [source.name, revision]], ['schema']]),
        ]
      : [
          pathOf(schema, [
            ['yang-library'],
            set,
            ['module', [includedBy.name]],
            ['submodule', [source.name]],
            ['location'],
          ]),
          pathOf(schema, [
            ['yang-library'],
            set,
            ['import-only-module', [includedBy.name, includedBy.revision ?? '']],
            ['submodule', [source.name]],
            ['location'],
          ]),
          pathOf(schema, [
            ['modules-state'],
            ['module', [includedBy.name, includedBy.revision ?? '']],
            ['submodule', [source.name, revision]],
            ['schema'],
          ]),
        ];
  return candidates.filter((path) => path !== undefined);
};
