/**
 * @module yang/tree-printer
 * RFC 8340 tree diagrams of compiled modules, in the layout of `yanglint -f tree` (libyang 2.1):
 * the module's own data nodes, then `augment` sections, `rpcs:`, `notifications:` and the data
 * templates (`yang-data name:` with `----` flags, `structure name:` with none), consecutive
 * sections of one kind not separated by a blank line.
 * Like yanglint, augment sections are printed from the augment statements as written
 * (uses shown as `-u`, actions and notifications after the data nodes).
 * @see RFC 8340 §2
 */
import type { InteriorNode, SchemaNode } from './schema/schema-node.ts';
import type { AugmentRecord, SchemaTree, YangDataKind } from './schema/schema-tree.ts';
import type { Statement } from './statement.ts';

/** One line of the diagram before layout. */
interface PrintNode {
  readonly status: string;
  /** `rw `, `ro `, `-w `, `-x `, `-n `, `-- `, `-u ` or `:` for a case. */
  readonly flags: string;
  /** The name as shown: `(name)` for choice and case, `prefix:name` for a node of another module. */
  readonly name: string;
  /**
   * True when `name` has a module prefix: yanglint leaves its colon out of the type column's
   * arithmetic, so such a node's type (and every sibling's) comes one column further right.
   */
  readonly prefixed?: boolean;
  readonly opts: string;
  readonly type: string | undefined;
  readonly keys: string | undefined;
  readonly features: readonly string[];
  readonly children: readonly PrintNode[];
  /** Overrides the sibling group's name width (yanglint's shorthand-case layout in augments). */
  readonly groupWidth?: number;
  /** Overrides whether a sibling follows (yanglint's shorthand-case layout in augments). */
  readonly hasNext?: boolean;
}

const STATUS_MARK = { current: '+', deprecated: 'x', obsolete: 'o' } as const;

/** The length yanglint counts for a name (without a prefix's colon). */
const nameLength = (node: PrintNode): number => node.name.length - (node.prefixed === true ? 1 : 0);

const render = (nodes: readonly PrintNode[], indent: string, out: string[]): void => {
  // yanglint leaves lists (whose keys follow the name) out of the type column's alignment.
  const width = Math.max(
    0,
    ...nodes
      .filter((node) => (node.keys === undefined && node.opts !== '*') || node.type !== undefined)
      .map((node) => nameLength(node) + 1),
  );
  nodes.forEach((node, index) => {
    const groupWidth = node.groupWidth ?? width;
    const head = `${node.name}${node.opts}`;
    let line = `${indent}${node.status}--${node.flags}${head}`;
    if (node.type !== undefined) {
      line += `${' '.repeat(Math.max(1, groupWidth + 3 - nameLength(node) - node.opts.length))}${node.type}`;
    }
    if (node.keys !== undefined) line += ` [${node.keys}]`;
    if (node.features.length > 0) line += ` {${node.features.join(',')}}?`;
    out.push(line);
    const hasNext = node.hasNext ?? index < nodes.length - 1;
    render(node.children, `${indent}${hasNext ? '|' : ' '}  `, out);
  });
};

// ---- compiled nodes -------------------------------------------------------------------------

type Context = 'data' | 'input' | 'output' | 'notification' | YangDataKind;

/** The flags column inside a data template: `----` for yang-data, nothing for a structure. */
const TEMPLATE_FLAGS: Readonly<Record<YangDataKind, string>> = { 'yang-data': '-- ', structure: ' ' };

const compiledFlags = (node: SchemaNode, context: Context): string => {
  switch (node.kind) {
    case 'rpc':
    case 'action':
      return '-x ';
    case 'notification':
      return '-n ';
    case 'input':
      return '-w ';
    case 'output':
      return 'ro ';
    case 'case':
      return ':';
    default:
      if (context === 'yang-data' || context === 'structure') return TEMPLATE_FLAGS[context];
      return context === 'input'
        ? '-w '
        : context === 'notification'
          ? '-- '
          : context === 'output'
            ? 'ro '
            : node.config
              ? 'rw '
              : 'ro ';
  }
};

const compiledOpts = (node: SchemaNode): string => {
  switch (node.kind) {
    case 'leaf':
      return node.isKey || node.mandatory ? '' : '?';
    case 'leaf-list':
    case 'list':
      return '*';
    case 'container':
      return node.presence === undefined ? '' : '!';
    case 'choice':
    case 'anydata':
    case 'anyxml':
      return node.mandatory ? '' : '?';
    default:
      return '';
  }
};

const compiledType = (node: SchemaNode): string | undefined => {
  switch (node.kind) {
    case 'leaf':
    case 'leaf-list':
      return node.typeName === 'leafref' && node.type.base === 'leafref' ? `-> ${node.type.path}` : node.typeName;
    case 'anydata':
    case 'anyxml':
      return node.kind;
    default:
      return undefined;
  }
};

