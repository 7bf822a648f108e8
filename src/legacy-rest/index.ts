/**
 * @module legacy-rest
 * The legacy REST API front-end at `/admin/api/rest` (the Tail-f ConfD REST dialect): paths,
 * query parameters, media types, the error envelope and the rendering decisions. Re-exports only.
 * See DESIGN §3. May import: util, errors, xpath, yang, data, datastore, nacm, auth, management,
 * http (never restconf).
 */
export { offeredRpcs, renderApiRoot, renderApiRootJson, renderApiRootXml, rpcLinks } from './api-root.ts';
export type { LegacyErrorJson } from './error-response.ts';
export {
  legacyErrorEntry,
  legacyErrorRenderer,
  renderLegacyErrors,
  renderLegacyErrorsJson,
  renderLegacyErrorsXml,
  writeLegacyErrors,
} from './error-response.ts';
export { formatKeypath, formatLegacyUrl, keysSegment, nodeSegment, pathValueText } from './format-path.ts';
export { resolveInsertPoint } from './insert-point.ts';
export { annotateJsonObject, renderLegacyJson } from './json-representation.ts';
export type { LegacyDatastore, LegacyFormat } from './legacy-names.ts';
export {
  LEGACY_API_VERSION,
  LEGACY_REST_ROOT,
  TAILF_CONFIG_NAMESPACE,
  TAILF_REST_ERROR_NAMESPACE,
  TAILF_REST_NAMESPACE,
} from './legacy-names.ts';
export type { LegacyRestRoutesOptions } from './legacy-rest-routes.ts';
export { legacyRestRoutes } from './legacy-rest-routes.ts';
export type { LegacyMediaKind, LegacyRepresentation } from './media-types.ts';
export {
  errorFormatOf,
  isCollectionPath,
  legacyMediaType,
  negotiateRepresentation,
  ROLLBACK_FILE_MEDIA_TYPE,
  requestBodyFormat,
  responseKindOf,
} from './media-types.ts';
export { allowedMethods, checkMethod } from './methods.ts';
export { actionsOf, datastoreOperationLinks, operationLinksOf } from './operation-links.ts';
export type { PathSegment } from './path-segments.ts';
export { encodeSegmentValue, percentDecode, splitPath } from './path-segments.ts';
export type { DepthMode, InsertWhere, LegacyQuery } from './query-parameters.ts';
export { parseLegacyQuery, parseQueryString } from './query-parameters.ts';
export {
  childSelection,
  LEGACY_DEFAULT_WITH_DEFAULTS,
  legacyReadOptions,
  selectSelection,
  shallowSelector,
  variableSelector,
} from './read-plan.ts';
export type { LegacyRead, ReadableResource } from './read-representation.ts';
export { pageOfList, renderLegacyRead, renderLegacyReadString } from './read-representation.ts';
export type { Annotations, ReadShape, ReadTarget } from './read-target.ts';
export { normalizeLegacyJson, stripLegacyXml } from './request-bodies.ts';
export type { LegacyResource, LegacyResourceKind } from './resource-path.ts';
export { resolveLegacyPath } from './resource-path.ts';
export type { RollbackFileInfo, RollbackRequest } from './rollback-files.ts';
export {
  formatRollbackDate,
  parseRollbackRequest,
  renderRollbackList,
  renderRollbackListJson,
  renderRollbackListXml,
} from './rollback-files.ts';
export { renderRollbackFile, rollbackFileHeader } from './rollback-text.ts';
export type { SelectItem, SelectMap, SelectSpec } from './select-expression.ts';
export { parseSelect } from './select-expression.ts';
export {
  annotateXmlElement,
  LEGACY_COLLECTION_WRAPPER,
  LEGACY_DATA_WRAPPER,
  renderLegacyXml,
} from './xml-representation.ts';
