/**
 * @module http/management-server
 * The management port: one HTTP(S) server, routing by prefix, request ids, the access log,
 * error rendering, body limits, timeouts and a graceful stop.
 */
import { randomBytes } from 'node:crypto';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import {
  InternalError,
  isManagementError,
  MalformedMessageError,
  type ManagementError,
  ManagementErrors,
  ResourceNotFoundError,
} from '../errors/index.ts';
import { type Logger, lazyChild, logRequest } from '../util/index.ts';
import { ConnectionBridge } from './connection-bridge.ts';
import { renderRestconfErrors } from './default-error-renderer.ts';
import { DirectConnection } from './direct-connection.ts';
import { DirectResponse } from './direct-response.ts';
import { FAST_ROUTES } from './fast-route.ts';
import { DEFAULT_BODY_LIMIT } from './request-body.ts';
import type { RequestHead } from './request-head.ts';
import { isPlainPath, requestTarget } from './request-target.ts';
import type { ErrorRenderer, FastRequest, RequestContext } from './route.ts';
import type { Router } from './router.ts';
import type { TrustedProxies } from './trusted-proxies.ts';

/** The query of a request answered directly (it has none); fast paths do not read it. */
const NO_QUERY = new URLSearchParams();

/** TLS credentials in PEM. */
export interface TlsCredentials {
  readonly cert: string;
  readonly key: string;
}

/** Options of {@link ManagementServer}. */
export interface ManagementServerOptions {
  readonly router: Router;
  readonly log: Logger;
  /** PEM certificate and key; plain HTTP when undefined. */
  readonly tls: TlsCredentials | undefined;
  readonly bodyLimit?: number;
  /** Milliseconds to receive the request headers. */
  readonly headersTimeout?: number;
  /** Milliseconds to receive the whole request. */
  readonly requestTimeout?: number;
  /** Milliseconds a kept-alive connection may stay idle (default 5 s; Node adds 1 s of grace). */
  readonly keepAliveTimeout?: number;
  /** Reverse proxies whose forwarding header names the client; none when omitted. */
  readonly trustedProxies?: TrustedProxies;
  /**
   * Headers every response carries for now (e.g. that reads may be stale), asked for at the start
   * of each request; none when it returns undefined.
   */
  readonly responseHeaders?: () => OutgoingHttpHeaders | undefined;
}

/**
 * The HTTP(S) server of the management port. It listens with a TCP (or TLS) server of its own and
 * reads each connection's requests ahead of Node's HTTP server (`direct-connection.ts`): the
 * routes' fast paths answer the commonest GETs directly on the connection, and every other
 * request is answered by Node's HTTP server, which sees the connection through a bridge.
 */
export class ManagementServer {
  /** The listening socket server: TCP, or TLS with the port's certificate. */
  readonly #listener: NetServer | TlsServer;
  /** Node's HTTP server, fed the connections' bridges; it does not listen itself. */
  readonly #server: Server;
  readonly #options: ManagementServerOptions;
  readonly #keepAliveSeconds: number;
  readonly #inFlight = new Set<ServerResponse>();
  /** Request ids are this random prefix and a counter. */
  readonly #idPrefix = `${randomBytes(4).toString('base64url')}-`;
  #requests = 0;

