/**
 * @module http/errors-document
 * Renders errors as an `ietf-restconf:errors` document in JSON or XML. Used by the RESTCONF
 * front-end and for errors raised before a front-end is chosen (unknown path, oversize body).
 * @see RFC 8040 §7.1, §8 (the `errors` yang-data structure)
 */
import type { ManagementError } from '../errors/index.ts';
import { escapeXmlText } from '../util/index.ts';

/** The RESTCONF namespace. @see RFC 8040 §8 */
export const RESTCONF_NAMESPACE = 'urn:ietf:params:xml:ns:yang:ietf-restconf';

/** One RFC 8040 `error` entry as JSON. */
export interface RestconfErrorJson {
  readonly 'error-type': string;
  readonly 'error-tag': string;
  readonly 'error-app-tag'?: string;
  readonly 'error-path'?: string;
  readonly 'error-message'?: string;
  readonly 'error-info'?: Readonly<Record<string, string>>;
}

const toJsonEntry = (error: ManagementError): RestconfErrorJson => ({
  'error-type': error.type,
  'error-tag': error.tag,
  ...(error.appTag === undefined ? {} : { 'error-app-tag': error.appTag }),
  ...(error.path === undefined ? {} : { 'error-path': error.path }),
  'error-message': error.message,
  ...(error.info === undefined ? {} : { 'error-info': error.info }),
});

/** The `ietf-restconf:errors` JSON document for the errors; `error` is always an array. */
export const renderErrorsJson = (errors: readonly ManagementError[]): string =>
  JSON.stringify({ 'ietf-restconf:errors': { error: errors.map(toJsonEntry) } });

/** The `errors` XML document for the errors. */
export const renderErrorsXml = (errors: readonly ManagementError[]): string => {
  const entries = errors.map((error) => {
    const parts = [
      `<error-type>${error.type}</error-type>`,
      `<error-tag>${error.tag}</error-tag>`,
      error.appTag === undefined ? '' : `<error-app-tag>${escapeXmlText(error.appTag)}</error-app-tag>`,
      error.path === undefined ? '' : `<error-path>${escapeXmlText(error.path)}</error-path>`,
      `<error-message>${escapeXmlText(error.message)}</error-message>`,
      error.info === undefined
        ? ''
        : `<error-info>${Object.entries(error.info)
            .map(([name, value]) => `<${name}>${escapeXmlText(value)}</${name}>`)
            .join('')}</error-info>`,
    ];
    return `<error>${parts.join('')}</error>`;
  });
  return `<errors xmlns="${RESTCONF_NAMESPACE}">${entries.join('')}</errors>\n`;
};
