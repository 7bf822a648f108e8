/**
 * @module management/hidden-data
 * Errors must not tell a user about data they may not read: not its content, not whether a list
 * entry exists. An error whose `error-path` points at such data becomes `access-denied` (so
 * creating, changing or deleting a hidden entry is refused the same way whether it exists or
 * not); an error whose message names such data keeps its tag and path but loses the message.
 * @see RFC 8341 §3.4.5 (contents of restricted nodes never in an error), RFC 8040 §7
 */

import type { ManagementError } from '../errors/index.ts';
import { AccessDeniedError, isManagementError, ManagementErrors } from '../errors/index.ts';
import type { AccessDecisions } from '../nacm/index.ts';
import { parseInstancePathText } from '../nacm/index.ts';
import type { SchemaTree } from '../yang/index.ts';

/** A data path inside a message: `/module:name…`, quoted predicate values included. */
const PATH_IN_TEXT = /\/[A-Za-z_][\w.-]*:(?:[^\s'"]|'[^']*'|"[^"]*")+/g;

const readable = (schema: SchemaTree, decisions: AccessDecisions, text: string): boolean => {
  const path = parseInstancePathText(schema, text);
  // Not a data path (an operation's input, say): nothing hidden to reveal.
  return path === undefined || decisions.mayRead(path) || decisions.readAccess(path) !== undefined;
};

const withoutHidden = (schema: SchemaTree, decisions: AccessDecisions, error: ManagementError): ManagementError => {
  if (error.path !== undefined && !readable(schema, decisions, error.path))
    return new AccessDeniedError('access denied: the request touches data this user may not read', { cause: error });
  const named = error.message.match(PATH_IN_TEXT) ?? [];
  if (named.some((text) => !readable(schema, decisions, text)))
    error.message = `${error.tag}: the request conflicts with data this user may not read`;
  return error;
};

/** `error` (a ManagementError or several) with what `decisions` hide from the user taken out. */
export const hideHiddenData = (schema: SchemaTree, decisions: AccessDecisions, error: unknown): unknown => {
  if (decisions.permitsAll) return error;
  if (isManagementError(error)) return withoutHidden(schema, decisions, error);
  if (error instanceof ManagementErrors) {
    const errors = error.errors.map((each) => withoutHidden(schema, decisions, each));
    const denied = errors.find((each) => each instanceof AccessDeniedError);
    return denied ?? new ManagementErrors(errors, error.message);
  }
  return error;
};
