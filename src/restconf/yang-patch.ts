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
import type { DataEdit, DataTree, EditPlacement, InstancePath, InstancePathStep, Slot } from '../data/index.ts';
import {
  applyEdits,
  applyEntryCreates,
  decodeJson,
  decodeXml,
  decodeXmlDocument,
  formatInstancePath,
  instanceExists,
} from '../data/index.ts';
import type { ManagementError } from '../errors/index.ts';
import {
  DataMissingError,
  InvalidValueError,
  isManagementError,
  ManagementErrors,
  NotModifiedError,
  PreconditionFailedError,
} from '../errors/index.ts';
import { httpStatusOf, writeText } from '../http/index.ts';
import type { SchemaParent, SchemaTree, YangValue } from '../yang/index.ts';
import { targetSlot, topLevelNames } from './body-decoding.ts';
import { parseDataResourcePath } from './data-resource-path.ts';
import { checkWritePreconditions, noteOf, schemaOfPath } from './data-write.ts';
import type { Encoding } from './media-types.ts';
import { dataMediaType, responseEncoding } from './media-types.ts';
import type { RestconfQuery } from './query-parameters.ts';
import type { DataNodeTarget, DatastoreTarget } from './resource-target.ts';
import { namespaceOfModule } from './restconf-error-renderer.ts';
import type { RestconfExchange, TypedBody } from './restconf-exchange.ts';
import { answerWrite } from './write-result.ts';
import type { PatchEdit, RawPatchValue, YangPatchReading } from './yang-patch-document.ts';
import { parseYangPatchXml, readYangPatchJson } from './yang-patch-document.ts';
import { EntryCreateResolver, EntryCreateRun } from './yang-patch-entry-creates.ts';
import { renderPatchStatus } from './yang-patch-status.ts';

/** An edit of the patch resolved to a data edit. */
interface ResolvedEdit {
  readonly editId: string;
  readonly edit: DataEdit;
}

/** The patch resolved: edits, and runs of creates of list entries held compactly. */
type ResolvedStep = ResolvedEdit | EntryCreateRun;

/** Resolves an edit's target or point (relative to the request target) to an instance path. */
const resolveOffset = (
  offset: string,
  target: DatastoreTarget | DataNodeTarget,
  schema: SchemaTree,
  what: string,
): InstancePath => {
  if (offset === '/' || offset === '') return target.path;
  const node = target.kind === 'data' ? target.node : undefined;
  if (node !== undefined && node.kind !== 'container' && node.kind !== 'list')
    throw new InvalidValueError(`${what} "${offset}" is below ${node.kind} ${node.name}, which has no children`);
  const start = node === undefined ? undefined : { parent: node as SchemaParent, path: target.path };
  const resolved = parseDataResourcePath(offset, schema, start === undefined ? {} : { start });
  if (resolved.kind !== 'data' && resolved.kind !== 'datastore')
    throw new InvalidValueError(`${what} "${offset}" names an operation, not data`);
  return resolved.path;
};

/** The local names of the members of a parsed JSON value (none when it is no object). */
const jsonTopLevelNames = (json: unknown): readonly string[] =>
  typeof json === 'object' && json !== null && !Array.isArray(json)
    ? Object.keys(json).map((member) => member.slice(member.indexOf(':') + 1))
    : [];

/** The value of an edit for its target path. */
const decodeValue = (value: RawPatchValue, path: InstancePath, schema: SchemaTree): Slot => {
  if (path.length === 0)
    return value.encoding === 'json'
      ? decodeJson(schema, value.json, { schema, config: true })
      : decodeXmlDocument(schema, value.text, { schema, config: true });
  const parentPath = path.slice(0, -1);
  const parent = schemaOfPath(schema, parentPath);
  // A JSON value's members are top-level members: module-qualified (RFC 7951 §4, RFC 8072 §2.1).
  const options = { schema, config: true, path: parentPath, qualifiedTop: value.encoding === 'json' };
  const decoded =
    value.encoding === 'json' ? decodeJson(parent, value.json, options) : decodeXml(parent, value.text, options);
  const given =
    value.encoding === 'json' ? jsonTopLevelNames(value.json) : topLevelNames({ encoding: 'xml', text: value.text });
  return targetSlot(decoded, (path.at(-1) as InstancePathStep).schema, path, given);
};

const placementOf = (edit: PatchEdit, pointPath: InstancePath | undefined): EditPlacement | undefined => {
  if (edit.operation !== 'insert' && edit.operation !== 'move') return undefined;
  const where = edit.where ?? 'last';
  if (where === 'first' || where === 'last') return { insert: where };
  const step = pointPath?.at(-1);
  const point = step?.keys ?? step?.value;
  if (point === undefined) throw new InvalidValueError('point must name a list entry or a leaf-list value');
  return { insert: where, point: point as readonly YangValue[] | YangValue };
};

/**
 * The instance path of an edit's target, which must be one data resource instance: a list entry
 * with its keys, a leaf-list value, or another data node; never the datastore itself.
 * @see RFC 8072 §2.2 (exactly one instance), §2.4 (no "/" on the datastore)
 */
