/**
 * @module data/codec/xml/xml-decode
 * RFC 7950 XML → instance nodes, the counterpart of `decodeJson` with the same options, errors
 * and error-paths. Decoding follows the parser's events (no element tree is built, except for
 * anydata content): elements are matched by namespace (the module's) and local name; list
 * entries and leaf-list values are repeated elements; a list entry's keys may come in any order.
 * @see RFC 7950 §7 (XML encoding of each node kind), §9 (lexical forms), RFC 8040 §7
 */
import { InvalidValueError, MalformedMessageError, MissingElementError } from '../../../errors/index.ts';
import type { LeafListNode, LeafNode, YangValue } from '../../../yang/index.ts';
import { isTypeCheckFailure, parseLexical, yangValuesEqual } from '../../../yang/index.ts';
import type { InnerSchemaNode, InstanceNode, ListEntry } from '../../instance/index.ts';
import { entryKeyOf, formatInstancePath } from '../../instance/index.ts';
import { anydataFromXml } from './xml-anydata.ts';
import { describe, finishFrame, newFrame, resolveMember } from './xml-decode-frame.ts';
import type { DecodeXmlOptions, Frame, PendingList, ResolvedMember } from './xml-decode-state.ts';
import { XmlDecodeState } from './xml-decode-state.ts';
import type { XmlElement, XmlHandler, XmlNamespaceScope } from './xml-parse.ts';
import { isXmlBlank, parseXml, XmlTreeBuilder } from './xml-parse.ts';
import type { XmlWrapper } from './xml-wrapper.ts';
import { XML_DOCUMENT_WRAPPERS } from './xml-wrapper.ts';

export type { DecodeXmlOptions } from './xml-decode-state.ts';

/** Options of {@link decodeXmlDocument}. */
export interface DecodeXmlDocumentOptions extends DecodeXmlOptions {
  /** The root elements taken as wrappers of the datastore's top-level nodes (default {@link XML_DOCUMENT_WRAPPERS}). */
  readonly wrappers?: readonly XmlWrapper[];
}

type IsWrapper = (local: string, namespace: string) => boolean;

/** Decodes the text of a leaf or leaf-list element. @see RFC 7950 §7.6.1, §9 */
const leafValue = (
  schema: LeafNode | LeafListNode,
  text: string,
  scope: XmlNamespaceScope,
  state: XmlDecodeState,
): YangValue => {
  const { type } = schema;
  // Fast path for the commonest unrestricted type; the codec gives the same result, slower.
  if (type.base === 'string' && type.length === undefined && type.patterns.length === 0) return text;
  const value = parseLexical(type, text, state.context(schema, scope));
  if (!isTypeCheckFailure(value)) return value;
  const details = value.appTag === undefined ? {} : { appTag: value.appTag };
  throw new InvalidValueError(value.message, { ...details, path: formatInstancePath(state.path([{ schema }])) });
};

/** The parser's events, decoded as they come. */
class XmlDecoder implements XmlHandler {
  readonly #state: XmlDecodeState;
  readonly #isWrapper: IsWrapper | undefined;
  /** Elements open below the outermost frame (a wrapper counts). */
  #depth = 0;
  #first = true;
  #wrapper: 'none' | 'open' | 'closed' = 'none';
  #leaf: { readonly member: ResolvedMember; readonly scope: XmlNamespaceScope } | undefined;
  #text = '';
  #anydata: { readonly member: ResolvedMember; readonly builder: XmlTreeBuilder; depth: number } | undefined;

  constructor(state: XmlDecodeState, isWrapper: IsWrapper | undefined) {
    this.#state = state;
    this.#isWrapper = isWrapper;
  }

