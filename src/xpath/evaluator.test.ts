/**
 * @module xpath/evaluator.test
 * Location paths on a small document: the W3C XPath 1.0 §2.1 and §2.5 examples, every axis,
 * document order and deduplication, and evaluation errors.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { evaluateText, parseTestXml } from './test-navigator.test-support.ts';
import { XPathEvaluationError } from './xpath-evaluation-error.ts';

const DOCUMENT = parseTestXml(`
<doc id="doc">
  <chapter id="c1" xml:lang="en-GB"><title id="t1">Introduction</title>
    <para id="p1" type="warning">one</para>
    <para id="p2">two</para>
    <section id="s1"><para id="p3" type="warning">three</para>
      <olist id="o1"><item id="i1">a</item><item id="i2">b</item></olist></section>
    <para id="p4" type="warning">four</para>
    <para id="p5" type="note">five</para>
    <para id="p6" type="warning">six</para>
    <para id="p7" type="warning">seven</para>
    <para id="p8" type="warning">eight</para>
    <para id="p9" type="warning">nine</para>
  </chapter>
  <appendix id="a1"><title id="t2">Notes</title></appendix>
  <chapter id="c2"><title id="t3">Details</title><section id="s2"/>
    <section id="s3"><div id="d1"><div id="d2"><para id="p10" lang="fr">ten</para></div></div></section></chapter>
  <employee id="e1" secretary="x" assistant="y"/>
  <employee id="e2" secretary="x"/>
  <olist id="o2"><item id="i3">c</item></olist>
</doc>`);

interface Case {
  readonly name: string;
  readonly expression: string;
  readonly contextId?: string;
  readonly expected: string[] | boolean | number | string;
}

const W3C_ABBREVIATED: readonly Case[] = [
  {
    name: 'para children',
    expression: 'para',
    contextId: 'c1',
    expected: ['p1', 'p2', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'],
  },
  { name: 'all element children', expression: '*', contextId: 's1', expected: ['p3', 'o1'] },
  { name: 'text children', expression: 'text()', contextId: 't1', expected: ['"Introduction"'] },
  { name: 'name attribute', expression: '@type', contextId: 'p5', expected: ['@type'] },
  { name: 'all attributes', expression: '@*', contextId: 'e1', expected: ['@id', '@secretary', '@assistant'] },
  { name: 'first para', expression: 'para[1]', contextId: 'c1', expected: ['p1'] },
  { name: 'last para', expression: 'para[last()]', contextId: 'c1', expected: ['p9'] },
  { name: 'para grandchildren', expression: '*/para', contextId: 'c1', expected: ['p3'] },
  { name: 'fifth chapter second section is empty', expression: '/doc/chapter[5]/section[2]', expected: [] },
  { name: 'second chapter second section', expression: '/doc/chapter[2]/section[2]', expected: ['s3'] },
  {
    name: 'chapter descendant paras',
    expression: 'chapter//para',
    contextId: 'doc',
    expected: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'p10'],
  },
  {
    name: 'all paras in the document',
    expression: '//para',
    contextId: 'p3',
    expected: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'p10'],
  },
  { name: 'items of any olist', expression: '//olist/item', expected: ['i1', 'i2', 'i3'] },
  { name: 'the context node', expression: '.', contextId: 'p2', expected: ['p2'] },
  { name: 'descendant paras of the context', expression: './/para', contextId: 's3', expected: ['p10'] },
  { name: 'the parent', expression: '..', contextId: 'p2', expected: ['c1'] },
  { name: 'the parent lang attribute', expression: '../@lang', contextId: 'p10', expected: [] },
  {
    name: 'warning paras',
    expression: 'para[@type="warning"]',
    contextId: 'c1',
    expected: ['p1', 'p4', 'p6', 'p7', 'p8', 'p9'],
  },
  { name: 'fifth warning para', expression: 'para[@type="warning"][5]', contextId: 'c1', expected: ['p8'] },
  { name: 'fifth para if a warning', expression: 'para[5][@type="warning"]', contextId: 'c1', expected: ['p6'] },
  { name: 'fourth para is not a warning', expression: 'para[4][@type="warning"]', contextId: 'c1', expected: [] },
  {
    name: 'chapter titled Introduction',
    expression: 'chapter[title="Introduction"]',
    contextId: 'doc',
    expected: ['c1'],
  },
  { name: 'chapters with a title', expression: 'chapter[title]', contextId: 'doc', expected: ['c1', 'c2'] },
  {
    name: 'employee with secretary and assistant',
    expression: 'employee[@secretary and @assistant]',
    contextId: 'doc',
    expected: ['e1'],
  },
];

