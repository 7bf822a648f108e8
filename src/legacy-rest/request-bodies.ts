/**
 * @module legacy-rest/request-bodies
 * Legacy request bodies made ready for the data decoders: a datastore body may come wrapped in
 * `data`, `config` or `ietf-restconf:data`, or bare; a list entry may be an object instead of a
 * one-element array; and bodies read back from this API carry annotations (`operations` links,
 * `_self`/`_path`, `y:*` attributes and elements) that are not data and are dropped.
 * @see shared/spec/legacy-rest.md Decision 3, §5.3, §14 (restore)
 */
import type { InnerSchemaNode } from '../data/index.ts';
import { TAILF_REST_NAMESPACE } from './legacy-names.ts';
import type { XmlTreeElement } from './xml-tree.ts';
import { parseXmlTree, serializeXmlElement } from './xml-tree.ts';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON wrappers of a whole datastore. @see spec Decision 3 */
const DATASTORE_WRAPPERS: readonly string[] = ['data', 'config', 'ietf-restconf:data'];

/** Members the legacy representations add that are never data (unless the schema has a node of that name). */
const ANNOTATION_MEMBERS: readonly string[] = ['_self', '_path', 'operations'];

const normalizeObject = (object: JsonObject, node: InnerSchemaNode): JsonObject => {
  const module = 'kind' in node ? node.module : undefined;
  const out: JsonObject = {};
  for (const [member, value] of Object.entries(object)) {
    const child = node.dataChildIndex.get(member.includes(':') ? member : `${module ?? ''}:${member}`);
    if (child === undefined) {
      if (!ANNOTATION_MEMBERS.includes(member)) out[member] = value;
      continue;
    }
    if (child.kind === 'container' && isObject(value)) {
      out[member] = normalizeObject(value, child);
    } else if (child.kind === 'list' && (Array.isArray(value) || isObject(value))) {
      const entries: unknown[] = Array.isArray(value) ? value : [value];
      out[member] = entries.map((entry) => (isObject(entry) ? normalizeObject(entry, child) : entry));
    } else out[member] = value;
  }
  return out;
};

/**
 * A parsed JSON body for children of `parent` (the schema itself for a datastore write) made
 * ready for `decodeJson`: datastore wrappers removed, list entries given as objects turned into
 * arrays, annotation members dropped. Anything else is left for the decoder to judge.
 * @see spec Decision 3, §5.3
 */
export const normalizeLegacyJson = (body: unknown, parent: InnerSchemaNode): unknown => {
  if (!isObject(body)) return body;
  let object = body;
  if (!('kind' in parent)) {
    const members = Object.keys(object);
    const wrapper = members.length === 1 ? members[0] : undefined;
    const inner = wrapper === undefined ? undefined : object[wrapper];
    if (wrapper !== undefined && DATASTORE_WRAPPERS.includes(wrapper) && isObject(inner)) object = inner;
  }
  return normalizeObject(object, parent);
};

const stripElement = (element: XmlTreeElement): void => {
  for (let index = element.attributes.length - 1; index >= 0; index--) {
    if (element.attributes[index]?.uri === TAILF_REST_NAMESPACE) element.attributes.splice(index, 1);
  }
  for (let index = element.content.length - 1; index >= 0; index--) {
    const part = element.content[index];
    if (part === undefined || typeof part === 'string') continue;
    if (part.uri === TAILF_REST_NAMESPACE) element.content.splice(index, 1);
    else stripElement(part);
  }
};

/**
 * An XML body without the legacy annotations: `y:*` attributes and elements in the Tail-f REST
 * namespace (`<y:operations>`) below the root are removed; the root itself (the `<data>` of a
 * datastore) stays. Throws MalformedMessageError for text that is not well-formed. @see spec §5.6, §5.7
 */
export const stripLegacyXml = (text: string): string => {
  if (!text.includes(TAILF_REST_NAMESPACE)) return text;
  const roots = parseXmlTree(text);
  for (const root of roots) stripElement(root);
  return roots.map(serializeXmlElement).join('');
};
