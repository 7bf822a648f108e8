/**
 * @module xpath/function-library
 * Every function implementation by name: the XPath 1.0 core library and the YANG 1.1 functions.
 * The names match `FUNCTION_SIGNATURES`, which the parser checks against.
 */
import { BOOLEAN_NUMBER_FUNCTIONS } from './boolean-number-functions.ts';
import type { XPathFunctionImplementation } from './evaluation-env.ts';
import { NODE_SET_FUNCTIONS } from './node-set-functions.ts';
import { STRING_FUNCTIONS } from './string-functions.ts';
import { YANG_FUNCTIONS } from './yang-functions.ts';

/** All function implementations by name. @see W3C XPath 1.0 §4 @see RFC 7950 §10 */
export const FUNCTION_LIBRARY: ReadonlyMap<string, XPathFunctionImplementation> = new Map([
  ...NODE_SET_FUNCTIONS,
  ...STRING_FUNCTIONS,
  ...BOOLEAN_NUMBER_FUNCTIONS,
  ...YANG_FUNCTIONS,
]);
