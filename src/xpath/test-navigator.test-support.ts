/**
 * @module xpath/test-navigator.test-support
 * Test support: a tiny XML reader building an in-memory tree, and an XPathNavigator over it.
 * Whitespace-only text is dropped (as in YANG data); `xmlns` declarations set namespaces.
 */
import { evaluateXPath } from './evaluator.ts';
import { parseXPath } from './parser.ts';
import type { XPathContext } from './xpath-context.ts';
import type { XPathNavigator, XPathNodeKind } from './xpath-navigator.ts';
import type { XPathValue } from './xpath-value.ts';

/** The namespace bound to the `xml` prefix. */
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/** A node of the in-memory test tree. */
export interface TestNode {
  readonly kind: XPathNodeKind;
  readonly namespace: string;
  readonly localName: string;
  /** The prefix as written, for `name()`. */
  readonly prefix: string;
  /** The value of text and attribute nodes. */
  readonly text: string;
  readonly children: TestNode[];
  readonly attributes: TestNode[];
  readonly parent: TestNode | undefined;
  /** Pre-order index: element, its attributes, then its children. */
  order: number;
}

const NAME = /[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/y;
const ATTRIBUTE = /\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos);/g, (_match, entity: string) => ENTITIES[entity] ?? '');
}

function makeNode(
  kind: XPathNodeKind,
  parent: TestNode | undefined,
  namespace = '',
  localName = '',
  prefix = '',
  text = '',
): TestNode {
  return { kind, namespace, localName, prefix, text, children: [], attributes: [], parent, order: 0 };
}

/** Parses a small well-formed XML document (elements, attributes, text, entities) into a tree. */
export function parseTestXml(xml: string): TestNode {
  const root = makeNode('root', undefined);
  let offset = 0;
  const fail = (reason: string): never => {
    throw new Error(`Test XML: ${reason} at ${offset}`);
  };
  const readElement = (parent: TestNode, scope: ReadonlyMap<string, string>): void => {
    offset++; // '<'
    NAME.lastIndex = offset;
    const qualified = NAME.exec(xml)?.[0] ?? fail('expected an element name');
    offset += qualified.length;
    const attributes: [string, string][] = [];
    for (;;) {
      ATTRIBUTE.lastIndex = offset;
      const match = ATTRIBUTE.exec(xml);
      if (match === null) break;
      attributes.push([match[1] as string, decode(match[2] ?? match[3] ?? '')]);
      offset = ATTRIBUTE.lastIndex;
    }
    const namespaces = new Map(scope);
    for (const [name, value] of attributes) {
      if (name === 'xmlns') namespaces.set('', value);
      else if (name.startsWith('xmlns:')) namespaces.set(name.slice(6), value);
    }
    const [prefix, localName] = splitName(qualified);
    const element = makeNode('element', parent, namespaces.get(prefix) ?? '', localName, prefix);
    for (const [name, value] of attributes) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      const [attributePrefix, attributeLocal] = splitName(name);
      const namespace = attributePrefix === '' ? '' : (namespaces.get(attributePrefix) ?? '');
      element.attributes.push(makeNode('attribute', element, namespace, attributeLocal, attributePrefix, value));
    }
    parent.children.push(element);
    while (xml[offset] === ' ' || xml[offset] === '\n') offset++;
    if (xml.startsWith('/>', offset)) {
      offset += 2;
      return;
    }
    if (xml[offset] !== '>') fail('expected ">"');
    offset++;
    readContent(element, namespaces);
    const close = `</${qualified}>`;
    if (!xml.startsWith(close, offset)) fail(`expected ${close}`);
    offset += close.length;
  };
  const readContent = (parent: TestNode, scope: ReadonlyMap<string, string>): void => {
    while (offset < xml.length && !xml.startsWith('</', offset)) {
      if (xml[offset] === '<') {
        readElement(parent, scope);
        continue;
      }
      const end = xml.indexOf('<', offset);
      const raw = xml.slice(offset, end < 0 ? xml.length : end);
      offset += raw.length;
      if (raw.trim() !== '') parent.children.push(makeNode('text', parent, '', '', '', decode(raw)));
    }
  };
  readContent(root, new Map([['xml', XML_NAMESPACE]]));
  let order = 0;
  const number = (node: TestNode): void => {
    node.order = order++;
    for (const attribute of node.attributes) attribute.order = order++;
    for (const child of node.children) number(child);
  };
  number(root);
  return root;
}

