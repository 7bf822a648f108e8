/**
 * @module legacy-rest/error-response
 * The error envelope of the legacy API: `{"errors": {"error": [...]}}` and the XML
 * `<errors xmlns="http://tail-f.com/ns/tailf-rest-error">`, each error with error-type,
 * error-tag, error-urlpath (the request path), error-path and error-message. The status comes
 * from the same tag → status table as RESTCONF (`http/error-status.ts`).
 * @see shared/spec/legacy-rest.md Decision 6, §9
 */
import type { ManagementError } from '../errors/index.ts';
import type { ErrorRenderer, NamespaceOf } from '../http/index.ts';
import { errorPathXml, httpStatusOf, writeErrorHead } from '../http/index.ts';
import { escapeXmlText } from '../util/index.ts';
import type { LegacyFormat } from './legacy-names.ts';
import { TAILF_REST_ERROR_NAMESPACE } from './legacy-names.ts';
import { errorFormatOf, legacyMediaType } from './media-types.ts';

/** One error of the legacy envelope; members in the order they are written. @see spec Decision 6 */
export interface LegacyErrorJson {
  readonly 'error-type': string;
  readonly 'error-tag': string;
  readonly 'error-app-tag'?: string;
  readonly 'error-urlpath': string;
  readonly 'error-path'?: string;
  readonly 'error-message': string;
}

/** The envelope entry of one error; `urlPath` is the request path as the client sent it. */
export const legacyErrorEntry = (error: ManagementError, urlPath: string): LegacyErrorJson => ({
  'error-type': error.type,
  'error-tag': error.tag,
  ...(error.appTag === undefined ? {} : { 'error-app-tag': error.appTag }),
  'error-urlpath': urlPath,
  ...(error.path === undefined ? {} : { 'error-path': error.path }),
  'error-message': error.message,
});

/** The JSON envelope; `error` is always an array. @see spec Decision 6 */
export const renderLegacyErrorsJson = (errors: readonly ManagementError[], urlPath: string): string =>
  JSON.stringify({ errors: { error: errors.map((error) => legacyErrorEntry(error, urlPath)) } });

/**
 * The XML envelope; `error-path` declares the namespaces of the module names it uses as prefixes
 * (from `namespaceOf`). @see spec §9, RFC 7950 §9.13.2
 */
export const renderLegacyErrorsXml = (
  errors: readonly ManagementError[],
  urlPath: string,
  namespaceOf?: NamespaceOf,
): string => {
  const entries = errors.map((error) => {
    const members = Object.entries(legacyErrorEntry(error, urlPath)).map(([name, value]) =>
      name === 'error-path' && namespaceOf !== undefined
        ? errorPathXml(value, namespaceOf)
        : `<${name}>${escapeXmlText(value)}</${name}>`,
    );
    return `<error>${members.join('')}</error>`;
  });
  return `<errors xmlns="${TAILF_REST_ERROR_NAMESPACE}">${entries.join('')}</errors>\n`;
};

/** The envelope in `format`. */
export const renderLegacyErrors = (
  errors: readonly ManagementError[],
  urlPath: string,
  format: LegacyFormat,
  namespaceOf?: NamespaceOf,
): string =>
  format === 'json' ? renderLegacyErrorsJson(errors, urlPath) : renderLegacyErrorsXml(errors, urlPath, namespaceOf);

/**
 * The error renderer of the legacy API: the status of the first error, the envelope in the
 * format the client accepts (XML by default) as `application/vnd.yang.errors+xml|+json`, no body
 * for HEAD and 304. `namespaceOf` gives the namespaces that XML error-paths declare.
 * @see spec Decision 6
 */
export const legacyErrorRenderer =
  (namespaceOf?: NamespaceOf): ErrorRenderer =>
  (request, response, errors, context) => {
    const first = errors[0];
    if (first === undefined) throw new TypeError('writeLegacyErrors needs at least one error');
    const status = httpStatusOf(first);
    writeErrorHead(response, status, errors);
    if (status === 304) {
      response.end();
      return;
    }
    const format = errorFormatOf(request.headers.accept);
    response.setHeader('Content-Type', legacyMediaType('errors', format));
    response.end(request.method === 'HEAD' ? undefined : renderLegacyErrors(errors, context.path, format, namespaceOf));
  };

/** The legacy error renderer without a schema (error-paths declare no namespaces). */
export const writeLegacyErrors: ErrorRenderer = legacyErrorRenderer();
