/**
 * @module restconf/entry-fast-route
 * The fast path of the commonest RESTCONF request: GET of one list entry by its keys,
 * `/data/<module>:<path>/<list>=<keys>`, without a query. It answers from the stored
 * configuration with what the general pipeline (routing, resource and method checks, query
 * parsing, the exchange, `readData`) would send — the same status, headers and bytes — and
 * leaves everything else to that pipeline: any other method or path, a query, a Content-Type,
 * `If-Match` or `If-Unmodified-Since`, an Accept that allows neither encoding, a connection
 * without a remembered login, a user NACM lets see only part of the entry (or none of it), an
 * entry that is absent or holds state, a body too large to send whole. Key values are parsed by
 * the general path's own function (`listEntryTarget`): a key it refuses is left to the general
 * path, which reports it.
 * @see RFC 8040 §3.5.3, §4.3; RFC 9110 §13 (conditional requests)
 */
import type { Authenticator } from '../auth/index.ts';
import type { ListEntry, Slot } from '../data/index.ts';
import { encodeJsonEntryObject, encodeJsonString, encodeXmlString, isInstanceNode } from '../data/index.ts';
import type { FastRouteHandler } from '../http/index.ts';
import { answerStoredRead, isPlainStoredGet, rememberedPrincipal } from '../http/index.ts';
import type { ManagementService, Session } from '../management/index.ts';
import type { ListNode, SchemaTree } from '../yang/index.ts';
import { listEntryTarget } from './data-resource-path.ts';
import { acceptedEncoding, YANG_DATA_JSON, YANG_DATA_XML } from './media-types.ts';
import type { DataResourceTarget } from './resource-target.ts';

/** Options of {@link restconfEntryFastRoute}. */
export interface RestconfEntryFastRouteOptions {
  readonly management: ManagementService;
  readonly authenticator: Authenticator;
  /** The API root, e.g. `/admin/api/restconf`. */
  readonly root: string;
}

/** The read options of a GET without a query in `/data`: none (the encoders' defaults). */
const NO_OPTIONS = {} as const;

/** The entry target of `apiPath`, undefined for another form or a path the general resolution refuses. */
const entryTargetOf = (apiPath: string, management: ManagementService): DataResourceTarget | undefined => {
  try {
    return listEntryTarget(apiPath, management.schema);
  } catch {
    return undefined;
  }
};

/** What readData sends for one entry in JSON: `{"<module>:<list>":[{…}]}`. */
const jsonOf = (list: ListNode, value: Exclude<Slot, undefined>, schema: SchemaTree): string => {
  const object = isInstanceNode(value)
    ? encodeJsonEntryObject(list, value as ListEntry, schema, NO_OPTIONS)
    : undefined;
  return object === undefined
    ? encodeJsonString({ schema: list, value }, schema, NO_OPTIONS)
    : `{${JSON.stringify(`${list.module}:${list.name}`)}:[${object}]}`;
};

/** The fast path of GET of one list entry in `/data` (see the module's description). */
export const restconfEntryFastRoute = (options: RestconfEntryFastRouteOptions): FastRouteHandler => {
  const { management, authenticator } = options;
  const dataRoot = `${options.root}/data`;
  const prefix = `${dataRoot}/`;
  return (request, response, context) => {
    const { path } = context;
    if (!isPlainStoredGet(request, path, prefix)) return false;
    const encoding = acceptedEncoding(request.headers.accept);
    if (encoding === undefined) return false;
    const principal = rememberedPrincipal(request, authenticator, context);
    if (principal === undefined) return false;
    const target = entryTargetOf(path.slice(dataRoot.length), management);
    if (target === undefined || target.kind !== 'data' || target.node.kind !== 'list') return false;
    const session: Session = { principal, via: 'restconf' };
    const found = management.readStored(session, target.path);
    if (found === undefined) return false;
    const { value, version } = found;
    const list = target.node;
    return answerStoredRead(request, response, version, encoding === 'json' ? YANG_DATA_JSON : YANG_DATA_XML, () =>
      encoding === 'json'
        ? jsonOf(list, value, management.schema)
        : encodeXmlString({ schema: list, value }, management.schema, NO_OPTIONS),
    );
  };
};
