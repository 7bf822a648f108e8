/**
 * @module restconf/compact-schema-resource
 * `{+restconf}/compact-schema`: the compact schema (docs/compact-schema.md) of the server's
 * module set as the user may use it, `application/json`, with a strong entity tag (a digest of
 * the document) so that a client revalidates it with `If-None-Match`. An extension: RFC 8040
 * offers the module sources; this is their compiled form.
 */
import { createHash } from 'node:crypto';
import { NotAcceptableError } from '../errors/index.ts';
import { evaluatePreconditions, negotiate, writeEmpty, writeText } from '../http/index.ts';
import type { CompactSchema } from '../yang/index.ts';
import type { RestconfExchange } from './restconf-exchange.ts';

/** The path segment below the API root. */
export const COMPACT_SCHEMA_SEGMENT = 'compact-schema';

/** The media type of the document. */
export const COMPACT_SCHEMA_MEDIA_TYPE = 'application/json';

/** The serialized document and its entity tag, once per compact schema. */
const rendered = new WeakMap<CompactSchema, { readonly body: string; readonly tag: string }>();

const render = (schema: CompactSchema): { readonly body: string; readonly tag: string } => {
  let known = rendered.get(schema);
  if (known === undefined) {
    const body = JSON.stringify(schema);
    known = { body, tag: createHash('sha256').update(body).digest('base64url').slice(0, 27) };
    rendered.set(schema, known);
  }
  return known;
};

/** The version the precondition checks compare: the digest only (no modification date is sent). */
const EPOCH = new Date(0).toISOString();

/** Answers GET or HEAD of the compact schema. */
export const readCompactSchema = (exchange: RestconfExchange): void => {
  if (negotiate(exchange.request.headers.accept, [COMPACT_SCHEMA_MEDIA_TYPE]) === undefined)
    throw new NotAcceptableError(`the compact schema is served as ${COMPACT_SCHEMA_MEDIA_TYPE}`, { type: 'protocol' });
  const { body, tag } = render(exchange.management.compactSchema(exchange.session));
  const version = { fixedNumber: 0, timestamp: EPOCH, tag };
  const headers = { ETag: `"${tag}"` };
  if (evaluatePreconditions(exchange.request, { exists: true, version }) === 'not-modified') {
    writeEmpty(exchange.response, 304, headers);
    return;
  }
  writeText(exchange.request, exchange.response, 200, { 'Content-Type': COMPACT_SCHEMA_MEDIA_TYPE, ...headers }, body);
};
