/**
 * @module restconf/body-decoding
 * Request bodies to instance data, in JSON or XML: the children of a target (POST, PUT, plain
 * PATCH), a whole datastore (PUT and PATCH on `/data`, with the wrappers the identity service's
 * clients send) and operation input (with or without its `input` wrapper).
 * @see RFC 8040 §3.6.1, §4.4–4.6; RFC 7951; RFC 7950 §7; docs/restconf.md (body wrappers)
 */
import type {
  DataSchemaNode,
  DataTree,
  InnerSchemaNode,
  InstanceNode,
  InstancePath,
  OperationData,
  Slot,
} from '../data/index.ts';
import {
  decodedTarget,
  decodeJson,
  decodeJsonText,
  decodeXml,
  decodeXmlDocument,
  parseJsonText,
  topLevelNames as topLevelNamesOf,
} from '../data/index.ts';
import { InvalidValueError } from '../errors/index.ts';
import type { OperationNode, SchemaNode, SchemaTree } from '../yang/index.ts';
import { unwrapDatastoreBody, unwrapOperationInput } from './body-wrapper.ts';
import type { Encoding } from './media-types.ts';

/** A request body as read: its text and encoding. */
export interface RequestBody {
  readonly encoding: Encoding;
  readonly text: string;
}

/** True when the body is empty or only white space. */
export const isEmptyBody = (body: RequestBody | undefined): boolean => body === undefined || body.text.trim() === '';

/** The body of a write, which must be there: 400 invalid-value otherwise. @see RFC 8040 §4.5 */
const requireBody = (body: RequestBody | undefined, what: string): RequestBody => {
  if (body === undefined || isEmptyBody(body)) throw new InvalidValueError(`the request needs a body: ${what}`);
  return body;
};

/**
 * Decodes configuration nodes that are children of `parent` (at `parentPath`). In JSON every
 * top-level member is module-qualified (RFC 7951 §4; `{"album": …}` is 400 malformed-message,
 * naming `example-jukebox:album`). In XML an element in no namespace at the top takes the
 * parent's module (a tolerance; elements with a namespace are read as they say).
 */
export const decodeChildren = <S extends InnerSchemaNode>(
  parent: S,
  parentPath: InstancePath,
  body: RequestBody | undefined,
  schema: SchemaTree,
): InstanceNode<S> => {
  const { encoding, text } = requireBody(body, 'the data to write');
  const options = { schema, config: true, path: parentPath, qualifiedTop: encoding === 'json' };
  return encoding === 'json' ? decodeJsonText(parent, text, options) : decodeXml(parent, text, options);
};

/**
 * The local names of the top-level members of a body (JSON) or of its first element (XML):
 * what tells an empty non-presence container, which decodes to nothing, from a missing one.
 */
export const topLevelNames = (body: RequestBody | undefined): readonly string[] =>
  body === undefined ? [] : topLevelNamesOf(body.encoding, body.text);

/**
 * The target's instance in `decoded` (its parent's decoded children), which must hold the target
 * node and nothing else. `given` names the body's top-level members: an empty non-presence
 * container decodes to nothing, and counts as given when its name is there.
 */
export const targetSlot = (
  decoded: InstanceNode,
  node: DataSchemaNode,
  path: InstancePath,
  given: readonly string[] = [],
): Slot => decodedTarget(decoded, node, path, given, 'value');

/** Decodes a whole datastore for PUT or PATCH on `/data`, unwrapping `ietf-restconf:data`, `data` or `config`. */
export const decodeDatastoreBody = (body: RequestBody | undefined, schema: SchemaTree): DataTree => {
  const { encoding, text } = requireBody(body, 'the datastore content');
  if (encoding === 'json')
    return decodeJson(schema, unwrapDatastoreBody(parseJsonText(text)), { schema, config: true });
  return decodeXmlDocument(schema, text, { schema, config: true });
};

/** Integer types whose JSON form is a number (RFC 7951 §6.1); int64 and uint64 are strings anyway. */
const NUMBER_TYPES: ReadonlySet<string> = new Set(['int8', 'int16', 'int32', 'uint8', 'uint16', 'uint32']);

/**
 * Input members of integer leaves written as strings (`"fixed-number": "5"`, as in the
 * identity service's documentation) become numbers; everything else is left to the decoder.
 */
const coerceIntegers = (children: ReadonlyMap<string, SchemaNode>, raw: Readonly<Record<string, unknown>>) => {
  const out: Record<string, unknown> = {};
  for (const [member, value] of Object.entries(raw)) {
    const child = children.get(member);
    const integer =
      child?.kind === 'leaf' &&
      NUMBER_TYPES.has(child.type.base) &&
      typeof value === 'string' &&
      /^-?\d{1,10}$/.test(value);
    Object.defineProperty(out, member, {
      value: integer ? Number(value) : value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
};

/** Decodes the input of `operation`; no body is an empty input. @see RFC 8040 §3.6.1 */
export const decodeOperationInput = (
  operation: OperationNode,
  body: RequestBody | undefined,
  schema: SchemaTree,
): OperationData => {
  const options = { schema, qualifiedTop: false };
  if (body === undefined || isEmptyBody(body)) return decodeJson(operation.input, {}, options);
  if (body.encoding === 'xml') return decodeXmlDocument(operation.input, body.text, options);
  const members = unwrapOperationInput(parseJsonText(body.text), operation);
  return decodeJson(operation.input, coerceIntegers(operation.input.dataChildIndex, members), options);
};
