/**
 * @module nacm/default-deny
 * The NACM extensions of the schema: `nacm:default-deny-all` and `nacm:default-deny-write` on a
 * data node make the default of every access the extension covers "deny" for the node and its
 * descendants, when no rule matches. Looked up once per schema node and cached.
 * @see RFC 8341 §3.1.3, §3.4.5 (steps 9–10), §3.5.1 (the extensions)
 */
import type { SchemaNode } from '../yang/index.ts';

const NACM_MODULE = 'ietf-netconf-acm';

/** What the extensions say about a node, its own or inherited. */
export interface DefaultDeny {
  /** Every access is denied by default. */
  readonly all: boolean;
  /** Writes are denied by default. */
  readonly write: boolean;
}

const NONE: DefaultDeny = Object.freeze({ all: false, write: false });
const CACHE = new WeakMap<SchemaNode, DefaultDeny>();

/** True when the node itself carries the extension `name` of ietf-netconf-acm. */
export const hasNacmExtension = (node: SchemaNode, name: 'default-deny-all' | 'default-deny-write'): boolean =>
  node.extensions.some((extension) => extension.module === NACM_MODULE && extension.name === name);

/**
 * The default denials of data node `node`: its own extensions and those of its ancestors (a
 * data node inherits them: "the data node and all its descendants"). @see RFC 8341 §3.4.5
 */
export const defaultDenyOf = (node: SchemaNode | undefined): DefaultDeny => {
  if (node === undefined) return NONE;
  let found = CACHE.get(node);
  if (found === undefined) {
    const inherited = defaultDenyOf(node.parent);
    const all = inherited.all || hasNacmExtension(node, 'default-deny-all');
    const write = all || inherited.write || hasNacmExtension(node, 'default-deny-write');
    found = all === inherited.all && write === inherited.write ? inherited : { all, write };
    CACHE.set(node, found);
  }
  return found;
};
