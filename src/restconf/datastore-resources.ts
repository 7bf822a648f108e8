/**
 * @module restconf/datastore-resources
 * The datastore resources a data path starts from: RFC 8040's `{+restconf}/data` (configuration
 * and state together, writable) and the NMDA datastores of RFC 8527 at `{+restconf}/ds/<datastore>`:
 * `ietf-datastores:running` (configuration only, writable like `/data`), `ietf-datastores:intended`
 * (configuration only, read-only, equal to running) and `ietf-datastores:operational`
 * (configuration and state, read-only, where actions are invoked). Also what each one changes in
 * a read: which data it holds and how it reports default values.
 * @see RFC 8040 §3.3, RFC 8342 §5, RFC 8527 §3.1–§3.3; docs/restconf.md (NMDA datastores)
 */
import type { ContentFilter, ReadOptions } from '../data/index.ts';
import { formatInstancePath } from '../data/index.ts';
import { InvalidValueError, ResourceNotFoundError } from '../errors/index.ts';
import type { NmdaDatastore } from '../management/index.ts';
import { NMDA_DATASTORES } from '../management/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import { IDENTIFIER } from './api-path-syntax.ts';
import { parseDataResourcePath } from './data-resource-path.ts';
import { percentDecode } from './percent-decoding.ts';
import type { DataResourceTarget } from './resource-target.ts';
import { operationPathText } from './resource-target.ts';

/** A datastore resource: `/data`, or an NMDA datastore below `/ds`. */
export interface DatastoreResource {
  /** `data`, or the NMDA datastore's identity name (module ietf-datastores). */
  readonly name: 'data' | NmdaDatastore;
  /** Its path below the API root: `/data`, `/ds/ietf-datastores:running`. */
  readonly path: string;
  /** False for the conventional configuration datastores, which hold no state data. @see RFC 8342 §5.1 */
  readonly holdsState: boolean;
  /** Whether POST, PUT, PATCH and DELETE change it; the others answer 405. @see RFC 8527 §3.2 */
  readonly writable: boolean;
  /** Whether actions are invoked through it. @see RFC 8527 §3.3 */
  readonly invokesActions: boolean;
  /**
   * Whether a read reports the values in use, defaults included, whatever `with-defaults` says
   * (except `trim` and `report-all-tagged`). @see RFC 8527 §3.2.1, RFC 8342 §5.3
   */
  readonly reportsValuesInUse: boolean;
}

/** The module whose identities name the datastores. @see RFC 8342 §7 */
export const DATASTORES_MODULE = 'ietf-datastores';

/** `{+restconf}/data`: RFC 8040's combined view of configuration and state. @see RFC 8040 §3.3 */
export const DATA_RESOURCE: DatastoreResource = {
  name: 'data',
  path: '/data',
  holdsState: true,
  writable: true,
  invokesActions: true,
  reportsValuesInUse: false,
};

type Traits = Omit<DatastoreResource, 'name' | 'path'>;

const TRAITS: Readonly<Record<NmdaDatastore, Traits>> = {
  running: { holdsState: false, writable: true, invokesActions: false, reportsValuesInUse: false },
  // Equal to running: the server applies no configuration transformations. @see RFC 8342 §5.1.3
  intended: { holdsState: false, writable: false, invokesActions: false, reportsValuesInUse: false },
  operational: { holdsState: true, writable: false, invokesActions: true, reportsValuesInUse: true },
};

/** The NMDA datastore resources, in the order the YANG library lists them. @see RFC 8527 §3.1 */
export const NMDA_RESOURCES: readonly DatastoreResource[] = NMDA_DATASTORES.map((name) => ({
  name,
  path: `/ds/${DATASTORES_MODULE}:${name}`,
  ...TRAITS[name],
}));

const SERVED = NMDA_RESOURCES.map((resource) => resource.path).join(', ');

/** Why a well-formed datastore identity is not served, for the 404 message. */
const notServedReason = (module: string, name: string): string => {
  if (module !== DATASTORES_MODULE) return `${module}:${name} is not a datastore this server implements`;
  if (name === 'candidate') return 'this server has no candidate datastore: every edit is committed to running';
  if (name === 'startup')
    return 'this server has no separate startup datastore: running is durable and is what the server starts with';
  return `${module}:${name} is not a datastore this server implements`;
};

