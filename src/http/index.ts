/**
 * @module http
 * Server plumbing: routing, TLS, body limits, content negotiation, the error → status table.
 * May import: util, errors, auth.
 */
export type { AcceptEntry } from './accept.ts';
export { negotiate, parseAccept } from './accept.ts';
export { BASIC_CHALLENGE, formatChallenge, parseAuthorization, REALM } from './authenticate-header.ts';
export type { AuthenticatedRouteHandler } from './authenticate-request.ts';
export { authenticateRequest, rememberedPrincipal, withAuthentication } from './authenticate-request.ts';
export type { PreconditionOutcome, ResourceState, ResourceVersion } from './conditional-request.ts';
export { entityTag, evaluatePreconditions, lastModified, versionHeaders } from './conditional-request.ts';
export { renderRestconfErrors, restconfErrorRenderer, writeErrorHead } from './default-error-renderer.ts';
export { httpStatusOf, STATUS_BY_CODE, STATUS_BY_TAG } from './error-status.ts';
export type { NamespaceOf, RestconfErrorJson } from './errors-document.ts';
export {
  errorPathXml,
  errorsJson,
  errorXml,
  RESTCONF_NAMESPACE,
  renderErrorsJson,
  renderErrorsXml,
} from './errors-document.ts';
export { EventStreamKeepAlive, KEEP_ALIVE_INTERVAL_MS } from './event-stream-keep-alive.ts';
export type { FastRoutes } from './fast-route.ts';
export { FAST_ROUTES } from './fast-route.ts';
export type { ForwardedHeader } from './forwarded-for.ts';
export { HOST_META_MEDIA_TYPE, renderHostMeta } from './host-meta.ts';
export type { ManagementServerOptions, TlsCredentials } from './management-server.ts';
export { ManagementServer } from './management-server.ts';
export type { MediaType } from './media-type.ts';
export { essenceOf, parseMediaType, syntaxOf } from './media-type.ts';
export {
  DEFAULT_BODY_LIMIT,
  joinParts,
  readRequestBody,
  readRequestText,
  readRequestTextParts,
} from './request-body.ts';
export { WHOLE_BODY_LIMIT, writeChunks, writeEmpty, writeText } from './response-writer.ts';
export type { ErrorRenderer, FastRouteHandler, RequestContext, Route, RouteHandler } from './route.ts';
export { Router } from './router.ts';
export type { ServerSentEvent } from './server-sent-events.ts';
export {
  EVENT_STREAM_MEDIA_TYPE,
  formatServerSentEvent,
  lastEventIdOf,
  openEventStream,
  SERVER_SENT_COMMENT,
} from './server-sent-events.ts';
export { answerStoredRead, isPlainStoredGet } from './stored-read-answer.ts';
export type { TrustedProxiesOptions } from './trusted-proxies.ts';
export { TrustedProxies, TrustedProxyError } from './trusted-proxies.ts';
