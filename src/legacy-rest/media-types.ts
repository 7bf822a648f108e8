/**
 * @module legacy-rest/media-types
 * The `application/vnd.yang.*` media types of the legacy API, which one each resource answers
 * with, Accept negotiation (XML by default; the format comes from any acceptable vnd.yang,
 * JSON or XML type) and the format of request bodies.
 * @see shared/spec/legacy-rest.md Decision 3, §4
 */
import type { InstancePath } from '../data/index.ts';
import { NotAcceptableError, UnsupportedMediaTypeError } from '../errors/index.ts';
import { negotiate, parseMediaType } from '../http/index.ts';
import type { LegacyFormat } from './legacy-names.ts';
import type { LegacyResource } from './resource-path.ts';

/** The `vnd.yang.<kind>` families. @see spec §4 */
export type LegacyMediaKind = 'api' | 'datastore' | 'data' | 'collection' | 'operation' | 'errors';

const KINDS: readonly LegacyMediaKind[] = ['api', 'datastore', 'data', 'collection', 'operation', 'errors'];
const FORMATS: readonly LegacyFormat[] = ['xml', 'json'];

/** `application/vnd.yang.<kind>+<format>`. @see spec §4 */
export const legacyMediaType = (kind: LegacyMediaKind, format: LegacyFormat): string =>
  `application/vnd.yang.${kind}+${format}`;

/** The media type of a rollback file (`GET /rollbacks/<n>`). @see spec Decision 7, §10.2 */
export const ROLLBACK_FILE_MEDIA_TYPE = 'text/plain; charset=utf-8';

/** True when the path ends on a list without key values: a collection. @see spec §5.4 */
export const isCollectionPath = (path: InstancePath): boolean => {
  const last = path.at(-1);
  return last !== undefined && last.schema.kind === 'list' && last.keys === undefined;
};

/**
 * The media-type family a resource answers with; undefined for a rollback file (plain text).
 * Operations (RPCs, actions, `_rollback`) answer `vnd.yang.operation`. @see spec Decision 3, §2, §4
 */
export const responseKindOf = (resource: LegacyResource): LegacyMediaKind | undefined => {
  switch (resource.kind) {
    case 'api':
    case 'rollbacks':
      return 'api';
    case 'datastore':
      return 'datastore';
    case 'data':
      return isCollectionPath(resource.path) ? 'collection' : 'data';
    case 'action':
    case 'rpc':
    case 'rollback-apply':
      return 'operation';
    case 'rollback-file':
      return undefined;
  }
};

/** Offers for `kind`: its own types first (XML before JSON), then every other type that names a format. */
const offersOf = (kind: LegacyMediaKind): readonly string[] => [
  legacyMediaType(kind, 'xml'),
  legacyMediaType(kind, 'json'),
  ...KINDS.filter((other) => other !== kind).flatMap((other) =>
    FORMATS.map((format) => legacyMediaType(other, format)),
  ),
  'application/xml',
  'text/xml',
  'application/yang-data+xml',
  'application/json',
  'application/yang-data+json',
];

/** {@link offersOf} every kind, built once. */
const OFFERS: ReadonlyMap<LegacyMediaKind, readonly string[]> = new Map(KINDS.map((kind) => [kind, offersOf(kind)]));
const offersFor = (kind: LegacyMediaKind): readonly string[] => OFFERS.get(kind) ?? offersOf(kind);

const formatOfSubtype = (subtype: string): LegacyFormat | undefined =>
  subtype === 'xml' || subtype.endsWith('+xml')
    ? 'xml'
    : subtype === 'json' || subtype.endsWith('+json')
      ? 'json'
      : undefined;

/** The negotiated representation: the resource's own media type in the chosen format. */
export interface LegacyRepresentation {
  readonly format: LegacyFormat;
  readonly mediaType: string;
}

/**
 * Chooses XML or JSON from Accept: XML when the header is absent or accepts anything; otherwise
 * the format of the acceptable type the client prefers (any vnd.yang type, application/xml,
 * text/xml, application/json). The response carries the resource's own type, e.g.
 * `vnd.yang.collection+json` for a list even when the client listed only `vnd.yang.data+json`.
 * Throws NotAcceptableError (406) when no XML or JSON type is acceptable. @see spec Decision 3, §4
 */
export const negotiateRepresentation = (
  acceptHeader: string | undefined,
  kind: LegacyMediaKind,
): LegacyRepresentation => {
  const chosen = negotiate(acceptHeader, offersFor(kind));
  const subtype = chosen === undefined ? undefined : parseMediaType(chosen)?.subtype;
  const format = subtype === undefined ? undefined : formatOfSubtype(subtype);
  if (format === undefined) {
    throw new NotAcceptableError(
      `none of the accepted media types (${acceptHeader ?? ''}) is XML or JSON; ` +
        `this resource answers ${legacyMediaType(kind, 'xml')} or ${legacyMediaType(kind, 'json')}`,
    );
  }
  return { format, mediaType: legacyMediaType(kind, format) };
};

/** The format errors are rendered in: as negotiated, falling back to XML when nothing fits. */
export const errorFormatOf = (acceptHeader: string | undefined): LegacyFormat => {
  const chosen = negotiate(acceptHeader, offersFor('errors'));
  const subtype = chosen === undefined ? undefined : parseMediaType(chosen)?.subtype;
  return (subtype === undefined ? undefined : formatOfSubtype(subtype)) ?? 'xml';
};

/**
 * The format of a request body. A Content-Type ending in `+xml`/`+json`, or `application/xml`,
 * `text/xml`, `application/json`, decides; without one (or with curl's default
 * `application/x-www-form-urlencoded`) the body is sniffed: `<` first means XML, else JSON.
 * Any other type is UnsupportedMediaTypeError (415). @see spec §4 (request bodies)
 */
export const requestBodyFormat = (contentType: string | undefined, body: string): LegacyFormat => {
  const sniffed = (): LegacyFormat => (body.trimStart().startsWith('<') ? 'xml' : 'json');
  if (contentType === undefined || contentType.trim() === '') return sniffed();
  const mediaType = parseMediaType(contentType);
  if (mediaType?.type === 'application' && mediaType.subtype === 'x-www-form-urlencoded') return sniffed();
  const format =
    mediaType !== undefined &&
    (mediaType.type === 'application' || (mediaType.type === 'text' && mediaType.subtype === 'xml'))
      ? formatOfSubtype(mediaType.subtype)
      : undefined;
  if (format === undefined) {
    throw new UnsupportedMediaTypeError(
      `the request body's Content-Type ${contentType} is not XML or JSON; send application/vnd.yang.data+xml or +json`,
    );
  }
  return format;
};
