/**
 * @module data/pagination/list-pagination
 * The parameters of a page of a list or leaf-list, parsed and checked against its schema node:
 * `where` (an XPath filter), `sort-by` (a descendant leaf), `direction`, `offset`, `limit`.
 * @see draft-ietf-netconf-list-pagination §3.1 (the parameters), draft-ietf-netconf-list-pagination-rc §2.3
 */
import { InvalidValueError } from '../../errors/index.ts';
import type { XPathExpression } from '../../xpath/index.ts';
import { collectLocationPaths, parseXPath, XPathSyntaxError } from '../../xpath/index.ts';
import type { LeafListNode, LeafNode, ListNode, SchemaTree } from '../../yang/index.ts';
import type { DataSchemaNode } from '../instance/index.ts';
import { slotChildByName } from '../instance/index.ts';

/** Which way the working result set is traversed. */
export type PageDirection = 'forwards' | 'backwards';

/** A `where` filter ready to evaluate on each entry. */
export interface WhereFilter {
  /** The expression as written, for messages. */
  readonly text: string;
  readonly expression: XPathExpression;
}

/**
 * A `sort-by` node: the leaf (or, for a leaf-list, the leaf-list itself) whose value orders the
 * entries, with the containers on the way from the entry to it.
 */
export interface SortKey {
  readonly text: string;
  /** The schema nodes from the entry down to the leaf (empty for a leaf-list's own values). */
  readonly steps: readonly DataSchemaNode[];
}

/** The page asked for. Every field is optional: nothing given is every entry in schema order. */
export interface ListPagination {
  readonly where?: WhereFilter;
  readonly sortBy?: SortKey;
  readonly direction?: PageDirection;
  readonly offset?: number;
  /** Undefined: unbounded. */
  readonly limit?: number;
}

const MAX_UINT32 = 4_294_967_295;

const parameterError = (message: string): InvalidValueError => new InvalidValueError(message);

const parseCount = (name: string, text: string, minimum: number): number => {
  if (!/^(0|[1-9][0-9]*)$/.test(text) || Number(text) > MAX_UINT32 || Number(text) < minimum)
    throw parameterError(
      `${name} must be an integer from ${minimum} to ${MAX_UINT32}${name === 'offset' ? '' : ' or "unbounded"'}, not "${text}"`,
    );
  return Number(text);
};

/** `limit`: a positive count or `unbounded` (undefined). */
export const parseLimit = (text: string): number | undefined =>
  text === 'unbounded' ? undefined : parseCount('limit', text, 1);

/** `offset`: how many entries of the working result set to skip. */
export const parseOffset = (text: string): number => parseCount('offset', text, 0);

/** `direction`: `forwards` or `backwards`. */
export const parseDirection = (text: string): PageDirection => {
  if (text === 'forwards' || text === 'backwards') return text;
  throw parameterError(`direction must be forwards or backwards, not "${text}"`);
};

/**
 * `where`: an XPath 1.0 expression evaluated with each entry as the context node; its prefixes
 * are module names (unprefixed names are the list's module), `unfiltered` means none.
 */
export const parseWhere = (text: string, schema: SchemaTree): WhereFilter | undefined => {
  if (text === 'unfiltered') return undefined;
  let expression: XPathExpression;
  try {
    expression = parseXPath(text);
  } catch (error) {
    if (error instanceof XPathSyntaxError) throw parameterError(`where is not an XPath expression: ${error.message}`);
    throw error;
  }
  for (const path of collectLocationPaths(expression))
    for (const step of path.steps)
      if (step.prefix !== undefined && !schema.modules.has(step.prefix))
        throw parameterError(`where: "${step.prefix}" is not a module name; prefixes in where are module names`);
  return { text, expression };
};

/**
 * `sort-by`: a descendant-schema-nodeid from the entry to a leaf, through containers (a module
 * name where it changes), or `none`. A leaf-list is sorted by its own values with the name of
 * the leaf-list itself.
 */
export const parseSortBy = (text: string, node: ListNode | LeafListNode): SortKey | undefined => {
  if (text === 'none') return undefined;
  if (
    !/^([A-Za-z_][A-Za-z0-9_.-]*:)?[A-Za-z_][A-Za-z0-9_.-]*(\/([A-Za-z_][A-Za-z0-9_.-]*:)?[A-Za-z_][A-Za-z0-9_.-]*)*$/.test(
      text,
    )
  )
    throw parameterError(`sort-by must be a node name (module:name where the module changes) or none, not "${text}"`);
  if (node.kind === 'leaf-list') {
    const [module, name] = text.includes(':') ? text.split(':') : [node.module, text];
    if (module === node.module && name === node.name) return { text, steps: [] };
    throw parameterError(`sort-by on the leaf-list ${node.name} can only name the leaf-list itself`);
  }
  const steps: DataSchemaNode[] = [];
  let parent: ListNode | DataSchemaNode = node;
  let module = node.module;
  for (const segment of text.split('/')) {
    const colon = segment.indexOf(':');
    if (colon >= 0) module = segment.slice(0, colon);
    const name = colon >= 0 ? segment.slice(colon + 1) : segment;
    const child: DataSchemaNode | undefined =
      parent.kind === 'list' || parent.kind === 'container' ? slotChildByName(parent, module, name) : undefined;
    if (child === undefined || (child.kind !== 'container' && child.kind !== 'leaf'))
      throw parameterError(
        `sort-by: ${text} names no leaf of an entry of ${node.name} (a leaf, through containers only)`,
      );
    steps.push(child);
    parent = child;
  }
  if ((steps.at(-1) as DataSchemaNode).kind !== 'leaf')
    throw parameterError(`sort-by: ${text} is a container; name a leaf inside it`);
  return { text, steps };
};

/** The leaf a sort key ends at (undefined for a leaf-list's own values). */
export const sortLeafOf = (key: SortKey): LeafNode | undefined => key.steps.at(-1) as LeafNode | undefined;
