/**
 * @module http/errors-document
 * Renders errors as an `ietf-restconf:errors` document in JSON or XML. Used by the RESTCONF
 * front-end and for errors raised before a front-end is chosen (unknown path, oversize body).
 * In XML, `error-path` is an instance-identifier whose prefixes are module names: the element
 * declares each of them (`xmlns:example-jukebox="…"`), as the XML encoding requires.
 * @see RFC 8040 §7.1, §8 (the `errors` yang-data structure); RFC 7950 §9.13.2
 */
import type { ManagementError } from '../errors/index.ts';
import { escapeXmlAttribute, escapeXmlText } from '../util/index.ts';

/** The RESTCONF namespace. @see RFC 8040 §8 */
export const RESTCONF_NAMESPACE = 'urn:ietf:params:xml:ns:yang:ietf-restconf';

/** The XML namespace of a module by its name; undefined when no such module is known. */
export type NamespaceOf = (module: string) => string | undefined;

/** Knows no module: error-paths are written without declarations (errors outside any front-end have none). */
const NO_NAMESPACES: NamespaceOf = () => undefined;

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

/** The `error` entries of the errors as JSON (also the `errors` of a yang-patch-status). */
export const errorsJson = (errors: readonly ManagementError[]): RestconfErrorJson[] => errors.map(toJsonEntry);

/** The `ietf-restconf:errors` JSON document for the errors; `error` is always an array. */
export const renderErrorsJson = (errors: readonly ManagementError[]): string =>
  JSON.stringify({ 'ietf-restconf:errors': { error: errorsJson(errors) } });

const IDENTIFIER = '[A-Za-z_][A-Za-z0-9_.-]*';
const PREFIX = new RegExp(`(${IDENTIFIER}):`, 'g');
const QUALIFIED_LITERAL = new RegExp(`^(${IDENTIFIER}):${IDENTIFIER}$`);

/**
 * The prefixes an instance-identifier uses: those of its node names, and that of a predicate
 * literal written `module:identity` (an identityref key). Text inside quotes is not a node name.
 */
export const pathPrefixes = (path: string): string[] => {
  const prefixes = new Set<string>();
  let outside = '';
  for (let index = 0; index < path.length; index++) {
    const quote = path[index] as string;
    if (quote !== "'" && quote !== '"') {
      outside += quote;
      continue;
    }
    // A literal: up to the same quote (an instance-identifier's literals contain no escapes).
    const end = path.indexOf(quote, index + 1);
    const literal = path.slice(index + 1, end < 0 ? path.length : end);
    const qualified = QUALIFIED_LITERAL.exec(literal);
    if (qualified !== null) prefixes.add(qualified[1] as string);
    outside += ' ';
    index = end < 0 ? path.length : end;
  }
  for (const match of outside.matchAll(PREFIX)) prefixes.add(match[1] as string);
  return [...prefixes];
};

/**
 * The `<error-path>` element of `path`, declaring every prefix it uses that `namespaceOf` knows.
 * @see RFC 8040 §7.1, RFC 7950 §9.13.2
 */
export const errorPathXml = (path: string, namespaceOf: NamespaceOf): string => {
  const declarations = pathPrefixes(path)
    .map((prefix) => {
      const namespace = namespaceOf(prefix);
      return namespace === undefined ? '' : ` xmlns:${prefix}="${escapeXmlAttribute(namespace)}"`;
    })
    .join('');
  return `<error-path${declarations}>${escapeXmlText(path)}</error-path>`;
};

/** One `<error>` entry (also those of a yang-patch-status). */
export const errorXml = (error: ManagementError, namespaceOf: NamespaceOf = NO_NAMESPACES): string => {
  const parts = [
    `<error-type>${error.type}</error-type>`,
    `<error-tag>${error.tag}</error-tag>`,
    error.appTag === undefined ? '' : `<error-app-tag>${escapeXmlText(error.appTag)}</error-app-tag>`,
    error.path === undefined ? '' : errorPathXml(error.path, namespaceOf),
    `<error-message>${escapeXmlText(error.message)}</error-message>`,
    error.info === undefined
      ? ''
      : `<error-info>${Object.entries(error.info)
          .map(([name, value]) => `<${name}>${escapeXmlText(value)}</${name}>`)
          .join('')}</error-info>`,
  ];
  return `<error>${parts.join('')}</error>`;
};

/** The `errors` XML document for the errors; `namespaceOf` resolves the prefixes of error-paths. */
export const renderErrorsXml = (errors: readonly ManagementError[], namespaceOf: NamespaceOf = NO_NAMESPACES): string =>
  `<errors xmlns="${RESTCONF_NAMESPACE}">${errors.map((error) => errorXml(error, namespaceOf)).join('')}</errors>\n`;