/** The module whose diagram is printed, and how nodes of other modules are named. */
interface Printing {
  readonly module: string;
  /** The prefix a module defines for itself. */
  readonly prefixOf: (module: string) => string;
}

/** Data children first, then actions, then notifications (libyang keeps them in separate lists). */
const orderedChildren = (node: InteriorNode): SchemaNode[] => {
  const rank = (child: SchemaNode): number => (child.kind === 'action' ? 1 : child.kind === 'notification' ? 2 : 0);
  return [...node.children].sort((a, b) => rank(a) - rank(b));
};

/** A node's name, `prefix:name` when another module augmented it into the tree. @see RFC 8340 §2.6 */
const compiledName = (node: SchemaNode, printing: Printing): string => {
  const name = node.module === printing.module ? node.name : `${printing.prefixOf(node.module)}:${node.name}`;
  return node.kind === 'choice' || node.kind === 'case' ? `(${name})` : name;
};

const fromCompiled = (node: SchemaNode, printing: Printing, context: Context): PrintNode => {
  const childContext: Context =
    node.kind === 'input'
      ? 'input'
      : node.kind === 'output'
        ? 'output'
        : node.kind === 'notification'
          ? 'notification'
          : node.kind === 'action'
            ? 'data'
            : context;
  let children: PrintNode[] = [];
  if ('children' in node) {
    children = orderedChildren(node)
      .filter((child) => !((child.kind === 'input' || child.kind === 'output') && child.children.length === 0))
      .map((child) => fromCompiled(child, printing, childContext));
  }
  return {
    status: STATUS_MARK[node.status],
    flags: compiledFlags(node, context),
    name: compiledName(node, printing),
    prefixed: node.module !== printing.module,
    opts: compiledOpts(node),
    type: compiledType(node),
    keys: node.kind === 'list' && node.keys.length > 0 ? node.keys.map((key) => key.name).join(' ') : undefined,
    features: node.ifFeatures,
    children,
  };
};

// ---- augment statements (as written) -------------------------------------------------------

const first = (statement: Statement, keyword: string): string | undefined =>
  statement.substatements.find((sub) => sub.prefix === undefined && sub.keyword === keyword)?.argument;

const SHOWN = new Set([
  'container',
  'leaf',
  'leaf-list',
  'list',
  'choice',
  'case',
  'anydata',
  'anyxml',
  'uses',
  'action',
  'notification',
  'input',
  'output',
]);

interface ParsedContext {
  readonly config: boolean;
  readonly status: 'current' | 'deprecated' | 'obsolete';
  readonly context: Context;
  readonly keys: readonly string[];
}

const parsedChildren = (statement: Statement): Statement[] => {
  const shown = statement.substatements.filter((sub) => sub.prefix === undefined && SHOWN.has(sub.keyword));
  const rank = (sub: Statement): number => (sub.keyword === 'action' ? 1 : sub.keyword === 'notification' ? 2 : 0);
  return shown.sort((a, b) => rank(a) - rank(b));
};

const parsedOpts = (statement: Statement, keys: readonly string[]): string => {
  switch (statement.keyword) {
    case 'leaf':
      return keys.includes(statement.argument ?? '') || first(statement, 'mandatory') === 'true' ? '' : '?';
    case 'leaf-list':
    case 'list':
      return '*';
    case 'container':
      return first(statement, 'presence') === undefined ? '' : '!';
    case 'choice':
    case 'anydata':
    case 'anyxml':
      return first(statement, 'mandatory') === 'true' ? '' : '?';
    default:
      return '';
  }
};

const displayName = (statement: Statement): string =>
  statement.keyword === 'choice' || statement.keyword === 'case'
    ? `(${statement.argument ?? ''})`
    : statement.keyword === 'input' || statement.keyword === 'output'
      ? statement.keyword
      : (statement.argument ?? '');

