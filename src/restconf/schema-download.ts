/**
 * @module restconf/schema-download
 * Module sources for download at `{+restconf}/yang/<name>[@<revision>].yang`, the URL the YANG
 * library's `location` (RFC 8525) and `schema` (RFC 7895) leaves point at, as `application/yang`.
 * A source is served to whoever may read a library entry that announces it (NACM: 403 when the
 * user may read no entry of that name, whether it exists or not).
 * @see RFC 8525 §3, RFC 7895 §2.2, RFC 8040 §10.1, RFC 6020 §14 (the media type)
 */
import { NotAcceptableError, ResourceNotFoundError } from '../errors/index.ts';
import { negotiate, writeText } from '../http/index.ts';
import type { SchemaLocation } from '../management/index.ts';
import { YANG_MODULE } from './media-types.ts';
import { percentDecode } from './percent-decoding.ts';
import type { RestconfExchange } from './restconf-exchange.ts';

const SOURCE_OFFERS: readonly string[] = [YANG_MODULE, 'text/plain'];

/** The path segment below the API root where module sources are served. */
export const SCHEMA_SEGMENT = 'yang';

/** The file name of a module or submodule: `name@revision.yang`, or `name.yang` without a revision. */
export const moduleFileName = (name: string, revision: string | undefined): string =>
  revision === undefined ? `${name}.yang` : `${name}@${revision}.yang`;

/** The schema locations of a RESTCONF API at `root`, absolute when the session knows its origin. */
export const restconfSchemaLocation =
  (root: string): SchemaLocation =>
  (name, revision, session) =>
    `${session.origin ?? ''}${root}/${SCHEMA_SEGMENT}/${encodeURIComponent(moduleFileName(name, revision)).replace('%40', '@')}`;

/** Answers GET or HEAD of `{+restconf}/yang/<file>` (`file` still percent-encoded). */
export const readModuleSource = (exchange: RestconfExchange, file: string): void => {
  const decoded = percentDecode(file, 'the module file name');
  const match = /^([A-Za-z_][A-Za-z0-9_.-]*?)(?:@(\d{4}-\d{2}-\d{2}))?\.yang$/.exec(decoded);
  const text =
    match === null ? undefined : exchange.management.moduleSource(exchange.session, match[1] as string, match[2]);
  if (text === undefined)
    throw new ResourceNotFoundError(`no module source ${decoded}; the YANG library lists each module's location`, {
      type: 'protocol',
    });
  if (negotiate(exchange.request.headers.accept, SOURCE_OFFERS) === undefined)
    throw new NotAcceptableError(`a module source is served as ${YANG_MODULE}`, { type: 'protocol' });
  writeText(exchange.request, exchange.response, 200, { 'Content-Type': `${YANG_MODULE}; charset=utf-8` }, text);
};
