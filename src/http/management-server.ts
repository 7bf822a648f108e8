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
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import {
  InternalError,
  isManagementError,
  MalformedMessageError,
  type ManagementError,
  ManagementErrors,
  ResourceNotFoundError,
} from '../errors/index.ts';
import { type Logger, lazyChild, logRequest } from '../util/index.ts';
import { renderRestconfErrors } from './default-error-renderer.ts';
import { FAST_ROUTES } from './fast-route.ts';
import { DEFAULT_BODY_LIMIT } from './request-body.ts';
import { requestTarget } from './request-target.ts';
import type { ErrorRenderer, RequestContext } from './route.ts';
import type { Router } from './router.ts';
import type { TrustedProxies } from './trusted-proxies.ts';

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

/** The HTTP(S) server of the management port. */
export class ManagementServer {
  readonly #server: Server | HttpsServer;
  readonly #options: ManagementServerOptions;
  readonly #inFlight = new Set<ServerResponse>();
  /** Request ids are this random prefix and a counter. */
  readonly #idPrefix = `${randomBytes(4).toString('base64url')}-`;
  #requests = 0;

  constructor(options: ManagementServerOptions) {
    this.#options = options;
    const listener = (request: IncomingMessage, response: ServerResponse): void => {
      void this.#handle(request, response);
    };
    const serverOptions = {
      headersTimeout: options.headersTimeout ?? 30_000,
      requestTimeout: options.requestTimeout ?? 120_000,
      keepAliveTimeout: options.keepAliveTimeout ?? 5_000,
    };
    this.#server =
      options.tls === undefined
        ? createHttpServer(serverOptions, listener)
        : createHttpsServer({ ...serverOptions, cert: options.tls.cert, key: options.tls.key }, listener);
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
    if (!('setSecureContext' in this.#server)) throw new TypeError('the server does not use TLS');
    this.#server.setSecureContext({ cert: credentials.cert, key: credentials.key });
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
      this.#server.once('error', reject);
      this.#server.listen(port, host, () => {
        this.#server.off('error', reject);
        resolve(this.#server.address() as AddressInfo);
      });
    });
  }

  /**
   * Stops accepting connections, lets in-flight requests finish until `deadlineMs`, then
   * closes whatever is left. Resolves when the server is closed.
   */
  async close(deadlineMs = 10_000): Promise<void> {
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server.closeIdleConnections();
    const start = Date.now();
    while (this.#inFlight.size > 0 && Date.now() - start < deadlineMs) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      this.#server.closeIdleConnections();
    }
    this.#server.closeAllConnections();
    await closed;
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = process.hrtime.bigint();
    // Unique per process and start; random bytes per request cost more than the rest of a small GET's bookkeeping.
    const id = `${this.#idPrefix}${(++this.#requests).toString(36)}`;
    const target = requestTarget(request.url ?? '/');
    const path = target?.path ?? request.url ?? '/';
    const remote = request.socket.remoteAddress;
    const clientAddress = this.#options.trustedProxies?.clientAddress(request) ?? remote ?? 'unknown';
    const context: RequestContext = {
      id,
      clientAddress,
      log: lazyChild(this.#options.log, { requestId: id }),
      path,
      query: target?.query ?? new URLSearchParams(),
      bodyLimit: this.#options.bodyLimit ?? DEFAULT_BODY_LIMIT,
      user: undefined,
    };
    this.#inFlight.add(response);
    response.on('close', () => {
      this.#inFlight.delete(response);
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logRequest(this.#options.log, {
        requestId: id,
        method: request.method,
        path,
        status: response.statusCode,
        durationMs: Math.round(durationMs * 100) / 100,
        user: context.user,
        remote,
        ...(clientAddress === remote ? {} : { client: clientAddress }),
      });
    });
    if (this.#server.listening === false) response.setHeader('Connection', 'close');
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
