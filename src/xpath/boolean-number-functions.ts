/**
 * @module xpath/boolean-number-functions
 * The boolean and number functions of the core library: boolean, not, true, false, lang,
 * number, sum, floor, ceiling, round. @see W3C XPath 1.0 §4.3, §4.4
 */
import type { XPathFunctionImplementation } from './evaluation-env.ts';
import { requireNodeSet } from './node-set-functions.ts';
import { stringToNumber, toXPathBoolean, toXPathNumber, toXPathString, type XPathValue } from './xpath-value.ts';

/** The namespace of `xml:lang`. @see W3C Namespaces in XML §3 */
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/**
 * XPath's round(): the closest integer, ties towards +Infinity, and -0 for [-0.5, -0]. JavaScript's
 * Math.round has exactly these semantics. @see W3C XPath 1.0 §4.4
 */
export function xpathRound(value: number): number {
  return Math.round(value);
}

/** Boolean and number functions by name. @see W3C XPath 1.0 §4.3, §4.4 */
export const BOOLEAN_NUMBER_FUNCTIONS: ReadonlyMap<string, XPathFunctionImplementation> = new Map<
  string,
  XPathFunctionImplementation
>([
  ['boolean', (_env, _node, _position, _size, args) => toXPathBoolean(args[0] as XPathValue<unknown>)],
  ['not', (_env, _node, _position, _size, args) => !toXPathBoolean(args[0] as XPathValue<unknown>)],
  ['true', () => true],
  ['false', () => false],
  [
    'lang',
    (env, node, _position, _size, args) => {
      const wanted = toXPathString(args[0] as XPathValue<typeof node>, env.navigator).toLowerCase();
      const navigator = env.navigator;
      for (let at: typeof node | undefined = node; at !== undefined; at = navigator.parent(at)) {
        for (const attribute of navigator.attributes(at)) {
          if (navigator.localName(attribute) !== 'lang' || navigator.namespace(attribute) !== XML_NAMESPACE) continue;
          const language = navigator.stringValue(attribute).toLowerCase();
          return language === wanted || language.startsWith(`${wanted}-`);
        }
      }
      return false;
    },
  ],
  [
    'number',
    (env, node, _position, _size, args) => {
      const value = args[0];
      return value === undefined
        ? stringToNumber(env.navigator.stringValue(node))
        : toXPathNumber(value, env.navigator);
    },
  ],
  [
    'sum',
    (env, _node, _position, _size, args) => {
      let total = 0;
      for (const member of requireNodeSet(args[0], 'sum')) total += stringToNumber(env.navigator.stringValue(member));
      return total;
    },
  ],
  [
    'floor',
    (env, _node, _position, _size, args) => Math.floor(toXPathNumber(args[0] as XPathValue<unknown>, env.navigator)),
  ],
  [
    'ceiling',
    (env, _node, _position, _size, args) => Math.ceil(toXPathNumber(args[0] as XPathValue<unknown>, env.navigator)),
  ],
  [
    'round',
    (env, _node, _position, _size, args) => xpathRound(toXPathNumber(args[0] as XPathValue<unknown>, env.navigator)),
  ],
]);
