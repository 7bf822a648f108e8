/**
 * @module nacm/rule-path
 * The `path` of a data-node rule: a node-instance-identifier (an instance-identifier whose key
 * predicates may be left out), resolved against the schema into the nodes each step names.
 * Prefixes are module names (RFC 7951) or the modules' own prefixes; a step without one is in
 * the module of the step before. `/` alone names every node; a step `*` names any child.
 * @see RFC 8341 §3.5.1 (node-instance-identifier), §3.4.5; RFC 7950 §9.13; RFC 7951 §6.11
 */
import { InvalidValueError } from '../errors/index.ts';
import type {
  LeafListNode,
  LeafNode,
  ListNode,
  NotificationNode,
  SchemaNode,
  SchemaTree,
  ValueContext,
  YangValue,
} from '../yang/index.ts';
import { isTypeCheckFailure, parseLexical } from '../yang/index.ts';

/** One step of a resolved rule path. */
export interface RulePathStep {
  /** The schema nodes the step names; undefined for `*` (any child). */
  readonly nodes: ReadonlySet<SchemaNode> | undefined;
  /** Key values a list entry must have, by list (undefined where the key is not constrained). */
  readonly keys: ReadonlyMap<ListNode, readonly (YangValue | undefined)[]>;
  /** The value a leaf-list entry must have, by leaf-list. */
  readonly values: ReadonlyMap<LeafListNode, YangValue>;
}

/** A resolved rule path: its steps from the top; empty for `/` (every node). */
export type RulePath = readonly RulePathStep[];

interface PredicateSyntax {
  /** The key's name with its prefix as written; `.` for a leaf-list value. */
  readonly name: string;
  readonly text: string;
}

interface StepSyntax {
  readonly prefix: string | undefined;
  /** The node's name, or `*`. */
  readonly name: string;
  readonly predicates: readonly PredicateSyntax[];
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_.-]*/;

class PathParser {
  readonly #text: string;
  #position = 0;

  constructor(text: string) {
    this.#text = text;
  }

  fail(message: string): never {
    throw new InvalidValueError(`path "${this.#text}": ${message} at offset ${this.#position}`);
  }

