/**
 * @module data/codec/xml/xml-encode
 * Instance nodes → RFC 7950 XML text, as a generator of chunks so that large responses stream;
 * the counterpart of `encodeJson`, with the same targets and read options. The walk yields
 * between list entries. A whole datastore (several top-level elements) is one document only
 * inside a wrapper element.
 * @see RFC 7950 §7, RFC 8040 §4.8, RFC 6243 §6, RFC 8040 §4.8.9
 */
import { escapeXmlAttribute } from '../../../util/index.ts';
import type { SchemaTree } from '../../../yang/index.ts';
import type { DataSchemaNode, InnerSchemaNode, InstanceNode, ListEntry, ListInstance } from '../../instance/index.ts';
import { slotTableOf } from '../../instance/index.ts';
import type { AccessScope, ReadOptions } from '../../read/index.ts';
import { entryAccessOf, hasVisibleContent } from '../../read/index.ts';
import type { Selection } from '../index.ts';
import { memberLevel, memberSelection, planMembers } from '../index.ts';
import type { EncodeTarget } from '../json/index.ts';
import { writeAbsent, writeChildren, writeMember, writePlannedMember } from './xml-encode-node.ts';
import type { XmlWrapper } from './xml-wrapper.ts';
import type { TagSet } from './xml-writer.ts';
import { tagsFor, tagsOf, WD_DECLARATION, XmlWriter } from './xml-writer.ts';

/** Options of {@link encodeXml}. */
export interface EncodeXmlOptions extends ReadOptions {
  /** Chunks are handed out once this many characters are pending (default 16384). */
  readonly chunkSize?: number;
  /**
   * A root element around the output, e.g. {@link RESTCONF_DATA_WRAPPER} for a whole datastore;
   * without one, a target of several top-level elements gives a sequence of elements.
   */
  readonly wrapper?: XmlWrapper;
}

type Chunks = Generator<string, void, undefined>;

const HAS_LISTS = new WeakMap<InnerSchemaNode, boolean>();

/** True when instances of `parent` can hold list entries, i.e. can be large. */
const holdsLists = (parent: InnerSchemaNode): boolean => {
  let result = HAS_LISTS.get(parent);
  if (result === undefined) {
    result = slotTableOf(parent).nodes.some(
      (node) => node.kind === 'list' || (node.kind === 'container' && holdsLists(node)),
    );
    HAS_LISTS.set(parent, result);
  }
  return result;
};

function* streamChildren(
  w: XmlWriter,
  node: InstanceNode,
  parent: InnerSchemaNode,
  level: number,
  selection: Selection,
  tags: TagSet,
  access: AccessScope,
): Chunks {
  if (!holdsLists(parent) || w.hold > 0) {
    writeChildren(w, node, parent, level, selection, tags, access);
    return;
  }
  const plan = planMembers(w, node, parent, level);
  for (let index = 0; index < plan.count; index++) {
    const sub = memberSelection(w, plan, index, selection);
    if (sub === undefined) continue;
    const child = plan.table.nodes[index] as DataSchemaNode;
    const childAccess = access === true ? true : access.child(child);
    if (childAccess === undefined) continue;
    const value = plan.slots[index];
    const childLevel = memberLevel(plan, selection, sub);
    if (value !== undefined && child.kind === 'list') {
      const start = tags.starts[index] as string;
      yield* streamEntries(
        w,
        child,
        value as ListInstance | ListEntry,
        start,
        tags.ends[index] as string,
        childLevel,
        sub,
        childAccess,
      );
    } else if (value !== undefined && child.kind === 'container' && holdsLists(child)) {
      if (childAccess !== true && childAccess.structural && !hasVisibleContent(value, child, childAccess)) continue;
      w.out += `${tags.starts[index]}>`;
      yield* streamChildren(
        w,
        value as InstanceNode,
        child,
        childLevel,
        sub,
        tagsOf(w.schema, slotTableOf(child)),
        childAccess,
      );
      w.out += tags.ends[index];
    } else writePlannedMember(w, plan, index, childLevel, sub, tags, childAccess);
  }
}

