/**
 * @module restconf
 * The RESTCONF front-end (RFC 8040, RFC 8072, RFC 8527): request parsing (resource paths, query
 * parameters, body wrappers) and the handlers of every resource, mounted as `restconfRoutes`. See DESIGN §3. May import: util, errors, xpath, yang, data, datastore, nacm,
 * auth, management, http (each through its index.ts).
 */

export { ACCEPT_PATCH, dataMethods } from './allowed-methods.ts';
export type { ApiPathSegment } from './api-path-syntax.ts';
export { parseApiPathSegment, splitApiPath, splitKeyValues } from './api-path-syntax.ts';
export { YANG_LIBRARY_VERSION } from './api-resources.ts';
export type { JsonObject } from './body-wrapper.ts';
export { DATASTORE_WRAPPERS, unwrapDatastoreBody, unwrapOperationInput } from './body-wrapper.ts';
export type { DataResourcePathOptions } from './data-resource-path.ts';
export { parseDataResourcePath } from './data-resource-path.ts';
export { formatApiPath } from './format-api-path.ts';
export type { Insertion, InsertionContext, InsertWhere } from './insertion.ts';
export { checkInsertedNode, parseInsertion, samePath } from './insertion.ts';
export type { BodyType, Encoding } from './media-types.ts';
export { YANG_DATA_JSON, YANG_DATA_XML, YANG_MODULE, YANG_PATCH_JSON, YANG_PATCH_XML } from './media-types.ts';
export { NOTIFICATION_NAMESPACE } from './notification-encoding.ts';
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
export { RESTCONF_CAPABILITIES, restconfCapabilities, STREAM_CAPABILITIES } from './restconf-capabilities.ts';
export type { RestconfRoutesOptions } from './restconf-routes.ts';
export { RESTCONF_ROOT, restconfDataPathParser, restconfRoutes } from './restconf-routes.ts';
export { moduleFileName, restconfSchemaLocation } from './schema-download.ts';
export type { StreamQuery } from './stream-query.ts';
export { parseDateAndTime, parseStreamQuery } from './stream-query.ts';
export type { StreamTarget } from './stream-resource.ts';
export { STREAM_ENCODINGS, STREAMS_SEGMENT, streamPath } from './stream-resource.ts';
export { uriValueContext } from './uri-value.ts';
export { rollbackResultBody } from './write-result.ts';
export type { PatchEdit, YangPatch } from './yang-patch-document.ts';
export { parseYangPatchJson, parseYangPatchXml, YANG_PATCH_NAMESPACE } from './yang-patch-document.ts';
