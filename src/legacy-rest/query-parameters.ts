/**
 * @module legacy-rest/query-parameters
 * The query parameters of the legacy API, each accepted only with the methods and resources
 * the specification gives it; anything else is a 400 `invalid-value`.
 * @see shared/spec/legacy-rest.md Decisions 4–5, §6
 */
import type { WithDefaultsMode } from '../data/index.ts';
import { parseWithDefaultsMode } from '../data/index.ts';
import { InvalidValueError } from '../errors/index.ts';
import { isCollectionPath } from './media-types.ts';
import { percentDecode } from './path-segments.ts';
import type { LegacyResource } from './resource-path.ts';

/** How much of the tree below the target a read returns. @see spec Decision 4, §6.1–§6.3 */
export type DepthMode = 'variable' | 'shallow' | 'deep';

/** Where an entry goes in an `ordered-by user` list. @see spec §6.6 */
export type InsertWhere = 'first' | 'last' | 'before' | 'after';

/** The parsed query of one request. */
export interface LegacyQuery {
  /** `variable` unless `deep` or `shallow` is given. */
  readonly depth: DepthMode;
  /** `verbose`: `_self`/`_path` (JSON), `y:self`/`y:path` (XML). */
  readonly verbose: boolean;
  /** `operations=false` leaves the operations links out. */
  readonly operations: boolean;
  /** `with-defaults`; undefined means the legacy default (values equal to their default are omitted). */
  readonly withDefaults: WithDefaultsMode | undefined;
  /** `select`, as written (parsed against the target by `parseSelect`). */
  readonly select: string | undefined;
  readonly offset: number | undefined;
  readonly limit: number | undefined;
  /** `force-put`: needed by a PUT on a datastore (replaces the whole configuration). */
  readonly forcePut: boolean;
  readonly rollbackComment: string | undefined;
  readonly rollbackLabel: string | undefined;
  readonly insert: InsertWhere | undefined;
  /** `resource`: the legacy path of the entry `before`/`after` refers to, as written. */
  readonly resource: string | undefined;
}

/** Query errors are `invalid-value` with error-type `protocol`, as on the RESTCONF API. */
const protocolError = (message: string): InvalidValueError => new InvalidValueError(message, { type: 'protocol' });

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Where a parameter may appear. */
type Allowed = (method: string, resource: LegacyResource) => boolean;

const isRead = (method: string): boolean => method === 'GET' || method === 'HEAD';
const isDataResource = (resource: LegacyResource): boolean => resource.kind === 'datastore' || resource.kind === 'data';
const WRITES: readonly Method[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Every parameter and where it is allowed. @see spec §6 (table) */
const ALLOWED: Readonly<Record<string, Allowed>> = {
  deep: (method) => isRead(method),
  shallow: (method) => isRead(method),
  verbose: (method, resource) => isRead(method) && isDataResource(resource),
  operations: (method, resource) => isRead(method) && isDataResource(resource),
  'with-defaults': (method, resource) => isRead(method) && isDataResource(resource),
  select: (method, resource) => isRead(method) && isDataResource(resource),
  offset: (method, resource) => isRead(method) && resource.kind === 'data' && isCollectionPath(resource.path),
  limit: (method, resource) => isRead(method) && resource.kind === 'data' && isCollectionPath(resource.path),
  'force-put': (method, resource) => method === 'PUT' && isDataResource(resource),
  'rollback-comment': (method, resource) =>
    WRITES.includes(method as Method) && (isDataResource(resource) || method === 'POST'),
  'rollback-label': (method, resource) =>
    WRITES.includes(method as Method) && (isDataResource(resource) || method === 'POST'),
  insert: (method, resource) => (method === 'POST' || method === 'PUT') && isDataResource(resource),
  resource: (method, resource) => (method === 'POST' || method === 'PUT') && isDataResource(resource),
};

/** A flag: `?deep`, `?deep=`, `?deep=true`; `=false` turns it off. @see spec §6 */
const parseFlag = (name: string, value: string): boolean => {
  if (value === '' || value === 'true') return true;
  if (value === 'false') return false;
  throw protocolError(`${name} takes no value (or true/false), not "${value}"`);
};

const parseBoolean = (name: string, value: string): boolean => {
  if (value === 'true' || value === 'false') return value === 'true';
  throw protocolError(`${name} must be true or false, not "${value}"`);
};

const parseCount = (name: string, value: string, minimum: number): number => {
  const count = /^[0-9]{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!(count >= minimum)) throw protocolError(`${name} must be an integer ≥ ${minimum}, not "${value}"`);
  return count;
};

const parseMode = (value: string): WithDefaultsMode => {
  try {
    return parseWithDefaultsMode(value);
  } catch (error) {
    throw error instanceof Error ? protocolError(error.message) : error;
  }
};

const INSERT_VALUES: readonly InsertWhere[] = ['first', 'last', 'before', 'after'];

const parseInsert = (value: string): InsertWhere => {
  const found = INSERT_VALUES.find((where) => where === value);
  if (found === undefined) throw protocolError(`insert must be first, last, before or after, not "${value}"`);
  return found;
};

/**
 * The name/value pairs of a raw query string (without `?`), strictly percent-decoded; a `+` is a
 * plus sign (RFC 3986), not a space. Bad percent-encoding is MalformedMessageError.
 */
export const parseQueryString = (raw: string): [string, string][] =>
  raw
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const equals = part.indexOf('=');
      return equals < 0
        ? [percentDecode(part), '']
        : [percentDecode(part.slice(0, equals)), percentDecode(part.slice(equals + 1))];
    });