const fromParsed = (statement: Statement, inherited: ParsedContext, overrides: Partial<PrintNode> = {}): PrintNode => {
  const explicitConfig = first(statement, 'config');
  const config = explicitConfig === undefined ? inherited.config : explicitConfig === 'true';
  const explicitStatus = first(statement, 'status');
  const status = explicitStatus === 'deprecated' || explicitStatus === 'obsolete' ? explicitStatus : inherited.status;
  const keyword = statement.keyword;
  const context: Context =
    keyword === 'input'
      ? 'input'
      : keyword === 'output'
        ? 'output'
        : keyword === 'notification'
          ? 'output'
          : inherited.context;
  const flags =
    keyword === 'case'
      ? ':'
      : keyword === 'uses'
        ? '-u '
        : keyword === 'action'
          ? '-x '
          : keyword === 'notification'
            ? '-n '
            : keyword === 'input'
              ? '-w '
              : keyword === 'output'
                ? 'ro '
                : inherited.context === 'input'
                  ? '-w '
                  : inherited.context === 'output'
                    ? 'ro '
                    : config
                      ? 'rw '
                      : 'ro ';
  const typeStatement = statement.substatements.find((sub) => sub.prefix === undefined && sub.keyword === 'type');
  const type =
    keyword === 'anydata' || keyword === 'anyxml'
      ? keyword
      : typeStatement === undefined
        ? undefined
        : typeStatement.argument === 'leafref'
          ? `-> ${first(typeStatement, 'path') ?? ''}`
          : typeStatement.argument;
  const keyText = keyword === 'list' ? first(statement, 'key') : undefined;
  const childContext: ParsedContext = {
    config,
    status,
    context,
    keys: keyText === undefined ? [] : keyText.trim().split(/\s+/),
  };
  let children: PrintNode[];
  const childStatements = parsedChildren(statement);
  if (keyword === 'choice') {
    const width = Math.max(0, ...childStatements.map((child) => displayName(child).length + 1));
    children = childStatements.map((child, index) => {
      if (child.keyword === 'case') return fromParsed(child, childContext);
      // yanglint lays a shorthand case's node out as if it were still the choice's direct child.
      const inner = fromParsed(child, childContext, { groupWidth: width, hasNext: index < childStatements.length - 1 });
      return {
        status: inner.status,
        flags: ':',
        name: `(${child.argument ?? ''})`,
        opts: inner.opts === '?' ? '?' : '',
        type: undefined,
        keys: undefined,
        features: [],
        children: [inner],
      };
    });
  } else {
    children = childStatements.map((child) => fromParsed(child, childContext));
  }
  return {
    status: STATUS_MARK[status],
    flags,
    name: displayName(statement),
    opts: parsedOpts(statement, inherited.keys),
    type,
    keys: keyText?.trim().split(/\s+/).join(' '),
    features: statement.substatements
      .filter((sub) => sub.prefix === undefined && sub.keyword === 'if-feature')
      .map((sub) => sub.argument ?? ''),
    children,
    ...overrides,
  };
};

const augmentSection = (record: AugmentRecord, out: string[]): void => {
  out.push(`  augment ${record.targetPath}:`);
  // yanglint starts an augment's nodes as config true whatever the target (only `config false` shows `ro`).
  const context: ParsedContext = {
    config: true,
    status: 'current',
    context: 'data',
    keys: [],
  };
  render(fromParsed(record.statement, context).children, '    ', out);
};

/**
 * Prints the RFC 8340 tree diagram of the named modules, as `yanglint -f tree` does.
 * @see RFC 8340 §2
 */
export const printTree = (schema: SchemaTree, moduleNames: readonly string[]): string => {
  const out: string[] = [];
  for (const moduleName of moduleNames) {
    const module = schema.modules.get(moduleName);
    if (module === undefined) continue;
    if (out.length > 0) out.push('');
    out.push(`module: ${moduleName}`);
    const printing: Printing = {
      module: moduleName,
      prefixOf: (name) => schema.modules.get(name)?.prefix ?? name,
    };
    const data = schema.children
      .filter((node) => node.module === moduleName)
      .map((node) => fromCompiled(node, printing, 'data'));
    render(data, '  ', out);
    // yanglint prints the augments written in the module itself, not those of its submodules.
    const augments = module.augments.filter((record) => !record.fromSubmodule);
    if (augments.length > 0) {
      out.push('');
      for (const record of augments) augmentSection(record, out);
    }
    const rpcs = schema.rpcs.filter((node) => node.module === moduleName);
    if (rpcs.length > 0) {
      out.push('', '  rpcs:');
      render(
        rpcs.map((node) => fromCompiled(node, printing, 'data')),
        '    ',
        out,
      );
    }
    const notifications = schema.notifications.filter((node) => node.module === moduleName);
    if (notifications.length > 0) {
      out.push('', '  notifications:');
      render(
        notifications.map((node) => fromCompiled(node, printing, 'data')),
        '    ',
        out,
      );
    }
    let previousKind: YangDataKind | undefined;
    for (const structure of schema.yangData.values()) {
      if (structure.module !== moduleName) continue;
      if (structure.kind !== previousKind) out.push('');
      previousKind = structure.kind;
      out.push(`  ${structure.kind} ${structure.name}:`);
      render(
        structure.children.map((node) => fromCompiled(node, printing, structure.kind)),
        '    ',
        out,
      );
    }
  }
  return `${out.join('\n')}\n`;
};
