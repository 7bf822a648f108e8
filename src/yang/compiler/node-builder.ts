/**
 * @module yang/compiler/node-builder
 * Builds compiled schema nodes from `data-def-stmt`s (container, leaf, leaf-list, list, choice,
 * case, anydata, anyxml, uses, rpc, action, notification), dropping nodes whose if-features fail.
 * @see RFC 7950 §7.5–§7.16
 */
import type {
  AnyNode,
  CaseNode,
  ChoiceNode,
  ContainerNode,
  ExtensionInstance,
  InputOutputNode,
  InteriorNode,
  LeafListNode,
  LeafNode,
  ListNode,
  NotificationNode,
  OperationNode,
  SchemaNode,
  SchemaNodeBase,
  Status,
  XPathConstraint,
} from '../schema/schema-node.ts';
import type { Statement } from '../statement.ts';
import type { TypeSpec } from '../type-spec.ts';
import { type CompileContext, innerScope, report, type Scope, sub, subArgument, subs } from './context.ts';
import { childList, constraintOf, draft, NODE_SOURCES, recordPruned } from './draft.ts';
import { ifFeaturesHold } from './feature.ts';
import { insertionIndex } from './sibling-order.ts';
import { compileType } from './typedef.ts';

/** What a build inherits from where it happens. */
export interface BuildEnvironment {
  /** The module whose namespace the new nodes get. */
  readonly module: string;
  /** The lexical scope for typedef, grouping and prefix resolution. */
  readonly scope: Scope;
  /** `when`s of an enclosing uses/augment, attached to the top nodes of this build only. */
  readonly whens: readonly XPathConstraint[];
  /** Groupings being expanded (for cycle detection). */
  readonly groupings: ReadonlySet<Statement>;
  /**
   * Where top-level nodes left out by a false if-feature are recorded (see `recordPruned`), for
   * a build of a module's top level; their parent holds them otherwise.
   */
  readonly topLevel?: object;
}

/** A function that expands `uses` (in uses.ts, injected to avoid an import cycle). */
export type UsesExpander = (
  context: CompileContext,
  statement: Statement,
  parent: InteriorNode | undefined,
  environment: BuildEnvironment,
) => SchemaNode[];

let expandUses: UsesExpander = () => [];

/** Registers the `uses` expander. */
export const setUsesExpander = (expander: UsesExpander): void => {
  expandUses = expander;
};

const DATA_KEYWORDS: ReadonlySet<string> = new Set([
  'container',
  'leaf',
  'leaf-list',
  'list',
  'choice',
  'case',
  'anydata',
  'anyxml',
  'uses',
  'rpc',
  'action',
  'notification',
]);

const STATUSES: ReadonlySet<string> = new Set(['current', 'deprecated', 'obsolete']);

const UNKNOWN_TYPE: TypeSpec = { base: 'string', name: 'string', typedefs: [], patterns: [] };

/** Extension instances of a statement, with prefixes resolved to module names. @see RFC 7950 §7.19 */
export const extensionsOf = (statement: Statement, scope: Scope): ExtensionInstance[] =>
  statement.substatements
    .filter((sub) => sub.prefix !== undefined)
    .map((sub) => ({
      module: scope.file.prefixes.get(sub.prefix ?? '') ?? sub.prefix ?? '',
      name: sub.keyword,
      argument: sub.argument,
    }));

/** Inserts `node` among the children of `parent` where libyang would. */
const connect = (parent: InteriorNode, node: SchemaNode): void => {
  const siblings = childList(parent);
  siblings.splice(insertionIndex(siblings, parent.module, node), 0, node);
};

/**
 * Adds a node to a parent (see `insertionIndex` for where); a non-case under a choice gets its
 * implicit case. @see RFC 7950 §7.9.2
 */
export const appendChild = (parent: InteriorNode, node: SchemaNode): SchemaNode => {
  if (parent.kind === 'choice' && node.kind !== 'case') {
    const source = NODE_SOURCES.get(node);
    const implicitCase: CaseNode = {
      ...nodeBase('case', node.module, node.name, parent, node.location),
      implicit: true,
      ...interior(),
    };
    if (source !== undefined) {
      NODE_SOURCES.set(implicitCase, { ...source, explicitConfig: undefined, explicitStatus: undefined });
    }
    draft(node).parent = implicitCase;
    childList(implicitCase).push(node);
    connect(parent, implicitCase);
    return implicitCase;
  }
  connect(parent, node);
  return node;
};

