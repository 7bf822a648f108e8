/**
 * @module web-ui/web-ui-route
 * The admin web UI at `/admin` on the management port, while the configuration enables it:
 * `index.html` revalidated on every load (`no-cache`), the content-hashed files below
 * `/admin/assets/` cached for a year (`immutable`), gzip when the client takes it, and the
 * security headers on every answer; and the sign-in options (`/admin/sign-in-options`), which say
 * how the UI may sign in. The UI is static: it holds no data and no credential, and reaches the
 * server only through the RESTCONF API (and an OAuth provider's token endpoint), so it is served
 * without authentication.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MethodNotAllowedError, ResourceNotFoundError } from '../errors/index.ts';
import type { ErrorRenderer, Route } from '../http/index.ts';
import { httpStatusOf, writeErrorHead } from '../http/index.ts';
import { securityHeaders } from './security-headers.ts';
import type { SignInOptions } from './sign-in-options-format.ts';
import { SIGN_IN_OPTIONS_FORMAT } from './sign-in-options-format.ts';
import type { WebUiAsset, WebUiAssets } from './web-ui-assets.ts';

/** Where the UI is served. */
export const WEB_UI_ROOT = '/admin';

/** The sign-in options resource, below the UI's root. */
export const SIGN_IN_OPTIONS_NAME = 'sign-in-options';

const BASIC_ONLY: SignInOptions = { format: SIGN_IN_OPTIONS_FORMAT, basic: true };

/** The extra origins the Content-Security-Policy lets the UI connect to: the token endpoint's. */
const connectOriginsOf = (options: SignInOptions): readonly string[] => {
  const endpoint = options.oauth?.token_endpoint;
  const origin = endpoint === undefined ? undefined : URL.parse(endpoint)?.origin;
  return origin === undefined || origin === 'null' ? [] : [origin];
};

/** What the route needs to know at each request. */
export interface WebUiRouteOptions {
  /** The built files; undefined when the UI was not built (every request is then 404 saying so). */
  readonly assets: WebUiAssets | undefined;
  /** Whether the running configuration enables the UI now. */
  readonly enabled: () => boolean;
  /**
   * How the UI may sign in now, read at each request (the caller keeps it cheap); the origin of
   * its OAuth token endpoint is the one origin besides this server the UI may connect to.
   * Default: HTTP Basic only.
   */
  readonly signInOptions?: () => Promise<SignInOptions>;
  /** The path the UI is served at (default {@link WEB_UI_ROOT}). */
  readonly root?: string;
}

const ALLOW = ['GET', 'HEAD', 'OPTIONS'];
const YEAR = 365 * 24 * 60 * 60;

const acceptsGzip = (request: IncomingMessage): boolean =>
  /(?:^|,)\s*gzip\s*(?:;\s*q=(?!0(?:\.0*)?\s*(?:,|$))[\d.]+\s*)?(?:,|$)/i.test(
    request.headers['accept-encoding'] ?? '',
  );

const send = (request: IncomingMessage, response: ServerResponse, asset: WebUiAsset, base: object): void => {
  const gzip = asset.gzip !== undefined && acceptsGzip(request) ? asset.gzip : undefined;
  const body = gzip ?? asset.body;
  response.writeHead(200, {
    ...base,
    'Content-Type': asset.contentType,
    'Content-Length': body.length,
    'Cache-Control': asset.immutable ? `public, max-age=${YEAR}, immutable` : 'no-cache',
    ...(asset.gzip === undefined ? {} : { Vary: 'Accept-Encoding' }),
    ...(gzip === undefined ? {} : { 'Content-Encoding': 'gzip' }),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
};

/** Plain-text errors with the security headers: the UI's answers are for a browser, not an API client. */
const textErrorRenderer =
  (connectOrigins: () => readonly string[]): ErrorRenderer =>
  (request, response, errors) => {
    const first = errors[0];
    const status = first === undefined ? 500 : httpStatusOf(first);
    writeErrorHead(response, status, errors);
    for (const [name, value] of Object.entries(securityHeaders(connectOrigins())))
      if (value !== undefined) response.setHeader(name, value);
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.end(request.method === 'HEAD' ? undefined : `${first?.message ?? 'error'}\n`);
  };

/** The route of the web UI. */
export const webUiRoute = (options: WebUiRouteOptions): Route => {
  const root = options.root ?? WEB_UI_ROOT;
  const signInOptions = options.signInOptions ?? (() => Promise.resolve(BASIC_ONLY));
  // The last origins sent, for error answers (rendered synchronously).
  let lastOrigins: readonly string[] = [];
  const connectOrigins = (): readonly string[] => lastOrigins;
  return {
    prefix: root,
    renderErrors: textErrorRenderer(connectOrigins),
    handler: async (request, response, context) => {
      if (!options.enabled())
        throw new ResourceNotFoundError(
          'the admin web UI is not enabled: create environments/environment/admin-service/http/web-ui to turn it on',
          { type: 'protocol' },
        );
      if (options.assets === undefined)
        throw new ResourceNotFoundError(
          'the admin web UI has not been built: run `npm run build:web-ui` (npm start builds it when it is missing)',
          { type: 'protocol' },
        );
      const signIn = await signInOptions();
      lastOrigins = connectOriginsOf(signIn);
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { ...securityHeaders(lastOrigins), Allow: ALLOW.join(', ') }).end();
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD')
        throw new MethodNotAllowedError(
          `${request.method ?? 'this method'} is not allowed on the web UI; use GET`,
          ALLOW,
          {
            type: 'protocol',
          },
        );
      const base = securityHeaders(lastOrigins);
      // `/admin` itself: the UI's relative URLs need the trailing slash.
      if (context.path === root) {
        response.writeHead(308, { ...base, Location: `${root}/`, 'Content-Length': 0 }).end();
        return;
      }
      const name = context.path.slice(root.length + 1);
      if (name === SIGN_IN_OPTIONS_NAME) {
        const body = Buffer.from(JSON.stringify(signIn));
        response.writeHead(200, {
          ...base,
          'Content-Type': 'application/json',
          'Content-Length': body.length,
          'Cache-Control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : body);
        return;
      }
      const asset = options.assets.get(name === '' ? 'index.html' : name);
      if (asset === undefined || name.includes('..'))
        throw new ResourceNotFoundError(`no file ${context.path} in the admin web UI`, { type: 'protocol' });
      send(request, response, asset, base);
    },
  };
};
