/**
 * @module web/schema/when-condition
 * `when` conditions evaluated in the browser, so that what does not apply is hidden (an OAuth
 * profile shows no authentication settings). A small XPath 1.0 evaluator over the data of the
 * page being shown and the values staged on it: location paths with `.`, `..`, names and
 * predicates, the operators, and the functions `when`s use (`not`, `count`, `boolean`,
 * `string`, `contains`, `starts-with`, `current`, `derived-from`, `derived-from-or-self`, …).
 * Whatever it cannot know (data outside the page, an unsupported construct) counts as true: a
 * node is hidden only when its condition is certainly false. The server decides in the end.
 * @see W3C XPath 1.0, RFC 7950 §7.21.5 (when), §10 (YANG functions)
 */
import type { CompactConstraint } from '../../../src/yang/compact/compact-schema-format.ts';
import type { DataPath } from './data-path.ts';
import type { SchemaModel, SchemaNode } from './schema-model.ts';
import { dataChildren } from './schema-model.ts';

/** Something the evaluator cannot know. */
class Unknown extends Error {}

/** An instance on the page: a data node with its JSON value, or a step above the page known only by its keys. */
export interface InstanceRef {
  readonly node: SchemaNode | undefined;
  /** The JSON value: an object for a container or entry, a leaf value, undefined for a hypothetical node. */
  readonly value: unknown;
  readonly parent: InstanceRef | undefined;
  /** Known only in part (an ancestor of the page): its children other than `known` are unknown. */
  readonly known?: { readonly child: InstanceRef | undefined; readonly keys: Readonly<Record<string, unknown>> };
  /** The value staged for a leaf, if any (undefined: none staged); `null` for a staged unset. */
  readonly staged?: (path: readonly SchemaNode[]) => { readonly after: unknown } | undefined;
}

type Value = number | string | boolean | readonly InstanceRef[];

/* ---- Tokens ---- */

type Token =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'name'; readonly value: string }
  | { readonly kind: 'op'; readonly value: string };

const tokenize = (text: string): Token[] => {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const rest = text.slice(index);
    const space = /^\s+/.exec(rest);
    if (space !== null) {
      index += space[0].length;
      continue;
    }
    const number = /^(\d+(\.\d*)?|\.\d+)/.exec(rest);
    if (number !== null) {
      tokens.push({ kind: 'number', value: Number(number[0]) });
      index += number[0].length;
      continue;
    }
    const quote = rest[0];
    if (quote === "'" || quote === '"') {
      const end = rest.indexOf(quote, 1);
      if (end < 0) throw new Unknown();
      tokens.push({ kind: 'string', value: rest.slice(1, end) });
      index += end + 1;
      continue;
    }
    const operator = /^(\/\/|\.\.|!=|<=|>=|::|[/.()[\],|=<>+\-*@$])/.exec(rest);
    if (operator !== null) {
      tokens.push({ kind: 'op', value: operator[0] });
      index += operator[0].length;
      continue;
    }
    const name = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*|:\*)?/.exec(rest);
    if (name === null) throw new Unknown();
    // A name ending in '.' would swallow the operator after it; XPath names may contain dots, so keep them.
    tokens.push({ kind: 'name', value: name[0] });
    index += name[0].length;
  }
  return tokens;
};

/* ---- Syntax ---- */

type Expr =
  | { readonly kind: 'literal'; readonly value: string | number }
  | { readonly kind: 'binary'; readonly op: string; readonly left: Expr; readonly right: Expr }
  | { readonly kind: 'negate'; readonly operand: Expr }
  | { readonly kind: 'call'; readonly name: string; readonly args: readonly Expr[] }
  | {
      readonly kind: 'path';
      readonly absolute: boolean;
      readonly start: Expr | undefined;
      readonly steps: readonly Step[];
    };

interface Step {
  readonly test: '.' | '..' | string;
  readonly predicates: readonly Expr[];
}