/**
 * Parses and checks the query of a request with `method` on `resource`, given as the raw query
 * string (preferred: `+` stays a plus sign) or as decoded pairs. Unknown, repeated or misplaced
 * parameters and bad values are InvalidValueError (400, error-type `protocol`), and so is a PUT
 * on `/running` without `force-put`. @see spec Decision 5, §6
 */
export const parseLegacyQuery = (
  query: string | URLSearchParams,
  method: string,
  resource: LegacyResource,
): LegacyQuery => {
  const values = new Map<string, string>();
  for (const [name, value] of typeof query === 'string' ? parseQueryString(query) : query) {
    const allowed = ALLOWED[name];
    if (allowed === undefined) throw protocolError(`unknown query parameter "${name}"`);
    if (values.has(name)) throw protocolError(`query parameter "${name}" is given more than once`);
    if (!allowed(method, resource)) {
      throw protocolError(`query parameter "${name}" is not allowed on ${method} of this resource`);
    }
    values.set(name, value);
  }
  const flag = (name: string): boolean => {
    const value = values.get(name);
    return value === undefined ? false : parseFlag(name, value);
  };
  const deep = flag('deep');
  const shallow = flag('shallow');
  if (deep && shallow) throw protocolError('deep and shallow exclude each other');
  const text = (name: string): string | undefined => values.get(name);
  const operations = text('operations');
  const withDefaults = text('with-defaults');
  const select = text('select');
  if (select === '') throw protocolError('select needs an expression');
  const offset = text('offset');
  const limit = text('limit');
  const insert = text('insert');
  const where = insert === undefined ? undefined : parseInsert(insert);
  const resourcePath = text('resource');
  if ((where === 'before' || where === 'after') !== (resourcePath !== undefined)) {
    throw protocolError(
      resourcePath === undefined
        ? `insert=${where} needs a resource (the path of the entry it refers to)`
        : 'resource is only allowed with insert=before or insert=after',
    );
  }
  const forcePut = flag('force-put');
  if (method === 'PUT' && resource.kind === 'datastore' && resource.datastore === 'running' && !forcePut) {
    throw protocolError('a PUT on /running replaces the whole configuration: add ?force-put to confirm (a restore)');
  }
  return {
    depth: deep ? 'deep' : shallow ? 'shallow' : 'variable',
    verbose: flag('verbose'),
    operations: operations === undefined ? true : parseBoolean('operations', operations),
    withDefaults: withDefaults === undefined ? undefined : parseMode(withDefaults),
    select,
    offset: offset === undefined ? undefined : parseCount('offset', offset, 0),
    limit: limit === undefined ? undefined : parseCount('limit', limit, 1),
    forcePut,
    rollbackComment: text('rollback-comment'),
    rollbackLabel: text('rollback-label'),
    insert: where,
    resource: resourcePath,
  };
};
