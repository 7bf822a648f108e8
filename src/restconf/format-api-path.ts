/**
 * @module restconf/format-api-path
 * Instance paths written as RESTCONF api-paths, the inverse of `parseDataResourcePath`: module
 * names on the first segment and where the module changes, list keys and leaf-list values in
 * their JSON form (identityrefs `module:identity`), percent-encoded so that `,` `/` `=` `%` and
 * spaces survive. Used for `Location` headers.
 * @see RFC 8040 §3.5.3, RFC 7951 §6
 */
import type { InstancePath } from '../data/index.ts';
import type { LeafListNode, LeafNode, ValueContext, YangValue } from '../yang/index.ts';
import { toJson } from '../yang/index.ts';

// Identityrefs are written module-qualified: no node's module is the empty string.
const QUALIFYING: ValueContext = {
  resolvePrefix: (prefix) => prefix,
  prefixOf: (module) => module,
  findIdentity: () => undefined,
  defaultModule: '',
};

/** The text of a key or leaf-list value in a URI, before percent-encoding. */
const valueText = (schema: LeafNode | LeafListNode, value: YangValue): string => {
  const json = toJson(schema.type, value, QUALIFYING);
  return typeof json === 'object' ? '' : String(json);
};

/** Percent-encodes a value for one path segment; `:` and `@` stay readable (RFC 3986 pchar). */
const encodeValue = (text: string): string => encodeURIComponent(text).replaceAll('%3A', ':').replaceAll('%40', '@');

/** The api-path of `path` (`/example-jukebox:jukebox/library/artist=Foo%20Fighters`); `''` for the datastore. */
export const formatApiPath = (path: InstancePath): string => {
  let text = '';
  let module: string | undefined;
  for (const step of path) {
    const { schema } = step;
    text += schema.module === module ? `/${schema.name}` : `/${schema.module}:${schema.name}`;
    module = schema.module;
    if (schema.kind === 'list' && step.keys !== undefined) {
      text += `=${schema.keys.map((key, index) => encodeValue(valueText(key, step.keys?.[index] as YangValue))).join(',')}`;
    } else if (schema.kind === 'leaf-list' && step.value !== undefined) {
      text += `=${encodeValue(valueText(schema, step.value))}`;
    }
  }
  return text;
};