const resolveEditTarget = (
  edit: PatchEdit,
  target: DatastoreTarget | DataNodeTarget,
  schema: SchemaTree,
): InstancePath => {
  const path = resolveOffset(edit.target, target, schema, 'target');
  if (path.length === 0)
    throw new InvalidValueError(
      'the target of an edit of the datastore must be a data node below it, not "/" (the datastore itself)',
    );
  const step = path.at(-1) as InstancePathStep;
  if (
    (step.schema.kind === 'list' && step.keys === undefined) ||
    (step.schema.kind === 'leaf-list' && step.value === undefined)
  )
    throw new InvalidValueError(
      `the target of an edit must be one instance: give the ${step.schema.kind === 'list' ? 'keys of the list entry' : 'value of the leaf-list entry'} (${step.schema.name}=…)`,
      { path: formatInstancePath(path) },
    );
  return path;
};

const resolveEdit = (edit: PatchEdit, target: DatastoreTarget | DataNodeTarget, schema: SchemaTree): DataEdit => {
  const path = resolveEditTarget(edit, target, schema);
  const pointPath = edit.point === undefined ? undefined : resolveOffset(edit.point, target, schema, 'point');
  const placement = placementOf(edit, pointPath);
  return {
    operation: edit.operation,
    target: path,
    ...(edit.value === undefined ? {} : { value: decodeValue(edit.value, path, schema) }),
    ...(placement === undefined ? {} : { placement }),
  };
};

const errorsOf = (error: unknown): readonly ManagementError[] | undefined => {
  if (error instanceof ManagementErrors) return error.errors;
  if (isManagementError(error)) return [error];
  return undefined;
};

/**
 * Applies the edits in order to `root` (runs of edits of one list's entries in one batch);
 * `onEdit` learns which edit is being applied.
 */
const applyAll = (root: DataTree, edits: readonly ResolvedEdit[], onEdit: (editId: string) => void): DataTree =>
  applyEdits(
    root,
    edits.map(({ edit }) => edit),
    (index, stored) => {
      const { editId, edit } = edits[index] as ResolvedEdit;
      onEdit(editId);
      if ((edit.operation === 'delete' || edit.operation === 'move') && !stored())
        throw new DataMissingError(`there is nothing to ${edit.operation} at this path`, {
          path: formatInstancePath(edit.target),
        });
    },
  );

/** The edits of a run of creates, as the general resolution gives them. */
const runEdits = (run: EntryCreateRun): ResolvedEdit[] =>
  run.editIds.map((editId, index) => ({ editId, edit: run.editAt(index) }));

/**
 * Applies the resolved patch in order: runs of creates of one list's entries built at once
 * (`applyEntryCreates`, the same result and first error as edit by edit), the other edits by
 * {@link applyAll}. `onEdit` learns which edit is being applied (for a run: the one that failed).
 */
const applySteps = (root: DataTree, steps: readonly ResolvedStep[], onEdit: (editId: string) => void): DataTree => {
  let tree = root;
  let pending: ResolvedEdit[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    tree = applyAll(tree, pending, onEdit);
    pending = [];
  };
  for (const step of steps) {
    if (!(step instanceof EntryCreateRun)) {
      pending.push(step);
      continue;
    }
    flush();
    // Without the list's parent, the edits create it one by one.
    tree =
      applyEntryCreates(tree, step, (index) => onEdit(step.editIds[index] as string)) ??
      applyAll(tree, runEdits(step), onEdit);
  }
  flush();
  return tree;
};

/** The targets of the resolved patch, in order (made when asked for: only NACM's checks need them). */
const targetsOf = (steps: readonly ResolvedStep[]): Iterable<InstancePath> => ({
  *[Symbol.iterator]() {
    for (const step of steps) {
      if (!(step instanceof EntryCreateRun)) yield step.edit.target;
      else for (let index = 0; index < step.size; index++) yield step.targetOf(index);
    }
  },
});

const readPatch = (body: TypedBody): YangPatchReading =>
  body.encoding === 'json' ? readYangPatchJson(body.text) : parseYangPatchXml(body.text);

/** Answers PATCH with a YANG Patch body on the datastore or a data resource. @see RFC 8072 §2 */
export const applyYangPatch = async (
  exchange: RestconfExchange,
  target: DatastoreTarget | DataNodeTarget,
  query: RestconfQuery,
  body: TypedBody,
): Promise<void> => {
  const encoding: Encoding = responseEncoding(exchange.request);
  const { patchId, comment, edits: read } = readPatch(body);
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
  // Edits are read one by one (a malformed one is the request's error, not an edit's) and
  // resolved as they come: a long patch is never held whole as parsed JSON. Consecutive creates
  // of entries of one list are kept as one run of arrays, not as an edit object each.
  const schema = exchange.schema;
  const creates = new EntryCreateResolver(schema, (prefix) => resolveOffset(prefix, target, schema, 'target'));
  const steps: ResolvedStep[] = [];
  let run: EntryCreateRun | undefined;
  for (const edit of read) {
    try {
      current = edit.editId;
      const create = creates.resolve(edit);
      if (create !== undefined) {
        if (run === undefined || run.route !== create.route) {
          run = new EntryCreateRun(create.route);
          steps.push(run);
        }
        run.add(edit.editId, create);
        continue;
      }
      run = undefined;
      steps.push({ editId: edit.editId, edit: resolveEdit(edit, target, schema) });
    } catch (error) {
      if (answerErrors(error)) return;
      throw error;
    }
  }
  current = undefined;
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
        const after = applySteps(root, steps, (editId) => {
          current = editId;
        });
        current = undefined;
        return after;
      },
      note.comment === undefined && comment !== undefined ? { ...note, comment } : note,
      {
        *[Symbol.iterator]() {
          yield target.path;
          yield* targetsOf(steps);
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
