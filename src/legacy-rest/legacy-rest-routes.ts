/**
 * @module legacy-rest/legacy-rest-routes
 * The legacy REST API as a route of the management server, at `/admin/api/rest`: every request
 * is authenticated, its path resolved to a resource, its method checked against what the
 * resource allows (405 with `Allow`), its query against the method and resource, and it is
 * handed to the handler of its resource, acting for a session `via: 'rest'`. Errors are
 * rendered in the legacy envelope with `error-urlpath`.
 * @see shared/spec/legacy-rest.md Decisions 1–9
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Authenticator, Principal } from '../auth/index.ts';
import type { RequestContext, Route } from '../http/index.ts';
import { withAuthentication, writeEmpty, writeText } from '../http/index.ts';
import type { ManagementService, Session } from '../management/index.ts';
import { renderApiRoot } from './api-root.ts';
import { readLegacyData } from './data-read.ts';
import { createLegacyData, deleteLegacyData, mergeLegacyData, replaceLegacyData } from './data-write.ts';
import { legacyEntryFastRoute } from './entry-fast-route.ts';
import { legacyErrorRenderer } from './error-response.ts';
import { LegacyExchange } from './legacy-exchange.ts';
import { LEGACY_REST_ROOT } from './legacy-names.ts';
import { negotiateRepresentation } from './media-types.ts';
import { allowedMethods, checkMethod } from './methods.ts';
import { invokeLegacyOperation } from './operation-invoke.ts';
import { parseLegacyQuery } from './query-parameters.ts';
import { resolveLegacyPath } from './resource-path.ts';
import { applyRollbackFile, listRollbacks, readRollbackText } from './rollback-resources.ts';

/** Options of {@link legacyRestRoutes}. */
export interface LegacyRestRoutesOptions {
  readonly management: ManagementService;
  /** Checks every request's credentials (the same accounts as RESTCONF). @see spec Decision 9 */
  readonly authenticator: Authenticator;
}

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** `https://host:port` as the client addressed the server; undefined when the Host header is unusable. */
const originOf = (request: IncomingMessage): string | undefined => {
  const host = request.headers.host;
  if (host === undefined || !HOST.test(host)) return undefined;
  const secure = 'encrypted' in request.socket && request.socket.encrypted === true;
  return `${secure ? 'https' : 'http'}://${host}`;
};

const rawQueryOf = (request: IncomingMessage): string => {
  const url = request.url ?? '';
  const question = url.indexOf('?');
  return question < 0 ? '' : url.slice(question + 1);
};

/** Hands the exchange to the handler of its resource and method. */
const handle = async (exchange: LegacyExchange): Promise<void> => {
  const { resource, method } = exchange;
  switch (resource.kind) {
    case 'api': {
      const { format, mediaType } = negotiateRepresentation(exchange.request.headers.accept, 'api');
      writeText(
        exchange.request,
        exchange.response,
        200,
        { 'Content-Type': mediaType },
        renderApiRoot(exchange.schema, format),
      );
      return;
    }
    case 'rollbacks':
      return listRollbacks(exchange);
    case 'rollback-file':
      return readRollbackText(exchange, resource.index);
    case 'rollback-apply':
      return applyRollbackFile(exchange);
    case 'rpc':
      return invokeLegacyOperation(exchange, resource.rpc, []);
    case 'action':
      return invokeLegacyOperation(exchange, resource.action, resource.path);
    case 'datastore':
    case 'data':
      switch (method) {
        case 'POST':
          return createLegacyData(exchange, resource);
        case 'PUT':
          return replaceLegacyData(exchange, resource);
        case 'PATCH':
          return mergeLegacyData(exchange, resource);
        case 'DELETE':
          return deleteLegacyData(exchange, resource);
        default:
          return readLegacyData(exchange, resource);
      }
  }
};

/** The route of the legacy REST API at {@link LEGACY_REST_ROOT}, for the management server's router. */
export const legacyRestRoutes = (options: LegacyRestRoutesOptions): readonly Route[] => {
  const { management } = options;
  const handler = async (
    request: IncomingMessage,
    response: ServerResponse,
    context: RequestContext,
    principal: Principal,
  ): Promise<void> => {
    const resource = resolveLegacyPath(management.schema, context.path.slice(LEGACY_REST_ROOT.length));
    const method = request.method ?? 'GET';
    checkMethod(method, resource);
    const query = parseLegacyQuery(rawQueryOf(request), method, resource);
    if (method === 'OPTIONS') {
      writeEmpty(response, 200, { Allow: allowedMethods(resource).join(', ') });
      return;
    }
    const origin = originOf(request);
    const session: Session = { principal, via: 'rest', ...(origin === undefined ? {} : { origin }) };
    await handle(new LegacyExchange({ request, response, context, session, management, resource, query }));
  };
  return [
    {
      prefix: LEGACY_REST_ROOT,
      handler: withAuthentication(options.authenticator, handler),
      fast: legacyEntryFastRoute({ management, authenticator: options.authenticator }),
      renderErrors: legacyErrorRenderer((module) => management.schema.modules.get(module)?.namespace),
    },
  ];
};
