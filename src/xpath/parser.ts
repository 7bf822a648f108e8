/**
 * @module xpath/parser
 * A recursive-descent parser for the whole XPath 1.0 expression grammar (W3C XPath 1.0 §2–3),
 * producing the immutable AST of `ast.ts`. Function names and arities are checked here.
 */
import type { Axis, BinaryOperator, LocationPath, NodeTest, NodeType, Step, XPathExpression } from './ast.ts';
import { FUNCTION_SIGNATURES, type XPathValueType } from './function-signatures.ts';
import { tokenizeXPath } from './lexer.ts';
import type { Token } from './token.ts';
import { XPathSyntaxError } from './xpath-syntax-error.ts';

/**
 * Deepest nesting (parentheses, predicates, arguments, operator chains) accepted. It keeps
 * parsing, evaluation and tree walks far from the call-stack limit on hostile input.
 */
const MAX_DEPTH = 256;

const DESCENDANT_OR_SELF_NODE: Step = Object.freeze({
  kind: 'step',
  axis: 'descendant-or-self',
  test: Object.freeze({ kind: 'type-test', type: 'node', target: undefined }),
  predicates: Object.freeze([]),
});
const SELF_NODE: Step = Object.freeze({
  kind: 'step',
  axis: 'self',
  test: Object.freeze({ kind: 'type-test', type: 'node', target: undefined }),
  predicates: Object.freeze([]),
});
const PARENT_NODE: Step = Object.freeze({
  kind: 'step',
  axis: 'parent',
  test: Object.freeze({ kind: 'type-test', type: 'node', target: undefined }),
  predicates: Object.freeze([]),
});

/** Operators of each binary precedence level, loosest first. @see W3C XPath 1.0 §3.4, §3.5 */
const LEVELS: readonly (readonly BinaryOperator[])[] = [
  ['or'],
  ['and'],
  ['=', '!='],
  ['<', '<=', '>', '>='],
  ['+', '-'],
  ['*', 'div', 'mod'],
];

/** Parses an XPath 1.0 expression (with the YANG 1.1 function library). @see W3C XPath 1.0 §3 @see RFC 7950 §10 */
export function parseXPath(text: string): XPathExpression {
  return new Parser(text).parseWhole();
}

class Parser {
  readonly #text: string;
  readonly #tokens: readonly Token[];
  #index = 0;
  #depth = 0;

  constructor(text: string) {
    this.#text = text;
    this.#tokens = tokenizeXPath(text);
  }

  parseWhole(): XPathExpression {
    const expression = this.#expression();
    const token = this.#peek();
    if (token.type !== 'eof') this.#fail(`Unexpected ${describe(token)}`, token);
    return expression;
  }

