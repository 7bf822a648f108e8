/**
 * @module yang/types/value-context
 * What value parsing and printing need from their surroundings: prefix ↔ module mappings and
 * the identities of the loaded modules.
 * @see RFC 7950 §9.10.3, §9.13.2; RFC 7951 §6.8, §6.11
 */
import type { Identity } from '../type-spec.ts';

/** Names and identities in scope where a value is read or written. @see RFC 7950 §9.10.3 */
export interface ValueContext {
  /**
   * The module bound to an XML namespace prefix (or, for a default value, a prefix of the
   * module's `import`/`prefix`); `''` asks for the XML default namespace.
   */
  resolvePrefix(prefix: string): string | undefined;
  /** The prefix to write for a module in XML output; `undefined` when none is declared. */
  prefixOf(module: string): string | undefined;
  /** The identity `name` defined by `module`, if it exists. */
  findIdentity(module: string, name: string): Identity | undefined;
  /** The module of the node holding the value: where unqualified names are interpreted. */
  readonly defaultModule: string;
}

/** Where lexical text comes from: XML instance data, or a `default` statement in a module. */
export interface LexicalOptions {
  /** `module` also allows the hexadecimal and octal integer notations. @see RFC 7950 §9.2.1 */
  readonly origin?: 'xml' | 'module';
}

/** The JSON shapes a leaf value takes. @see RFC 7951 §6 */
export type JsonLeafValue = string | number | boolean | readonly [null];
