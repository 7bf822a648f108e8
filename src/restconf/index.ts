/**
 * @module restconf
 * The RESTCONF front-end (RFC 8040): request parsing (resource paths, query parameters, body
 * wrappers) so far. See DESIGN §3. May import: util, errors, xpath, yang, data, datastore, nacm,
 * auth, management, http (each through its index.ts).
 */
export type { ApiPathSegment } from './api-path-syntax.ts';
export { parseApiPathSegment, splitApiPath, splitKeyValues } from './api-path-syntax.ts';
export type { JsonObject } from './body-wrapper.ts';
export { DATASTORE_WRAPPERS, unwrapDatastoreBody, unwrapOperationInput } from './body-wrapper.ts';
export type { DataResourcePathOptions } from './data-resource-path.ts';
export { parseDataResourcePath } from './data-resource-path.ts';
export type { Insertion, InsertionContext, InsertWhere } from './insertion.ts';
export { checkInsertedNode, parseInsertion, samePath } from './insertion.ts';
export { parseOperationsPath } from './operations-path.ts';
export { percentDecode } from './percent-decoding.ts';
export type { QueryContext, QueryParameterName, RestconfMethod, RestconfQuery } from './query-parameters.ts';
export { parseQuery, QUERY_PARAMETER_METHODS } from './query-parameters.ts';
export type { QueryPair } from './query-string.ts';
export { splitQueryString } from './query-string.ts';
export type {
  ActionTarget,
  ApiTarget,
  DataNodeTarget,
  DataResourceTarget,
  DatastoreTarget,
  OperationsResourceTarget,
  OperationTarget,
  ResourceTarget,
  RpcTarget,
} from './resource-target.ts';
export { operationPathText } from './resource-target.ts';
export { uriValueContext } from './uri-value.ts';
