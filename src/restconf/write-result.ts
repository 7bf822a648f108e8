/**
 * @module restconf/write-result
 * The answer to a successful write: 201 (with `Location`) or 204, and with `rollback-id=true`
 * a body naming the rollback file the commit made, `{"idconf-restconf:result": {"rollback":
 * {"id": N}}}` (N: the commit's fixed number; a write that changed nothing has no `rollback`).
 * @see RFC 8040 §4.4.1, §4.5; models/idconf-restconf.yang; docs/restconf.md (rollback-id)
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { writeEmpty, writeText } from '../http/index.ts';
import type { Encoding } from './media-types.ts';
import { dataMediaType, responseEncoding } from './media-types.ts';
import type { RestconfQuery } from './query-parameters.ts';
import type { RestconfExchange } from './restconf-exchange.ts';

/** The namespace of idconf-restconf. */
export const IDCONF_RESTCONF_NAMESPACE = 'urn:idconf:yang:restconf';

/** The `idconf-restconf:result` document for a commit (or none). */
export const rollbackResultBody = (fixedNumber: number | undefined, encoding: Encoding): string => {
  if (encoding === 'json')
    return JSON.stringify({
      'idconf-restconf:result': fixedNumber === undefined ? {} : { rollback: { id: fixedNumber } },
    });
  const inner = fixedNumber === undefined ? '' : `<rollback><id>${fixedNumber}</id></rollback>`;
  return `<result xmlns="${IDCONF_RESTCONF_NAMESPACE}">${inner}</result>\n`;
};

/**
 * The encoding of the result body when the query asks for one (`rollback-id=true`), chosen before
 * anything is changed so that a 406 leaves the datastore as it was.
 */
export const resultEncoding = (exchange: RestconfExchange, query: RestconfQuery): Encoding | undefined =>
  query.rollbackId ? responseEncoding(exchange.request) : undefined;

/**
 * Answers a write: `status` (201 or 204) with `headers`; with a result encoding, the result body
 * (and 200 instead of 204, which cannot carry one).
 */
export const answerWrite = (
  exchange: RestconfExchange,
  encoding: Encoding | undefined,
  status: 201 | 204,
  fixedNumber: number | undefined,
  headers: OutgoingHttpHeaders = {},
): void => {
  if (encoding === undefined) {
    writeEmpty(exchange.response, status, headers);
    return;
  }
  writeText(
    exchange.request,
    exchange.response,
    status === 204 ? 200 : status,
    { ...headers, 'Content-Type': dataMediaType(encoding) },
    rollbackResultBody(fixedNumber, encoding),
  );
};
