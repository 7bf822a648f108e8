/**
 * @module restconf/allowed-methods
 * The methods each kind of resource allows, for OPTIONS (`Allow`), for 405 answers, and the
 * media types a PATCH of it accepts (`Accept-Patch`).
 * @see RFC 8040 §4.1, RFC 8072 §2.2, RFC 5789 §3.1, RFC 8527 §3.2
 */

import { isCollection } from './data-read.ts';
import type { DatastoreResource } from './datastore-resources.ts';
import { DATA_RESOURCE } from './datastore-resources.ts';
import { YANG_DATA_JSON, YANG_DATA_XML, YANG_PATCH_JSON, YANG_PATCH_XML } from './media-types.ts';
import type { RestconfMethod } from './query-parameters.ts';
import type { DataResourceTarget } from './resource-target.ts';

/** Resources that can only be read. */
export const READ_ONLY: readonly RestconfMethod[] = ['GET', 'HEAD', 'OPTIONS'];
/** Operations. */
export const INVOKE: readonly RestconfMethod[] = ['OPTIONS', 'POST'];

/** The `Accept-Patch` of resources that allow PATCH. @see RFC 8072 §2.2 */
export const ACCEPT_PATCH = [YANG_DATA_JSON, YANG_DATA_XML, YANG_PATCH_JSON, YANG_PATCH_XML].join(', ');

/**
 * The methods a resource below a datastore resource allows (`/data` by default); in a read-only
 * datastore every data resource is read-only. @see RFC 8527 §3.2
 */
export const dataMethods = (
  target: DataResourceTarget,
  datastore: DatastoreResource = DATA_RESOURCE,
): readonly RestconfMethod[] => {
  if (!datastore.writable && (target.kind === 'datastore' || target.kind === 'data')) return READ_ONLY;
  switch (target.kind) {
    case 'datastore':
      return ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH'];
    case 'action':
    case 'rpc':
      return INVOKE;
    case 'data': {
      const { node } = target;
      if (!node.config) return READ_ONLY;
      if (isCollection(target)) return ['GET', 'HEAD', 'OPTIONS', 'POST'];
      const holdsChildren = node.kind === 'container' || node.kind === 'list';
      return holdsChildren
        ? ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE']
        : ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE'];
    }
  }
};
