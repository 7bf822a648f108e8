/**
 * @module xpath/function-cases.test-support
 * Test support: runs a table of expression → expected value cases on a small document.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type EvaluateTextOptions, evaluateText, parseTestXml } from './test-navigator.test-support.ts';

/** One table row: a distinctive name, the expression, and the expected (described) value. */
export interface ExpressionCase {
  readonly name: string;
  readonly expression: string;
  readonly expected: string[] | boolean | number | string;
  readonly options?: EvaluateTextOptions;
}

/** The document the function tables run on. */
export const FUNCTION_DOCUMENT = parseTestXml(`
<data xmlns="urn:example:system" xmlns:ex="urn:example:ext" id="data">
  <user id="u1"><name id="n1">alice</name><uid id="uid1">1001</uid><shell id="sh1">bash</shell></user>
  <user id="u2"><name id="n2">bob</name><uid id="uid2">42</uid></user>
  <user id="u3"><name id="n3">  carol   ann </name><uid id="uid3">x7</uid></user>
  <ex:extra id="x1" ex:flag="on">7</ex:extra>
  <num id="m1">-0.5</num><num id="m2">2.5</num><num id="m3">1e3</num>
  <empty id="none"/>
</data>`);

/** Registers one `node:test` test per case. */
export function runExpressionCases(cases: readonly ExpressionCase[]): void {
  for (const { name, expression, expected, options } of cases) {
    test(name, () => {
      const actual = evaluateText(FUNCTION_DOCUMENT, expression, { contextId: 'data', ...options });
      if (typeof expected === 'number' && Number.isNaN(expected))
        assert.ok(Number.isNaN(actual), `got ${String(actual)}`);
      else assert.deepEqual(actual, expected);
      if (Object.is(expected, -0)) assert.ok(Object.is(actual, -0), 'expected negative zero');
    });
  }
}
