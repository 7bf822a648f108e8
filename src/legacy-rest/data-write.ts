/**
 * @module legacy-rest/data-write
 * The writes of the legacy API, each one transaction (one rollback file, via `rest`, with the
 * request's `rollback-comment` and `rollback-label`): POST creates one child (201 with an
 * absolute `Location`; 409 `data-exists` when it is there), PUT creates (201) or replaces (204)
 * the target — on `/running` itself, with `force-put`, the whole configuration (a restore) —
 * PATCH merges into an existing target (204; 404 when absent), DELETE removes an existing one
 * (204; 404 when absent). Preconditions are evaluated inside the transaction.
 * @see shared/spec/legacy-rest.md Decisions 5, 8; §6.6, §7
 */
import type {
  DataEdit,
  DataSchemaNode,
  DataTree,
  EditPlacement,
  InstancePath,
  InstancePathStep,
  Slot,
} from '../data/index.ts';
import { applyEdit, formatInstancePath, instanceExists, isInstanceStored } from '../data/index.ts';
import { InvalidValueError, PreconditionFailedError, ResourceNotFoundError } from '../errors/index.ts';
import { evaluatePreconditions, writeEmpty } from '../http/index.ts';
import type { EditContext } from '../management/index.ts';
import type { YangValue } from '../yang/index.ts';
import { createdChild, decodeLegacyChildren, decodeLegacyDatastore, targetValue } from './body-decoding.ts';
import { formatLegacyUrl } from './format-path.ts';
import { resolveInsertPoint } from './insert-point.ts';
import type { LegacyExchange } from './legacy-exchange.ts';
import type { ReadableResource } from './read-representation.ts';

/** Fails with 412 unless the request's preconditions hold for the resource at `path` in `root`. */
const checkPreconditions = (exchange: LegacyExchange, root: DataTree, path: InstancePath, context: EditContext) => {
  const present = isInstanceStored(root, path);
  try {
    evaluatePreconditions(exchange.request, {
      exists: present,
      version: present ? context.versionOf(path) : undefined,
    });
  } catch (error) {
    // Failing on a target the user may not read would tell whether it exists: with the target's
    // path, the management layer refuses it as it refuses any request touching hidden data.
    if (error instanceof PreconditionFailedError && context.isHidden(path))
      throw new PreconditionFailedError(error.message, { type: 'protocol', path: formatInstancePath(path) });
    throw error;
  }
};

const pathOf = (resource: ReadableResource): InstancePath => (resource.kind === 'datastore' ? [] : resource.path);

/**
 * The placement `insert` (and `resource`) ask for an entry at `target` (of an ordered-by user
 * list or leaf-list): `resource` must name an entry of the same list instance. @see spec §6.6
 */
const placementOf = (exchange: LegacyExchange, target: InstancePath): EditPlacement | undefined => {
  const { insert, resource } = exchange.query;
  if (insert === undefined) return undefined;
  if (insert === 'first' || insert === 'last') return { insert };
  const node: DataSchemaNode = (target.at(-1) as InstancePathStep).schema;
  if (resource === undefined || (node.kind !== 'list' && node.kind !== 'leaf-list'))
    throw new InvalidValueError(`insert=${insert} applies to entries of an ordered-by user list or leaf-list`, {
      type: 'protocol',
      path: formatInstancePath(target),
    });
  const point = resolveInsertPoint(exchange.schema, resource, node);
  if (formatInstancePath(point.slice(0, -1)) !== formatInstancePath(target.slice(0, -1)))
    throw new InvalidValueError(`resource "${resource}" is not an entry of the same list as the new entry`, {
      type: 'protocol',
      path: formatInstancePath(target),
    });
  const step = point.at(-1) as InstancePathStep;
  return { insert, point: (step.keys ?? step.value) as readonly YangValue[] | YangValue };
};

const withPlacement = (edit: DataEdit, placement: EditPlacement | undefined): DataEdit =>
  placement === undefined ? edit : { ...edit, placement };

