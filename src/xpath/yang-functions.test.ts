/**
 * @module xpath/yang-functions.test
 * current, re-match, deref, derived-from, derived-from-or-self, enum-value, bit-is-set,
 * and YANG name-test namespace rules. @see RFC 7950 §10, §6.4.1
 */
import { describe } from 'node:test';
import { type ExpressionCase, FUNCTION_DOCUMENT, runExpressionCases } from './function-cases.test-support.ts';
import { findById, type TestNode } from './test-navigator.test-support.ts';

const SYSTEM = 'urn:example:system';
const EXT = 'urn:example:ext';
const resolvePrefix = (prefix: string): string | undefined => ({ sys: SYSTEM, ex: EXT })[prefix];

/** Identities: ethernet derives from iana-interface-type; fast-ethernet from ethernet. */
const BASES: Readonly<Record<string, string>> = {
  'ex:ethernet': 'ex:iana-interface-type',
  'ex:fast-ethernet': 'ex:ethernet',
};
function isDerivedFrom(value: string, identity: string, orSelf: boolean): boolean {
  if (orSelf && value === identity) return true;
  for (let base = BASES[value]; base !== undefined; base = BASES[base]) if (base === identity) return true;
  return false;
}

const hooks = {
  /** Every `name` leaf refers to the uid leaf beside it. */
  deref: (node: TestNode): readonly TestNode[] =>
    node.localName === 'name' ? (node.parent?.children.filter((child) => child.localName === 'uid') ?? []) : [],
  enumValue: (node: TestNode): number | undefined => ({ bash: 1, zsh: 2 })[node.children[0]?.text ?? ''],
};

const CASES: readonly ExpressionCase[] = [
  { name: 'current() is the context node by default', expression: 'current()', expected: ['data'] },
  {
    name: 'current() stays fixed inside predicates',
    expression: 'user[name = current()/user[2]/name]',
    expected: ['u2'],
  },
  {
    name: 'current() as supplied by the caller (leafref style)',
    expression: '../../user[name = current()/../name]/uid',
    expected: ['uid2'],
    options: { contextId: 'uid2', currentId: 'uid2' },
  },
  {
    name: 'current() differs from the context node',
    expression: 'current()/name',
    expected: ['n3'],
    options: { contextId: 'data', currentId: 'u3' },
  },
  {
    name: 're-match whole string',
    expression: 're-match("1.22.333", "\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}")',
    expected: true,
  },
  { name: 're-match is anchored', expression: 're-match("a1b", "\\d")', expected: false },
  { name: 're-match caret is literal', expression: 're-match("^a", "^a")', expected: true },
  { name: 're-match dollar is literal', expression: 're-match("a", "a$")', expected: false },
  {
    name: 're-match RFC example',
    expression: 're-match("111.222.333", "\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}")',
    expected: true,
  },
  { name: 're-match on a node-set', expression: 're-match(user[1]/name, "[a-z]+")', expected: true },
  {
    name: 're-match class subtraction',
    expression: 're-match("b", "[a-z-[aeiou]]") and not(re-match("a", "[a-z-[aeiou]]"))',
    expected: true,
  },
  { name: 're-match name escapes', expression: 're-match("x-1", "\\i\\c*")', expected: true },
  {
    name: 're-match with an injected translator',
    expression: 're-match("ABC", "abc")',
    expected: true,
    options: { translateRegex: (pattern: string) => new RegExp(`^${pattern}$`, 'i') },
  },
  { name: 'deref through the hook', expression: 'deref(user[2]/name)', expected: ['uid2'], options: { hooks } },
  { name: 'deref then path', expression: 'deref(user[1]/name)/../shell', expected: ['sh1'], options: { hooks } },
  { name: 'deref without a hook is empty', expression: 'count(deref(user[1]/name))', expected: 0 },
  { name: 'deref of an empty set', expression: 'count(deref(nothing))', expected: 0, options: { hooks } },
  { name: 'enum-value through the hook', expression: 'enum-value(user/shell)', expected: 1, options: { hooks } },
  { name: 'enum-value of a non-enum', expression: 'enum-value(user/uid)', expected: Number.NaN, options: { hooks } },
  { name: 'enum-value of nothing', expression: 'enum-value(nothing)', expected: Number.NaN, options: { hooks } },
  { name: 'bit-is-set from the string value', expression: 'bit-is-set(user[3]/name, "ann")', expected: true },
  { name: 'bit-is-set absent bit', expression: 'bit-is-set(user[3]/name, "car")', expected: false },
  {
    name: 'bit-is-set through the hook',
    expression: 'bit-is-set(user[1]/uid, "b0")',
    expected: true,
    options: {
      hooks: { isBitSet: (node: TestNode, bit: string) => node.children[0]?.text === '1001' && bit === 'b0' },
    },
  },
  { name: 'bit-is-set of nothing', expression: 'bit-is-set(nothing, "x")', expected: false },
  {
    name: 'derived-from a base',
    expression: 'derived-from($t, "ex:iana-interface-type")',
    expected: true,
    options: { isDerivedFrom, variables: new Map([['t', [identityNode('ex:fast-ethernet')]]]) },
  },
  {
    name: 'derived-from excludes self',
    expression: 'derived-from($t, "ex:ethernet")',
    expected: false,
    options: { isDerivedFrom, variables: new Map([['t', [identityNode('ex:ethernet')]]]) },
  },
  {
    name: 'derived-from-or-self includes self',
    expression: 'derived-from-or-self($t, "ex:ethernet")',
    expected: true,
    options: { isDerivedFrom, variables: new Map([['t', [identityNode('ex:ethernet')]]]) },
  },
  { name: 'derived-from without a hook is false', expression: 'derived-from(user, "ex:x")', expected: false },
  { name: 'unprefixed names match any namespace without a default', expression: 'count(*)', expected: 8 },
  {
    name: 'unprefixed names match the default namespace',
    expression: 'count(user)',
    expected: 3,
    options: { defaultNamespace: SYSTEM },
  },
  {
    name: 'unprefixed names exclude other namespaces',
    expression: 'count(extra)',
    expected: 0,
    options: { defaultNamespace: SYSTEM },
  },
  {
    name: 'prefixed names resolve through the caller',
    expression: 'ex:extra',
    expected: ['x1'],
    options: { resolvePrefix, defaultNamespace: SYSTEM },
  },
  { name: 'prefixed wildcard', expression: 'count(sys:*)', expected: 7, options: { resolvePrefix } },
  {
    name: 'bare wildcard ignores the default namespace',
    expression: 'count(*)',
    expected: 8,
    options: { defaultNamespace: SYSTEM },
  },
  { name: 'prefixed attribute', expression: 'string(ex:extra/@ex:flag)', expected: 'on', options: { resolvePrefix } },
];

/** A detached leaf holding an identityref value. */
function identityNode(value: string): TestNode {
  const leaf: TestNode = {
    kind: 'element',
    namespace: SYSTEM,
    localName: 'type',
    prefix: '',
    text: '',
    children: [],
    attributes: [],
    parent: findById(FUNCTION_DOCUMENT, 'none'),
    order: 1000,
  };
  leaf.children.push({ ...leaf, kind: 'text', localName: '', text: value, children: [], parent: leaf, order: 1001 });
  return leaf;
}

describe('YANG functions', () => runExpressionCases(CASES));
