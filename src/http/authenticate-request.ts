/**
 * @module http/authenticate-request
 * Authenticates a request before a handler touches any data: the credentials of its
 * `Authorization` header go to the Authenticator with the peer address as the source. A failure
 * is thrown as AuthenticationRequiredError (401 with `WWW-Authenticate`) or TooManyAttemptsError
 * (429 with `Retry-After`), which the error renderer turns into the response.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Authenticator, Principal } from '../auth/index.ts';
import { AuthenticationRequiredError } from '../errors/index.ts';
import { parseAuthorization } from './authenticate-header.ts';
import type { RequestContext, RouteHandler } from './route.ts';

/** A route handler that runs only for an authenticated principal. */
export type AuthenticatedRouteHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  context: RequestContext,
  principal: Principal,
) => Promise<void>;

/**
 * The principal of the request; records its user in `context` for the access log.
 * @throws AuthenticationRequiredError without or with wrong credentials
 * @throws TooManyAttemptsError while failures of this user from this address are throttled
 */
export const authenticateRequest = async (
  request: IncomingMessage,
  authenticator: Authenticator,
  context?: RequestContext,
): Promise<Principal> => {
  const credentials = parseAuthorization(request.headers.authorization);
  if (credentials === undefined) {
    throw new AuthenticationRequiredError('authentication required: send HTTP Basic credentials (RFC 7617)');
  }
  const principal = await authenticator.authenticate(credentials, {
    address: request.socket.remoteAddress ?? 'unknown',
  });
  if (context !== undefined) context.user = principal.user;
  return principal;
};

/** Wraps a handler so that it runs only after {@link authenticateRequest} succeeded. */
export const withAuthentication =
  (authenticator: Authenticator, handler: AuthenticatedRouteHandler): RouteHandler =>
  async (request, response, context) =>
    handler(request, response, context, await authenticateRequest(request, authenticator, context));
