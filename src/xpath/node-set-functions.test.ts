/**
 * @module xpath/node-set-functions.test
 * last, position, count, id, local-name, namespace-uri, name. @see W3C XPath 1.0 §4.1
 */
import { describe } from 'node:test';
import { type ExpressionCase, runExpressionCases } from './function-cases.test-support.ts';

const CASES: readonly ExpressionCase[] = [
  { name: 'last() at top level is 1', expression: 'last()', expected: 1 },
  { name: 'position() at top level is 1', expression: 'position()', expected: 1 },
  { name: 'last() inside a predicate', expression: 'user[last()]/name', expected: ['n3'] },
  { name: 'position() inside a predicate', expression: 'user[position() = 2]', expected: ['u2'] },
  { name: 'position() resets per context node', expression: 'count(user/*[position() = 1])', expected: 3 },
  { name: 'count of children', expression: 'count(user)', expected: 3 },
  { name: 'count of nothing', expression: 'count(nothing)', expected: 0 },
  { name: 'count of a union', expression: 'count(user | user[1] | num)', expected: 6 },
  { name: 'id() selects nothing', expression: 'count(id("u1"))', expected: 0 },
  { name: 'local-name of the context node', expression: 'local-name()', expected: 'data' },
  { name: 'local-name of the first node', expression: 'local-name(*)', expected: 'user' },
  { name: 'local-name of an empty set', expression: 'local-name(nothing)', expected: '' },
  { name: 'local-name of the root', expression: 'local-name(/)', expected: '' },
  { name: 'local-name of a prefixed attribute', expression: 'local-name(*[4]/@*[2])', expected: 'flag' },
  {
    name: 'namespace-uri of a default-namespace element',
    expression: 'namespace-uri()',
    expected: 'urn:example:system',
  },
  { name: 'namespace-uri of a prefixed element', expression: 'namespace-uri(*[4])', expected: 'urn:example:ext' },
  { name: 'namespace-uri of an unprefixed attribute', expression: 'namespace-uri(@id)', expected: '' },
  { name: 'namespace-uri of a text node', expression: 'namespace-uri(user/name/text())', expected: '' },
  { name: 'name() defaults to the local name', expression: 'name(user)', expected: 'user' },
  {
    name: 'name() uses the navigator qualifiedName hook',
    expression: 'name(*[4])',
    expected: 'ex:extra',
    options: {
      hooks: { qualifiedName: (node) => (node.prefix === '' ? node.localName : `${node.prefix}:${node.localName}`) },
    },
  },
];

describe('node-set functions', () => runExpressionCases(CASES));