const W3C_UNABBREVIATED: readonly Case[] = [
  { name: 'child::para', expression: 'child::para', contextId: 's1', expected: ['p3'] },
  { name: 'child::node() includes text', expression: 'child::node()', contextId: 'p1', expected: ['"one"'] },
  { name: 'attribute::*', expression: 'attribute::*', contextId: 'p1', expected: ['@id', '@type'] },
  { name: 'descendant::para', expression: 'descendant::para', contextId: 'c2', expected: ['p10'] },
  {
    name: 'ancestor::div nearest last in document order',
    expression: 'ancestor::div',
    contextId: 'p10',
    expected: ['d1', 'd2'],
  },
  { name: 'ancestor-or-self::div', expression: 'ancestor-or-self::div', contextId: 'd2', expected: ['d1', 'd2'] },
  { name: 'descendant-or-self::para', expression: 'descendant-or-self::para', contextId: 'p3', expected: ['p3'] },
  { name: 'self::para on a section', expression: 'self::para', contextId: 's1', expected: [] },
  {
    name: 'child::chapter/descendant::para',
    expression: 'child::chapter/descendant::para',
    contextId: 'doc',
    expected: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'p10'],
  },
  { name: 'the root', expression: '/', contextId: 'p3', expected: ['/'] },
  {
    name: '/descendant::olist/child::item',
    expression: '/descendant::olist/child::item',
    expected: ['i1', 'i2', 'i3'],
  },
  { name: 'position()=last()-1', expression: 'child::para[position()=last()-1]', contextId: 'c1', expected: ['p8'] },
  { name: 'position()>1', expression: 'child::para[position()>6]', contextId: 'c1', expected: ['p8', 'p9'] },
  {
    name: 'next chapter sibling',
    expression: 'following-sibling::chapter[position()=1]',
    contextId: 'c1',
    expected: ['c2'],
  },
  {
    name: 'previous chapter sibling',
    expression: 'preceding-sibling::chapter[position()=1]',
    contextId: 'c2',
    expected: ['c1'],
  },
  { name: 'third para in the document', expression: '/descendant::para[position()=3]', expected: ['p3'] },
  {
    name: 'chapter or appendix',
    expression: 'child::*[self::chapter or self::appendix]',
    contextId: 'doc',
    expected: ['c1', 'a1', 'c2'],
  },
  {
    name: 'last chapter or appendix',
    expression: 'child::*[self::chapter or self::appendix][position()=last()]',
    contextId: 'doc',
    expected: ['c2'],
  },
];

