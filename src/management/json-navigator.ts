/**
 * @module management/json-navigator
 * An XPath navigator over one RFC 7951 JSON member, such as a notification's content: the member
 * is the only child element of the root; an object is an element with child elements, an array
 * of objects is a sequence of entries, an array of values a sequence of leaf-list values, `[null]`
 * an empty leaf, and any other value a leaf whose string-value is its JSON text (numbers as
 * written, `true`/`false`). An element's namespace is its module name: the member names that
 * carry one set it, the others inherit their parent's.
 * @see RFC 7951 §4–§6, W3C XPath 1.0 §5
 */
import type { XPathNavigator, XPathNodeKind } from '../xpath/index.ts';

/** A node of the document. */
export interface JsonNode {
  readonly kind: 'root' | 'element';
  readonly parent: JsonNode | undefined;
  /** The module name; empty for the root. */
  readonly module: string;
  /** The local name; empty for the root. */
  readonly name: string;
  /** The value of a leaf or leaf-list entry; undefined for the root, containers and list entries. */
  readonly value: string | undefined;
  readonly children: JsonNode[];
  /** Position in document order (pre-order). */
  readonly order: number;
}

const splitName = (member: string, inherited: string): [string, string] => {
  const colon = member.indexOf(':');
  return colon < 0 ? [inherited, member] : [member.slice(0, colon), member.slice(colon + 1)];
};

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isEmptyValue = (value: unknown): boolean => Array.isArray(value) && value.length === 1 && value[0] === null;

/** The text of a leaf value. */
const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

/** Builds the document of `{ [member]: value }`. */
export const jsonDocument = (member: string, value: unknown): JsonNode => {
  let order = 0;
  const root: JsonNode = {
    kind: 'root',
    parent: undefined,
    module: '',
    name: '',
    value: undefined,
    children: [],
    order,
  };
  const element = (parent: JsonNode, module: string, name: string, content: unknown): void => {
    const leaf = !isObject(content);
    const node: JsonNode = {
      kind: 'element',
      parent,
      module,
      name,
      value: leaf ? (isEmptyValue(content) ? '' : textOf(content)) : undefined,
      children: [],
      order: ++order,
    };
    parent.children.push(node);
    if (isObject(content)) addMembers(node, content);
  };
  const addMembers = (parent: JsonNode, object: Readonly<Record<string, unknown>>): void => {
    for (const [key, content] of Object.entries(object)) {
      const [module, name] = splitName(key, parent.module);
      if (Array.isArray(content) && !isEmptyValue(content))
        for (const item of content) element(parent, module, name, item);
      else element(parent, module, name, content);
    }
  };
  const [module, name] = splitName(member, '');
  element(root, module, name, value);
  return root;
};

const stringValueOf = (node: JsonNode): string =>
  node.value ?? node.children.map((child) => stringValueOf(child)).join('');

const NO_NODES: readonly JsonNode[] = Object.freeze([]);

/** Navigates documents built by {@link jsonDocument}. */
export const JSON_NAVIGATOR: XPathNavigator<JsonNode> = {
  kind: (node): XPathNodeKind => node.kind,
  parent: (node) => node.parent,
  children: (node) => node.children,
  attributes: () => NO_NODES,
  namespace: (node) => node.module,
  localName: (node) => node.name,
  stringValue: stringValueOf,
  compareDocumentOrder: (a, b) => a.order - b.order,
  root: (node) => {
    let current = node;
    while (current.parent !== undefined) current = current.parent;
    return current;
  },
  qualifiedName: (node) =>
    node.parent?.kind === 'element' && node.parent.module === node.module ? node.name : `${node.module}:${node.name}`,
};
