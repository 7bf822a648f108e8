/**
 * @module management/hidden-data
 * Errors must not tell a user about data they may not read: not its content, not whether a list
 * entry exists. Every refusal that concerns such data is the same {@link hiddenDataDenied}: 403
 * `access-denied` naming only the nearest ancestor the user may read — an error whose
 * `error-path` points at hidden data becomes it, and so does a refused write of a hidden node
 * (so creating, changing or deleting a hidden entry is refused the same way whether it exists
 * or not). An error whose message names hidden data keeps its tag and path but loses the
 * message.
 * @see RFC 8341 §3.4.5 (contents of restricted nodes never in an error), RFC 8040 §7
 */

import type { InstancePath } from '../data/index.ts';
import { formatInstancePath } from '../data/index.ts';
import type { ManagementError } from '../errors/index.ts';
import { AccessDeniedError, isManagementError, ManagementErrors } from '../errors/index.ts';
import type { AccessDecisions } from '../nacm/index.ts';
import { parseInstancePathText } from '../nacm/index.ts';
import type { SchemaTree } from '../yang/index.ts';

/** True when the user may read the node at `path` or something below it (the datastore always). */
export const isVisible = (decisions: AccessDecisions, path: InstancePath): boolean =>
  path.length === 0 || decisions.mayRead(path) || decisions.readAccess(path) !== undefined;

/**
 * The one refusal of a request that touches data at `path` the user may not read, whatever the
 * data and whether it exists: 403 naming the nearest ancestor they may read.
 */
export const hiddenDataDenied = (
  decisions: AccessDecisions,
  path: InstancePath | undefined,
  cause?: unknown,
): AccessDeniedError => {
  let shown = path ?? [];
  while (shown.length > 0 && !isVisible(decisions, shown)) shown = shown.slice(0, -1);
  return new AccessDeniedError('access denied: the request touches data this user may not read', {
    ...(shown.length > 0 ? { path: formatInstancePath(shown) } : {}),
    ...(cause === undefined ? {} : { cause }),
  });
};

/** A data path inside a message: `/module:name…`, quoted predicate values included. */
const PATH_IN_TEXT = /\/[A-Za-z_][\w.-]*:(?:[^\s'"]|'[^']*'|"[^"]*")+/g;

const readable = (schema: SchemaTree, decisions: AccessDecisions, text: string): boolean => {
  const path = parseInstancePathText(schema, text);
  // Not a data path (an operation's input, say): nothing hidden to reveal.
  return path === undefined || isVisible(decisions, path);
};

const withoutHidden = (schema: SchemaTree, decisions: AccessDecisions, error: ManagementError): ManagementError => {
  if (error.path !== undefined && !readable(schema, decisions, error.path))
    return hiddenDataDenied(decisions, parseInstancePathText(schema, error.path), error);
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
