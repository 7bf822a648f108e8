/**
 * @module http/authenticate-request
 * Authenticates a request before a handler touches any data: the credentials of its
 * `Authorization` header go to the Authenticator with the client address as the source (the TCP
 * peer, or what a trusted reverse proxy forwarded: `RequestContext.clientAddress`). A failure
 * is thrown as AuthenticationRequiredError (401 with `WWW-Authenticate`) or TooManyAttemptsError
 * (429 with `Retry-After`), which the error renderer turns into the response.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
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

/** A connection's last successful login: the exact header, what it proved, and until when it may be reused. */
interface ConnectionLogin {
  readonly header: string;
  readonly principal: Principal;
  readonly until: number;
}

/**
 * How long a connection may reuse its last login for requests with the same Authorization header,
 * as long as the authenticator confirms the account is unchanged ({@link Authenticator.isCurrent}).
 */
export const CONNECTION_LOGIN_MS = 60_000;

// Per connection, so that nothing outlives the socket (keep-alive closes idle ones after seconds).
const connectionLogins = new WeakMap<Socket, ConnectionLogin>();

/**
 * The principal of the request; records its user in `context` for the access log. A kept-alive
 * connection that sends the header of its last successful login again gets that principal back
 * without parsing or checking the credentials, while the authenticator says it is current. Any
 * other header (a wrong password included) makes the connection forget it.
 * @throws AuthenticationRequiredError without or with wrong credentials
 * @throws TooManyAttemptsError while failures of this user from this address are throttled
 */
export const authenticateRequest = async (
  request: IncomingMessage,
  authenticator: Authenticator,
  context?: RequestContext,
): Promise<Principal> => {
  const remembered = rememberedPrincipal(request, authenticator, context);
  if (remembered !== undefined) return remembered;
  const header = request.headers.authorization;
  const last = connectionLogins.get(request.socket);
  // Anything else is checked in full, and the connection keeps nothing unless that succeeds.
  if (last !== undefined) connectionLogins.delete(request.socket);
  let principal: Principal;
  try {
    const credentials = parseAuthorization(header);
    if (credentials === undefined) throw new AuthenticationRequiredError(missingCredentials(authenticator));
    principal = await authenticator.authenticate(credentials, {
      address: context?.clientAddress ?? request.socket.remoteAddress ?? 'unknown',
    });
  } catch (error) {
    // A 401 names every scheme the authenticator accepts now (Basic alone when it does not say).
    const challenges = authenticator.challenges?.();
    if (error instanceof AuthenticationRequiredError && error.challenges === undefined && challenges !== undefined)
      throw new AuthenticationRequiredError(error.message, { challenges });
    throw error;
  }
  if (context !== undefined) context.user = principal.user;
  if (header !== undefined && authenticator.isCurrent !== undefined)
    connectionLogins.set(request.socket, { header, principal, until: Date.now() + CONNECTION_LOGIN_MS });
  return principal;
};

/**
 * The principal of the connection's last login when the request sends the same Authorization
 * header again and the login may still be reused (what {@link authenticateRequest} would return
 * without checking anything); records its user in `context`. Undefined otherwise, having changed
 * nothing: the caller then authenticates the request in full.
 */
export const rememberedPrincipal = (
  request: Pick<IncomingMessage, 'headers' | 'socket'>,
  authenticator: Authenticator,
  context?: RequestContext,
): Principal | undefined => {
  const last = connectionLogins.get(request.socket);
  if (
    last === undefined ||
    request.headers.authorization !== last.header ||
    Date.now() >= last.until ||
    authenticator.isCurrent?.(last.principal) !== true
  )
    return undefined;
  if (context !== undefined) context.user = last.principal.user;
  return last.principal;
};

/** What a request without credentials is told to send. */
const missingCredentials = (authenticator: Authenticator): string => {
  const schemes = authenticator.challenges?.().map((challenge) => challenge.scheme) ?? ['Basic'];
  const wanted = schemes.map((scheme) =>
    scheme === 'Bearer' ? 'an OAuth bearer token (RFC 6750)' : 'HTTP Basic credentials (RFC 7617)',
  );
  return `authentication required: send ${wanted.join(' or ')}`;
};

/** Wraps a handler so that it runs only after {@link authenticateRequest} succeeded. */
export const withAuthentication =
  (authenticator: Authenticator, handler: AuthenticatedRouteHandler): RouteHandler =>
  async (request, response, context) =>
    handler(request, response, context, await authenticateRequest(request, authenticator, context));