const nodeBase = <K extends SchemaNode['kind']>(
  kind: K,
  module: string,
  name: string,
  parent: InteriorNode | undefined,
  location: SchemaNodeBase['location'],
): SchemaNodeBase & { kind: K } => ({
  kind,
  module,
  name,
  parent,
  config: true,
  status: 'current',
  when: [],
  ifFeatures: [],
  extensions: [],
  location,
});

const interior = (): {
  children: SchemaNode[];
  childIndex: Map<string, SchemaNode>;
  dataChildIndex: Map<string, SchemaNode>;
} => ({
  children: [],
  childIndex: new Map(),
  dataChildIndex: new Map(),
});

const numberArgument = (statement: Statement, keyword: string): number | undefined => {
  const text = subArgument(statement, keyword);
  return text === undefined || text === 'unbounded' ? undefined : Number(text);
};

/**
 * Builds the nodes for a list of statements below `parent` (undefined at the top level)
 * and appends them to it. Returns the nodes appended (implicit cases included).
 */
export const buildChildren = (
  context: CompileContext,
  statements: readonly Statement[],
  parent: InteriorNode | undefined,
  environment: BuildEnvironment,
): SchemaNode[] => {
  const built: SchemaNode[] = [];
  for (const statement of statements) {
    if (statement.prefix !== undefined || !DATA_KEYWORDS.has(statement.keyword)) continue;
    if (statement.keyword === 'uses') {
      for (const node of expandUses(context, statement, parent, environment)) {
        built.push(parent === undefined ? node : appendChild(parent, node));
      }
      continue;
    }
    if (
      parent?.kind === 'choice' &&
      statement.keyword !== 'case' &&
      !ifFeaturesHold(context, environment.scope.file, statement)
    ) {
      // As libyang does, a shorthand case outlives its disabled node (the if-feature is on the node, not the case).
      const implicitCase: CaseNode = {
        ...nodeBase('case', environment.module, statement.argument ?? '', parent, statement.location),
        implicit: true,
        ...interior(),
      };
      NODE_SOURCES.set(implicitCase, sourceOf(statement, environment.scope));
      recordPruned(implicitCase, statement.argument ?? '', statement.keyword);
      connect(parent, implicitCase);
      built.push(implicitCase);
      continue;
    }
    const node = buildNode(context, statement, parent, environment);
    if (node !== undefined) built.push(parent === undefined ? node : appendChild(parent, node));
  }
  return built;
};