function splitName(qualified: string): [string, string] {
  const colon = qualified.indexOf(':');
  return colon < 0 ? ['', qualified] : [qualified.slice(0, colon), qualified.slice(colon + 1)];
}

function stringValue(node: TestNode): string {
  if (node.kind === 'text' || node.kind === 'attribute') return node.text;
  let result = '';
  for (const child of node.children) result += stringValue(child);
  return result;
}

/** Optional YANG hooks for a test navigator. */
export type TestNavigatorHooks = Pick<XPathNavigator<TestNode>, 'deref' | 'enumValue' | 'isBitSet' | 'qualifiedName'>;

/** An XPathNavigator over test trees, optionally with YANG hooks. */
export function createTestNavigator(hooks: TestNavigatorHooks = {}): XPathNavigator<TestNode> {
  return {
    kind: (node) => node.kind,
    parent: (node) => node.parent,
    children: (node) => node.children,
    attributes: (node) => node.attributes,
    namespace: (node) => node.namespace,
    localName: (node) => node.localName,
    stringValue,
    compareDocumentOrder: (a, b) => a.order - b.order,
    root: (node) => {
      let at = node;
      while (at.parent !== undefined) at = at.parent;
      return at;
    },
    ...hooks,
  };
}

/** The first element (in document order) whose `id` attribute is `id`. */
export function findById(node: TestNode, id: string): TestNode | undefined {
  if (node.attributes.some((attribute) => attribute.localName === 'id' && attribute.text === id)) return node;
  for (const child of node.children) {
    const found = findById(child, id);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A short label for a node: its `id`, else `@name` for attributes, `"text"` for text, `/` for the root, else its name. */
export function labelOf(node: TestNode): string {
  switch (node.kind) {
    case 'root':
      return '/';
    case 'text':
      return JSON.stringify(node.text);
    case 'attribute':
      return `@${node.localName}`;
    case 'element':
      return node.attributes.find((attribute) => attribute.localName === 'id')?.text ?? node.localName;
  }
}

/** A value made comparable with deepEqual: node-sets become label lists. */
export function describeValue(value: XPathValue<TestNode>): string[] | boolean | number | string {
  return typeof value === 'object' ? value.map(labelOf) : value;
}

/** Options of {@link evaluateText}. */
export interface EvaluateTextOptions extends Partial<Omit<XPathContext<TestNode>, 'node' | 'navigator' | 'current'>> {
  /** The `id` of the context node; the root when omitted. */
  readonly contextId?: string;
  /** The `id` of the `current()` node; the context node when omitted. */
  readonly currentId?: string;
  readonly hooks?: TestNavigatorHooks;
}

/** Parses `expression` and evaluates it on `document`, returning a comparable description. */
export function evaluateText(
  document: TestNode,
  expression: string,
  options: EvaluateTextOptions = {},
): string[] | boolean | number | string {
  const { contextId, currentId, hooks, ...rest } = options;
  const node = contextId === undefined ? document : findById(document, contextId);
  if (node === undefined) throw new Error(`No node with id ${contextId}`);
  const current = currentId === undefined ? node : findById(document, currentId);
  if (current === undefined) throw new Error(`No node with id ${currentId}`);
  const context: XPathContext<TestNode> = { ...rest, node, current, navigator: createTestNavigator(hooks) };
  return describeValue(evaluateXPath(parseXPath(expression), context));
}
