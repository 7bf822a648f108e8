/**
 * @module restconf/yang-patch-edits
 * The edits of a YANG Patch resolved against the request's target, in order, and applied to a
 * tree: each edit's target and point to instance paths and its value to instance data, checked
 * as RFC 8072 asks (one instance per edit, no "/" on the datastore). Consecutive creates of
 * entries of one list are held as one run of arrays (`yang-patch-entry-creates.ts`) and built
 * into the list at once; every other edit is applied by `applyEdits`.
 * @see RFC 8072 §2.2–2.5
 */
import type { DataEdit, DataTree, EditPlacement, InstancePath, InstancePathStep, Slot } from '../data/index.ts';
import {
  applyEdits,
  applyEntryCreates,
  decodeJson,
  decodeXml,
  decodeXmlDocument,
  formatInstancePath,
} from '../data/index.ts';
import { DataMissingError, InvalidValueError } from '../errors/index.ts';
import type { SchemaParent, SchemaTree, YangValue } from '../yang/index.ts';
import { targetSlot, topLevelNames } from './body-decoding.ts';
import { parseDataResourcePath } from './data-resource-path.ts';
import { schemaOfPath } from './data-write.ts';
import type { DataNodeTarget, DatastoreTarget } from './resource-target.ts';
import type { PatchEdit, RawPatchValue } from './yang-patch-document.ts';
import { EntryCreateResolver, EntryCreateRun } from './yang-patch-entry-creates.ts';

/** An edit of the patch resolved to a data edit. */
interface ResolvedEdit {
  readonly editId: string;
  readonly edit: DataEdit;
}

/** The patch resolved: edits, and runs of creates of list entries held compactly. */
export type ResolvedStep = ResolvedEdit | EntryCreateRun;

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
    tree = applyEntryCreates(tree, step, (index) => onEdit(step.editIds[index] as string));
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

/** Options of a {@link PatchResolution}. */
export interface PatchResolutionOptions {
  /**
   * Whether consecutive creates of list entries are held as runs (default true); without, every
   * edit is resolved the general way (what the runs must match, in tests).
   */
  readonly entryRuns?: boolean;
  /** How many edits the patch has, when known before they are read (a long run's arrays are then allocated whole). */
  readonly editCount?: number;
}

/** The edits of one patch, resolved one by one as they are read. */
export class PatchResolution {
  readonly #target: DatastoreTarget | DataNodeTarget;
  readonly #schema: SchemaTree;
  readonly #creates: EntryCreateResolver | undefined;
  readonly #steps: ResolvedStep[] = [];
  /** The run the next create may join. */
  #run: EntryCreateRun | undefined;
  /** How many edits the patch has (0: not known), and how many were added. */
  readonly #editCount: number;
  #added = 0;

  constructor(target: DatastoreTarget | DataNodeTarget, schema: SchemaTree, options: PatchResolutionOptions = {}) {
    this.#target = target;
    this.#schema = schema;
    this.#editCount = options.editCount ?? 0;
    this.#creates =
      options.entryRuns === false
        ? undefined
        : new EntryCreateResolver(schema, (prefix) => resolveOffset(prefix, target, schema, 'target'));
  }

  /** Resolves the next edit; throws its error (then the patch fails with it). */
  add(edit: PatchEdit): void {
    const create = this.#creates?.resolve(edit);
    const left = this.#editCount - this.#added++;
    if (create !== undefined) {
      if (this.#run === undefined || this.#run.route !== create.route) {
        this.#closeRun();
        this.#run = new EntryCreateRun(create.route, left);
        this.#steps.push(this.#run);
      }
      this.#run.add(edit.editId, create);
      return;
    }
    this.#closeRun();
    this.#steps.push({ editId: edit.editId, edit: resolveEdit(edit, this.#target, this.#schema) });
  }

  /** Ends the current run of creates: no create joins it any more. */
  #closeRun(): void {
    this.#run?.close();
    this.#run = undefined;
  }

  /**
   * Applies the edits in order to `root`; `onEdit` learns which edit is being applied (for a run
   * of creates: the one that failed). Throws the first error; `root` stays valid.
   */
  apply(root: DataTree, onEdit: (editId: string) => void): DataTree {
    this.#closeRun();
    return applySteps(root, this.#steps, onEdit);
  }

  /** The targets of the edits, in order (made when iterated: only NACM's checks need them). */
  targets(): Iterable<InstancePath> {
    this.#closeRun();
    return targetsOf(this.#steps);
  }
}
