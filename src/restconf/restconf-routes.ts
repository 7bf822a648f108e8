/**
 * @module restconf/restconf-routes
 * The RESTCONF API as a route of the management server: every request is authenticated, its
 * path resolved to a resource (API root, `/data…`, an NMDA datastore `/ds/<datastore>…`,
 * `/operations…`, `yang-library-version`, a module source, the compact schema), its method checked against what the resource allows (405 with `Allow`), its
 * query parameters against the method and resource, and it is handed to the handler.
 * @see RFC 8040 §3, §4; RFC 8527 §3; docs/restconf.md
 */
import type { IncomingMessage } from 'node:http';
import type { Authenticator, Principal } from '../auth/index.ts';
import { InvalidValueError, MethodNotAllowedError, ResourceNotFoundError } from '../errors/index.ts';
import type { RequestContext, Route } from '../http/index.ts';
import { EventStreamKeepAlive, withAuthentication, writeEmpty } from '../http/index.ts';
import type { DataPathParser, ManagementService, Session, StreamAccess } from '../management/index.ts';
import { restconfStateProvider } from '../management/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import { ACCEPT_PATCH, dataMethods, INVOKE, READ_ONLY } from './allowed-methods.ts';
import { readApiRoot, readOperations, readYangLibraryVersion } from './api-resources.ts';
import { COMPACT_SCHEMA_SEGMENT, readCompactSchema } from './compact-schema-resource.ts';
import { readData } from './data-read.ts';
import { parseDataResourcePath } from './data-resource-path.ts';
import { createData, deleteData, mergeData, replaceData } from './data-write.ts';
import type { DatastoreResource } from './datastore-resources.ts';
import { DATA_RESOURCE, parseDatastorePath, readOnlyNote } from './datastore-resources.ts';
import { restconfEntryFastRoute } from './entry-fast-route.ts';
import { serveEventStream } from './event-stream.ts';
import { invokeOperation } from './operation-invoke.ts';
import { parseOperationsPath } from './operations-path.ts';
import type { RestconfMethod, RestconfQuery } from './query-parameters.ts';
import { parseQuery } from './query-parameters.ts';
import type { ActionTarget, DataResourceTarget, ResourceTarget, RpcTarget } from './resource-target.ts';
import { restconfCapabilities } from './restconf-capabilities.ts';
import { restconfErrorRendererFor } from './restconf-error-renderer.ts';
import { RestconfExchange } from './restconf-exchange.ts';
import { readModuleSource, SCHEMA_SEGMENT } from './schema-download.ts';
import { parseStreamQuery } from './stream-query.ts';
import type { StreamTarget } from './stream-resource.ts';
import { parseStreamPath, STREAM_ENCODINGS, STREAMS_SEGMENT, streamPath } from './stream-resource.ts';
import { applyYangPatch } from './yang-patch.ts';
import { streamYangPatch } from './yang-patch-stream.ts';

/**
 * The request header with which the admin web UI declares itself: its commits' rollback files
 * then say `via: webui` instead of `restconf`. It changes nothing else.
 */
export const VIA_HEADER = 'idconf-via';

/** Where the RESTCONF API is served. @see DESIGN §2.2 */
export const RESTCONF_ROOT = '/admin/api/restconf';

/** Options of {@link restconfRoutes}. */
export interface RestconfRoutesOptions {
  readonly management: ManagementService;
  /** Checks every request's credentials; nothing is read or written without a principal. */
  readonly authenticator: Authenticator;
  /** The API root (default {@link RESTCONF_ROOT}). */
  readonly root?: string;
  /** Milliseconds between the comments that keep idle event streams open (default 30 s). */
  readonly keepAliveMs?: number;
}

/** What a request path below the API root addresses. */
type Resource =
  | { readonly kind: 'api' }
  | { readonly kind: 'yang-library-version' }
  | { readonly kind: 'operations' }
  | { readonly kind: 'module-source'; readonly file: string }
  | { readonly kind: 'stream'; readonly target: StreamTarget }
  | { readonly kind: 'compact-schema' }
  | { readonly kind: 'data'; readonly datastore: DatastoreResource; readonly target: DataResourceTarget }
  | { readonly kind: 'operation'; readonly target: RpcTarget | ActionTarget };

