/**
 * @module restconf/yang-patch
 * PATCH with a YANG Patch body: every edit resolved against the request's target, all applied
 * in order in one transaction, and the outcome reported as `yang-patch-status`: `ok`, the
 * error(s) of the edit that failed (the later edits are not tried), or global errors (those of
 * validating the result). Nothing is changed unless every edit succeeds.
 * Each edit targets exactly one instance (400 otherwise).
 * A `delete` or `move` of an absent node, and a patch whose target resource is absent, fail with
 * `data-missing` (409); a `merge` creates what it names, as NETCONF's merge does.
 * @see RFC 8072 §2.2–2.5, §3 (yang-patch-status); RFC 8040 §4.6, §7; RFC 6241 §7.2
 */
import { formatInstancePath, instanceExists } from '../data/index.ts';
import type { ManagementError } from '../errors/index.ts';
import {
  DataMissingError,
  isManagementError,
  ManagementErrors,
  NotModifiedError,
  PreconditionFailedError,
} from '../errors/index.ts';
import { httpStatusOf, writeText } from '../http/index.ts';
import { checkWritePreconditions, noteOf } from './data-write.ts';
import type { Encoding } from './media-types.ts';
import { dataMediaType, responseEncoding } from './media-types.ts';
import type { RestconfQuery } from './query-parameters.ts';
import type { DataNodeTarget, DatastoreTarget } from './resource-target.ts';
import { namespaceOfModule } from './restconf-error-renderer.ts';
import type { RestconfExchange, TypedBody } from './restconf-exchange.ts';
import { answerWrite } from './write-result.ts';
import type { PatchEdit, YangPatchReading } from './yang-patch-document.ts';
import { parseYangPatchXml, readYangPatchJson } from './yang-patch-document.ts';
import { PatchResolution } from './yang-patch-edits.ts';
import { renderPatchStatus } from './yang-patch-status.ts';

const errorsOf = (error: unknown): readonly ManagementError[] | undefined => {
  if (error instanceof ManagementErrors) return error.errors;
  if (isManagementError(error)) return [error];
  return undefined;
};

const readPatch = (body: TypedBody): YangPatchReading =>
  body.encoding === 'json'
    ? readYangPatchJson(body.text)
    : { ...parseYangPatchXml(body.text), checkEditIds: () => undefined };

/** The edits of a patch resolved, or resolved up to the first that failed. */
export interface ResolvedPatch {
  readonly patchId: string;
  readonly comment?: string;
  readonly resolution: PatchResolution;
  /** The error of the edit that failed (the later edits were not resolved), and its edit-id. */
  readonly failure?: { readonly error: unknown; readonly editId: string };
}

/**
 * Resolves the next edit of a patch into `resolution`: the edit's error if it fails, after
 * `checkEditIds` (whose error, an edit-id repeated before, is the request's and comes first).
 */
export const resolveNextEdit = (
  resolution: PatchResolution,
  edit: PatchEdit,
  checkEditIds: () => void,
): ResolvedPatch['failure'] => {
  try {
    resolution.add(edit);
    return undefined;
  } catch (error) {
    checkEditIds();
    return { error, editId: edit.editId };
  }
};

/**
 * Resolves the edits of a patch read whole, up to the first that fails. Edits are read one by one
 * (a malformed one is the request's error, not an edit's) and resolved as they come: a long patch
 * is never held whole as parsed JSON. Consecutive creates of entries of one list are kept as one
 * run of arrays, not as an edit object each.
 */
export const resolveYangPatch = (
  target: DatastoreTarget | DataNodeTarget,
  schema: RestconfExchange['schema'],
  patch: YangPatchReading,
): ResolvedPatch => {
  const resolution = new PatchResolution(
    target,
    schema,
    patch.editCount === undefined ? {} : { editCount: patch.editCount },
  );
  let failure: ResolvedPatch['failure'];
  for (const edit of patch.edits) {
    failure = resolveNextEdit(resolution, edit, () => patch.checkEditIds());
    if (failure !== undefined) break;
  }
  const { patchId, comment } = patch;
  return {
    patchId,
    ...(comment === undefined ? {} : { comment }),
    resolution,
    ...(failure === undefined ? {} : { failure }),
  };
};

/** Answers PATCH with a YANG Patch body on the datastore or a data resource. @see RFC 8072 §2 */
export const applyYangPatch = async (
  exchange: RestconfExchange,
  target: DatastoreTarget | DataNodeTarget,
  query: RestconfQuery,
  body: TypedBody,
): Promise<void> => {
  const encoding: Encoding = responseEncoding(exchange.request);
  return commitYangPatch(exchange, target, query, encoding, resolveYangPatch(target, exchange.schema, readPatch(body)));
};

/**
 * Answers a resolved YANG Patch: the error of the edit that failed as yang-patch-status, or the
 * patch applied in one transaction (preconditions, access control, validation) and its outcome.
 */
export const commitYangPatch = async (
  exchange: RestconfExchange,
  target: DatastoreTarget | DataNodeTarget,
  query: RestconfQuery,
  encoding: Encoding,
  patch: ResolvedPatch,
): Promise<void> => {
  const { patchId, comment, resolution, failure } = patch;
  let current: string | undefined;
  /** Answers the errors of an edit, or of applying the patch, as yang-patch-status; false for other errors. */
  const answerErrors = (error: unknown): boolean => {
    const errors = errorsOf(error);
    // Preconditions concern the request, not the patch: they are answered as such.
    if (errors === undefined || error instanceof PreconditionFailedError || error instanceof NotModifiedError)
      return false;
    const status = renderPatchStatus(
      encoding,
      { patchId, outcome: 'errors', errors, ...(current === undefined ? {} : { editId: current }) },
      namespaceOfModule(exchange.schema),
    );
    writeText(
      exchange.request,
      exchange.response,
      httpStatusOf(errors[0] as ManagementError),
      { 'Content-Type': dataMediaType(encoding) },
      status,
    );
    return true;
  };
  if (failure !== undefined) {
    current = failure.editId;
    if (answerErrors(failure.error)) return;
    throw failure.error;
  }
  exchange.releaseBody();
  try {
    // The patch's comment is the commit's comment unless rollback-comment gives one.
    const note = noteOf(query);
    const result = await exchange.management.edit(
      exchange.session,
      (root, context) => {
        current = undefined;
        checkWritePreconditions(exchange, root, target.path, context);
        if (!instanceExists(root, target.path))
          throw new DataMissingError('the resource the YANG Patch edits does not exist', {
            path: formatInstancePath(target.path),
          });
        const after = resolution.apply(root, (editId) => {
          current = editId;
        });
        current = undefined;
        return after;
      },
      note.comment === undefined && comment !== undefined ? { ...note, comment } : note,
      {
        *[Symbol.iterator]() {
          yield target.path;
          yield* resolution.targets();
        },
      },
    );
    if (query.rollbackId) {
      answerWrite(exchange, encoding, 204, result.fixedNumber);
      return;
    }
    const status = renderPatchStatus(encoding, { patchId, outcome: 'ok' });
    writeText(exchange.request, exchange.response, 200, { 'Content-Type': dataMediaType(encoding) }, status);
  } catch (error) {
    if (!answerErrors(error)) throw error;
  }
};