  #skipSpace(): void {
    while (/\s/.test(this.#text[this.#position] ?? '')) this.#position++;
  }

  #identifier(what: string): string {
    const match = IDENTIFIER.exec(this.#text.slice(this.#position));
    if (match === null) this.fail(`expected ${what}`);
    this.#position += match[0].length;
    return match[0];
  }

  /** `[prefix:]name`, returned with its prefix (if any) split off. */
  #qualified(what: string): { prefix: string | undefined; name: string } {
    const first = this.#identifier(what);
    if (this.#text[this.#position] !== ':') return { prefix: undefined, name: first };
    this.#position++;
    return { prefix: first, name: this.#identifier(what) };
  }

  #literal(): string {
    const quote = this.#text[this.#position];
    if (quote !== "'" && quote !== '"') this.fail('expected a quoted value');
    const end = this.#text.indexOf(quote, this.#position + 1);
    if (end < 0) this.fail('unterminated quoted value');
    const text = this.#text.slice(this.#position + 1, end);
    this.#position = end + 1;
    return text;
  }

  #predicate(): PredicateSyntax {
    this.#position++;
    this.#skipSpace();
    let name: string;
    if (this.#text[this.#position] === '.') {
      this.#position++;
      name = '.';
    } else if (/[0-9]/.test(this.#text[this.#position] ?? '')) {
      this.fail('position predicates are not allowed in a rule path');
    } else {
      const { prefix, name: local } = this.#qualified('a key name');
      name = prefix === undefined ? local : `${prefix}:${local}`;
    }
    this.#skipSpace();
    if (this.#text[this.#position] !== '=') this.fail('expected "="');
    this.#position++;
    this.#skipSpace();
    const text = this.#literal();
    this.#skipSpace();
    if (this.#text[this.#position] !== ']') this.fail('expected "]"');
    this.#position++;
    return { name, text };
  }

  parse(): readonly StepSyntax[] {
    const steps: StepSyntax[] = [];
    if (this.#text.trim() === '/') return steps;
    while (this.#position < this.#text.length) {
      if (this.#text[this.#position] !== '/') this.fail('expected "/"');
      this.#position++;
      let step: StepSyntax;
      if (this.#text[this.#position] === '*') {
        this.#position++;
        step = { prefix: undefined, name: '*', predicates: [] };
      } else {
        const { prefix, name } = this.#qualified('a node name');
        const predicates: PredicateSyntax[] = [];
        while (this.#text[this.#position] === '[') predicates.push(this.#predicate());
        step = { prefix, name, predicates };
      }
      steps.push(step);
    }
    if (steps.length === 0) this.fail('a path starts with "/"');
    return steps;
  }
}

/** The module a prefix names: a module name, or the prefix a module declares for itself. */
const moduleOfPrefix = (schema: SchemaTree, prefix: string): string | undefined => {
  if (schema.modules.has(prefix)) return prefix;
  const matches = [...schema.modules.values()].filter((module) => module.prefix === prefix);
  return matches.length === 1 ? matches[0]?.name : undefined;
};

type PathParent = SchemaTree | SchemaNode;

/** The children a rule path step can name below `parent`: data nodes, actions and notifications. */
const childrenOf = (schema: SchemaTree, parent: PathParent): SchemaNode[] => {
  const out: SchemaNode[] = [];
  const walk = (children: readonly SchemaNode[]): void => {
    for (const child of children) {
      if (child.kind === 'choice' || child.kind === 'case') walk(child.children);
      else if (child.kind !== 'input' && child.kind !== 'output' && child.kind !== 'rpc') out.push(child);
    }
  };
  if (!('kind' in parent)) {
    walk(parent.children);
    out.push(...(schema.notifications as readonly NotificationNode[]));
  } else if (parent.kind === 'container' || parent.kind === 'list' || parent.kind === 'notification')
    walk(parent.children);
  return out;
};

const valueContext = (schema: SchemaTree, module: string): ValueContext => ({
  resolvePrefix: (prefix) => moduleOfPrefix(schema, prefix),
  prefixOf: (name) => schema.modules.get(name)?.prefix,
  findIdentity: (name, identity) => schema.identities.get(`${name}:${identity}`),
  defaultModule: module,
});

const predicateValue = (
  schema: SchemaTree,
  fail: (message: string) => never,
  node: LeafNode | LeafListNode,
  text: string,
): YangValue => {
  const value = parseLexical(node.type, text, valueContext(schema, node.module));
  if (isTypeCheckFailure(value)) fail(`"${text}" is not a value of ${node.name}: ${value.message}`);
  return value;
};

/**
 * Parses and resolves a rule's `path`; InvalidValueError when it is malformed or names a node,
 * key or value the schema does not have. @see RFC 8341 §3.5.1
 */
export const parseRulePath = (schema: SchemaTree, text: string): RulePath => {
  const parser = new PathParser(text);
  const fail: (message: string) => never = (message) => parser.fail(message);
  const syntax = parser.parse();
  const steps: RulePathStep[] = [];
  let parents: PathParent[] = [schema];
  let module: string | undefined;
  for (const step of syntax) {
    if (step.name === '*') {
      parents = parents.flatMap((parent) => childrenOf(schema, parent));
      steps.push({ nodes: undefined, keys: new Map(), values: new Map() });
      module = undefined;
      continue;
    }
    if (step.prefix !== undefined) {
      module = moduleOfPrefix(schema, step.prefix);
      if (module === undefined) fail(`no loaded module has the name or prefix "${step.prefix}"`);
    } else if (module === undefined) fail(`"${step.name}" needs a module prefix`);
    const found = parents
      .flatMap((parent) => childrenOf(schema, parent))
      .filter((child) => child.module === module && child.name === step.name);
    if (found.length === 0) fail(`there is no node ${module}:${step.name} here`);
    const keys = new Map<ListNode, (YangValue | undefined)[]>();
    const values = new Map<LeafListNode, YangValue>();
    for (const predicate of step.predicates) {
      for (const node of found) {
        if (predicate.name === '.') {
          if (node.kind !== 'leaf-list') return fail(`[.=...] needs a leaf-list, and ${node.name} is not one`);
          values.set(node, predicateValue(schema, fail, node, predicate.text));
          continue;
        }
        if (node.kind !== 'list') return fail(`${node.name} is not a list: it has no keys`);
        const colon = predicate.name.indexOf(':');
        const keyName = colon < 0 ? predicate.name : predicate.name.slice(colon + 1);
        const index = node.keys.findIndex((key) => key.name === keyName);
        const key = node.keys[index];
        if (key === undefined) return fail(`${keyName} is not a key of ${node.name}`);
        const entryKeys = keys.get(node) ?? node.keys.map(() => undefined);
        entryKeys[index] = predicateValue(schema, fail, key, predicate.text);
        keys.set(node, entryKeys);
      }
    }
    steps.push({ nodes: new Set(found), keys, values });
    parents = found;
  }
  return steps;
};
