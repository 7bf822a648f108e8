/**
 * @module xpath/yang-functions
 * The YANG 1.1 XPath functions: current, re-match, deref, derived-from,
 * derived-from-or-self, enum-value, bit-is-set. @see RFC 7950 §10
 */
import { sortDocumentOrder } from './document-order.ts';
import type { EvaluationEnv, XPathFunctionImplementation } from './evaluation-env.ts';
import { requireNodeSet } from './node-set-functions.ts';
import { toXPathString, type XPathValue } from './xpath-value.ts';
import { translateXsdRegex } from './xsd-regex.ts';

const XML_WHITESPACE = /[ \t\r\n]+/;

/** derived-from() and derived-from-or-self(): true if any node's identityref value qualifies. @see RFC 7950 §10.4 */
function derivedFrom<N>(env: EvaluationEnv<N>, args: readonly XPathValue<N>[], orSelf: boolean): boolean {
  const nodes = requireNodeSet(args[0], orSelf ? 'derived-from-or-self' : 'derived-from');
  const identity = toXPathString(args[1] as XPathValue<N>, env.navigator);
  const isDerivedFrom = env.context.isDerivedFrom;
  if (isDerivedFrom === undefined) return false;
  for (const node of nodes) {
    if (isDerivedFrom(env.navigator.stringValue(node), identity, orSelf, node)) return true;
  }
  return false;
}

/** YANG functions by name. @see RFC 7950 §10 */
export const YANG_FUNCTIONS: ReadonlyMap<string, XPathFunctionImplementation> = new Map<
  string,
  XPathFunctionImplementation
>([
  ['current', (env) => [env.current]],
  [
    're-match',
    (env, _node, _position, _size, args) => {
      const subject = toXPathString(args[0] as XPathValue<typeof _node>, env.navigator);
      const pattern = toXPathString(args[1] as XPathValue<typeof _node>, env.navigator);
      const regex = (env.context.translateRegex ?? translateXsdRegex)(pattern);
      regex.lastIndex = 0;
      return regex.test(subject);
    },
  ],
  [
    'deref',
    (env, _node, _position, _size, args) => {
      const first = requireNodeSet(args[0], 'deref')[0];
      if (first === undefined || env.navigator.deref === undefined) return [];
      return sortDocumentOrder(env.navigator, [...env.navigator.deref(first)]);
    },
  ],
  ['derived-from', (env, _node, _position, _size, args) => derivedFrom(env, args, false)],
  ['derived-from-or-self', (env, _node, _position, _size, args) => derivedFrom(env, args, true)],
  [
    'enum-value',
    (env, _node, _position, _size, args) => {
      const first = requireNodeSet(args[0], 'enum-value')[0];
      if (first === undefined) return Number.NaN;
      return env.navigator.enumValue?.(first) ?? Number.NaN;
    },
  ],
  [
    'bit-is-set',
    (env, _node, _position, _size, args) => {
      const first = requireNodeSet(args[0], 'bit-is-set')[0];
      if (first === undefined) return false;
      const bit = toXPathString(args[1] as XPathValue<typeof first>, env.navigator);
      const navigator = env.navigator;
      if (navigator.isBitSet !== undefined) return navigator.isBitSet(first, bit);
      return navigator.stringValue(first).split(XML_WHITESPACE).includes(bit);
    },
  ],
]);
