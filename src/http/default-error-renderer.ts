/**
 * @module http/default-error-renderer
 * Renders errors as RESTCONF `errors` in the media type the client accepts (JSON by default).
 */
import type { ServerResponse } from 'node:http';
import { AuthenticationRequiredError, InsufficientScopeError, MethodNotAllowedError } from '../errors/index.ts';
import { negotiate } from './accept.ts';
import { BASIC_CHALLENGE, formatChallenge } from './authenticate-header.ts';
import { httpStatusOf } from './error-status.ts';
import { renderErrorsJson, renderErrorsXml } from './errors-document.ts';
import type { ErrorRenderer } from './route.ts';

const JSON_TYPE = 'application/yang-data+json';
const XML_TYPE = 'application/yang-data+xml';

const ERROR_OFFERS: readonly string[] = [JSON_TYPE, XML_TYPE, 'application/json', 'application/xml'];

/** Writes status, headers and the errors document. The status is that of the first error. */
export const renderRestconfErrors: ErrorRenderer = (request, response, errors) => {
  const first = errors[0];
  if (first === undefined) throw new TypeError('renderRestconfErrors needs at least one error');
  const status = httpStatusOf(first);
  // An error must reach the client even when its Accept names nothing we produce.
  const mediaType = negotiate(request.headers.accept, ERROR_OFFERS);
  const xml = mediaType === XML_TYPE || mediaType === 'application/xml';
  const body = status === 304 ? '' : xml ? renderErrorsXml(errors) : renderErrorsJson(errors);
  writeErrorHead(response, status, errors);
  if (status !== 304) response.setHeader('Content-Type', xml ? XML_TYPE : JSON_TYPE);
  response.end(request.method === 'HEAD' ? undefined : body);
};

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
