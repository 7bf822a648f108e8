/**
 * @module restconf/body-wrapper
 * The wrappers a request body may come in, as pure functions over parsed JSON. RFC 8040 wraps
 * a datastore-level body in `ietf-restconf:data` and operation input in `module:input`; the
 * identity service's clients also send `data` or `config` around a datastore, and action input
 * as `input` or with no wrapper at all.
 *
 * XML needs the same decisions on elements: a datastore body's root is `data` (the
 * ietf-restconf namespace, or none) or `config`; operation input's root is `input` (the
 * operation's namespace, or none). XML has exactly one root, so input without a wrapper cannot
 * occur there.
 * @see RFC 8040 §4.5 (PUT on the datastore), §4.6.1 (plain PATCH), §3.6.1 (input); docs/restconf.md
 */
import { MalformedMessageError } from '../errors/index.ts';
import type { OperationNode } from '../yang/index.ts';

/** Member names accepted around a datastore-level body; the first is RFC 8040's. @see RFC 8040 §4.5 */
export const DATASTORE_WRAPPERS: readonly string[] = ['ietf-restconf:data', 'data', 'config'];

/** A JSON object as JSON.parse returns it. */
export type JsonObject = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;

// The value of a lone wrapper member, or undefined when the body is not wrapped in one of `names`.
// With `siblingsMeanUnwrapped`, a wrapper name beside other members is taken as a node of the unwrapped body.
const unwrap = (
  body: JsonObject,
  names: readonly string[],
  what: string,
  siblingsMeanUnwrapped = false,
): JsonObject | undefined => {
  const keys = Object.keys(body);
  const wrapper = keys.find((key) => names.includes(key));
  if (wrapper === undefined) return undefined;
  if (keys.length > 1) {
    if (siblingsMeanUnwrapped) return undefined;
    throw new MalformedMessageError(`the ${what} wrapper "${wrapper}" must be the only member of the body`);
  }
  const inner = body[wrapper];
  if (!isObject(inner)) throw new MalformedMessageError(`"${wrapper}" must be a JSON object, not ${kindOf(inner)}`);
  return inner;
};

/**
 * The top-level members of a PUT or plain PATCH on the datastore resource: the content of an
 * `ietf-restconf:data`, `data` or `config` wrapper, or the body itself when it is not wrapped.
 * @see RFC 8040 §4.5, §4.6.1
 */
export const unwrapDatastoreBody = (body: unknown): JsonObject => {
  if (!isObject(body)) throw new MalformedMessageError(`the body must be a JSON object, not ${kindOf(body)}`);
  return unwrap(body, DATASTORE_WRAPPERS, 'datastore') ?? body;
};

/**
 * The members of an RPC's or action's input: the content of `module:input` or `input`, the
 * body itself when it has neither (its members are then the input's nodes), and `{}` when
 * there is no body. A lone `input` member is always the wrapper; beside other members it is
 * the input's own node of that name, if the input has one. @see RFC 8040 §3.6.1, RFC 7951 §4
 */
export const unwrapOperationInput = (body: unknown, operation: OperationNode): JsonObject => {
  if (body === undefined) return {};
  if (!isObject(body)) throw new MalformedMessageError(`the input must be a JSON object, not ${kindOf(body)}`);
  const hasInputNode = operation.input.dataChildIndex.has('input');
  return unwrap(body, [`${operation.module}:input`, 'input'], 'input', hasInputNode) ?? body;
};