  #peek(): Token {
    return this.#tokens[this.#index] as Token;
  }

  #advance(): Token {
    const token = this.#tokens[this.#index] as Token;
    if (token.type !== 'eof') this.#index++;
    return token;
  }

  #isOperator(symbol: string): boolean {
    const token = this.#peek();
    return token.type === 'operator' && token.text === symbol;
  }

  #isPunctuation(symbol: string): boolean {
    const token = this.#peek();
    return token.type === 'punctuation' && token.text === symbol;
  }

  #expect(symbol: string): void {
    if (!this.#isPunctuation(symbol)) this.#fail(`Expected "${symbol}", found ${describe(this.#peek())}`);
    this.#index++;
  }

  #fail(reason: string, token: Token = this.#peek()): never {
    throw new XPathSyntaxError(reason, this.#text, token.start);
  }

  #enter(): void {
    if (++this.#depth > MAX_DEPTH) this.#fail('Expression nested too deeply');
  }

  #expression(): XPathExpression {
    this.#enter();
    const result = this.#binary(0);
    this.#depth--;
    return result;
  }

  #binary(level: number): XPathExpression {
    const operators = LEVELS[level];
    if (operators === undefined) return this.#unary();
    let left = this.#binary(level + 1);
    const savedDepth = this.#depth;
    for (;;) {
      const token = this.#peek();
      if (token.type !== 'operator' || !(operators as readonly string[]).includes(token.text)) break;
      this.#index++;
      this.#enter();
      const right = this.#binary(level + 1);
      left = { kind: 'binary', operator: token.text as BinaryOperator, left, right };
    }
    this.#depth = savedDepth;
    return left;
  }

  #unary(): XPathExpression {
    let negations = 0;
    const savedDepth = this.#depth;
    while (this.#isOperator('-')) {
      this.#index++;
      negations++;
      this.#enter();
    }
    let operand = this.#union();
    for (; negations > 0; negations--) operand = { kind: 'negate', operand };
    this.#depth = savedDepth;
    return operand;
  }

  #union(): XPathExpression {
    const first = this.#pathExpression();
    if (!this.#isOperator('|')) return first;
    const operands = [this.#requireNodeSet(first, this.#peek())];
    while (this.#isOperator('|')) {
      this.#index++;
      const token = this.#peek();
      operands.push(this.#requireNodeSet(this.#pathExpression(), token));
    }
    return { kind: 'union', operands };
  }

  #requireNodeSet(expression: XPathExpression, token: Token): XPathExpression {
    const type = staticType(expression);
    if (type !== 'node-set' && type !== undefined) this.#fail(`Expected a node-set, not a ${type}`, token);
    return expression;
  }

  #startsLocationPath(token: Token): boolean {
    switch (token.type) {
      case 'name-test':
      case 'axis-name':
      case 'node-type':
        return true;
      case 'operator':
        return token.text === '/' || token.text === '//';
      case 'punctuation':
        return token.text === '.' || token.text === '..' || token.text === '@';
      default:
        return false;
    }
  }

  #pathExpression(): XPathExpression {
    const token = this.#peek();
    if (this.#startsLocationPath(token)) return this.#locationPath();
    const primary = this.#primary();
    const predicates = this.#predicates();
    let filter: XPathExpression = primary;
    if (predicates.length > 0) {
      this.#requireNodeSet(primary, token);
      filter = { kind: 'filter', primary, predicates };
    }
    if (!this.#isOperator('/') && !this.#isOperator('//')) return filter;
    this.#requireNodeSet(filter, token);
    const steps: Step[] = [];
    this.#relativeSteps(steps);
    return { kind: 'filter-path', filter, steps };
  }

  #locationPath(): LocationPath {
    const offset = this.#peek().start;
    const steps: Step[] = [];
    if (this.#isOperator('/')) {
      this.#index++;
      if (this.#startsStep(this.#peek())) this.#stepsFrom(steps);
      return { kind: 'path', absolute: true, steps, offset };
    }
    if (this.#isOperator('//')) {
      this.#relativeSteps(steps);
      return { kind: 'path', absolute: true, steps, offset };
    }
    this.#stepsFrom(steps);
    return { kind: 'path', absolute: false, steps, offset };
  }

  /** Parses `('/' | '//') RelativeLocationPath`, the separator being the current token. */
  #relativeSteps(steps: Step[]): void {
    if (this.#isOperator('//')) steps.push(DESCENDANT_OR_SELF_NODE);
    this.#index++;
    this.#stepsFrom(steps);
  }

  #startsStep(token: Token): boolean {
    return this.#startsLocationPath(token) && token.type !== 'operator';
  }

  /** Parses a RelativeLocationPath: Step (('/' | '//') Step)*. */
  #stepsFrom(steps: Step[]): void {
    steps.push(this.#step());
    for (;;) {
      if (this.#isOperator('/')) {
        this.#index++;
      } else if (this.#isOperator('//')) {
        this.#index++;
        steps.push(DESCENDANT_OR_SELF_NODE);
      } else {
        return;
      }
      steps.push(this.#step());
    }
  }

  #step(): Step {
    const token = this.#advance();
    if (token.type === 'punctuation' && token.text === '.') return SELF_NODE;
    if (token.type === 'punctuation' && token.text === '..') return PARENT_NODE;
    let axis: Axis = 'child';
    let testToken = token;
    if (token.type === 'punctuation' && token.text === '@') {
      axis = 'attribute';
      testToken = this.#advance();
    } else if (token.type === 'axis-name') {
      axis = token.text as Axis;
      this.#expect('::');
      testToken = this.#advance();
    }
    const test = this.#nodeTest(testToken);
    return { kind: 'step', axis, test, predicates: this.#predicates() };
  }

  #nodeTest(token: Token): NodeTest {
    if (token.type === 'name-test') {
      return token.text === '*'
        ? { kind: 'wildcard-test', prefix: token.prefix }
        : { kind: 'name-test', prefix: token.prefix, localName: token.text };
    }
    if (token.type === 'node-type') {
      this.#expect('(');
      let target: string | undefined;
      const literal = this.#peek();
      if (token.text === 'processing-instruction' && literal.type === 'literal') {
        target = literal.text;
        this.#index++;
      }
      this.#expect(')');
      return { kind: 'type-test', type: token.text as NodeType, target };
    }
    return this.#fail(`Expected a node test, found ${describe(token)}`, token);
  }

  #predicates(): readonly XPathExpression[] {
    if (!this.#isPunctuation('[')) return EMPTY;
    const predicates: XPathExpression[] = [];
    while (this.#isPunctuation('[')) {
      this.#index++;
      predicates.push(this.#expression());
      this.#expect(']');
    }
    return predicates;
  }

  #primary(): XPathExpression {
    const token = this.#advance();
    switch (token.type) {
      case 'literal':
        return { kind: 'literal', value: token.text };
      case 'number':
        return { kind: 'number', value: token.value };
      case 'variable':
        return { kind: 'variable', prefix: token.prefix, localName: token.text };
      case 'function-name':
        return this.#functionCall(token);
      case 'punctuation':
        if (token.text === '(') {
          const inner = this.#expression();
          this.#expect(')');
          return inner;
        }
        break;
      default:
        break;
    }
    return this.#fail(`Expected an expression, found ${describe(token)}`, token);
  }

  #functionCall(token: Token): XPathExpression {
    const name = token.prefix === undefined ? token.text : `${token.prefix}:${token.text}`;
    const signature = token.prefix === undefined ? FUNCTION_SIGNATURES.get(name) : undefined;
    if (signature === undefined) this.#fail(`Unknown function "${name}"`, token);
    this.#expect('(');
    const args: XPathExpression[] = [];
    const argTokens: Token[] = [];
    if (!this.#isPunctuation(')')) {
      for (;;) {
        argTokens.push(this.#peek());
        args.push(this.#expression());
        if (!this.#isPunctuation(',')) break;
        this.#index++;
      }
    }
    if (args.length < signature.minArgs || args.length > signature.maxArgs) {
      const expected =
        signature.minArgs === signature.maxArgs
          ? `${signature.minArgs}`
          : signature.maxArgs === Number.POSITIVE_INFINITY
            ? `at least ${signature.minArgs}`
            : `${signature.minArgs} to ${signature.maxArgs}`;
      this.#fail(`Function "${name}" takes ${expected} argument(s), not ${args.length}`, token);
    }
    for (const position of signature.nodeSetArgs) {
      const arg = args[position];
      if (arg !== undefined) this.#requireNodeSet(arg, argTokens[position] as Token);
    }
    this.#expect(')');
    return { kind: 'function', name, args };
  }
}

const EMPTY: readonly XPathExpression[] = Object.freeze([]);

/** The type an expression always evaluates to, or undefined when only evaluation can tell. */
function staticType(expression: XPathExpression): XPathValueType | undefined {
  switch (expression.kind) {
    case 'path':
    case 'filter-path':
    case 'union':
    case 'filter':
      return 'node-set';
    case 'binary':
      return expression.operator === 'or' ||
        expression.operator === 'and' ||
        expression.operator === '=' ||
        expression.operator === '!=' ||
        expression.operator === '<' ||
        expression.operator === '<=' ||
        expression.operator === '>' ||
        expression.operator === '>='
        ? 'boolean'
        : 'number';
    case 'negate':
    case 'number':
      return 'number';
    case 'literal':
      return 'string';
    case 'variable':
      return undefined;
    case 'function':
      return FUNCTION_SIGNATURES.get(expression.name)?.returns;
  }
}

function describe(token: Token): string {
  switch (token.type) {
    case 'eof':
      return 'end of expression';
    case 'literal':
      return `literal ${JSON.stringify(token.text)}`;
    case 'number':
      return `number ${token.text}`;
    case 'variable':
      return `variable "$${token.prefix === undefined ? '' : `${token.prefix}:`}${token.text}"`;
    default:
      return `"${token.prefix === undefined ? '' : `${token.prefix}:`}${token.text}"`;
  }
}
