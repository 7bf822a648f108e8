/**
 * @module data/instance/format-instance-path
 * The `error-path` text of an instance path, in the RFC 7951 JSON form of instance-identifier:
 * module names on the first node and where the module changes, key predicates quoted.
 * @see RFC 7951 §6.11, RFC 8040 §7.1 (error-path)
 */
import type { LeafListNode, LeafNode, ValueContext, YangValue } from '../../yang/index.ts';
import { toJson } from '../../yang/index.ts';
import type { InstancePath } from './instance-path.ts';

// Identityrefs are always written module-qualified: no node's module is the empty string.
const QUALIFYING_CONTEXT: ValueContext = {
  resolvePrefix: (prefix) => prefix,
  prefixOf: (module) => module,
  findIdentity: () => undefined,
  defaultModule: '',
};

/** The string form of a value inside a predicate. @see RFC 7951 §6.11 */
export const predicateValueText = (schema: LeafNode | LeafListNode, value: YangValue): string => {
  const json = toJson(schema.type, value, QUALIFYING_CONTEXT);
  return typeof json === 'string' ? json : typeof json === 'object' ? '' : String(json);
};

/** An XPath literal: single quotes unless the text contains one. @see RFC 7950 §9.13 */
export const quoteLiteral = (text: string): string => (text.includes("'") ? `"${text}"` : `'${text}'`);

/** The JSON instance-identifier of `path`, e.g. `/example-jukebox:jukebox/library/artist[name='Foo']`. @see RFC 7951 §6.11 */
export const formatInstancePath = (path: InstancePath): string => {
  let text = '';
  let module: string | undefined;
  for (const step of path) {
    const { schema } = step;
    text += schema.module === module ? `/${schema.name}` : `/${schema.module}:${schema.name}`;
    module = schema.module;
    if (schema.kind === 'list' && step.keys !== undefined) {
      schema.keys.forEach((key, index) => {
        const value = step.keys?.[index];
        if (value !== undefined) text += `[${key.name}=${quoteLiteral(predicateValueText(key, value))}]`;
      });
    } else if (schema.kind === 'leaf-list' && step.value !== undefined) {
      text += `[.=${quoteLiteral(predicateValueText(schema, step.value))}]`;
    }
  }
  return text === '' ? '/' : text;
};