  open(local: string, namespace: string, scope: XmlNamespaceScope): void {
    const anydata = this.#anydata;
    if (anydata !== undefined) {
      anydata.depth++;
      anydata.builder.open(local, namespace, scope);
      return;
    }
    const state = this.#state;
    const leaf = this.#leaf;
    if (leaf !== undefined) {
      const schema = leaf.member.child;
      throw state.error(InvalidValueError, `${describe(schema)} takes a value, not elements`, { schema });
    }
    if (this.#depth === 0 && this.#topIsWrapper(local, namespace)) return;
    this.#depth++;
    const frame = state.frames[state.frames.length - 1] as Frame;
    const position = frame.children++;
    const member = resolveMember(frame, local, namespace, state);
    const { child, index } = member;
    if (state.config && !child.config) {
      const message = `${describe(child)} is state data (config false) and cannot be configured`;
      throw state.error(InvalidValueError, message, { schema: child });
    }
    if (child.kind !== 'leaf-list' && child.kind !== 'list' && frame.slots[index] !== undefined)
      throw state.error(InvalidValueError, `${describe(child)} is given more than once`, { schema: child });
    switch (child.kind) {
      case 'leaf':
      case 'leaf-list':
        this.#leaf = { member, scope };
        this.#text = '';
        return;
      case 'container':
      case 'list': {
        const inherited = state.options.qualifiedTop === false ? member.module : undefined;
        state.frames.push(newFrame(child, member, inherited, position));
        return;
      }
      case 'anydata':
      case 'anyxml': {
        const builder = new XmlTreeBuilder();
        builder.open(local, namespace, scope);
        this.#anydata = { member, builder, depth: 1 };
        return;
      }
    }
  }

  /** At a top element: unwraps a wrapper (the first top element only); nothing may follow one. */
  #topIsWrapper(local: string, namespace: string): boolean {
    const state = this.#state;
    if (this.#wrapper === 'closed')
      throw state.error(MalformedMessageError, `<${local}> follows the wrapper element; a document has one root`);
    const first = this.#first;
    this.#first = false;
    if (!first || this.#isWrapper === undefined || !this.#isWrapper(local, namespace)) return false;
    this.#wrapper = 'open';
    state.wrapped = true;
    return true;
  }

  text(data: string): void {
    if (this.#anydata !== undefined) this.#anydata.builder.text(data);
    else if (this.#leaf !== undefined) this.#text += data;
    else if (!isXmlBlank(data)) {
      const state = this.#state;
      const frame = state.frames[state.frames.length - 1] as Frame;
      if (frame.member === undefined) throw state.error(MalformedMessageError, 'the wrapper element holds text');
      throw state.error(InvalidValueError, `${describe(frame.member.child)} holds child elements, not text`);
    }
  }

  close(): void {
    const state = this.#state;
    const anydata = this.#anydata;
    if (anydata !== undefined) {
      anydata.builder.close();
      if (--anydata.depth > 0) return;
      const frame = state.frames[state.frames.length - 1] as Frame;
      frame.slots[anydata.member.index] = anydataFromXml(state.schema, anydata.builder.roots[0] as XmlElement);
      this.#anydata = undefined;
      this.#depth--;
      return;
    }
    if (this.#depth === 0) {
      this.#wrapper = 'closed';
      return;
    }
    this.#depth--;
    const leaf = this.#leaf;
    if (leaf !== undefined) {
      this.#leaf = undefined;
      this.#closeLeaf(leaf.member, leaf.scope);
      return;
    }
    const frame = state.frames[state.frames.length - 1] as Frame;
    const node = finishFrame(frame, state);
    state.frames.pop();
    const parent = state.frames[state.frames.length - 1] as Frame;
    const member = frame.member as ResolvedMember;
    const { child, index } = member;
    if (child.kind === 'list') this.#addEntry(parent, index, node as ListEntry);
    // Kept even when empty until the parent is finished, so that a repeated container is seen.
    else parent.slots[index] = node;
  }

  #closeLeaf(member: ResolvedMember, scope: XmlNamespaceScope): void {
    const state = this.#state;
    const frame = state.frames[state.frames.length - 1] as Frame;
    const schema = member.child as LeafNode | LeafListNode;
    const value = leafValue(schema, this.#text, scope, state);
    if (schema.kind === 'leaf') {
      frame.slots[member.index] = value;
      return;
    }
    let values = frame.slots[member.index] as YangValue[] | undefined;
    if (values === undefined) {
      values = [];
      frame.slots[member.index] = values;
    }
    // Configuration leaf-lists hold each value once. @see RFC 7950 §7.7
    if (schema.config && values.some((known) => yangValuesEqual(known, value))) {
      const message = `${describe(schema)} has the value "${this.#text}" more than once`;
      throw state.error(InvalidValueError, message, { schema });
    }
    values.push(value);
  }

  #addEntry(parent: Frame, index: number, entry: ListEntry): void {
    const schema = entry.schema;
    const keyCount = schema.keys.length;
    const keyValues: YangValue[] = [];
    for (let position = 0; position < keyCount; position++) {
      const value = entry.slots[position] as YangValue | undefined;
      if (value === undefined) {
        const missing = schema.keys[position] as LeafNode;
        const message = `an entry of ${describe(schema)} lacks its key leaf ${missing.name}`;
        throw this.#state.error(MissingElementError, message, { schema });
      }
      keyValues.push(value);
    }
    parent.lists ??= new Map();
    let pending = parent.lists.get(index);
    if (pending === undefined) {
      pending = { schema, keyed: [] } satisfies PendingList;
      parent.lists.set(index, pending);
    }
    pending.keyed.push([keyCount === 0 ? `#${pending.keyed.length}` : entryKeyOf(schema, keyValues), entry]);
  }
}

/** The module of elements in no namespace at the top, when `qualifiedTop` is false. */
const topModule = (parent: InnerSchemaNode, options: DecodeXmlOptions): string | undefined =>
  (options.qualifiedTop ?? true) || !('kind' in parent) ? undefined : parent.module;

const decode = <S extends InnerSchemaNode>(
  parent: S,
  xmlText: string,
  options: DecodeXmlOptions,
  isWrapper: IsWrapper | undefined,
): InstanceNode<S> => {
  const state = new XmlDecodeState(options, xmlText);
  const root = newFrame(parent, undefined, topModule(parent, options), 0);
  state.frames.push(root);
  parseXml(xmlText, new XmlDecoder(state, isWrapper));
  return finishFrame(root, state) as InstanceNode<S>;
};

/**
 * Decodes XML elements that are children of `parent` (the datastore root, a container, a list
 * entry, an input or output) into an instance node. The text is one element, or several in a row
 * (an XML fragment) when it has no XML declaration. @see RFC 7950 §7
 */
export const decodeXml = <S extends InnerSchemaNode>(
  parent: S,
  xmlText: string,
  options: DecodeXmlOptions,
): InstanceNode<S> => decode(parent, xmlText, options, undefined);

const wrapperTest = (parent: InnerSchemaNode, options: DecodeXmlDocumentOptions): IsWrapper | undefined => {
  if (!('kind' in parent)) {
    const wrappers = options.wrappers ?? XML_DOCUMENT_WRAPPERS;
    return (local, namespace) =>
      wrappers.some((wrapper) => wrapper.name === local && (wrapper.namespace ?? '') === namespace);
  }
  if (parent.kind !== 'input' && parent.kind !== 'output') return undefined;
  const own = options.schema.modules.get(parent.module)?.namespace;
  const bare = !(options.qualifiedTop ?? true);
  return (local, namespace) => local === parent.kind && (namespace === own || (bare && namespace === ''));
};

/**
 * Decodes a whole document for `parent`: a datastore wrapped in one of `options.wrappers`
 * (`<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf">`, `<config>`, …), an operation's
 * `<input>` or `<output>` in its module's namespace, or else — like {@link decodeXml} — the
 * child elements themselves. @see RFC 8040 §3.3.1, §3.6.1
 */
export const decodeXmlDocument = <S extends InnerSchemaNode>(
  parent: S,
  xmlText: string,
  options: DecodeXmlDocumentOptions,
): InstanceNode<S> => decode(parent, xmlText, options, wrapperTest(parent, options));
