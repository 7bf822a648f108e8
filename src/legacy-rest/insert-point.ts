/**
 * @module legacy-rest/insert-point
 * The `resource` of `insert=before|after`: a legacy API path of the sibling entry the new one
 * is placed next to (RESTCONF calls it `point`). Written as an absolute path under
 * `/admin/api/rest` (ConfD's `/api` prefix and a full URL are accepted too).
 * @see shared/spec/legacy-rest.md Decision 5, §6.6
 */
import type { InstancePath } from '../data/index.ts';
import { InvalidValueError, isManagementError } from '../errors/index.ts';
import type { LeafListNode, ListNode, SchemaTree } from '../yang/index.ts';
import { LEGACY_REST_ROOT } from './legacy-names.ts';
import { resolveLegacyPath } from './resource-path.ts';

const URL_PREFIX = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/;

/** The path below the API root that `resource` names. */
const relativePath = (resource: string): string => {
  const path = resource.replace(URL_PREFIX, '');
  if (path.startsWith(`${LEGACY_REST_ROOT}/`)) return path.slice(LEGACY_REST_ROOT.length);
  if (path.startsWith('/api/')) return path.slice('/api'.length);
  return path;
};

/**
 * Resolves `resource` to the path of an entry of `target` (the ordered-by user list or
 * leaf-list the new entry goes into) in the running datastore. Throws InvalidValueError when it
 * names anything else; whether the entry exists is the caller's check (MissingInstanceError).
 * @see spec §6.6
 */
export const resolveInsertPoint = (
  schema: SchemaTree,
  resource: string,
  target: ListNode | LeafListNode,
): InstancePath => {
  let path: InstancePath;
  try {
    const resolved = resolveLegacyPath(schema, relativePath(resource));
    if (resolved.kind !== 'data' || resolved.datastore !== 'running') throw new InvalidValueError('not a data path');
    path = resolved.path;
  } catch (error) {
    if (!isManagementError(error)) throw error;
    throw new InvalidValueError(`resource "${resource}" is not the path of an entry: ${error.message}`, {
      cause: error,
    });
  }
  const last = path.at(-1);
  const isEntry = last !== undefined && (last.keys !== undefined || last.value !== undefined);
  if (last === undefined || last.schema !== target || !isEntry) {
    throw new InvalidValueError(`resource "${resource}" must name an entry of ${target.name}`);
  }
  if (target.orderedBy !== 'user') {
    throw new InvalidValueError(`insert needs an ordered-by user list; ${target.name} is ordered by the system`);
  }
  return path;
};
