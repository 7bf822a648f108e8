/**
 * @module xpath/location-paths.test
 * collectLocationPaths on leafref paths, must expressions and nested predicates.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CollectedLocationPath, collectLocationPaths } from './location-paths.ts';
import { parseXPath } from './parser.ts';

/** A one-line summary: origin, steps as axis::prefix:name, predicate depth, enclosing functions. */
function summarize(path: CollectedLocationPath): string {
  const steps = path.steps
    .map((step) => {
      const name =
        step.test === 'name'
          ? `${step.prefix === undefined ? '' : `${step.prefix}:`}${step.localName}`
          : step.test === 'wildcard'
            ? `${step.prefix === undefined ? '' : `${step.prefix}:`}*`
            : `${step.test}()`;
      return `${step.axis}::${name}${step.hasPredicates ? '[]' : ''}`;
    })
    .join('/');
  const within = path.within === undefined ? '' : ` within step ${path.within.stepIndex}`;
  const functions = path.functions.length === 0 ? '' : ` in ${path.functions.join('>')}`;
  return `${path.origin} ${steps} depth ${path.predicateDepth}${within}${functions}`;
}

const CASES: readonly { name: string; input: string; expected: readonly string[] }[] = [
  {
    name: 'leafref with current() in a predicate',
    input: '../x[name = current()/../y]',
    expected: [
      'context parent::node()/child::x[] depth 0',
      'context child::name depth 1 within step 1',
      'current parent::node()/child::y depth 1 within step 1',
    ],
  },
  {
    name: 'absolute leafref with prefixes',
    input: '/if:interfaces/if:interface/if:name',
    expected: ['root child::if:interfaces/child::if:interface/child::if:name depth 0'],
  },
  {
    name: 'must with functions and a union',
    input: 'count(a | b/c) > 1 and not(deref(../ref)/enabled = "false")',
    expected: [
      'context child::a depth 0 in count',
      'context child::b/child::c depth 0 in count',
      'context parent::node()/child::ref depth 0 in not>deref',
      'expression child::enabled depth 0 in not',
    ],
  },
  {
    name: 'nested predicates',
    input: 'a[b[c = 1]/d]',
    expected: [
      'context child::a[] depth 0',
      'context child::b[]/child::d depth 1 within step 0',
      'context child::c depth 2 within step 0',
    ],
  },
  {
    name: 'filter expression predicates have no step',
    input: '(a)[b]',
    expected: ['context child::a depth 0', 'context child::b depth 1'],
  },
  { name: 'no paths in a constant', input: '1 + string-length("a/b")', expected: [] },
  { name: 'root alone', input: '/', expected: ['root  depth 0'] },
  {
    name: 'wildcards and node types',
    input: '//x:*/text()',
    expected: ['root descendant-or-self::node()/child::x:*/child::text() depth 0'],
  },
];

describe('collectLocationPaths', () => {
  for (const { name, input, expected } of CASES) {
    test(name, () => assert.deepEqual(collectLocationPaths(parseXPath(input)).map(summarize), expected));
  }

  test('paths in predicates point at the enclosing path object', () => {
    const [outer, inner] = collectLocationPaths(parseXPath('a/b[c]'));
    assert.equal(inner?.within?.path, outer);
    assert.equal(outer?.absolute, false);
  });
});
