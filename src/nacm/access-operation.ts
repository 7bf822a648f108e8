/**
 * @module nacm/access-operation
 * The five access operations NACM decides on, and the `access-operations` leaf that names the
 * ones a rule applies to: a set of bits, or `*` for all of them.
 * @see RFC 8341 §3.2.2, §3.5.1 (access-operations-type)
 */

/** A kind of access. @see RFC 8341 §3.2.2 */
export type AccessOperation = 'create' | 'read' | 'update' | 'delete' | 'exec';

/** Every access operation, in the order of the `access-operations-type` bits. */
export const ACCESS_OPERATIONS: readonly AccessOperation[] = ['create', 'read', 'update', 'delete', 'exec'];

/** The write operations: changes of configuration. @see RFC 8341 §3.2.2 */
export type WriteOperation = Extract<AccessOperation, 'create' | 'update' | 'delete'>;

/** The access operations a rule applies to. */
export type AccessOperations = ReadonlySet<AccessOperation>;

const ALL: AccessOperations = new Set(ACCESS_OPERATIONS);

/**
 * Parses an `access-operations` value: `*`, or bit names separated by spaces (the RFC 7951
 * form of a bits value). Unknown names are ignored; none at all matches nothing.
 * @see RFC 8341 §3.5.1, RFC 7951 §6.5
 */
export const parseAccessOperations = (text: string): AccessOperations => {
  const trimmed = text.trim();
  if (trimmed === '*') return ALL;
  const found = new Set<AccessOperation>();
  for (const word of trimmed.split(/\s+/)) {
    const operation = ACCESS_OPERATIONS.find((candidate) => candidate === word);
    if (operation !== undefined) found.add(operation);
  }
  return found;
};

/** True when `operations` names every access operation (`*`). */
export const isEveryOperation = (operations: AccessOperations): boolean => operations.size === ACCESS_OPERATIONS.length;
