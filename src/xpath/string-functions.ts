/**
 * @module xpath/string-functions
 * The string functions of the core library. Positions and lengths count Unicode characters
 * (code points), not UTF-16 units. @see W3C XPath 1.0 §4.2
 */
import type { EvaluationEnv, XPathFunctionImplementation } from './evaluation-env.ts';
import { toXPathNumber, toXPathString, type XPathValue } from './xpath-value.ts';

const SURROGATE = /[\uD800-\uDFFF]/;
const XML_WHITESPACE_RUNS = /[ \t\r\n]+/g;

/** The string of argument `index`, or the context node's string-value when it is absent. */
function stringArg<N>(env: EvaluationEnv<N>, node: N, args: readonly XPathValue<N>[], index: number): string {
  const value = args[index];
  return value === undefined ? env.navigator.stringValue(node) : toXPathString(value, env.navigator);
}

/** `substring()` with the spec's rounding: characters at positions p with round(start) <= p < round(start) + round(length). */
export function xpathSubstring(text: string, start: number, length: number | undefined): string {
  const first = Math.round(start);
  const end = length === undefined ? Number.POSITIVE_INFINITY : first + Math.round(length);
  const from = Math.max(first, 1);
  if (Number.isNaN(from) || Number.isNaN(end) || end <= from) return '';
  const chars = SURROGATE.test(text) ? Array.from(text) : undefined;
  const count = chars === undefined ? text.length : chars.length;
  if (from > count) return '';
  const to = Math.min(end, count + 1);
  return chars === undefined ? text.slice(from - 1, to - 1) : chars.slice(from - 1, to - 1).join('');
}

/** `translate()`: maps characters of `from` to those of `to` at the same position, dropping those without one. */
export function xpathTranslate(text: string, from: string, to: string): string {
  const fromChars = Array.from(from);
  const toChars = Array.from(to);
  const map = new Map<string, string>();
  fromChars.forEach((char, index) => {
    if (!map.has(char)) map.set(char, toChars[index] ?? '');
  });
  let result = '';
  for (const char of text) result += map.get(char) ?? char;
  return result;
}

/** `normalize-space()`: only XML whitespace counts (String.prototype.trim would also strip NBSP). */
function normalizeSpace(text: string): string {
  const collapsed = text.replace(XML_WHITESPACE_RUNS, ' ');
  const from = collapsed.startsWith(' ') ? 1 : 0;
  const to = collapsed.length > from && collapsed.endsWith(' ') ? collapsed.length - 1 : collapsed.length;
  return collapsed.slice(from, to);
}

/** `string-length()` in characters. */
function characterCount(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  let count = 0;
  for (const _char of text) count++;
  return count;
}

/** String functions by name. @see W3C XPath 1.0 §4.2 */
export const STRING_FUNCTIONS: ReadonlyMap<string, XPathFunctionImplementation> = new Map<
  string,
  XPathFunctionImplementation
>([
  ['string', (env, node, _position, _size, args) => stringArg(env, node, args, 0)],
  [
    'concat',
    (env, _node, _position, _size, args) => {
      let result = '';
      for (const arg of args) result += toXPathString(arg, env.navigator);
      return result;
    },
  ],
  [
    'starts-with',
    (env, node, _position, _size, args) => stringArg(env, node, args, 0).startsWith(stringArg(env, node, args, 1)),
  ],
  [
    'contains',
    (env, node, _position, _size, args) => stringArg(env, node, args, 0).includes(stringArg(env, node, args, 1)),
  ],
  [
    'substring-before',
    (env, node, _position, _size, args) => {
      const text = stringArg(env, node, args, 0);
      const at = text.indexOf(stringArg(env, node, args, 1));
      return at < 0 ? '' : text.slice(0, at);
    },
  ],
  [
    'substring-after',
    (env, node, _position, _size, args) => {
      const text = stringArg(env, node, args, 0);
      const search = stringArg(env, node, args, 1);
      const at = text.indexOf(search);
      return at < 0 ? '' : text.slice(at + search.length);
    },
  ],
  [
    'substring',
    (env, node, _position, _size, args) => {
      const length = args[2];
      return xpathSubstring(
        stringArg(env, node, args, 0),
        toXPathNumber(args[1] as XPathValue<typeof node>, env.navigator),
        length === undefined ? undefined : toXPathNumber(length, env.navigator),
      );
    },
  ],
  ['string-length', (env, node, _position, _size, args) => characterCount(stringArg(env, node, args, 0))],
  ['normalize-space', (env, node, _position, _size, args) => normalizeSpace(stringArg(env, node, args, 0))],
  [
    'translate',
    (env, node, _position, _size, args) =>
      xpathTranslate(stringArg(env, node, args, 0), stringArg(env, node, args, 1), stringArg(env, node, args, 2)),
  ],
]);
