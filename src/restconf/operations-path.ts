/**
 * @module restconf/operations-path
 * Resolves the path below `{+restconf}/operations`: nothing (the operations resource), an RPC
 * (`/example-ops:reboot`), or — the identity service's extension — the data path of an action
 * (`/facilities/crypto/add-signature-verification-key`), which addresses the action of that
 * instance exactly as the same path below `/data` does. As those clients write it, that data
 * path may leave out the module of its first node; an RPC may not (`module:rpc`).
 * @see RFC 8040 §3.3.2, §3.6; docs/restconf.md (actions under /operations)
 */
import { formatInstancePath } from '../data/index.ts';
import { InvalidValueError } from '../errors/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import { parseDataResourcePath } from './data-resource-path.ts';
import type { OperationTarget } from './resource-target.ts';

/**
 * The target of a path after `{+restconf}/operations` (raw text or raw segments). Errors are
 * those of {@link parseDataResourcePath}, plus InvalidValueError when the path names a data
 * node rather than an operation. @see RFC 8040 §3.6
 */
export const parseOperationsPath = (apiPath: string | readonly string[], schema: SchemaTree): OperationTarget => {
  const target = parseDataResourcePath(apiPath, schema, { unqualifiedActionPath: true });
  switch (target.kind) {
    case 'rpc':
    case 'action':
      return target;
    case 'datastore':
      return { kind: 'operations' };
    case 'data':
      throw new InvalidValueError(
        `${target.node.kind} ${target.node.name} is a data node, not an operation: below /operations give an RPC (module:name) or the data path of an action`,
        { path: formatInstancePath(target.path) },
      );
  }
};
