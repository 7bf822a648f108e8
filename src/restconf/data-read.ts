/**
 * @module restconf/data-read
 * GET and HEAD of a datastore resource (`/data`, or an NMDA datastore below `/ds`) and its data
 * resources: the datastore (configuration, with the state of every provider where the datastore
 * holds state), one node, one list entry or leaf-list value, or every entry of a list,
 * encoded as the client accepts and streamed chunk by chunk. Configuration resources carry
 * ETag and Last-Modified and honour conditional requests.
 * @see RFC 8040 §3.3, §3.5, §4.2, §4.3, §4.8; RFC 8527 §3.1, §3.2.1
 */
import type { EncodeTarget, ReadOptions, Slot } from '../data/index.ts';
import {
  encodeJson,
  encodeJsonString,
  encodeXml,
  encodeXmlString,
  formatInstancePath,
  instanceExists,
  RESTCONF_DATA_WRAPPER,
} from '../data/index.ts';
import { ResourceNotFoundError } from '../errors/index.ts';
import { evaluatePreconditions, versionHeaders, writeChunks, writeEmpty, writeText } from '../http/index.ts';
import type { YangValue } from '../yang/index.ts';
import { managementContentIn, readOptionsIn } from './datastore-resources.ts';
import { readListPage } from './list-page-read.ts';
import type { Encoding } from './media-types.ts';
import { dataMediaType, responseEncoding } from './media-types.ts';
import type { RestconfQuery } from './query-parameters.ts';
import type { DataNodeTarget, DatastoreTarget } from './resource-target.ts';
import type { RestconfExchange } from './restconf-exchange.ts';

/** True for a list without keys or a leaf-list without a value: every entry. */
export const isCollection = (target: DataNodeTarget): boolean => {
  const step = target.path.at(-1);
  return (
    (target.node.kind === 'list' && step?.keys === undefined) ||
    (target.node.kind === 'leaf-list' && step?.value === undefined)
  );
};

const encodeTargetOf = (target: DataNodeTarget, value: Slot): EncodeTarget => {
  const step = target.path.at(-1);
  // One leaf-list value is encoded as a one-value leaf-list.
  if (target.node.kind === 'leaf-list' && step?.value !== undefined && value !== undefined)
    return { schema: target.node, value: [value as YangValue] };
  return { schema: target.node, value };
};

/**
 * A leaf or leaf-list target reports the default in use when it is not set, whatever the basic
 * mode, unless the client asked for a with-defaults mode. @see RFC 8040 §3.5.4
 */
const defaultsOfTerminal = (target: DatastoreTarget | DataNodeTarget, options: ReadOptions): ReadOptions =>
  options.withDefaults === undefined &&
  target.kind === 'data' &&
  (target.node.kind === 'leaf' || target.node.kind === 'leaf-list')
    ? { ...options, withDefaults: 'report-all' }
    : options;

/** Answers GET or HEAD of the datastore or a data node. */
export const readData = async (
  exchange: RestconfExchange,
  target: DatastoreTarget | DataNodeTarget,
  query: RestconfQuery,
): Promise<void> => {
  if (query.pagination !== undefined && target.kind === 'data' && isCollection(target)) {
    const { node } = target;
    if (node.kind === 'list' || node.kind === 'leaf-list')
      return readListPage(exchange, { ...target, node }, query.read, query.pagination);
  }
  const encoding = responseEncoding(exchange.request);
  const { schema } = exchange;
  const { datastore } = exchange;
  // RFC 8040 §3.5.4's default of an unset leaf belongs to `/data`; a conventional NMDA datastore
  // holds only what is configured, and operational reports values in use by itself.
  const inDatastore = readOptionsIn(datastore, query.read);
  let options = datastore.name === 'data' ? defaultsOfTerminal(target, inDatastore) : inDatastore;
  const result = await exchange.management.read(exchange.session, target.path, {
    content: managementContentIn(datastore, options.content),
  });
  // What NACM lets the user see: the encoders leave the rest out. @see RFC 8341 §3.4.5
  if (result.access !== true) options = { ...options, access: result.access };
  const encodeTarget: EncodeTarget = target.kind === 'datastore' ? result.root : encodeTargetOf(target, result.value);
  // XML has one root element: the datastore, and a whole list or leaf-list, are wrapped in RESTCONF's `data`.
  const wrapped = target.kind === 'datastore' || isCollection(target);
  const xmlOptions = wrapped ? { ...options, wrapper: RESTCONF_DATA_WRAPPER } : options;
  let body: string | undefined;
  if (result.value === undefined) {
    const notFound = (): ResourceNotFoundError =>
      new ResourceNotFoundError(`no data at ${formatInstancePath(target.path)}`, {
        path: formatInstancePath(target.path),
      });
    // Defaults are in use only where the parent exists (every list entry and presence container on the way).
    if (target.kind === 'data' && !instanceExists(result.root, target.path.slice(0, -1))) throw notFound();
    // An absent node may still have defaults to report (with-defaults=report-all).
    body =
      encoding === 'json'
        ? encodeJsonString(encodeTarget, schema, options)
        : encodeXmlString(encodeTarget, schema, xmlOptions);
    if (isEmptyDocument(body, encoding)) throw notFound();
  }
  const state = { exists: true, version: result.version };
  const headers = { 'Content-Type': dataMediaType(encoding), ...versionHeaders(result.version) };
  if (evaluatePreconditions(exchange.request, state) === 'not-modified') {
    writeEmpty(exchange.response, 304, versionHeaders(result.version));
    return;
  }
  if (body !== undefined) {
    writeText(exchange.request, exchange.response, 200, headers, body);
    return;
  }
  // HEAD encodes too: a body small enough to go out whole has its Content-Length in the headers.
  const chunks =
    encoding === 'json'
      ? target.kind === 'datastore'
        ? wrapJson(encodeJson(encodeTarget, schema, options))
        : encodeJson(encodeTarget, schema, options)
      : encodeXml(encodeTarget, schema, xmlOptions);
  await writeChunks(exchange.request, exchange.response, 200, headers, chunks);
};

/**
 * The datastore in JSON: its top-level nodes inside `ietf-restconf:data`, the JSON form of the
 * XML document's `data` root element. @see RFC 8040 §3.3.1, RFC 7951 §4
 */
function* wrapJson(chunks: Iterable<string>): Generator<string, void, undefined> {
  yield '{"ietf-restconf:data":';
  yield* chunks;
  yield '}';
}

const isEmptyDocument = (body: string, encoding: Encoding): boolean =>
  encoding === 'json'
    ? body.trim() === '{}' || body.trim() === ''
    : !/<[A-Za-z_]/.test(body.replace(/^<data[^>]*>/, ''));
