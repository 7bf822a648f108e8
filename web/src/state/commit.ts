/**
 * @module web/state/commit
 * Commits the staged changes as one YANG Patch, with a comment and a label, on the deepest
 * resource that holds all of them. Before that, each resource the changes were made in is
 * checked against the entity tag it had when the user read it, and the patch itself carries
 * `If-Match`: a change someone else committed meanwhile stops the commit (nothing is applied)
 * instead of being overwritten. Errors are mapped back to the nodes their `error-path` names.
 * @see RFC 8072 (YANG Patch), RFC 8040 §3.4.1.2 (entity tags), RFC 9110 §13.1.1 (If-Match)
 */
import type { RestconfClient, RestconfError } from '../api/restconf-client.ts';
import { ApiError } from '../api/restconf-client.ts';
import type { DataPath } from '../schema/data-path.ts';
import { apiPath, describePath, parseInstanceIdentifier, pathKey } from '../schema/data-path.ts';
import type { SchemaModel } from '../schema/schema-model.ts';
import type { StagedEdit } from './staging.ts';

/** What a commit note says. */
export interface CommitNote {
  readonly comment: string;
  readonly label: string;
}

/** Someone else changed a resource the changes were made in. */
export class ConflictError extends Error {
  readonly paths: readonly DataPath[];
  constructor(paths: readonly DataPath[]) {
    super(
      `Someone else changed ${paths.map((path) => describePath(path) || 'the configuration').join('; ')} since you read it. Nothing was committed: reload to see the current values (your changes stay staged).`,
    );
    this.name = 'ConflictError';
    this.paths = paths;
  }
}

/** An error placed on a node. */
export interface PlacedError {
  readonly message: string;
  /** The node the error-path names (or the edit's target); undefined when it names none. */
  readonly path: DataPath | undefined;
  readonly key: string | undefined;
}

/** The longest common prefix of paths. */
const commonPrefix = (paths: readonly DataPath[]): DataPath => {
  const [first, ...rest] = paths;
  if (first === undefined) return [];
  let length = first.length;
  for (const path of rest) {
    let index = 0;
    while (
      index < length &&
      index < path.length &&
      pathKey(first.slice(0, index + 1)) === pathKey(path.slice(0, index + 1))
    )
      index++;
    length = index;
  }
  return first.slice(0, length);
};

/** The deepest resource (container or list entry) at or above `path`. */
const resourceOf = (path: DataPath): DataPath => {
  let end = path.length;
  while (end > 0) {
    const step = path[end - 1];
    if (
      step !== undefined &&
      (step.node.kind === 'container' || (step.node.kind === 'list' && step.keys !== undefined))
    )
      break;
    end--;
  }
  return path.slice(0, end);
};

const messageOf = (error: RestconfError): string =>
  error['error-message'] ??
  `${error['error-tag']}${error['error-app-tag'] === undefined ? '' : ` (${error['error-app-tag']})`}`;

/** Places the errors of a failed commit on the nodes they name. */
export const placeErrors = (model: SchemaModel, error: ApiError, edits: readonly StagedEdit[]): PlacedError[] => {
  const place = (entry: RestconfError, fallback: DataPath | undefined): PlacedError => {
    const text = entry['error-path'];
    const path = (text === undefined ? undefined : parseInstanceIdentifier(model, text)) ?? fallback;
    return { message: messageOf(entry), path, key: path === undefined ? undefined : pathKey(path) };
  };
  const placed = error.errors.map((entry) => place(entry, undefined));
  for (const [editId, entries] of error.editErrors) {
    const edit = edits[Number(editId) - 1];
    for (const entry of entries) placed.push(place(entry, edit?.target));
  }
  return placed;
};

/** The entity tag the resource at `path` has now (undefined when it does not exist). */
const currentTag = async (client: RestconfClient, path: DataPath): Promise<string | undefined> => {
  try {
    return (await client.send('HEAD', `/data${apiPath(path)}`)).etag;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
};

/**
 * Commits `edits` as one YANG Patch. Resolves with the fixed number of the new rollback file
 * (undefined when nothing changed).
 * @throws ConflictError when a resource changed since it was read; ApiError when the server refused
 */
export const commitEdits = async (
  client: RestconfClient,
  edits: readonly StagedEdit[],
  note: CommitNote,
): Promise<number | undefined> => {
  const bases = new Map<string, { path: DataPath; tag: string | undefined }>();
  for (const edit of edits) bases.set(pathKey(edit.base.path), edit.base);
  const changed: DataPath[] = [];
  for (const base of bases.values())
    if (base.tag !== undefined && (await currentTag(client, base.path)) !== base.tag) changed.push(base.path);
  if (changed.length > 0) throw new ConflictError(changed);
  const resource = resourceOf(commonPrefix(edits.map((edit) => edit.target.slice(0, -1))));
  const known = bases.get(pathKey(resource));
  const tag = known?.tag ?? (resource.length === 0 ? undefined : await currentTag(client, resource));
  const patch = {
    'ietf-yang-patch:yang-patch': {
      'patch-id': `webui-${Date.now()}`,
      ...(note.comment.trim() === '' ? {} : { comment: note.comment.trim() }),
      edit: edits.map((edit, index) => ({
        'edit-id': String(index + 1),
        operation: edit.operation,
        target: apiPath(edit.target.slice(resource.length)),
        ...(edit.point === undefined ? {} : { point: apiPath(edit.point.slice(resource.length)) }),
        ...(edit.where === undefined ? {} : { where: edit.where }),
        ...(edit.value === undefined ? {} : { value: edit.value }),
      })),
    },
  };
  try {
    const response = await client.send<{
      'ietf-yang-patch:yang-patch-status'?: unknown;
      'idconf-restconf:result'?: { rollback?: { id?: number } };
    }>('PATCH', `/data${apiPath(resource)}`, {
      body: patch,
      type: 'application/yang-patch+json',
      query: {
        'rollback-id': 'true',
        ...(note.label.trim() === '' ? {} : { 'rollback-label': note.label.trim() }),
      },
      ...(tag === undefined ? {} : { ifMatch: tag }),
    });
    const status = response.body?.['ietf-yang-patch:yang-patch-status'] as
      | { 'idconf-restconf:result'?: { rollback?: { id?: number } } }
      | undefined;
    return status?.['idconf-restconf:result']?.rollback?.id ?? response.body?.['idconf-restconf:result']?.rollback?.id;
  } catch (error) {
    if (error instanceof ApiError && error.status === 412 && !error.patchStatus) throw new ConflictError([resource]);
    throw error;
  }
};
