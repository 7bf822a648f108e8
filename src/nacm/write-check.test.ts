/**
 * @module nacm/write-check.test
 * Writes judged on the diff: create, update and delete of every changed node, a created or
 * deleted subtree node by node, moves of ordered entries, the write default and the
 * default-deny extensions, and non-presence containers needing no access of their own.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RuleJson } from '../../test/nacm/nacm-fixture.ts';
import { decisionsOf, SAMPLE, treeOf } from '../../test/nacm/nacm-fixture.ts';
import { diffTrees, formatInstancePath } from '../data/index.ts';

type System = Record<string, unknown>;
const withSystem = (change: (system: System) => System): Record<string, unknown> => ({
  't-nacm:system': change(structuredClone(SAMPLE['t-nacm:system']) as System),
});

interface WriteCase {
  readonly name: string;
  readonly rules: readonly RuleJson[];
  readonly nacm?: Readonly<Record<string, unknown>>;
  readonly before?: Record<string, unknown>;
  readonly after: Record<string, unknown>;
  /** `operation path` of the first denied access, or undefined when the write is permitted. */
  readonly denied: string | undefined;
}

const WRITES: readonly WriteCase[] = [
  {
    name: 'write-default deny refuses any change no rule permits',
    rules: [],
    after: withSystem((s) => ({ ...s, hostname: 'other' })),
    denied: 'update /t-nacm:system/hostname',
  },
  {
    name: 'write-default permit, but default-deny-write still protects its node',
    rules: [],
    nacm: { 'write-default': 'permit' },
    after: withSystem((s) => ({ ...s, motd: 'bye' })),
    denied: 'update /t-nacm:system/motd',
  },
  {
    name: 'write-default permit lets an ordinary leaf change',
    rules: [],
    nacm: { 'write-default': 'permit' },
    after: withSystem((s) => ({ ...s, hostname: 'other' })),
    denied: undefined,
  },
  {
    name: 'update access is not create access',
    rules: [{ path: '/tn:system', 'access-operations': 'update' }],
    after: withSystem((s) => ({ ...s, user: [...(s.user as object[]), { name: 'carol', role: 'x' }] })),
    denied: "create /t-nacm:system/user[name='carol']",
  },
  {
    name: 'a created entry is checked node by node: a leaf inside it that a rule denies is refused',
    rules: [
      { path: '/tn:system/user/password', 'access-operations': '*', action: 'deny' },
      { path: '/tn:system/user', 'access-operations': 'create' },
    ],
    after: withSystem((s) => ({ ...s, user: [...(s.user as object[]), { name: 'carol', password: 'h' }] })),
    denied: "create /t-nacm:system/user[name='carol']/password",
  },
  {
    name: 'a rule on the entry covers the default-deny-all leaf below it too (the path matches descendants)',
    rules: [{ path: '/tn:system/user', 'access-operations': 'create' }],
    after: withSystem((s) => ({ ...s, user: [...(s.user as object[]), { name: 'carol', password: 'h' }] })),
    denied: undefined,
  },
  {
    name: 'a deleted entry needs delete access to every node in it',
    rules: [
      { path: '/tn:system/user/tag', 'access-operations': 'delete' },
      { path: '/tn:system/user/name', 'access-operations': 'delete' },
      { path: '/tn:system/user/role', 'access-operations': 'delete' },
    ],
    nacm: { 'write-default': 'permit' },
    after: withSystem((s) => ({ ...s, user: (s.user as { name: string }[]).filter((u) => u.name !== 'bob') })),
    denied: "delete /t-nacm:system/user[name='bob']/password",
  },
  {
    name: 'deleting a whole protected entry works with a rule covering its secrets',
    rules: [{ path: "/tn:system/user[name='bob']", 'access-operations': 'delete' }],
    after: withSystem((s) => ({ ...s, user: (s.user as { name: string }[]).filter((u) => u.name !== 'bob') })),
    denied: undefined,
  },
  {
    name: 'a rule for one entry does not cover another',
    rules: [{ path: "/tn:system/user[name='bob']", 'access-operations': '*' }],
    after: withSystem((s) => ({
      ...s,
      user: (s.user as { name: string }[]).map((u) => (u.name === 'alice' ? { ...u, role: 'user' } : u)),
    })),
    denied: "update /t-nacm:system/user[name='alice']/role",
  },
  {
    name: 'a non-presence container needs no access of its own, its children do',
    rules: [{ path: '/tn:system/hostname', 'access-operations': 'create' }],
    before: {},
    after: { 't-nacm:system': { hostname: 'new' } },
    denied: undefined,
  },
  {
    name: 'a presence container needs create access itself',
    rules: [{ path: '/tn:system/user/profile/shell', 'access-operations': 'create' }],
    after: withSystem((s) => ({
      ...s,
      user: (s.user as { name: string }[]).map((u) => (u.name === 'bob' ? { ...u, profile: { shell: 'zsh' } } : u)),
    })),
    denied: "create /t-nacm:system/user[name='bob']/profile",
  },
  {
    name: 'a leaf-list value is created on its own',
    rules: [{ path: "/tn:system/user/tag[.='z']", 'access-operations': 'create' }],
    after: withSystem((s) => ({
      ...s,
      user: (s.user as { name: string }[]).map((u) => (u.name === 'alice' ? { ...u, tag: ['x', 'y', 'z', 'w'] } : u)),
    })),
    denied: "create /t-nacm:system/user[name='alice']/tag[.='w']",
  },
  {
    name: 'the nacm container itself is default-deny-all',
    rules: [],
    nacm: { 'write-default': 'permit' },
    before: {},
    after: { 'ietf-netconf-acm:nacm': { 'enable-nacm': false } },
    denied: 'create /ietf-netconf-acm:nacm/enable-nacm',
  },
];

describe('NACM write decisions on the diff (RFC 8341 §3.4.5)', () => {
  for (const { name, rules, nacm, before, after, denied } of WRITES) {
    it(name, () => {
      const decisions = decisionsOf(rules, nacm === undefined ? {} : { nacm });
      const diff = diffTrees(treeOf(before ?? SAMPLE), treeOf(after));
      assert.ok(diff.changes.length > 0, 'the test changes something');
      const found = decisions.deniedWrite(diff);
      assert.equal(found === undefined ? undefined : `${found.operation} ${formatInstancePath(found.path)}`, denied);
    });
  }
});