class Parser {
  readonly #tokens: Token[];
  #index = 0;
  constructor(tokens: Token[]) {
    this.#tokens = tokens;
  }
  #peek(offset = 0): Token | undefined {
    return this.#tokens[this.#index + offset];
  }
  #isOp(value: string, offset = 0): boolean {
    const token = this.#peek(offset);
    return token?.kind === 'op' && token.value === value;
  }
  #isWord(value: string): boolean {
    const token = this.#peek();
    return token?.kind === 'name' && token.value === value;
  }
  #take(): Token {
    const token = this.#tokens[this.#index++];
    if (token === undefined) throw new Unknown();
    return token;
  }
  #expect(value: string): void {
    if (!this.#isOp(value)) throw new Unknown();
    this.#index++;
  }
  parse(): Expr {
    const expression = this.#or();
    if (this.#index !== this.#tokens.length) throw new Unknown();
    return expression;
  }
  #binary(next: () => Expr, operators: readonly string[], words = false): Expr {
    let left = next();
    for (;;) {
      const token = this.#peek();
      const op = token === undefined ? undefined : token.value;
      const matches =
        token !== undefined &&
        typeof op === 'string' &&
        operators.includes(op) &&
        (words ? token.kind === 'name' : token.kind === 'op');
      if (!matches) return left;
      this.#index++;
      left = { kind: 'binary', op: op as string, left, right: next() };
    }
  }
  #or = (): Expr => this.#binary(this.#and, ['or'], true);
  #and = (): Expr => this.#binary(this.#equality, ['and'], true);
  #equality = (): Expr => this.#binary(this.#relational, ['=', '!=']);
  #relational = (): Expr => this.#binary(this.#additive, ['<', '<=', '>', '>=']);
  #additive = (): Expr => this.#binary(this.#multiplicative, ['+', '-']);
  #multiplicative = (): Expr => {
    let left = this.#unary();
    for (;;) {
      if (this.#isOp('*')) {
        this.#index++;
        left = { kind: 'binary', op: '*', left, right: this.#unary() };
      } else if (this.#isWord('div') || this.#isWord('mod')) {
        const op = (this.#take() as { value: string }).value;
        left = { kind: 'binary', op, left, right: this.#unary() };
      } else return left;
    }
  };
  #unary = (): Expr => {
    if (this.#isOp('-')) {
      this.#index++;
      return { kind: 'negate', operand: this.#unary() };
    }
    return this.#binary(this.#pathExpr, ['|']);
  };
  #pathExpr = (): Expr => {
    const token = this.#peek();
    if (token === undefined) throw new Unknown();
    let start: Expr | undefined;
    if (token.kind === 'string' || token.kind === 'number') {
      this.#index++;
      return { kind: 'literal', value: token.value };
    }
    if (this.#isOp('(')) {
      this.#index++;
      start = this.#or();
      this.#expect(')');
    } else if (token.kind === 'name' && this.#isOp('(', 1) && !['node', 'text'].includes(token.value)) {
      this.#index += 2;
      const args: Expr[] = [];
      if (!this.#isOp(')')) {
        args.push(this.#or());
        while (this.#isOp(',')) {
          this.#index++;
          args.push(this.#or());
        }
      }
      this.#expect(')');
      start = { kind: 'call', name: token.value, args };
    }
    if (start !== undefined) {
      if (!this.#isOp('/')) return start;
      this.#index++;
      return { kind: 'path', absolute: false, start, steps: this.#steps() };
    }
    if (this.#isOp('/')) {
      this.#index++;
      const next = this.#peek();
      const steps =
        next === undefined || (next.kind === 'op' && !['.', '..', '*'].includes(next.value)) ? [] : this.#steps();
      return { kind: 'path', absolute: true, start: undefined, steps };
    }
    return { kind: 'path', absolute: false, start: undefined, steps: this.#steps() };
  };
  #steps(): Step[] {
    const steps: Step[] = [this.#step()];
    while (this.#isOp('/')) {
      this.#index++;
      steps.push(this.#step());
    }
    if (this.#isOp('//')) throw new Unknown();
    return steps;
  }
  #step(): Step {
    const token = this.#take();
    let test: string;
    if (token.kind === 'op' && (token.value === '.' || token.value === '..' || token.value === '*')) test = token.value;
    else if (token.kind === 'name' && !this.#isOp('::')) test = token.value;
    else throw new Unknown();
    const predicates: Expr[] = [];
    while (this.#isOp('[')) {
      this.#index++;
      predicates.push(this.#or());
      this.#expect(']');
    }
    return { test, predicates };
  }
}

const parsed = new Map<string, Expr | undefined>();
const parse = (text: string): Expr | undefined => {
  if (!parsed.has(text)) {
    try {
      parsed.set(text, new Parser(tokenize(text)).parse());
    } catch {
      parsed.set(text, undefined);
    }
  }
  return parsed.get(text);
};

/* ---- Evaluation ---- */

interface Context {
  readonly model: SchemaModel;
  readonly node: InstanceRef;
  readonly current: InstanceRef;
  /** prefix → module */
  readonly prefixes: Readonly<Record<string, string>>;
  /** The module of unprefixed names. */
  readonly module: string;
}

const schemaPathOf = (ref: InstanceRef): SchemaNode[] => {
  const nodes: SchemaNode[] = [];
  for (let current: InstanceRef | undefined = ref; current?.node !== undefined; current = current.parent)
    nodes.unshift(current.node);
  return nodes;
};

const rootOf = (ref: InstanceRef): InstanceRef => {
  let current = ref;
  while (current.parent !== undefined) current = current.parent;
  return current;
};

/** The leaf value of a ref: staged first, then stored, then the default. */
const leafValue = (ref: InstanceRef): unknown => {
  const staged = ref.staged?.(schemaPathOf(ref));
  if (staged !== undefined) return staged.after === null ? undefined : staged.after;
  return ref.value;
};

/** The children of `ref` whose name passes the test (`module:name` resolved, or `*`). */
const childrenOf = (ref: InstanceRef, test: { module: string | undefined; name: string }): InstanceRef[] => {
  const matches = (node: SchemaNode): boolean =>
    (test.name === '*' || node.name === test.name) && (test.module === undefined || node.module === test.module);
  if (ref.known !== undefined) {
    const found: InstanceRef[] = [];
    const child = ref.known.child;
    if (child?.node !== undefined && matches(child.node)) found.push(child);
    for (const [name, value] of Object.entries(ref.known.keys)) {
      const node =
        ref.node === undefined ? undefined : dataChildren(ref.node).find((candidate) => candidate.name === name);
      if (node !== undefined && matches(node))
        found.push({ node, value, parent: ref, ...(ref.staged === undefined ? {} : { staged: ref.staged }) });
    }
    if (found.length > 0) return found;
    throw new Unknown();
  }
  if (ref.node === undefined || typeof ref.value !== 'object' || ref.value === null) return [];
  const parentNode = ref.node;
  const data = ref.value as Readonly<Record<string, unknown>>;
  const result: InstanceRef[] = [];
  for (const node of dataChildren(parentNode)) {
    if (!matches(node)) continue;
    const stored =
      data[`${node.module}:${node.name}`] ?? (node.module === parentNode.module ? data[node.name] : undefined);
    const make = (value: unknown): InstanceRef => ({
      node,
      value,
      parent: ref,
      ...(ref.staged === undefined ? {} : { staged: ref.staged }),
    });
    switch (node.kind) {
      case 'leaf': {
        const probe = make(stored ?? node.raw.default);
        if (leafValue(probe) !== undefined) result.push(probe);
        break;
      }
      case 'leaf-list':
        for (const value of (stored as unknown[] | undefined) ?? node.raw.defaults ?? []) result.push(make(value));
        break;
      case 'container':
        if (stored !== undefined) result.push(make(stored));
        else if (node.raw.presence === undefined) result.push(make({}));
        break;
      default:
        // Lists are read page by page: their entries are not on the page.
        throw new Unknown();
    }
  }
  return result;
};

const stringOf = (value: Value): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const first = value[0];
  if (first === undefined) return '';
  const leaf = leafValue(first);
  if (leaf === undefined || typeof leaf === 'object') {
    if (Array.isArray(leaf) && leaf[0] === null) return '';
    throw new Unknown();
  }
  return String(leaf);
};
const numberOf = (value: Value): number =>
  typeof value === 'number'
    ? value
    : typeof value === 'boolean'
      ? Number(value)
      : Number(stringOf(value).trim() || Number.NaN);
const booleanOf = (value: Value): boolean =>
  typeof value === 'boolean'
    ? value
    : typeof value === 'number'
      ? value !== 0 && !Number.isNaN(value)
      : typeof value === 'string'
        ? value !== ''
        : value.length > 0;

const compare = (op: string, a: Value, b: Value): boolean => {
  const test = (x: string | number | boolean, y: string | number | boolean): boolean => {
    if (op === '=' || op === '!=') {
      const equal =
        typeof x === 'boolean' || typeof y === 'boolean'
          ? Boolean(x) === Boolean(y)
          : typeof x === 'number' || typeof y === 'number'
            ? Number(x) === Number(y)
            : x === y;
      return op === '=' ? equal : !equal;
    }
    const [p, q] = [Number(x), Number(y)];
    return op === '<' ? p < q : op === '<=' ? p <= q : op === '>' ? p > q : p >= q;
  };
  const atoms = (value: Value): (string | number | boolean)[] =>
    Array.isArray(value)
      ? (value as InstanceRef[]).map((ref) => stringOf([ref]))
      : [value as string | number | boolean];
  if (typeof a === 'boolean' || typeof b === 'boolean') return test(booleanOf(a), booleanOf(b));
  const left = atoms(a);
  const right = atoms(b);
  const numeric = (other: Value) => typeof other === 'number';
  return left.some((x) => right.some((y) => test(numeric(b) ? Number(x) : x, numeric(a) ? Number(y) : y)));
};

/** The `module:name` of an identity written in the expression (its prefix resolved) or stored in a leaf. */
const identityOfLiteral = (context: Context, text: string): string => {
  const colon = text.indexOf(':');
  if (colon < 0) return `${context.module}:${text}`;
  const module = context.prefixes[text.slice(0, colon)];
  if (module === undefined) throw new Unknown();
  return `${module}:${text.slice(colon + 1)}`;
};

const isDerived = (model: SchemaModel, identity: string, base: string, orSelf: boolean): boolean =>
  (orSelf && identity === base) || model.derivedIdentities([base]).includes(identity);

const call = (context: Context, name: string, args: readonly Expr[]): Value => {
  const arg = (index: number): Value => evaluate(context, args[index] as Expr);
  switch (name) {
    case 'not':
      return !booleanOf(arg(0));
    case 'boolean':
      return booleanOf(arg(0));
    case 'true':
      return true;
    case 'false':
      return false;
    case 'count': {
      const value = arg(0);
      if (!Array.isArray(value)) throw new Unknown();
      return value.length;
    }
    case 'string':
      return args.length === 0 ? stringOf([context.node]) : stringOf(arg(0));
    case 'number':
      return numberOf(args.length === 0 ? [context.node] : arg(0));
    case 'string-length':
      return [...(args.length === 0 ? stringOf([context.node]) : stringOf(arg(0)))].length;
    case 'contains':
      return stringOf(arg(0)).includes(stringOf(arg(1)));
    case 'starts-with':
      return stringOf(arg(0)).startsWith(stringOf(arg(1)));
    case 'current':
      return [context.current];
    case 'derived-from':
    case 'derived-from-or-self': {
      const nodes = arg(0);
      if (!Array.isArray(nodes)) throw new Unknown();
      const base = identityOfLiteral(context, stringOf(arg(1)));
      return (nodes as InstanceRef[]).some((ref) => {
        const text = stringOf([ref]);
        const identity = text.includes(':') ? text : `${ref.node?.module ?? ''}:${text}`;
        return isDerived(context.model, identity, base, name === 'derived-from-or-self');
      });
    }
    default:
      throw new Unknown();
  }
};

const step = (context: Context, refs: readonly InstanceRef[], { test, predicates }: Step): InstanceRef[] => {
  let result: InstanceRef[] = [];
  for (const ref of refs) {
    if (test === '.') result.push(ref);
    else if (test === '..') {
      if (ref.parent === undefined) throw new Unknown();
      result.push(ref.parent);
    } else {
      const colon = test.indexOf(':');
      const module = colon < 0 ? context.module : context.prefixes[test.slice(0, colon)];
      if (module === undefined) throw new Unknown();
      const name = colon < 0 ? test : test.slice(colon + 1);
      result.push(...childrenOf(ref, { module: name === '*' && colon < 0 ? undefined : module, name }));
    }
  }
  for (const predicate of predicates)
    result = result.filter((ref, index) => {
      const value = evaluate({ ...context, node: ref }, predicate);
      return typeof value === 'number' ? value === index + 1 : booleanOf(value);
    });
  return [...new Set(result)];
};

const evaluate = (context: Context, expression: Expr): Value => {
  switch (expression.kind) {
    case 'literal':
      return expression.value;
    case 'negate':
      return -numberOf(evaluate(context, expression.operand));
    case 'call':
      return call(context, expression.name, expression.args);
    case 'path': {
      let refs: InstanceRef[];
      if (expression.start !== undefined) {
        const start = evaluate(context, expression.start);
        if (!Array.isArray(start)) throw new Unknown();
        refs = [...(start as InstanceRef[])];
      } else refs = [expression.absolute ? rootOf(context.node) : context.node];
      for (const next of expression.steps) refs = step(context, refs, next);
      return refs;
    }
    case 'binary': {
      const { op } = expression;
      if (op === 'or')
        return booleanOf(evaluate(context, expression.left)) || booleanOf(evaluate(context, expression.right));
      if (op === 'and')
        return booleanOf(evaluate(context, expression.left)) && booleanOf(evaluate(context, expression.right));
      const left = evaluate(context, expression.left);
      const right = evaluate(context, expression.right);
      if (op === '|') {
        if (!Array.isArray(left) || !Array.isArray(right)) throw new Unknown();
        return [...new Set([...(left as InstanceRef[]), ...(right as InstanceRef[])])];
      }
      if (['=', '!=', '<', '<=', '>', '>='].includes(op)) return compare(op, left, right);
      const [a, b] = [numberOf(left), numberOf(right)];
      return op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : op === 'div' ? a / b : a % b;
    }
  }
};

/** Evaluates one `when`: true, false, or undefined when it cannot be known here. */
export const evaluateWhen = (
  model: SchemaModel,
  constraint: CompactConstraint,
  node: SchemaNode,
  contextNode: InstanceRef,
): boolean | undefined => {
  const expression = parse(constraint.xpath);
  if (expression === undefined) return undefined;
  const module = constraint.module ?? node.module;
  const prefixes = constraint.prefixes ?? model.prefixesOf(module);
  try {
    return booleanOf(
      evaluate({ model, node: contextNode, current: contextNode, prefixes, module: node.module }, expression),
    );
  } catch (error) {
    if (error instanceof Unknown) return undefined;
    return undefined;
  }
};

/**
 * Whether `node`, a child of the instance `parent`, applies: false only when one of its `when`s
 * is certainly false. @see RFC 7950 §7.21.5
 */
export const applies = (model: SchemaModel, node: SchemaNode, parent: InstanceRef): boolean => {
  for (const constraint of node.raw.when ?? []) {
    const context: InstanceRef =
      constraint.context === 'parent'
        ? parent
        : { node, value: undefined, parent, ...(parent.staged === undefined ? {} : { staged: parent.staged }) };
    if (evaluateWhen(model, constraint, node, context) === false) return false;
  }
  return true;
};

/**
 * The instance of the page's node at `path` with its data, and above it the steps of the path
 * known only by their keys; `staged` gives the staged value of a leaf below it.
 */
export const pageInstance = (
  path: DataPath,
  data: unknown,
  staged: (path: readonly SchemaNode[]) => { readonly after: unknown } | undefined,
): InstanceRef => {
  const root: { -readonly [K in keyof InstanceRef]: InstanceRef[K] } = {
    node: undefined,
    value: undefined,
    parent: undefined,
    known: { child: undefined, keys: {} },
    staged,
  };
  let parent: InstanceRef = root;
  const chain: { -readonly [K in keyof InstanceRef]: InstanceRef[K] }[] = [root];
  path.forEach((stepOfPath, index) => {
    const last = index === path.length - 1;
    const keys: Record<string, unknown> = {};
    (stepOfPath.node.raw.keys ?? []).forEach((key, position) => {
      keys[key] = stepOfPath.keys?.[position];
    });
    const ref: { -readonly [K in keyof InstanceRef]: InstanceRef[K] } = {
      node: stepOfPath.node,
      value: last ? data : undefined,
      parent,
      staged,
      ...(last ? {} : { known: { child: undefined, keys } }),
    };
    const previous = chain.at(-1);
    if (previous?.known !== undefined) previous.known = { child: ref, keys: previous.known.keys };
    chain.push(ref);
    parent = ref;
  });
  return parent;
};

/** The instance of the container `node` below `parent` (its stored object, or an empty one). */
export const containerInstance = (parent: InstanceRef, node: SchemaNode, value: unknown): InstanceRef => ({
  node,
  value: value ?? {},
  parent,
  ...(parent.staged === undefined ? {} : { staged: parent.staged }),
});