  constructor(options: ManagementServerOptions) {
    this.#options = options;
    const listener = (request: IncomingMessage, response: ServerResponse): void => {
      void this.#handle(request, response);
    };
    const keepAliveTimeout = options.keepAliveTimeout ?? 5_000;
    this.#keepAliveSeconds = Math.floor(keepAliveTimeout / 1000);
    this.#server = createHttpServer(
      {
        headersTimeout: options.headersTimeout ?? 30_000,
        requestTimeout: options.requestTimeout ?? 120_000,
        keepAliveTimeout,
      },
      listener,
    );
    const answer = (head: RequestHead, bridge: ConnectionBridge): string | undefined =>
      this.#answerDirectly(head, bridge);
    const accept = (socket: Socket): void => {
      socket.setNoDelay(true);
      const connection = new DirectConnection(socket, answer);
      this.#server.emit('connection', connection.bridge);
    };
    // Half-open, so that answers written directly go out before the connection is ended (Node's HTTP server ends it).
    this.#listener =
      options.tls === undefined
        ? createNetServer({ allowHalfOpen: true }, accept)
        : createTlsServer(
            { allowHalfOpen: true, ALPNProtocols: ['http/1.1'], cert: options.tls.cert, key: options.tls.key },
            accept,
          );
    if (options.tls !== undefined)
      this.#listener.on('tlsClientError', (error: Error) =>
        options.log.debug({ err: error.message }, 'TLS handshake failed'),
      );
    this.#server.on('timeout', (socket: Socket) => this.#idleTimeout(socket));
    this.#server.on('clientError', (error, socket) => {
      options.log.debug({ err: error.message }, 'client connection error');
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    });
  }

  /** True when the server speaks TLS. */
  get secure(): boolean {
    return this.#options.tls !== undefined;
  }

  /** Replaces the certificate and key for new connections, without a restart. */
  setTlsCredentials(credentials: TlsCredentials): void {
    if (!('setSecureContext' in this.#listener)) throw new TypeError('the server does not use TLS');
    this.#listener.setSecureContext({ cert: credentials.cert, key: credentials.key });
  }

  /**
   * A kept-alive connection has been idle for the keep-alive timeout (the only socket timeout the
   * server sets). Node would destroy it at once; but when the event loop was blocked past the
   * deadline (a commit of a million entries, a long garbage collection), the timer runs late and
   * the client's next request may already wait in the socket's buffer, unread: closing then
   * loses a request the client rightly sent on an open connection ("socket hang up", or EPIPE
   * while it still writes a large body). So the decision waits until the event loop has read what
   * arrived (`setImmediate` runs after the poll phase): a connection that has received bytes
   * since, or carries a request, stays open, and its timeout starts again with that activity.
   */
  #idleTimeout(socket: Socket): void {
    const bytesRead = socket.bytesRead;
    setImmediate(() => {
      if (socket.destroyed || socket.bytesRead !== bytesRead) return;
      for (const response of this.#inFlight) if (response.socket === socket) return;
      socket.destroy();
    });
  }

  /** Starts listening; resolves with the bound address. */
  listen(port: number, host: string): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.#listener.once('error', reject);
      this.#listener.listen(port, host, () => {
        this.#listener.off('error', reject);
        // Node's HTTP server starts tracking its connections (for closing idle ones and for the
        // headers and request timeouts) when it listens; it never does itself here.
        this.#server.emit('listening');
        resolve(this.#listener.address() as AddressInfo);
      });
    });
  }

  /**
   * Stops accepting connections, lets in-flight requests finish until `deadlineMs`, then
   * closes whatever is left. Resolves when the server is closed.
   */
  async close(deadlineMs = 10_000): Promise<void> {
    const closed = new Promise<void>((resolve) => this.#listener.close(() => resolve()));
    this.#server.closeIdleConnections();
    const start = Date.now();
    while (this.#inFlight.size > 0 && Date.now() - start < deadlineMs) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      this.#server.closeIdleConnections();
    }
    this.#server.closeAllConnections();
    await closed;
    // Stops Node's HTTP server's timer of its connections' timeouts; it reports that it was not listening.
    this.#server.close(() => undefined);
  }

  /** The context of a request the server has started to answer, with a new id. */
  #contextOf(request: FastRequest, path: string, query: URLSearchParams | undefined): RequestContext {
    // Unique per process and start; random bytes per request cost more than the rest of a small GET's bookkeeping.
    const id = `${this.#idPrefix}${(++this.#requests).toString(36)}`;
    return {
      id,
      clientAddress: this.#options.trustedProxies?.clientAddress(request) ?? request.socket.remoteAddress ?? 'unknown',
      log: lazyChild(this.#options.log, { requestId: id }),
      path,
      query: query ?? new URLSearchParams(),
      bodyLimit: this.#options.bodyLimit ?? DEFAULT_BODY_LIMIT,
      user: undefined,
    };
  }

  #logRequest(request: FastRequest, context: RequestContext, status: number, started: bigint): void {
    const remote = request.socket.remoteAddress;
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    logRequest(this.#options.log, {
      requestId: context.id,
      method: request.method,
      path: context.path,
      status,
      durationMs: Math.round(durationMs * 100) / 100,
      user: context.user,
      remote,
      ...(context.clientAddress === remote ? {} : { client: context.clientAddress }),
    });
  }

  /**
   * The whole response to a request read directly on its connection, when a route's fast path
   * answers it; undefined leaves it to Node's HTTP server. Only what the general handling would
   * answer the same way is taken: a plain path (no query, nothing the URL parser would change)
   * while the server listens and adds no headers of the moment.
   */
  #answerDirectly(head: RequestHead, bridge: ConnectionBridge): string | undefined {
    if (!FAST_ROUTES.enabled || !this.#listener.listening) return undefined;
    const started = process.hrtime.bigint();
    const path = head.url;
    if (!isPlainPath(path)) return undefined;
    const fast = this.#options.router.find(path)?.fast;
    if (fast === undefined || this.#options.responseHeaders?.() !== undefined) return undefined;
    // The bridge stands for the socket, as in the requests Node answers on this connection.
    const request: FastRequest = {
      method: head.method,
      url: head.url,
      headers: head.headers,
      socket: bridge as unknown as Socket,
    };
    const context = this.#contextOf(request, path, NO_QUERY);
    const response = new DirectResponse(this.#keepAliveSeconds);
    try {
      if (!fast(request, response, context)) return undefined;
    } catch (error) {
      context.log.debug({ err: String(error) }, 'a direct answer failed; the request goes to the general handling');
      return undefined;
    }
    const text = response.text;
    if (text === undefined) return undefined;
    FAST_ROUTES.answered++;
    this.#logRequest(request, context, response.statusCode, started);
    return text;
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = process.hrtime.bigint();
    const target = requestTarget(request.url ?? '/');
    const path = target?.path ?? request.url ?? '/';
    const context = this.#contextOf(request, path, target?.query);
    this.#inFlight.add(response);
    response.on('close', () => {
      this.#inFlight.delete(response);
      if (request.socket instanceof ConnectionBridge) request.socket.answered();
      this.#logRequest(request, context, response.statusCode, started);
    });
    if (this.#listener.listening === false) response.setHeader('Connection', 'close');
    const extra = this.#options.responseHeaders?.();
    if (extra !== undefined)
      for (const [name, value] of Object.entries(extra)) if (value !== undefined) response.setHeader(name, value);
    const route = this.#options.router.find(path);
    let renderErrors: ErrorRenderer = renderRestconfErrors;
    try {
      if (target === undefined)
        throw new MalformedMessageError(
          'the request target is not a valid URL path; send an absolute path such as /admin/api/restconf',
          {
            type: 'protocol',
          },
        );
      if (route === undefined) {
        throw new ResourceNotFoundError(`no resource at ${path}; the RESTCONF API is at /admin/api/restconf`, {
          type: 'protocol',
        });
      }
      if (route.renderErrors !== undefined) renderErrors = route.renderErrors;
      if (route.fast !== undefined && FAST_ROUTES.enabled && route.fast(request, response, context)) {
        FAST_ROUTES.answered++;
        return;
      }
      await route.handler(request, response, context);
    } catch (error) {
      this.#fail(request, response, context, renderErrors, error);
    }
  }

  #fail(
    request: IncomingMessage,
    response: ServerResponse,
    context: RequestContext,
    renderErrors: ErrorRenderer,
    error: unknown,
  ): void {
    let errors: readonly ManagementError[];
    if (error instanceof ManagementErrors) errors = error.errors;
    else if (isManagementError(error)) errors = [error];
    else {
      context.log.error(
        { err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) },
        'unexpected error',
      );
      errors = [new InternalError(context.id)];
    }
    if (response.headersSent) {
      context.log.warn({ code: errors[0]?.code }, 'error after the response had started; closing the connection');
      response.destroy();
      return;
    }
    // Drain an unread body so that the client sees the error instead of a reset.
    if (!request.readableEnded) request.resume();
    try {
      renderErrors(request, response, errors, context);
    } catch (renderError) {
      context.log.error({ err: String(renderError) }, 'error renderer failed');
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    }
  }
}