/** Builds one node (and its subtree); undefined when an if-feature is false. */
export const buildNode = (
  context: CompileContext,
  statement: Statement,
  parent: InteriorNode | undefined,
  environment: BuildEnvironment,
): SchemaNode | undefined => {
  const { scope, module } = environment;
  if (!ifFeaturesHold(context, scope.file, statement)) {
    const holder = parent ?? environment.topLevel;
    if (holder !== undefined) recordPruned(holder, statement.argument ?? '', statement.keyword);
    return undefined;
  }
  const keyword = statement.keyword as SchemaNode['kind'];
  const base = nodeBase(keyword, module, statement.argument ?? '', parent, statement.location);
  const description = subArgument(statement, 'description');
  const when = sub(statement, 'when');
  const common = {
    ...base,
    ...(description === undefined ? {} : { description }),
    when: [...environment.whens, ...(when === undefined ? [] : [{ ...constraintOf(when, scope.file), own: true }])],
    ifFeatures: subs(statement, 'if-feature').map((ifFeature) => ifFeature.argument ?? ''),
    extensions: extensionsOf(statement, scope),
  };
  const must = subs(statement, 'must').map((mustStatement) => constraintOf(mustStatement, scope.file));
  const inner = innerScope(statement, scope);
  const childEnvironment: BuildEnvironment = { ...environment, scope: inner, whens: [] };
  let node: SchemaNode;
  switch (keyword) {
    case 'container':
      node = {
        ...common,
        kind: 'container',
        presence: subArgument(statement, 'presence'),
        must,
        ...interior(),
      } satisfies ContainerNode;
      break;
    case 'leaf':
    case 'leaf-list': {
      const typeStatement = sub(statement, 'type');
      const compiled = typeStatement === undefined ? undefined : compileType(context, typeStatement, inner);
      if (typeStatement === undefined) {
        report(context, 'error', 'missing-substatement', `${keyword} "${base.name}" has no "type"`, statement.location);
      }
      const type = compiled?.spec ?? UNKNOWN_TYPE;
      const typeName = compiled?.typeName ?? typeStatement?.argument ?? 'string';
      const units = subArgument(statement, 'units') ?? type.units;
      if (keyword === 'leaf') {
        const mandatory = subArgument(statement, 'mandatory') === 'true';
        const own = subArgument(statement, 'default');
        node = {
          ...common,
          kind: 'leaf',
          type,
          typeName,
          units,
          mandatory,
          isKey: false,
          must,
          default: own ?? (mandatory ? undefined : type.defaultValue),
        } satisfies LeafNode;
      } else {
        const own = subs(statement, 'default').map((d) => d.argument ?? '');
        const minElements = numberArgument(statement, 'min-elements') ?? 0;
        node = {
          ...common,
          kind: 'leaf-list',
          type,
          typeName,
          units,
          must,
          defaults:
            own.length > 0 ? own : type.defaultValue !== undefined && minElements === 0 ? [type.defaultValue] : [],
          minElements,
          maxElements: numberArgument(statement, 'max-elements'),
          orderedBy: subArgument(statement, 'ordered-by') === 'user' ? 'user' : 'system',
        } satisfies LeafListNode;
      }
      break;
    }
    case 'list':
      node = {
        ...common,
        kind: 'list',
        keys: [],
        unique: [],
        must,
        ...interior(),
        minElements: numberArgument(statement, 'min-elements') ?? 0,
        maxElements: numberArgument(statement, 'max-elements'),
        orderedBy: subArgument(statement, 'ordered-by') === 'user' ? 'user' : 'system',
      } satisfies ListNode;
      break;
    case 'choice':
      node = {
        ...common,
        kind: 'choice',
        mandatory: subArgument(statement, 'mandatory') === 'true',
        defaultCase: undefined,
        ...interior(),
      } satisfies ChoiceNode;
      break;
    case 'case':
      node = { ...common, kind: 'case', ...interior() } satisfies CaseNode;
      break;
    case 'anydata':
    case 'anyxml':
      node = {
        ...common,
        kind: keyword,
        mandatory: subArgument(statement, 'mandatory') === 'true',
        must,
      } satisfies AnyNode;
      break;
    case 'rpc':
    case 'action': {
      const operation = { ...common, kind: keyword, ...interior() } as unknown as OperationNode;
      for (const part of ['input', 'output'] as const) {
        const partStatement = sub(statement, part);
        const partNode: InputOutputNode = {
          ...nodeBase(part, module, part, operation, partStatement?.location ?? statement.location),
          must: partStatement === undefined ? [] : subs(partStatement, 'must').map((m) => constraintOf(m, scope.file)),
          ...interior(),
        };
        NODE_SOURCES.set(partNode, {
          statement: partStatement ?? statement,
          scope: inner,
          explicitConfig: undefined,
          explicitStatus: undefined,
        });
        draft(operation)[part] = partNode;
        childList(operation).push(partNode);
        if (partStatement !== undefined) {
          buildChildren(context, partStatement.substatements, partNode, {
            ...childEnvironment,
            scope: innerScope(partStatement, inner),
          });
        }
      }
      NODE_SOURCES.set(operation, sourceOf(statement, scope));
      return operation;
    }
    case 'notification':
      node = { ...common, kind: 'notification', must, ...interior() } satisfies NotificationNode;
      break;
    case 'input':
    case 'output':
      return undefined;
  }
  NODE_SOURCES.set(node, sourceOf(statement, scope));
  if ('children' in node) {
    buildChildren(context, statement.substatements, node, childEnvironment);
    if (node.kind === 'choice') {
      const defaultName = subArgument(statement, 'default');
      if (defaultName !== undefined) {
        const found = node.children.find((child) => child.name === defaultName.replace(/^.*:/, ''));
        if (found === undefined || found.kind !== 'case') {
          report(
            context,
            'error',
            'unknown-default-case',
            `default case "${defaultName}" not found in choice "${node.name}"`,
            statement.location,
          );
        } else draft(node).defaultCase = found;
      }
    }
  }
  return node;
};

const sourceOf = (statement: Statement, scope: Scope) => {
  const config = subArgument(statement, 'config');
  const status = subArgument(statement, 'status');
  return {
    statement,
    scope,
    explicitConfig: config === undefined ? undefined : config === 'true',
    explicitStatus: status !== undefined && STATUSES.has(status) ? (status as Status) : undefined,
  };
};
