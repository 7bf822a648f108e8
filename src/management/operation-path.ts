/**
 * @module management/operation-path
 * Operations by schema path (`/example-ops:reboot`, `/idconf-rollback:rollback-files/
 * apply-rollback-file`), and the error-path of an invocation.
 * @see RFC 7950 §6.5 (schema node identifier), RFC 8040 §7.1 (error-path)
 */
import type { InstancePath } from '../data/index.ts';
import { formatInstancePath } from '../data/index.ts';
import type { OperationNode, SchemaNode, SchemaParent, SchemaTree } from '../yang/index.ts';

/**
 * The RPC or action at a schema path whose steps are `module:name` or `name` (the module of the
 * step before); a TypeError when there is none, since paths come from code, not requests.
 */
export const resolveOperation = (schema: SchemaTree, schemaPath: string): OperationNode => {
  const steps = schemaPath.replace(/^\//, '').split('/');
  let parent: SchemaParent = schema;
  let module: string | undefined;
  let found: SchemaNode | undefined;
  for (const [index, step] of steps.entries()) {
    const colon = step.indexOf(':');
    if (colon >= 0) module = step.slice(0, colon);
    const name = colon >= 0 ? step.slice(colon + 1) : step;
    const key = `${module}:${name}`;
    found =
      index === 0
        ? (schema.rpcs.find((rpc) => `${rpc.module}:${rpc.name}` === key) ?? schema.dataChildIndex.get(key))
        : parent.dataChildIndex.get(key);
    if (found === undefined || index === steps.length - 1) break;
    if (found.kind !== 'container' && found.kind !== 'list') {
      found = undefined;
      break;
    }
    parent = found;
  }
  if (found === undefined || (found.kind !== 'rpc' && found.kind !== 'action'))
    throw new TypeError(`no RPC or action at ${schemaPath}`);
  return found;
};

/** The error-path of an operation: its parent instance's path plus the qualified operation name. @see RFC 8040 §7.1 */
export const operationPathText = (parent: InstancePath, operation: OperationNode): string => {
  const last = parent.at(-1)?.schema.module;
  const name = last === operation.module ? operation.name : `${operation.module}:${operation.name}`;
  return parent.length === 0 ? `/${name}` : `${formatInstancePath(parent)}/${name}`;
};