const METHODS: readonly RestconfMethod[] = ['OPTIONS', 'GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

const isSegmentOf = (rest: string, segment: string): boolean =>
  rest === `/${segment}` || rest.startsWith(`/${segment}/`);

const resolveResource = (rest: string, schema: SchemaTree): Resource => {
  if (rest === '' || rest === '/') return { kind: 'api' };
  if (isSegmentOf(rest, 'data'))
    return { kind: 'data', datastore: DATA_RESOURCE, target: parseDataResourcePath(rest.slice(5), schema) };
  if (isSegmentOf(rest, 'ds')) return { kind: 'data', ...parseDatastorePath(rest.slice(3), schema) };
  if (isSegmentOf(rest, 'operations')) {
    const target = parseOperationsPath(rest.slice(11), schema);
    return target.kind === 'operations' ? { kind: 'operations' } : { kind: 'operation', target };
  }
  if (rest === '/yang-library-version' || rest === '/yang-library-version/') return { kind: 'yang-library-version' };
  if (isSegmentOf(rest, STREAMS_SEGMENT))
    return { kind: 'stream', target: parseStreamPath(rest.slice(STREAMS_SEGMENT.length + 1)) };
  if (rest === `/${COMPACT_SCHEMA_SEGMENT}`) return { kind: 'compact-schema' };
  if (rest.startsWith(`/${SCHEMA_SEGMENT}/`) && rest.indexOf('/', SCHEMA_SEGMENT.length + 2) < 0)
    return { kind: 'module-source', file: rest.slice(SCHEMA_SEGMENT.length + 2) };
  throw new ResourceNotFoundError(
    `no RESTCONF resource at this path; the API offers /data, /ds/<datastore>, /operations, /yang-library-version, /streams/<stream>/<encoding>, /${COMPACT_SCHEMA_SEGMENT}`,
    { type: 'protocol' },
  );
};

const methodsOf = (resource: Resource): readonly RestconfMethod[] => {
  switch (resource.kind) {
    case 'data':
      return dataMethods(resource.target, resource.datastore);
    case 'operation':
      return INVOKE;
    default:
      return READ_ONLY;
  }
};

const queryTargetOf = (resource: Resource): ResourceTarget => {
  switch (resource.kind) {
    case 'data':
    case 'operation':
      return resource.target;
    case 'operations':
      return { kind: 'operations' };
    default:
      return { kind: 'api' };
  }
};

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** `https://host:port` as the client addressed the server; undefined when the Host header is unusable. */
const originOf = (request: IncomingMessage): string | undefined => {
  const host = request.headers.host;
  if (host === undefined || !HOST.test(host)) return undefined;
  const secure = 'encrypted' in request.socket && request.socket.encrypted === true;
  return `${secure ? 'https' : 'http'}://${host}`;
};

const handleData = async (
  exchange: RestconfExchange,
  target: DataResourceTarget,
  query: RestconfQuery,
): Promise<void> => {
  switch (target.kind) {
    case 'action':
      return invokeOperation(exchange, target.action, target.path, query);
    case 'rpc':
      throw new InvalidValueError(
        `${target.rpc.name} is an RPC: invoke it with POST ${exchange.root}/operations/${target.rpc.module}:${target.rpc.name}`,
        { type: 'protocol' },
      );
    default:
      break;
  }
  switch (exchange.method) {
    case 'GET':
    case 'HEAD':
      return readData(exchange, target, query);
    case 'POST':
      return createData(exchange, target, query);
    case 'PUT':
      return replaceData(exchange, target, query);
    case 'PATCH': {
      // A long YANG Patch in JSON is read as it arrives; any other body (or one that patch reading
      // cannot read exactly) is read whole.
      if (await streamYangPatch(exchange, target, query)) return;
      const body = await exchange.body(true);
      if (body?.patch === true) return applyYangPatch(exchange, target, query, body);
      return mergeData(exchange, target, query);
    }
    case 'DELETE':
      if (target.kind === 'data') return deleteData(exchange, target, query);
      break;
    default:
      break;
  }
  throw new MethodNotAllowedError(`${exchange.method} is not allowed here`, dataMethods(target, exchange.datastore), {
    type: 'protocol',
  });
};

const handle = async (
  exchange: RestconfExchange,
  resource: Exclude<Resource, { readonly kind: 'stream' }>,
  query: RestconfQuery,
): Promise<void> => {
  switch (resource.kind) {
    case 'api':
      return readApiRoot(exchange, query);
    case 'yang-library-version':
      return readYangLibraryVersion(exchange);
    case 'operations':
      return readOperations(exchange, query);
    case 'module-source':
      return readModuleSource(exchange, resource.file);
    case 'compact-schema':
      return readCompactSchema(exchange);
    case 'operation': {
      const { target } = resource;
      return target.kind === 'rpc'
        ? invokeOperation(exchange, target.rpc, [], query)
        : invokeOperation(exchange, target.action, target.path, query);
    }
    case 'data':
      return handleData(exchange, resource.target, query);
  }
};

/**
 * The route of the RESTCONF API at `options.root`, for the management server's router. Also
 * registers the `ietf-restconf-monitoring:restconf-state` provider with the management layer.
 */
export const restconfRoutes = (options: RestconfRoutesOptions): readonly Route[] => {
  const root = options.root ?? RESTCONF_ROOT;
  const { management } = options;
  const streams = management.events.names.length > 0;
  const keepAlive = new EventStreamKeepAlive(options.keepAliveMs);
  const access = (session: Session, stream: string): readonly StreamAccess[] =>
    STREAM_ENCODINGS.map((encoding) => ({
      encoding,
      location: `${session.origin ?? ''}${streamPath(root, stream, encoding)}`,
    }));
  management.registerProvider(
    restconfStateProvider(
      management.schema,
      restconfCapabilities(streams),
      streams ? { events: management.events, access } : undefined,
    ),
  );
  const handler = async (
    request: IncomingMessage,
    response: Parameters<Route['handler']>[1],
    context: RequestContext,
    principal: Principal,
  ): Promise<void> => {
    const resource = resolveResource(context.path.slice(root.length), management.schema);
    const allowed = methodsOf(resource);
    const method = METHODS.find((candidate) => candidate === request.method);
    if (method === undefined || !allowed.includes(method))
      throw new MethodNotAllowedError(
        `${request.method ?? 'this method'} is not allowed on this resource; it allows ${allowed.join(', ')}${resource.kind === 'data' ? readOnlyNote(resource.datastore, resource.target) : ''}`,
        allowed,
        { type: 'protocol' },
      );
    const origin = originOf(request);
    // The admin web UI names itself, so that its commits are attributed to it (`via: webui`).
    const via = request.headers[VIA_HEADER] === 'webui' ? 'webui' : 'restconf';
    const session: Session = { principal, via, ...(origin === undefined ? {} : { origin }) };
    const datastore = resource.kind === 'data' ? resource.datastore : DATA_RESOURCE;
    const exchange = new RestconfExchange({ request, response, context, session, method, management, root, datastore });
    if (resource.kind === 'stream') {
      if (method !== 'OPTIONS') return serveEventStream(exchange, resource.target, keepAlive);
      parseStreamQuery(exchange.rawQuery, method);
      writeEmpty(response, 204, { Allow: allowed.join(', ') });
      return;
    }
    const query = parseQuery(exchange.rawQuery, {
      method,
      target: queryTargetOf(resource),
      schema: management.schema,
      dataRoot: exchange.dataRoot,
    });
    if (method === 'OPTIONS') {
      writeEmpty(response, 204, {
        Allow: allowed.join(', '),
        ...(allowed.includes('PATCH') ? { 'Accept-Patch': ACCEPT_PATCH } : {}),
      });
      return;
    }
    await handle(exchange, resource, query);
  };
  return [
    {
      prefix: root,
      handler: withAuthentication(options.authenticator, handler),
      fast: restconfEntryFastRoute({ management, authenticator: options.authenticator, root }),
      renderErrors: restconfErrorRendererFor(management.schema),
    },
  ];
};

/**
 * Reads a RESTCONF data path (`/base:profiles/profile=a,b`, the part after `/data`) into an
 * instance path, for the management layer (`apply-rollback-file`'s `path`).
 */
export const restconfDataPathParser =
  (schema: SchemaTree): DataPathParser =>
  (text) => {
    const target = parseDataResourcePath(text, schema);
    if (target.kind === 'action' || target.kind === 'rpc')
      throw new InvalidValueError(`${text} names an operation, not data`);
    return target.path;
  };