/** POST on `/running` or a container or list entry below it: creates the one child in the body. */
export const createLegacyData = async (exchange: LegacyExchange, resource: ReadableResource): Promise<void> => {
  const { schema } = exchange;
  const parentPath = pathOf(resource);
  const created = createdChild(decodeLegacyChildren(schema, parentPath, await exchange.body()), parentPath);
  const edit = withPlacement(
    { operation: 'create', target: created.path, value: created.value },
    placementOf(exchange, created.path),
  );
  await exchange.management.edit(
    exchange.session,
    (root, context) => {
      checkPreconditions(exchange, root, parentPath, context);
      if (!instanceExists(root, parentPath))
        throw new ResourceNotFoundError(`${exchange.context.path} does not exist: create it first`, {
          path: formatInstancePath(parentPath),
        });
      return applyEdit(root, edit);
    },
    exchange.note,
  );
  writeEmpty(exchange.response, 201, {
    Location: exchange.absoluteUrl(formatLegacyUrl(schema, 'running', created.path)),
  });
};

/** The new value of a PUT or PATCH: the whole configuration for `/running`, else the target from the body. */
const newValue = async (exchange: LegacyExchange, path: InstancePath): Promise<Slot> => {
  const body = await exchange.body();
  if (path.length === 0) return decodeLegacyDatastore(exchange.schema, body);
  return targetValue(decodeLegacyChildren(exchange.schema, path.slice(0, -1), body), body, path);
};

/**
 * PUT: with `force-put` on `/running` replaces the whole configuration (204); below it creates
 * (201 with `Location`) or replaces (204) the target; `insert`/`resource` place a new entry.
 */
export const replaceLegacyData = async (exchange: LegacyExchange, resource: ReadableResource): Promise<void> => {
  const path = pathOf(resource);
  if (path.length === 0 && exchange.query.insert !== undefined)
    throw new InvalidValueError('insert places an entry of a list; a PUT on /running replaces everything', {
      type: 'protocol',
    });
  const value = await newValue(exchange, path);
  const edit = withPlacement({ operation: 'replace', target: path, value }, placementOf(exchange, path));
  let existed = true;
  await exchange.management.edit(
    exchange.session,
    (root, context) => {
      checkPreconditions(exchange, root, path, context);
      existed = isInstanceStored(root, path);
      return applyEdit(root, edit);
    },
    exchange.note,
    [path],
  );
  if (existed) writeEmpty(exchange.response, 204);
  else
    writeEmpty(exchange.response, 201, {
      Location: exchange.absoluteUrl(formatLegacyUrl(exchange.schema, 'running', path)),
    });
};

/** PATCH: merges the body into `/running` or an existing target (204); 404 when the target is absent. */
export const mergeLegacyData = async (exchange: LegacyExchange, resource: ReadableResource): Promise<void> => {
  const path = pathOf(resource);
  const value = await newValue(exchange, path);
  await exchange.management.edit(
    exchange.session,
    (root, context) => {
      checkPreconditions(exchange, root, path, context);
      if (!instanceExists(root, path))
        throw new ResourceNotFoundError(`${exchange.context.path} does not exist: PATCH merges into existing data`, {
          path: formatInstancePath(path),
        });
      return applyEdit(root, { operation: 'merge', target: path, value });
    },
    exchange.note,
    [path],
  );
  writeEmpty(exchange.response, 204);
};

/** DELETE of an existing data node (204); 404 when there is nothing to delete. */
export const deleteLegacyData = async (exchange: LegacyExchange, resource: ReadableResource): Promise<void> => {
  const path = pathOf(resource);
  await exchange.management.edit(
    exchange.session,
    (root, context) => {
      checkPreconditions(exchange, root, path, context);
      if (!isInstanceStored(root, path))
        throw new ResourceNotFoundError(`there is nothing to delete at ${exchange.context.path}`, {
          path: formatInstancePath(path),
        });
      return applyEdit(root, { operation: 'delete', target: path });
    },
    exchange.note,
    [path],
  );
  writeEmpty(exchange.response, 204);
};
