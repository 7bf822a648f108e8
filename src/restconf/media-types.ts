/**
 * @module restconf/media-types
 * The media types of the RESTCONF API and the choice of encoding for a request body
 * (Content-Type: 415 when unsupported) and for a response (Accept: 406 when nothing offered is
 * acceptable; the request body's encoding, else JSON, when the client accepts either).
 * @see RFC 8040 §5.2, §11.3; RFC 8072 §2.1; RFC 9110 §12.5.1
 */
import type { IncomingMessage } from 'node:http';
import { NotAcceptableError, UnsupportedMediaTypeError } from '../errors/index.ts';
import { essenceOf, negotiate, parseMediaType, syntaxOf } from '../http/index.ts';

/** RFC 7951 JSON. @see RFC 8040 §11.3.2 */
export const YANG_DATA_JSON = 'application/yang-data+json';
/** RFC 7950 XML. @see RFC 8040 §11.3.1 */
export const YANG_DATA_XML = 'application/yang-data+xml';
/** A YANG Patch in JSON. @see RFC 8072 §4.2.2 */
export const YANG_PATCH_JSON = 'application/yang-patch+json';
/** A YANG Patch in XML. @see RFC 8072 §4.2.1 */
export const YANG_PATCH_XML = 'application/yang-patch+xml';
/** A YANG module's source. @see RFC 6020 §14 */
export const YANG_MODULE = 'application/yang';

/** The two encodings of YANG data. */
export type Encoding = 'json' | 'xml';

/** The Content-Type of a response in `encoding`. */
export const dataMediaType = (encoding: Encoding): string => (encoding === 'json' ? YANG_DATA_JSON : YANG_DATA_XML);

// Plain JSON and XML are accepted as the same encodings: many clients send or ask for them. Ties
// in the client's Accept go to the earlier offer: the request body's encoding, else JSON.
const JSON_FIRST = [YANG_DATA_JSON, YANG_DATA_XML, 'application/json', 'application/xml'];
const XML_FIRST = [YANG_DATA_XML, YANG_DATA_JSON, 'application/xml', 'application/json'];

/**
 * The encoding of the response the client accepts; where Accept leaves the choice open (none,
 * `*\/*`), the request body's encoding (by its Content-Type), else JSON. NotAcceptableError (406)
 * when Accept allows neither. @see RFC 8040 §5.2
 */
export const responseEncoding = (request: IncomingMessage): Encoding => {
  const chosen = negotiate(
    request.headers.accept,
    syntaxOf(request.headers['content-type']) === 'xml' ? XML_FIRST : JSON_FIRST,
  );
  if (chosen === undefined)
    throw new NotAcceptableError(
      `the Accept header allows none of the media types of this resource: ${YANG_DATA_JSON}, ${YANG_DATA_XML}`,
      { type: 'protocol' },
    );
  return chosen.endsWith('json') ? 'json' : 'xml';
};

/**
 * The encoding {@link responseEncoding} chooses for a request without a Content-Type; undefined
 * when Accept allows neither (it throws then).
 */
export const acceptedEncoding = (accept: string | undefined): Encoding | undefined => {
  const chosen = negotiate(accept, JSON_FIRST);
  return chosen === undefined ? undefined : chosen.endsWith('json') ? 'json' : 'xml';
};

/** The media type of a request body. */
export interface BodyType {
  readonly encoding: Encoding;
  /** True for a YANG Patch (`application/yang-patch+…`). */
  readonly patch: boolean;
}

const BODY_TYPES: Readonly<Record<string, BodyType>> = {
  [YANG_DATA_JSON]: { encoding: 'json', patch: false },
  [YANG_DATA_XML]: { encoding: 'xml', patch: false },
  'application/json': { encoding: 'json', patch: false },
  'application/xml': { encoding: 'xml', patch: false },
  'text/xml': { encoding: 'xml', patch: false },
  [YANG_PATCH_JSON]: { encoding: 'json', patch: true },
  [YANG_PATCH_XML]: { encoding: 'xml', patch: true },
};

/** The encoding the request's Content-Type names; undefined without one or for another type. */
const requestEncoding = (request: IncomingMessage): Encoding | undefined => {
  const header = request.headers['content-type'];
  const mediaType = header === undefined ? undefined : parseMediaType(header);
  return mediaType === undefined ? undefined : BODY_TYPES[essenceOf(mediaType)]?.encoding;
};

/**
 * The type of a request body from its Content-Type. Without one, the first character of the body
 * decides (`<` XML, otherwise JSON). UnsupportedMediaTypeError (415) for any other type, for a
 * charset other than UTF-8, and for a YANG Patch where `patchAllowed` is false.
 */
export const bodyType = (request: IncomingMessage, text: string, patchAllowed: boolean): BodyType => {
  const header = request.headers['content-type'];
  if (header === undefined || header.trim() === '')
    return { encoding: text.trimStart().startsWith('<') ? 'xml' : 'json', patch: false };
  const mediaType = parseMediaType(header);
  const found = mediaType === undefined ? undefined : BODY_TYPES[essenceOf(mediaType)];
  const accepted = patchAllowed
    ? `${YANG_DATA_JSON}, ${YANG_DATA_XML}, ${YANG_PATCH_JSON} or ${YANG_PATCH_XML}`
    : `${YANG_DATA_JSON} or ${YANG_DATA_XML}`;
  if (found === undefined || (found.patch && !patchAllowed))
    throw new UnsupportedMediaTypeError(`Content-Type ${header} is not accepted here; send ${accepted}`, {
      type: 'protocol',
    });
  const charset = mediaType?.parameters.charset?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
    throw new UnsupportedMediaTypeError(`charset ${charset} is not supported; send UTF-8`, { type: 'protocol' });
  return found;
};
