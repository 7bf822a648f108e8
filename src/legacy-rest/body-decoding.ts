/**
 * @module legacy-rest/body-decoding
 * Legacy request bodies to instance data: the children of a target (POST, PUT, PATCH), a whole
 * datastore (PUT and PATCH on `/running`, with the `data`, `config` or `ietf-restconf:data`
 * wrapper or bare), and operation input (`input`, an element named after the operation, or
 * bare members). The annotations this API adds to what it returns are dropped first, so a body
 * read back from a GET can be written as it is.
 * @see shared/spec/legacy-rest.md Decisions 3, 5; §5.3, §8, §14
 */
import type {
  DataSchemaNode,
  DataTree,
  InnerSchemaNode,
  InstanceNode,
  InstancePath,
  InstancePathStep,
  LeafListValues,
  ListInstance,
  OperationData,
  Slot,
} from '../data/index.ts';
import {
  childrenOf,
  decodedTarget,
  decodeJson,
  decodeXml,
  decodeXmlDocument,
  formatInstancePath,
  keyValuesOf,
  parseJsonText,
  topLevelNames,
} from '../data/index.ts';
import { InvalidValueError, MalformedMessageError } from '../errors/index.ts';
import type { OperationNode, SchemaTree, YangValue } from '../yang/index.ts';
import type { LegacyBody } from './legacy-exchange.ts';
import { normalizeLegacyJson, stripLegacyXml } from './request-bodies.ts';
import { parseXmlTree, serializeXmlElement } from './xml-tree.ts';

const requireBody = (body: LegacyBody | undefined, what: string): LegacyBody => {
  if (body === undefined) throw new MalformedMessageError(`the request needs a body: ${what}`);
  return body;
};

/** The schema node whose instances hold the children of the instance at `path`. */
export const parentSchemaOf = (schema: SchemaTree, path: InstancePath): InnerSchemaNode =>
  path.length === 0 ? schema : ((path.at(-1) as InstancePathStep).schema as InnerSchemaNode);

/**
 * Decodes configuration nodes that are children of the instance at `parentPath`. Below the
 * datastore a name without a module belongs to the parent's module (RFC 7951 §4); a list entry
 * may be given as an object instead of a one-entry array. @see spec §5.3
 */
export const decodeLegacyChildren = (
  schema: SchemaTree,
  parentPath: InstancePath,
  body: LegacyBody | undefined,
): InstanceNode => {
  const { format, text } = requireBody(body, 'the data to write');
  const parent = parentSchemaOf(schema, parentPath);
  const options = { schema, config: true, path: parentPath, qualifiedTop: false };
  return format === 'json'
    ? decodeJson(parent, normalizeLegacyJson(parseJsonText(text), parent), options)
    : decodeXml(parent, stripLegacyXml(text), options);
};

/** Decodes a whole configuration for PUT or PATCH on `/running`. @see spec Decision 3, §14 */
export const decodeLegacyDatastore = (schema: SchemaTree, body: LegacyBody | undefined): DataTree => {
  const { format, text } = requireBody(body, 'the configuration');
  const options = { schema, config: true };
  return format === 'json'
    ? decodeJson(schema, normalizeLegacyJson(parseJsonText(text), schema), options)
    : decodeXmlDocument(schema, stripLegacyXml(text), options);
};

/**
 * The new value of a PUT or PATCH target from its parent's decoded children, which must hold the
 * target and nothing else (an empty non-presence container counts when its name is there). The
 * data layer checks that a list entry's keys are those of the path. @see spec §7 (PUT/PATCH body)
 */
export const targetValue = (decoded: InstanceNode, body: LegacyBody | undefined, path: InstancePath): Slot =>
  decodedTarget(
    decoded,
    (path.at(-1) as InstancePathStep).schema,
    path,
    body === undefined ? [] : topLevelNames(body.format, body.text),
    'body',
  );

/** What a POST creates: the one child in its body, and where it goes. */
export interface CreatedChild {
  readonly node: DataSchemaNode;
  readonly value: Slot;
  readonly path: InstancePath;
}

/** The one child (one list entry, one leaf-list value) a POST body creates below `parentPath`. @see spec §7 (POST) */
export const createdChild = (decoded: InstanceNode, parentPath: InstancePath): CreatedChild => {
  const children = [...childrenOf(decoded)];
  const [only] = children;
  const where = { path: parentPath.length === 0 ? '/' : formatInstancePath(parentPath) };
  if (only === undefined || children.length > 1)
    throw new InvalidValueError(
      `a POST body holds exactly one child to create, not ${
        only === undefined ? 'none' : children.map(([node]) => node.name).join(' and ')
      }`,
      where,
    );
  const [node, value] = only;
  if (node.kind === 'list') {
    const list = value as ListInstance;
    const [entry, ...more] = [...list.entries.values()];
    if (entry === undefined || more.length > 0)
      throw new InvalidValueError(`a POST creates one entry of list ${node.name}, not ${list.entries.size}`, {
        path: formatInstancePath([...parentPath, { schema: node }]),
      });
    return { node, value: entry, path: [...parentPath, { schema: node, keys: keyValuesOf(entry) }] };
  }
  if (node.kind === 'leaf-list') {
    const values = value as LeafListValues;
    const [first, ...more] = values;
    if (first === undefined || more.length > 0)
      throw new InvalidValueError(`a POST creates one value of leaf-list ${node.name}, not ${values.length}`, {
        path: formatInstancePath([...parentPath, { schema: node }]),
      });
    return { node, value: first, path: [...parentPath, { schema: node, value: first as YangValue }] };
  }
  return { node, value, path: [...parentPath, { schema: node }] };
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The XML input of `operation` with its root named `input` (ConfD also accepts the operation's own name). */
const inputDocument = (operation: OperationNode, text: string): string => {
  const roots = parseXmlTree(stripLegacyXml(text));
  const [root, ...others] = roots;
  if (root === undefined || others.length > 0)
    throw new MalformedMessageError(`the input must be one element, <input> or <${operation.name}>`);
  if (root.local !== operation.name || root.local === 'input') return serializeXmlElement(root);
  const prefix = root.name.includes(':') ? `${root.name.slice(0, root.name.indexOf(':'))}:` : '';
  return serializeXmlElement({ ...root, name: `${prefix}input`, local: 'input' });
};

/**
 * Decodes the input of an RPC or action: JSON `{"input": {…}}` (or `module:input`, or the input's
 * members bare), XML `<input>` or an element named after the operation; no body is an empty
 * input. @see spec §8
 */
export const decodeLegacyInput = (
  schema: SchemaTree,
  operation: OperationNode,
  body: LegacyBody | undefined,
): OperationData => {
  const options = { schema, qualifiedTop: false };
  if (body === undefined) return decodeJson(operation.input, {}, options);
  if (body.format === 'xml') return decodeXmlDocument(operation.input, inputDocument(operation, body.text), options);
  const json = parseJsonText(body.text);
  if (!isObject(json)) throw new MalformedMessageError('the input must be a JSON object like {"input": {…}}');
  const members = Object.keys(json);
  const wrapper = members.length === 1 ? members[0] : undefined;
  const wrapped =
    wrapper !== undefined &&
    (wrapper === `${operation.module}:input` || (wrapper === 'input' && !operation.input.dataChildIndex.has('input')));
  const input = wrapped ? json[wrapper] : json;
  if (!isObject(input)) throw new MalformedMessageError('"input" must be a JSON object');
  return decodeJson(operation.input, input, options);
};