function* streamEntries(
  w: XmlWriter,
  schema: ListEntry['schema'],
  value: ListInstance | ListEntry,
  start: string,
  end: string,
  level: number,
  sub: Selection,
  access: AccessScope,
): Chunks {
  const single = 'slots' in value;
  const entries = single ? [value] : value.entries.values();
  const streams = holdsLists(schema);
  const tags = tagsOf(w.schema, slotTableOf(schema));
  const open = `${start}>`;
  for (const entry of entries) {
    const entryAccess = entryAccessOf(schema, entry, access, single);
    if (entryAccess === undefined) continue;
    w.out += open;
    if (streams) yield* streamChildren(w, entry, schema, level, sub, tags, entryAccess);
    else writeChildren(w, entry, schema, level, sub, tags, entryAccess);
    w.out += end;
    const chunk = w.flush();
    if (chunk !== undefined) yield chunk;
  }
}

/** The start tag of a wrapper element, with its namespace and prefix declarations. */
const wrapperStart = (wrapper: XmlWrapper, extra: string): string => {
  let text = `<${wrapper.name}`;
  if (wrapper.namespace !== undefined) text += ` xmlns="${escapeXmlAttribute(wrapper.namespace)}"`;
  for (const [prefix, uri] of Object.entries(wrapper.declarations ?? {}))
    text += ` xmlns:${prefix}="${escapeXmlAttribute(uri)}"`;
  return `${text}${extra}>`;
};

/**
 * Encodes `target` as RFC 7950 XML, yielding chunks of text. Levels for `depth` start at 1 for
 * the target node (for a DataTree, at its top-level nodes). The default namespace is declared on
 * each top element and again only where the module changes; in report-all-tagged mode the `wd`
 * prefix is declared on the wrapper, else on each top element. @see RFC 7950 §7, RFC 8040 §4.8
 */
export function* encodeXml(target: EncodeTarget, schema: SchemaTree, options: EncodeXmlOptions = {}): Chunks {
  const w = new XmlWriter(schema, options);
  // With content=nonconfig, emptiness is known only after a subtree is built: no streaming then.
  if (w.content === 'nonconfig') w.hold = 1;
  const selection: Selection = options.fields ?? true;
  const access = options.access ?? true;
  const { wrapper } = options;
  let extra = w.tagged ? WD_DECLARATION : '';
  if (wrapper !== undefined) {
    w.out += wrapperStart(wrapper, extra);
    extra = '';
  }
  const inherited = wrapper?.namespace;
  if ('slots' in target) {
    const tags = tagsFor(schema, slotTableOf(target.schema).nodes, inherited, extra);
    yield* streamChildren(w, target, target.schema, 0, selection, tags, access);
  } else {
    const { schema: node, value } = target;
    const { starts, ends } = tagsFor(schema, [node], inherited, extra);
    const start = starts[0] as string;
    const end = ends[0] as string;
    if (value === undefined) {
      if (w.reportsAll) writeAbsent(w, node, start, end, 1, selection, access);
    } else if (node.kind === 'list') {
      yield* streamEntries(w, node, value as ListInstance | ListEntry, start, end, 1, selection, access);
    } else if (node.kind === 'container' && holdsLists(node)) {
      w.out += `${start}>`;
      yield* streamChildren(w, value as InstanceNode, node, 1, selection, tagsOf(schema, slotTableOf(node)), access);
      w.out += end;
    } else writeMember(w, node, value, start, end, undefined, 0, 1, selection, access);
  }
  if (wrapper !== undefined) w.out += `</${wrapper.name}>`;
  if (w.out.length > 0) yield w.out;
}

/** The whole XML text of {@link encodeXml}. */
export const encodeXmlString = (target: EncodeTarget, schema: SchemaTree, options: EncodeXmlOptions = {}): string => {
  const chunks: string[] = [];
  for (const chunk of encodeXml(target, schema, options)) chunks.push(chunk);
  return chunks.join('');
};
