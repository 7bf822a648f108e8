/**
 * @module legacy-rest/format-path
 * Instance paths written back as legacy URLs (`Location`, `_self`/`y:self` links, `resource`)
 * and as Tail-f keypaths (`_path`/`y:path`, `/base:profiles/base:profile{…}` in prefix form).
 * @see shared/spec/legacy-rest.md §3, §5.7, §7
 */
import type { InstancePath } from '../data/index.ts';
import type { LeafListNode, LeafNode, SchemaTree, ValueContext, YangValue } from '../yang/index.ts';
import { toJson, toXmlText } from '../yang/index.ts';
import type { LegacyDatastore } from './legacy-names.ts';
import { LEGACY_REST_ROOT } from './legacy-names.ts';
import { encodeSegmentValue } from './path-segments.ts';

// Identityrefs in URLs are written `module:name`, whatever the leaf's module: always unambiguous.
const QUALIFYING_CONTEXT: ValueContext = {
  resolvePrefix: (prefix) => prefix,
  prefixOf: (module) => module,
  findIdentity: () => undefined,
  defaultModule: '',
};

/** The text of a key or leaf-list value in a URL (module-qualified identityrefs). */
export const pathValueText = (node: LeafNode | LeafListNode, value: YangValue): string => {
  const json = toJson(node.type, value, QUALIFYING_CONTEXT);
  return typeof json === 'object' ? '' : String(json);
};

const TOP_NAME_COUNTS = new WeakMap<SchemaTree, ReadonlyMap<string, number>>();

/** How many top-level data nodes share each local name (qualification is needed where it is > 1). */
const topNameCounts = (schema: SchemaTree): ReadonlyMap<string, number> => {
  let counts = TOP_NAME_COUNTS.get(schema);
  if (counts === undefined) {
    const map = new Map<string, number>();
    for (const [key, node] of schema.dataChildIndex) {
      if (key.includes(':')) map.set(node.name, (map.get(node.name) ?? 0) + 1);
    }
    counts = map;
    TOP_NAME_COUNTS.set(schema, counts);
  }
  return counts;
};

/**
 * The URL segment naming `node`: qualified with its module name where the module differs from
 * the parent's (`parentModule`), and at the top (`parentModule` undefined) only where two
 * modules define the same name. @see spec §3.1
 */
export const nodeSegment = (
  schema: SchemaTree,
  node: { readonly module: string; readonly name: string },
  parentModule: string | undefined,
): string => {
  const qualify =
    parentModule === undefined ? (topNameCounts(schema).get(node.name) ?? 0) > 1 : node.module !== parentModule;
  return qualify ? `${node.module}:${node.name}` : node.name;
};

/** The URL segment of an entry's key values (already in their URL text form), joined with `,`. @see spec §3.2 */
export const keysSegment = (texts: readonly string[]): string => texts.map(encodeSegmentValue).join(',');

/**
 * The URL path of `path` in `datastore`, absolute on the server (`/admin/api/rest/running/…`),
 * names qualified as {@link nodeSegment} says, key values joined with `,`. @see spec §3.1, §3.2
 */
export const formatLegacyUrl = (schema: SchemaTree, datastore: LegacyDatastore, path: InstancePath): string => {
  let url = `${LEGACY_REST_ROOT}/${datastore}`;
  let module: string | undefined;
  for (const step of path) {
    const node = step.schema;
    url += `/${nodeSegment(schema, node, module)}`;
    module = node.module;
    if (node.kind === 'list' && step.keys !== undefined) {
      url += `/${keysSegment(node.keys.map((key, index) => pathValueText(key, step.keys?.[index] as YangValue)))}`;
    } else if (node.kind === 'leaf-list' && step.value !== undefined) {
      url += `/${encodeSegmentValue(pathValueText(node, step.value))}`;
    }
  }
  return url;
};

const PREFIX_CONTEXTS = new WeakMap<SchemaTree, ValueContext>();

/** Writes identityrefs with the YANG prefix of their module, as keypaths do. */
const prefixContext = (schema: SchemaTree): ValueContext => {
  let context = PREFIX_CONTEXTS.get(schema);
  if (context === undefined) {
    context = {
      resolvePrefix: () => undefined,
      prefixOf: (module) => schema.modules.get(module)?.prefix ?? module,
      findIdentity: () => undefined,
      defaultModule: '',
    };
    PREFIX_CONTEXTS.set(schema, context);
  }
  return context;
};

const quote = (text: string): string => (text.includes("'") ? `"${text}"` : `'${text}'`);

/**
 * The Tail-f keypath of `path`: every node prefixed with its module's YANG prefix, list keys as
 * predicates (`/base:profiles/base:profile[base:id='a'][base:type='as:oauth-service']`). @see spec §5.7, §9
 */
export const formatKeypath = (schema: SchemaTree, path: InstancePath): string => {
  const context = prefixContext(schema);
  const prefixOf = (module: string): string => context.prefixOf(module) as string;
  let text = '';
  for (const step of path) {
    const node = step.schema;
    const prefix = prefixOf(node.module);
    text += `/${prefix}:${node.name}`;
    if (node.kind === 'list' && step.keys !== undefined) {
      node.keys.forEach((key, index) => {
        const value = toXmlText(key.type, step.keys?.[index] as YangValue, context);
        text += `[${prefixOf(key.module)}:${key.name}=${quote(value)}]`;
      });
    } else if (node.kind === 'leaf-list' && step.value !== undefined) {
      text += `[.=${quote(toXmlText(node.type, step.value, context))}]`;
    }
  }
  return text === '' ? '/' : text;
};
