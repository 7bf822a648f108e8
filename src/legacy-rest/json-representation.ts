/**
 * @module legacy-rest/json-representation
 * Legacy JSON bodies of reads: a datastore as `{"data": {...}}`, a list as
 * `{"collection": {"module:list": [...]}}`, a list entry as an object (not a one-element
 * array), other nodes as their RFC 7951 member; plus the annotations: `operations` links on
 * nodes with actions, and with `verbose` a `_self` link on every container and entry and a
 * `_path` keypath on the target.
 * @see shared/spec/legacy-rest.md Decisions 3–4, §5.2–§5.7
 */
import type { EncodeJsonOptions, EncodeTarget, InnerSchemaNode } from '../data/index.ts';
import { encodeJson, encodeJsonString } from '../data/index.ts';
import { keysSegment, nodeSegment } from './format-path.ts';
import { datastoreOperationLinks, hasActionsAtOrBelow, operationLinksOf } from './operation-links.ts';
import type { Annotations, ReadTarget } from './read-target.ts';
import { insertBeforeEnd } from './read-target.ts';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether the walk must visit `node`'s subtree. */
const needsWalk = (node: InnerSchemaNode, annotations: Annotations): boolean =>
  annotations.verbose || (annotations.operations && hasActionsAtOrBelow(node));

/** The JSON text of a key value in a URL: RFC 7951 identityrefs are already `module:name`. */
const keyText = (value: unknown): string => (Array.isArray(value) ? '' : String(value));

/**
 * Annotates the object of an inner node at `url` (in place, returning a rebuilt object so that
 * `_self` comes first), recursing into its containers and list entries.
 */
export const annotateJsonObject = (
  object: JsonObject,
  node: InnerSchemaNode,
  url: string,
  annotations: Annotations,
  extra: JsonObject = {},
): JsonObject => {
  const { schema } = annotations;
  const module = 'kind' in node ? node.module : undefined;
  const out: JsonObject = annotations.verbose ? { _self: url, ...extra } : { ...extra };
  for (const [member, value] of Object.entries(object)) {
    out[member] = value;
    const colon = member.indexOf(':');
    const key = colon < 0 ? `${module ?? ''}:${member}` : member;
    const child = node.dataChildIndex.get(key);
    if (child === undefined || (child.kind !== 'container' && child.kind !== 'list')) continue;
    if (!needsWalk(child, annotations)) continue;
    const childUrl = `${url}/${nodeSegment(schema, child, module)}`;
    if (child.kind === 'container' && isObject(value)) {
      out[member] = annotateJsonObject(value, child, childUrl, annotations);
    } else if (child.kind === 'list' && Array.isArray(value)) {
      out[member] = value.map((entry) =>
        isObject(entry) && child.keys.length > 0
          ? annotateJsonObject(
              entry,
              child,
              `${childUrl}/${keysSegment(child.keys.map((leaf) => keyText(entry[leaf.name])))}`,
              annotations,
            )
          : isObject(entry) && annotations.operations
            ? annotateJsonObject(entry, child, childUrl, { ...annotations, verbose: false })
            : entry,
      );
    }
  }
  const links = annotations.operations ? operationLinksOf(node, url) : undefined;
  if (links !== undefined) out.operations = links;
  return out;
};

/** `{"m:list":[X]}` as `{"m:list":X}` when `text` has exactly that form (one entry); else undefined. */
export const unwrapOnlyEntry = (text: string, node: InnerSchemaNode): string | undefined => {
  if (!('module' in node)) return undefined;
  const prefix = `{${JSON.stringify(`${node.module}:${node.name}`)}:[{`;
  if (!text.startsWith(prefix) || !text.endsWith('}]}')) return undefined;
  return `${prefix.slice(0, -2)}${text.slice(prefix.length - 1, -2)}}`;
};

/**
 * The legacy JSON body of a read of `target` (encoded with `options`), as chunks. Without
 * annotations to add, the encoder's chunks stream through inside the wrapper; otherwise the
 * body is built, annotated and written at once. @see spec Decision 3, §5
 */
export function* renderLegacyJson(
  target: EncodeTarget,
  read: ReadTarget,
  options: EncodeJsonOptions,
  annotations: Annotations,
): Generator<string, void, undefined> {
  const { schema } = annotations;
  const node: InnerSchemaNode | undefined =
    'slots' in target
      ? target.schema
      : target.schema.kind === 'container' || target.schema.kind === 'list'
        ? target.schema
        : undefined;
  const datastoreLinks = read.shape === 'datastore' && read.running && annotations.operations;
  const walk = node !== undefined && needsWalk(node, annotations);
  if (!walk && read.shape !== 'entry') {
    const prefix = read.shape === 'datastore' ? '{"data":' : read.shape === 'collection' ? '{"collection":' : '';
    if (prefix !== '') yield prefix;
    const chunks = encodeJson(target, schema, options);
    if (datastoreLinks) {
      const links = JSON.stringify(datastoreOperationLinks());
      yield* insertBeforeEnd(chunks, '}', (empty) => `${empty ? '' : ','}"operations":${links}`);
    } else yield* chunks;
    if (prefix !== '') yield '}';
    return;
  }
  const text = encodeJsonString(target, schema, options);
  // One list entry without annotations: the encoder's `{"m:list":[{…}]}` less the brackets, unparsed.
  const single = !walk && read.shape === 'entry' && node !== undefined ? unwrapOnlyEntry(text, node) : undefined;
  if (single !== undefined) {
    yield single;
    return;
  }
  const body = JSON.parse(text) as JsonObject;
  const path = annotations.verbose ? { _path: read.keypath } : {};
  if (read.shape === 'datastore') {
    let data = node === undefined ? body : annotateJsonObject(body, node, read.url, annotations, path);
    if (datastoreLinks) data = { ...data, operations: datastoreOperationLinks() };
    yield JSON.stringify({ data });
    return;
  }
  const [member, value] = Object.entries(body)[0] ?? [];
  if (member === undefined || node === undefined) {
    yield JSON.stringify(read.shape === 'collection' ? { collection: body } : body);
    return;
  }
  if (read.shape === 'collection') {
    const list = 'kind' in node && node.kind === 'list' ? node : undefined;
    const entries = (value as unknown[]).map((entry) =>
      !walk || !isObject(entry) || list === undefined
        ? entry
        : list.keys.length > 0
          ? annotateJsonObject(
              entry,
              list,
              `${read.url}/${keysSegment(list.keys.map((leaf) => keyText(entry[leaf.name])))}`,
              annotations,
            )
          : annotateJsonObject(entry, list, read.url, { ...annotations, verbose: false }),
    );
    yield JSON.stringify({ collection: { [member]: entries } });
    return;
  }
  const object = read.shape === 'entry' ? (value as unknown[])[0] : value;
  if (!isObject(object)) {
    yield JSON.stringify({ [member]: object });
    return;
  }
  yield JSON.stringify({ [member]: walk ? annotateJsonObject(object, node, read.url, annotations, path) : object });
}
