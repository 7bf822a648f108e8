/**
 * @module http/route
 * The shape of a route handler and the per-request context the HTTP layer gives it.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { ManagementError } from '../errors/index.ts';
import type { Logger } from '../util/index.ts';

/** What the HTTP layer knows about one request. */
export interface RequestContext {
  /** A short unique id, logged with every line about the request and shown in 500 messages. */
  readonly id: string;
  readonly log: Logger;
  /** The path of the request URL (not decoded), without the query. */
  readonly path: string;
  readonly query: URLSearchParams;
  /**
   * The client's address: the TCP peer, or the address a trusted reverse proxy forwarded
   * (`TrustedProxies`). Authentication throttles failures by it.
   */
  readonly clientAddress?: string;
  /** The maximum request body size in bytes. */
  readonly bodyLimit: number;
  /** The authenticated user, set by the front-end once known (for the access log). */
  user: string | undefined;
}

/** Handles a request that matched a route. It writes the response or throws a ManagementError. */
export type RouteHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  context: RequestContext,
) => Promise<void>;

/**
 * What a fast path reads of a request: Node's `IncomingMessage`, or a request head read directly
 * on its connection (`direct-connection.ts`), whose `socket` is then the connection's bridge.
 */
export type FastRequest = Pick<IncomingMessage, 'method' | 'url' | 'headers' | 'socket'>;

/** The two calls a fast path makes to answer: Node's `ServerResponse`, or a direct response. */
export interface FastResponse {
  writeHead(status: number, headers: OutgoingHttpHeaders | string[]): unknown;
  end(body?: string): unknown;
}

/**
 * A route's fast path: answers the request and returns true, or returns false having written
 * nothing, changed nothing and thrown nothing; then the route's general handler answers it. It
 * must give exactly the general handler's answer (see fast-route.ts).
 */
export type FastRouteHandler = (request: FastRequest, response: FastResponse, context: RequestContext) => boolean;

/** Writes an error response in a front-end's own envelope. */
export type ErrorRenderer = (
  request: IncomingMessage,
  response: ServerResponse,
  errors: readonly ManagementError[],
  context: RequestContext,
) => void;

/** A mounted front-end: every path equal to `prefix` or below it goes to `handler`. */
export interface Route {
  readonly prefix: string;
  readonly handler: RouteHandler;
  /** How this front-end renders errors; the RESTCONF errors document when omitted. */
  readonly renderErrors?: ErrorRenderer;
  /** Tried before `handler`: answers the commonest requests without the general pipeline, or declines. */
  readonly fast?: FastRouteHandler;
}
