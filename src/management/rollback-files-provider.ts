/**
 * @module management/rollback-files-provider
 * `idconf-rollback:rollback-files`: the stored rollback files, newest first, each with its
 * rolling index (`id`), fixed number, creator, date, interface, label and comment.
 * @see models/idconf-rollback.yang, docs/datastore.md
 */
import type { Datastore, RollbackFile } from '../datastore/index.ts';
import { listRollbackFiles } from '../datastore/index.ts';
import type { StateProvider } from './state-provider.ts';
import { slotFromJson } from './state-provider.ts';

/** The RFC 7951 JSON of one `file` entry. */
export const rollbackFileJson = (file: RollbackFile): Record<string, unknown> => ({
  id: file.id,
  'fixed-number': file.fixedNumber,
  creator: file.user,
  date: file.timestamp,
  via: file.via,
  ...(file.label === undefined ? {} : { label: file.label }),
  ...(file.comment === undefined ? {} : { comment: file.comment }),
});

/** The provider of `rollback-files`, read from the journal on each request. */
export const rollbackFilesProvider = (datastore: Datastore): StateProvider => ({
  node: 'idconf-rollback:rollback-files',
  build: async () => {
    const files = await listRollbackFiles(datastore);
    return slotFromJson(datastore.schema, 'idconf-rollback:rollback-files', {
      ...(files.length === 0 ? {} : { file: files.map(rollbackFileJson) }),
    });
  },
});
