/**
 * @module legacy-rest/methods
 * Which HTTP methods each legacy resource allows (the `Allow` header of OPTIONS and of 405).
 * `operational` and the rollback resources are read-only; operations take POST only; a leaf
 * cannot be POSTed to (it has no children); a PUT on `/running` needs `force-put` (checked
 * with the query).
 * @see shared/spec/legacy-rest.md Decisions 1, 5, 7; §7
 */
import { MethodNotAllowedError } from '../errors/index.ts';
import { isCollectionPath } from './media-types.ts';
import type { LegacyResource } from './resource-path.ts';

const READ = ['GET', 'HEAD', 'OPTIONS'] as const;
const OPERATION = ['POST', 'OPTIONS'] as const;

/** The methods `resource` allows, in the order of the `Allow` header. @see spec §7 */
export const allowedMethods = (resource: LegacyResource): readonly string[] => {
  switch (resource.kind) {
    case 'api':
    case 'rollbacks':
    case 'rollback-file':
      return READ;
    case 'action':
    case 'rpc':
    case 'rollback-apply':
      return OPERATION;
    case 'datastore':
      return resource.datastore === 'running' ? ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'OPTIONS'] : READ;
    case 'data': {
      if (resource.datastore !== 'running') return READ;
      const node = resource.path.at(-1)?.schema;
      const hasChildren = node?.kind === 'container' || (node?.kind === 'list' && !isCollectionPath(resource.path));
      return hasChildren
        ? ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
        : ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
    }
  }
};

/** Throws MethodNotAllowedError (405, with `Allow`) unless `resource` allows `method`. */
export const checkMethod = (method: string, resource: LegacyResource): void => {
  const allowed = allowedMethods(resource);
  if (!allowed.includes(method)) {
    throw new MethodNotAllowedError(`${method} is not allowed on this resource`, allowed, { type: 'protocol' });
  }
};
