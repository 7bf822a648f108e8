/**
 * @module yang/compiler/yang-data
 * Data templates: each module-level `rc:yang-data` (RFC 8040 §8) or `sx:structure` (RFC 8791)
 * instance compiled like data nodes (uses expanded, keys, indexes, node rules), with config
 * false throughout; then `sx:augment-structure`s applied. Leafrefs and XPath resolve against
 * the template's own top level.
 * @see RFC 8040 §8, RFC 8791 §3–§4
 */
import type { InteriorNode, SchemaNode } from '../schema/schema-node.ts';
import type { SchemaTree, YangDataKind, YangDataStructure } from '../schema/schema-tree.ts';
import type { Statement } from '../statement.ts';
import { indexChildren, indexSubtree, inheritConfigAndStatus } from './config.ts';
import { type CompileContext, innerScope, type ModuleContext, report, type Scope } from './context.ts';
import { ifFeaturesHold } from './feature.ts';
import { resolveLeafrefs } from './leafref.ts';
import { buildChildren } from './node-builder.ts';
import { checkNode, resolveKeys } from './node-checks.ts';
import { parseSchemaNodeId, walkSchemaNodeId } from './schema-node-id.ts';
import { checkXPath } from './xpath-check.ts';

/** The extensions that define templates, by `module:keyword`. */
const TEMPLATE_KINDS: ReadonlyMap<string, YangDataKind> = new Map([
  ['ietf-restconf:yang-data', 'yang-data'],
  ['ietf-yang-structure-ext:structure', 'structure'],
]);
const AUGMENT_STRUCTURE = 'ietf-yang-structure-ext:augment-structure';

/** A module-level extension statement with the scope of its file. */
interface Instance {
  readonly module: ModuleContext;
  readonly statement: Statement;
  readonly scope: Scope;
  /** The extension as `module:keyword`. */
  readonly extension: string;
}

type Writable = YangDataStructure & {
  children: SchemaNode[];
  childIndex: Map<string, SchemaNode>;
  dataChildIndex: Map<string, SchemaNode>;
};

/** The module-level extension instances of every module's files, in source order. */
const instancesOf = (modules: readonly ModuleContext[]): Instance[] =>
  modules.flatMap((module) =>
    module.files.flatMap((file) => {
      const scope = module.scopes.get(file);
      if (scope === undefined) return [];
      return file.statement.substatements.flatMap((statement) =>
        statement.prefix === undefined
          ? []
          : [
              {
                module,
                statement,
                scope,
                extension: `${file.prefixes.get(statement.prefix) ?? ''}:${statement.keyword}`,
              },
            ],
      );
    }),
  );

const walk = (nodes: readonly SchemaNode[], visit: (node: SchemaNode) => void): void => {
  for (const node of nodes) {
    visit(node);
    if ('children' in node) walk(node.children, visit);
  }
};

const buildStructure = (context: CompileContext, kind: YangDataKind, instance: Instance): Writable => {
  const { module, statement, scope } = instance;
  const children = buildChildren(context, statement.substatements, undefined, {
    module: module.name,
    scope: innerScope(statement, scope),
    whens: [],
    groupings: new Set(),
  }).filter((node) => {
    if (node.kind !== 'rpc' && node.kind !== 'action' && node.kind !== 'notification') return true;
    report(
      context,
      'error',
      'invalid-yang-data',
      `${kind} "${statement.argument ?? ''}" may hold data nodes only, not ${node.kind} "${node.name}"`,
      node.location,
    );
    return false;
  });
  // RFC 8040 §8: "data definition statements that result in exactly one container data node".
  if (kind === 'yang-data' && (children.length !== 1 || children[0]?.kind !== 'container')) {
    report(
      context,
      'error',
      'invalid-yang-data',
      `yang-data "${statement.argument ?? ''}" must define exactly one container`,
      statement.location,
    );
  }
  return {
    kind,
    module: module.name,
    name: statement.argument ?? '',
    children,
    childIndex: new Map(),
    dataChildIndex: new Map(),
    location: statement.location,
  };
};

/** Applies one `sx:augment-structure`; its target's first step names the structure. @see RFC 8791 §4 */
const augmentStructure = (context: CompileContext, byName: ReadonlyMap<string, Writable>, instance: Instance): void => {
  const { module, statement, scope } = instance;
  if (!ifFeaturesHold(context, scope.file, statement)) return;
  const [first, ...rest] = parseSchemaNodeId(statement.argument ?? '', scope.file, module.name) ?? [];
  const structure = first === undefined ? undefined : byName.get(`${first.module ?? module.name}:${first.name}`);
  const target = structure === undefined || rest.length === 0 ? undefined : walkSchemaNodeId(structure.children, rest);
  if (target === undefined || !('children' in target)) {
    report(
      context,
      'error',
      'augment-target-not-found',
      `augment-structure target "${statement.argument ?? ''}" not found`,
      statement.location,
    );
    return;
  }
  buildChildren(context, statement.substatements, target as InteriorNode, {
    module: module.name,
    scope: innerScope(statement, scope),
    whens: [],
    groupings: new Set(),
  });
};

/**
 * Compiles the data templates of `modules` (every module of the set: a template is usable
 * whether or not its module is implemented). Run after the data tree is complete.
 */
export const compileYangData = (
  context: CompileContext,
  modules: readonly ModuleContext[],
  schema: Omit<SchemaTree, 'yangData'>,
  checkXPathOption: boolean,
): Map<string, YangDataStructure> => {
  const byName = new Map<string, Writable>();
  const add = (kind: YangDataKind, instance: Instance): void => {
    const structure = buildStructure(context, kind, instance);
    const key = `${structure.module}:${structure.name}`;
    if (byName.has(key)) {
      report(context, 'error', 'duplicate-identifier', `duplicate ${kind} "${structure.name}"`, structure.location);
    } else byName.set(key, structure);
  };
  const instances = instancesOf(modules);
  for (const instance of instances) {
    const kind = TEMPLATE_KINDS.get(instance.extension);
    if (kind !== undefined) add(kind, instance);
  }
  for (const instance of instances)
    if (instance.extension === AUGMENT_STRUCTURE) augmentStructure(context, byName, instance);

  for (const structure of byName.values()) {
    walk(structure.children, (node) => {
      if (node.kind === 'list') resolveKeys(context, node);
    });
    // Templates are not configuration: every node is config false, whatever it says (as libyang prints `----`).
    for (const node of structure.children) inheritConfigAndStatus(context, node, false, 'current', true);
    indexChildren(context, structure);
    for (const node of structure.children) indexSubtree(context, node);
    walk(structure.children, (node) => checkNode(context, node));
    const view: SchemaTree = {
      ...schema,
      children: structure.children,
      dataChildIndex: structure.dataChildIndex,
      yangData: byName,
    };
    resolveLeafrefs(context, view, structure.children);
    if (checkXPathOption) checkXPath(context, view, structure.children);
  }
  return byName;
};