const AXES_AND_ORDER: readonly Case[] = [
  { name: 'ancestor positions count backwards', expression: 'ancestor::*[1]', contextId: 'p10', expected: ['d2'] },
  {
    name: 'preceding-sibling positions count backwards',
    expression: 'preceding-sibling::para[2]',
    contextId: 'p5',
    expected: ['p2'],
  },
  {
    name: 'following axis skips descendants',
    expression: 'following::*',
    contextId: 's1',
    expected: [
      'p4',
      'p5',
      'p6',
      'p7',
      'p8',
      'p9',
      'a1',
      't2',
      'c2',
      't3',
      's2',
      's3',
      'd1',
      'd2',
      'p10',
      'e1',
      'e2',
      'o2',
      'i3',
    ],
  },
  {
    name: 'preceding axis skips ancestors',
    expression: 'preceding::*',
    contextId: 'i1',
    expected: ['t1', 'p1', 'p2', 'p3'],
  },
  { name: 'preceding nearest first', expression: 'preceding::*[1]', contextId: 'i1', expected: ['p3'] },
  {
    name: 'following from an attribute includes its element content',
    expression: '@type/following::*[1]',
    contextId: 'p3',
    expected: ['o1'],
  },
  { name: 'attribute has no siblings', expression: '@type/following-sibling::node()', contextId: 'p1', expected: [] },
  { name: 'namespace axis is empty', expression: 'namespace::*', contextId: 'p1', expected: [] },
  { name: 'parent of attribute', expression: '@type/..', contextId: 'p1', expected: ['p1'] },
  { name: 'union in document order', expression: 'p9 | p1 | title', contextId: 'c1', expected: ['t1'] },
  {
    name: 'union by id sorted and deduplicated',
    expression: 'para[@id="p9"] | para[1] | title | para[1]',
    contextId: 'c1',
    expected: ['t1', 'p1', 'p9'],
  },
  { name: 'parents of many nodes deduplicated', expression: '//item/..', expected: ['o1', 'o2'] },
  {
    name: 'ancestors of many nodes sorted',
    expression: '//item/ancestor::*',
    expected: ['doc', 'c1', 's1', 'o1', 'o2'],
  },
  { name: 'a/b[1] takes the first per parent', expression: '//olist/item[1]', expected: ['i1', 'i3'] },
  { name: '(a/b)[1] takes the first overall', expression: '(//olist/item)[1]', expected: ['i1'] },
  { name: 'filter predicate uses document order', expression: '(ancestor::*)[1]', contextId: 'p10', expected: ['doc'] },
  { name: 'filter then path', expression: '(//olist)[2]/item', expected: ['i3'] },
  {
    name: 'comment() and processing-instruction() select nothing',
    expression: 'node()[self::comment() or self::processing-instruction("x")]',
    contextId: 'doc',
    expected: [],
  },
  { name: 'fractional predicate selects nothing', expression: 'para[1.5]', contextId: 'c1', expected: [] },
  { name: 'zero predicate selects nothing', expression: 'para[0]', contextId: 'c1', expected: [] },
  { name: 'boolean predicate from a string', expression: 'para["x"][1]', contextId: 'c1', expected: ['p1'] },
  {
    name: 'predicate on a variable-free number expression',
    expression: 'para[1 + 1]',
    contextId: 'c1',
    expected: ['p2'],
  },
  { name: 'count of all elements', expression: 'count(//*)', expected: 29 },
  { name: 'descendant-or-self from the root', expression: 'count(/descendant-or-self::node())', expected: 46 },
];

describe('evaluateXPath', () => {
  for (const [group, cases] of [
    ['W3C §2.5 abbreviated examples', W3C_ABBREVIATED],
    ['W3C §2.1 unabbreviated examples', W3C_UNABBREVIATED],
    ['axes, order and predicates', AXES_AND_ORDER],
  ] as const) {
    describe(group, () => {
      for (const { name, expression, contextId, expected } of cases) {
        test(name, () => {
          const options = contextId === undefined ? {} : { contextId };
          assert.deepEqual(evaluateText(DOCUMENT, expression, options), expected);
        });
      }
    });
  }

  describe('evaluation errors', () => {
    const ERRORS: readonly { name: string; expression: string }[] = [
      { name: 'unknown variable', expression: '$nope' },
      { name: 'unknown prefix', expression: 'x:para' },
      { name: 'path step on a number variable', expression: '$n/para' },
      { name: 'union with a number variable', expression: 'para | $n' },
      { name: 'count of a string variable', expression: 'count($s)' },
    ];
    for (const { name, expression } of ERRORS) {
      test(name, () => {
        const variables = new Map<string, number | string>([
          ['n', 1],
          ['s', 'x'],
        ]);
        assert.throws(() => evaluateText(DOCUMENT, expression, { variables }), XPathEvaluationError);
      });
    }
  });

  test('variables are looked up by their written name', () => {
    const variables = new Map<string, string | number>([
      ['n', 3],
      ['p:n', 'prefixed'],
    ]);
    assert.deepEqual(evaluateText(DOCUMENT, 'concat($n, $p:n)', { variables }), '3prefixed');
  });
});