/** Resolves the `<datastore>` segment of `{+restconf}/ds/<datastore>`. @see RFC 8527 §3.1, RFC 7951 §6.8 */
const datastoreOf = (rawSegment: string): DatastoreResource => {
  const text = percentDecode(rawSegment, 'the datastore');
  const colon = text.indexOf(':');
  const module = text.slice(0, colon);
  const name = text.slice(colon + 1);
  if (colon < 0 || !IDENTIFIER.test(module) || !IDENTIFIER.test(name))
    throw new InvalidValueError(
      `"${text}" is not a datastore identity: write it module-qualified, e.g. /ds/${DATASTORES_MODULE}:running`,
      { type: 'protocol' },
    );
  const found = module === DATASTORES_MODULE ? NMDA_RESOURCES.find((resource) => resource.name === name) : undefined;
  if (found === undefined)
    throw new ResourceNotFoundError(`${notServedReason(module, name)}; the datastores are ${SERVED}`, {
      type: 'protocol',
    });
  return found;
};

/** Rejects a target that has no place in `datastore`: state data or an action in a configuration datastore. */
const checkTargetIn = (datastore: DatastoreResource, target: DataResourceTarget): void => {
  if (target.kind === 'action' && !datastore.invokesActions)
    throw new InvalidValueError(
      `actions are invoked through /ds/${DATASTORES_MODULE}:operational or /data, not through ${datastore.path}`,
      { path: operationPathText(target.path, target.action) },
    );
  if (target.kind === 'data' && !datastore.holdsState && !target.node.config)
    throw new ResourceNotFoundError(
      `${target.node.name} is state data (config false), which the ${datastore.name} configuration datastore does not hold; read it below /ds/${DATASTORES_MODULE}:operational`,
      { path: formatInstancePath(target.path) },
    );
};

/**
 * Resolves a request path below `{+restconf}/ds` (`/ietf-datastores:running/m:top/…`, still
 * percent-encoded) to the datastore and the target in it. Throws 400 for a datastore segment
 * that is not a module-qualified identity, 404 for a datastore the server does not implement,
 * and whatever {@link parseDataResourcePath} throws for the rest. @see RFC 8527 §3.1
 */
export const parseDatastorePath = (
  rest: string,
  schema: SchemaTree,
): { readonly datastore: DatastoreResource; readonly target: DataResourceTarget } => {
  if (rest === '' || rest === '/')
    throw new ResourceNotFoundError(`name a datastore after /ds; the datastores are ${SERVED}`, { type: 'protocol' });
  const slash = rest.indexOf('/', 1);
  const datastore = datastoreOf(slash < 0 ? rest.slice(1) : rest.slice(1, slash));
  const target = parseDataResourcePath(slash < 0 ? '' : rest.slice(slash), schema);
  checkTargetIn(datastore, target);
  return { datastore, target };
};

/** What a 405 adds for a write to a data resource of a read-only datastore ('' otherwise). @see RFC 8527 §3.2 */
export const readOnlyNote = (datastore: DatastoreResource, target: DataResourceTarget): string =>
  datastore.writable || target.kind === 'action' || target.kind === 'rpc'
    ? ''
    : `; ${datastore.path} is read-only: change the configuration below /ds/${DATASTORES_MODULE}:running or /data`;

/** The `content` a read of `datastore` asks the management layer for: no state from a configuration datastore. */
export const managementContentIn = (datastore: DatastoreResource, content: ContentFilter | undefined): ContentFilter =>
  datastore.holdsState ? (content ?? 'all') : 'config';

/**
 * The encoding options of a read of `datastore`: in the operational state datastore the values
 * in use are reported, defaults included, unless `with-defaults` is `trim` (which leaves out
 * values equal to their default) or `report-all-tagged` (which also tags them).
 * @see RFC 8527 §3.2.1
 */
export const readOptionsIn = (datastore: DatastoreResource, options: ReadOptions): ReadOptions => {
  if (!datastore.reportsValuesInUse) return options;
  const mode = options.withDefaults;
  return { ...options, withDefaults: mode === 'trim' || mode === 'report-all-tagged' ? mode : 'report-all' };
};
