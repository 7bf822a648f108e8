/**
 * @module http/default-error-renderer
 * Renders errors as RESTCONF `errors` in the media type the client accepts. Where the client's
 * Accept leaves the choice open (no Accept, `*\/*`, or nothing we produce), the encoding of the
 * request body decides (its Content-Type), and JSON when there is none.
 * @see RFC 8040 §5.2, §7.1
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AuthenticationRequiredError, InsufficientScopeError, MethodNotAllowedError } from '../errors/index.ts';
import { negotiate } from './accept.ts';
import { BASIC_CHALLENGE, formatChallenge } from './authenticate-header.ts';
import { httpStatusOf } from './error-status.ts';
import type { NamespaceOf } from './errors-document.ts';
import { renderErrorsJson, renderErrorsXml } from './errors-document.ts';
import { syntaxOf } from './media-type.ts';
import type { ErrorRenderer } from './route.ts';

const JSON_TYPE = 'application/yang-data+json';
const XML_TYPE = 'application/yang-data+xml';

// Ties in the client's Accept go to the earlier offer: the request body's encoding first.
const JSON_FIRST: readonly string[] = [JSON_TYPE, XML_TYPE, 'application/json', 'application/xml'];
const XML_FIRST: readonly string[] = [XML_TYPE, JSON_TYPE, 'application/xml', 'application/json'];

/**
 * True when an error answer to `request` is best written in XML: the client prefers XML, or
 * accepts both encodings alike (or neither) and sent an XML body. @see RFC 8040 §5.2, §7.1
 */
const errorsInXml = (request: IncomingMessage): boolean => {
  const xmlBody = syntaxOf(request.headers['content-type']) === 'xml';
  // An error must reach the client even when its Accept names nothing we produce.
  const mediaType = negotiate(request.headers.accept, xmlBody ? XML_FIRST : JSON_FIRST);
  return mediaType === undefined ? xmlBody : mediaType === XML_TYPE || mediaType === 'application/xml';
};

/**
 * The renderer of RESTCONF errors: status, headers and the errors document, the status that of
 * the first error. `namespaceOf` gives the namespaces that XML error-paths declare.
 */
export const restconfErrorRenderer =
  (namespaceOf?: NamespaceOf): ErrorRenderer =>
  (request, response, errors) => {
    const first = errors[0];
    if (first === undefined) throw new TypeError('renderRestconfErrors needs at least one error');
    const status = httpStatusOf(first);
    const xml = errorsInXml(request);
    const body = status === 304 ? '' : xml ? renderErrorsXml(errors, namespaceOf) : renderErrorsJson(errors);
    writeErrorHead(response, status, errors);
    if (status !== 304) response.setHeader('Content-Type', xml ? XML_TYPE : JSON_TYPE);
    response.end(request.method === 'HEAD' ? undefined : body);
  };

/** Renders errors that no front-end claims (no schema: error-paths declare no namespaces). */
export const renderRestconfErrors: ErrorRenderer = restconfErrorRenderer();

/** Sets the status and the headers that some errors require (Allow, WWW-Authenticate, Retry-After). */
export const writeErrorHead = (response: ServerResponse, status: number, errors: readonly unknown[]): void => {
  response.statusCode = status;
  response.setHeader('Cache-Control', 'no-cache');
  const first = errors[0];
  if (first instanceof MethodNotAllowedError) response.setHeader('Allow', first.allow.join(', '));
  const challenges =
    first instanceof AuthenticationRequiredError || first instanceof InsufficientScopeError
      ? first.challenges
      : undefined;
  // One header line per challenge, so that clients need not split a list of challenges.
  if (challenges !== undefined) response.setHeader('WWW-Authenticate', challenges.map(formatChallenge));
  else if (status === 401) response.setHeader('WWW-Authenticate', BASIC_CHALLENGE);
  const retry = first instanceof Error && 'retryAfterSeconds' in first ? first.retryAfterSeconds : undefined;
  if (typeof retry === 'number') response.setHeader('Retry-After', String(Math.ceil(retry)));
};
