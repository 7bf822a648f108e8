/**
 * @module legacy-rest/entry-fast-route
 * The fast path of the legacy API's commonest request: GET of one list entry of the running
 * datastore by its keys, `/running/<path>/<list>/<keys>`, without a query. It answers with what
 * the general pipeline (path resolution, method and query checks, the exchange,
 * `readLegacyData`) would send — the same status, headers and bytes — from the stored
 * configuration, with the read options of the list worked out once (the depth mode's field
 * selection) instead of per request, and leaves everything else to that pipeline: any other
 * method, datastore or path, a query, a Content-Type, `If-Match` or `If-Unmodified-Since`, an
 * Accept that allows neither XML nor JSON, a connection without a remembered login, a user NACM
 * lets see only part of the entry (or none of it), an absent entry, a list with actions (their
 * links are annotations), a body too large to send whole. Keys are parsed by the general path's
 * own function (`listEntryResource`): one it refuses is left to the general path, which reports it.
 * @see spec §5 (reading), Decision 4 (depth); RFC 9110 §13 (conditional requests)
 */
import type { Authenticator } from '../auth/index.ts';
import type { InnerSchemaNode, ListEntry, ReadOptions } from '../data/index.ts';
import {
  encodeJsonEntryObject,
  encodeJsonString,
  isInstanceNode,
  leafDefault,
  leafListDefaults,
  slotTableOf,
} from '../data/index.ts';
import type { FastRouteHandler } from '../http/index.ts';
import { answerStoredRead, isPlainStoredGet, rememberedPrincipal } from '../http/index.ts';
import type { ManagementService, Session } from '../management/index.ts';
import type { ListNode, SchemaTree } from '../yang/index.ts';
import { unwrapOnlyEntry } from './json-representation.ts';
import { LEGACY_REST_ROOT } from './legacy-names.ts';
import type { LegacyRepresentation } from './media-types.ts';
import { negotiateRepresentation } from './media-types.ts';
import { hasActionsAtOrBelow } from './operation-links.ts';
import { parseLegacyQuery } from './query-parameters.ts';
import { legacyReadOptions } from './read-plan.ts';
import { renderLegacyReadString } from './read-representation.ts';
import type { LegacyResource } from './resource-path.ts';
import { listEntryResource } from './resource-path.ts';

/** Options of {@link legacyEntryFastRoute}. */
export interface LegacyEntryFastRouteOptions {
  readonly management: ManagementService;
  readonly authenticator: Authenticator;
}

/** What the fast path needs of one list, worked out on its first entry read. */
interface ListPlan {
  /** The read options of an entry (the same for every entry of the list). */
  readonly options: ReadOptions;
  /** False when the JSON carries annotations (operation links): the general path renders it. */
  readonly plainJson: boolean;
  /**
   * True when the read options change nothing in an entry of this list, so that it may be
   * encoded as it is stored (`encodeJsonEntryObject`): see {@link storedAsShown}.
   */
  readonly asStored: boolean;
}

/**
 * True when the legacy read options of an entry (variable depth, `trim`, configuration only)
 * leave every node below `node` as it is stored: below it there is no list or presence container
 * (variable depth shows them as placeholders), no leaf or leaf-list with a default (`trim` leaves
 * out values equal to it), no state and no anydata or anyxml.
 */
const storedAsShown = (schema: SchemaTree, node: InnerSchemaNode): boolean =>
  slotTableOf(node).nodes.every((child) => {
    if (!child.config) return false;
    switch (child.kind) {
      case 'leaf':
        return leafDefault(schema, child) === undefined;
      case 'leaf-list':
        return leafListDefaults(schema, child).length === 0;
      case 'container':
        return child.presence === undefined && storedAsShown(schema, child);
      default:
        return false;
    }
  });

const PREFIX = `${LEGACY_REST_ROOT}/running/`;
/** The query of a request without one. */
const NO_QUERY = parseLegacyQuery('', 'GET', { kind: 'api' });

const resourceOf = (management: ManagementService, rawPath: string): LegacyResource | undefined => {
  try {
    return listEntryResource(management.schema, rawPath);
  } catch {
    return undefined;
  }
};

const representationOf = (accept: string | undefined): LegacyRepresentation | undefined => {
  try {
    return negotiateRepresentation(accept, 'data');
  } catch {
    return undefined;
  }
};

/** The fast path of GET of one list entry in `/running` (see the module's description). */
export const legacyEntryFastRoute = (options: LegacyEntryFastRouteOptions): FastRouteHandler => {
  const { management, authenticator } = options;
  const { schema } = management;
  const plans = new WeakMap<ListNode, ListPlan>();
  const planOf = (list: ListNode, resource: LegacyResource): ListPlan => {
    let plan = plans.get(list);
    if (plan === undefined) {
      plan = {
        options: legacyReadOptions(schema, resource, NO_QUERY),
        plainJson: !hasActionsAtOrBelow(list),
        asStored: storedAsShown(schema, list),
      };
      plans.set(list, plan);
    }
    return plan;
  };
  return (request, response, context) => {
    const { path } = context;
    if (!isPlainStoredGet(request, path, PREFIX)) return false;
    const representation = representationOf(request.headers.accept);
    if (representation === undefined) return false;
    const principal = rememberedPrincipal(request, authenticator, context);
    if (principal === undefined) return false;
    const resource = resourceOf(management, path.slice(LEGACY_REST_ROOT.length));
    if (resource?.kind !== 'data' || resource.datastore !== 'running') return false;
    const last = resource.path.at(-1);
    if (last?.schema.kind !== 'list' || last.keys === undefined) return false;
    const list = last.schema;
    const session: Session = { principal, via: 'rest' };
    const found = management.readStored(session, resource.path);
    if (found === undefined) return false;
    const { value, version } = found;
    const plan = planOf(list, resource);
    return answerStoredRead(request, response, version, representation.mediaType, () => {
      if (representation.format === 'xml')
        return renderLegacyReadString({ schema, resource, value, query: NO_QUERY, format: 'xml', access: true });
      if (!plan.plainJson) return undefined;
      // What renderLegacyJson makes of one entry without annotations.
      const stored =
        plan.asStored && isInstanceNode(value) ? encodeJsonEntryObject(list, value as ListEntry, schema) : undefined;
      return stored === undefined
        ? unwrapOnlyEntry(encodeJsonString({ schema: list, value }, schema, plan.options), list)
        : `{${JSON.stringify(`${list.module}:${list.name}`)}:${stored}}`;
    });
  };
};
