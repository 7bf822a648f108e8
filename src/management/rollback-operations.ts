/**
 * @module management/rollback-operations
 * The actions of `idconf-rollback:rollback-files`: `apply-rollback-file` restores an earlier
 * configuration as a new commit (cumulative by default, `selective` for one commit's change
 * only, `path` for one subtree) and `get-rollback-file` returns one file with its content.
 * @see models/idconf-rollback.yang, docs/datastore.md
 */
import type { DataSchemaNode, InstancePath, OperationData } from '../data/index.ts';
import { formatInstancePath, renderDiffText } from '../data/index.ts';
import type { Datastore } from '../datastore/index.ts';
import { applyRollback, fixedNumberOfRollbackId, readRollbackFile } from '../datastore/index.ts';
import {
  AccessDeniedError,
  InvalidValueError,
  isManagementError,
  OperationNotSupportedError,
} from '../errors/index.ts';
import type { ContainerNode, ListNode } from '../yang/index.ts';
import type { OperationContext, OperationHandler } from './operation-handler.ts';
import { leafValueOf } from './operation-handler.ts';

/** Reads a data path such as `base:profiles/profile=token-service` (a RESTCONF path after `/data`). */
export type DataPathParser = (text: string) => InstancePath;

/** The schema path of `apply-rollback-file`. */
export const APPLY_ROLLBACK_FILE = '/idconf-rollback:rollback-files/apply-rollback-file';
/** The schema path of `get-rollback-file`. */
export const GET_ROLLBACK_FILE = '/idconf-rollback:rollback-files/get-rollback-file';

/** The fixed number the input's `file` choice selects (`id` is the rolling index, 0 = newest). */
const selectedFixedNumber = async (datastore: Datastore, input: OperationData): Promise<number> => {
  const id = leafValueOf(input, 'id');
  if (typeof id === 'number') return fixedNumberOfRollbackId(datastore, id);
  const fixedNumber = leafValueOf(input, 'fixed-number');
  if (typeof fixedNumber === 'number') return fixedNumber;
  throw new InvalidValueError('give the rollback file as id (0 = newest) or fixed-number');
};

const restrictionPath = (input: OperationData, parser: DataPathParser | undefined): InstancePath | undefined => {
  const text = leafValueOf(input, 'path');
  if (typeof text !== 'string') return undefined;
  if (parser === undefined) throw new OperationNotSupportedError('this server cannot restrict a rollback to a path');
  try {
    return parser(text.startsWith('/') ? text : `/${text}`);
  } catch (error) {
    if (!isManagementError(error)) throw error;
    throw new InvalidValueError(`path: ${error.message}`, { cause: error });
  }
};

/** The handler of `apply-rollback-file`: commits the restored configuration; no output. */
export const applyRollbackFileHandler =
  (datastore: Datastore, parser: DataPathParser | undefined): OperationHandler =>
  async (context: OperationContext) => {
    const fixedNumber = await selectedFixedNumber(datastore, context.input);
    const path = restrictionPath(context.input, parser);
    const selective = leafValueOf(context.input, 'selective') !== undefined;
    await context.commitWith((attribution) =>
      applyRollback(
        datastore,
        { fixedNumber, ...(selective ? { selective } : {}), ...(path === undefined ? {} : { path }) },
        attribution,
      ),
    );
    return undefined;
  };

/** The metadata leaves of a rollback file that `get-rollback-file` repeats in its output. */
const METADATA = ['fixed-number', 'creator', 'date', 'via', 'label', 'comment'] as const;

/**
 * The handler of `get-rollback-file`: the file's metadata and its content as text, less what the
 * user may not read — of the metadata, the leaves of its `rollback-files/file` entry they may
 * not read; of the content, the changes to data they may not read.
 * @throws AccessDeniedError when the user may read nothing of the file's entry
 */
export const getRollbackFileHandler =
  (datastore: Datastore): OperationHandler =>
  async (context: OperationContext) => {
    const fixedNumber = await selectedFixedNumber(datastore, context.input);
    const { file, diff } = await readRollbackFile(datastore, fixedNumber);
    const id = datastore.snapshot.fixedNumber - file.fixedNumber;
    const container = context.parentPath.at(-1)?.schema as ContainerNode;
    const list = container.dataChildIndex.get('file') as ListNode;
    const entry: InstancePath = [...context.parentPath, { schema: list, keys: [id] }];
    if (context.readAccess(entry) === undefined)
      throw new AccessDeniedError(`access denied: ${context.session.principal.user} may not read rollback file ${id}`, {
        path: formatInstancePath(entry),
      });
    const values: Record<(typeof METADATA)[number], string | number | undefined> = {
      'fixed-number': file.fixedNumber,
      creator: file.user,
      date: file.timestamp,
      via: file.via,
      label: file.label,
      comment: file.comment,
    };
    const shown = METADATA.filter((name) => {
      const leaf = list.dataChildIndex.get(name) as DataSchemaNode | undefined;
      return (
        values[name] !== undefined &&
        leaf !== undefined &&
        context.readAccess([...entry, { schema: leaf }]) !== undefined
      );
    });
    return {
      id,
      ...Object.fromEntries(shown.map((name) => [name, values[name]])),
      content: renderDiffText(context.readable(diff), datastore.schema),
    };
  };
