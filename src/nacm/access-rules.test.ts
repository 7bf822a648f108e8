/**
 * @module nacm/access-rules.test
 * The decision engine, table by table: rule order, groups (NACM's and external ones), the
 * wildcards, paths with and without keys, the defaults and the default-deny extensions, for
 * reads, writes, RPCs, actions and notifications.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RuleJson } from '../../test/nacm/nacm-fixture.ts';
import { at, decisionsOf, schema } from '../../test/nacm/nacm-fixture.ts';
import type { OperationNode } from '../yang/index.ts';
import type { AccessDecisions } from './access-decisions.ts';
import { PERMIT_ALL } from './access-decisions.ts';

interface ReadCase {
  readonly name: string;
  readonly rules: readonly RuleJson[];
  readonly nacm?: Readonly<Record<string, unknown>>;
  readonly readable: readonly string[];
  readonly hidden: readonly string[];
}

const READS: readonly ReadCase[] = [
  {
    name: 'no rules: read-default permit, except default-deny-all nodes and what is below them',
    rules: [],
    readable: ['system', 'system/hostname', 'system/motd', 'system/user[alice]', 'system/user[alice]/role'],
    hidden: ['system/secret', 'system/user[alice]/password', 'system/locked', 'system/locked/a'],
  },
  {
    name: 'read-default deny hides what no rule permits',
    rules: [{ 'module-name': 't-nacm', path: '/t-nacm:system/hostname', 'access-operations': 'read' }],
    nacm: { 'read-default': 'deny' },
    readable: ['system/hostname'],
    hidden: ['system/motd', 'system/user[alice]', 'system/user[alice]/role', 'system', 'system/t-nacm-ext:extra'],
  },
  {
    name: 'an explicit rule beats the default-deny-all extension',
    rules: [{ path: '/t-nacm:system/user/password', 'access-operations': 'read' }],
    readable: ['system/user[alice]/password', 'system/user[bob]/password'],
    hidden: ['system/secret', 'system/locked/a'],
  },
  {
    name: 'the first matching rule wins (permit before deny)',
    rules: [
      { path: '/t-nacm:system/user[name="alice"]/role', 'access-operations': 'read' },
      { path: '/t-nacm:system/user', 'access-operations': 'read', action: 'deny' },
    ],
    readable: ['system/user[alice]/role', 'system/hostname'],
    hidden: ['system/user[alice]', 'system/user[alice]/tag', 'system/user[bob]', 'system/user[bob]/role'],
  },
  {
    name: 'the first matching rule wins (deny before permit)',
    rules: [
      { path: '/t-nacm:system/user', 'access-operations': 'read', action: 'deny' },
      { path: '/t-nacm:system/user[name="alice"]/role', 'access-operations': 'read' },
    ],
    readable: ['system/hostname'],
    hidden: ['system/user[alice]/role', 'system/user[alice]'],
  },
  {
    name: 'a key predicate restricts a rule to one entry and what is below it',
    rules: [{ path: "/tn:system/user[name='bob']", 'access-operations': 'read', action: 'deny' }],
    readable: ['system/user[alice]', 'system/user[alice]/role'],
    hidden: ['system/user[bob]', 'system/user[bob]/role', 'system/user[bob]/profile/shell'],
  },
  {
    name: 'two keys, one of them constrained',
    rules: [{ path: "/tn:system/server[port='443']", 'access-operations': 'read', action: 'deny' }],
    readable: ['system/server[h1,80]', 'system/server[h1,80]/weight'],
    hidden: ['system/server[h1,443]', 'system/server[h2,443]/weight'],
  },
  {
    name: 'more rules waiting at one list than an outcome mask holds (35): each entry still by its keys',
    rules: [
      ...Array.from({ length: 34 }, (_, index) => ({
        path: `/tn:system/user[name='u${index}']`,
        'access-operations': 'read',
        action: 'deny',
      })),
      { path: "/tn:system/user[name='bob']", 'access-operations': 'read', action: 'deny' },
    ],
    readable: ['system/user[alice]', 'system/user[u34]/role'],
    hidden: ['system/user[u0]', 'system/user[u33]/role', 'system/user[bob]'],
  },
  {
    name: 'rules waiting at one list with different keys resolve each entry to its own outcome',
    rules: [
      { path: "/tn:system/server[host='h1']", 'access-operations': 'read', action: 'deny' },
      { path: "/tn:system/server[port='80']/weight", 'access-operations': 'read', action: 'deny' },
    ],
    readable: ['system/server[h2,443]/weight', 'system/server[h2,80]'],
    hidden: ['system/server[h1,443]', 'system/server[h1,80]/weight', 'system/server[h2,80]/weight'],
  },
  {
    name: 'a leaf-list value predicate',
    rules: [{ path: "/tn:system/user/tag[.='y']", 'access-operations': 'read', action: 'deny' }],
    readable: ['system/user[alice]/tag{x}'],
    hidden: ['system/user[alice]/tag{y}'],
  },
  {
    name: 'module-name is the module that defines the node: an augment is its own module',
    rules: [{ 'module-name': 't-nacm', 'access-operations': 'read', action: 'deny' }],
    readable: ['system/t-nacm-ext:extra'],
    hidden: ['system/hostname', 'system/user[alice]'],
  },
  {
    name: 'a rule for other access operations does not match reads',
    rules: [{ 'module-name': '*', 'access-operations': 'create update delete exec', action: 'deny' }],
    readable: ['system/hostname', 'system/user[bob]'],
    hidden: ['system/secret'],
  },
  {
    name: 'path "/" matches every node',
    rules: [{ path: '/', 'access-operations': 'read', action: 'deny' }],
    readable: [],
    hidden: ['system/hostname', 'system/t-nacm-ext:extra', 'system/user[alice]'],
  },
  {
    name: 'a "*" step matches any child',
    rules: [{ path: '/tn:system/*/tn:role', 'access-operations': 'read', action: 'deny' }],
    readable: ['system/user[alice]/name', 'system/hostname'],
    hidden: ['system/user[alice]/role', 'system/user[bob]/role'],
  },
  {
    name: 'module prefixes and module names both resolve',
    rules: [{ path: '/tn:system/tx:extra', 'access-operations': 'read', action: 'deny' }],
    readable: ['system/hostname'],
    hidden: ['system/t-nacm-ext:extra'],
  },
];

describe('NACM read decisions (RFC 8341 §3.4.5)', () => {
  for (const { name, rules, nacm, readable, hidden } of READS) {
    it(name, () => {
      const decisions = decisionsOf(rules, nacm === undefined ? {} : { nacm });
      for (const path of readable) assert.equal(decisions.mayRead(at(path)), true, `${path} should be readable`);
      for (const path of hidden) assert.equal(decisions.mayRead(at(path)), false, `${path} should be hidden`);
    });
  }
});

describe('groups (RFC 8341 §3.4.5 steps 3–5)', () => {
  const DENY_HOSTNAME = [{ path: '/tn:system/hostname', 'access-operations': '*', action: 'deny' }];
  const hostname = (decisions: AccessDecisions): boolean => decisions.mayRead(at('system/hostname'));

  it('a rule-list applies to the users of the groups it names', () => {
    assert.equal(hostname(decisionsOf(DENY_HOSTNAME)), false);
    assert.equal(hostname(decisionsOf(DENY_HOSTNAME, { user: 'zed' })), true);
  });

  it('external groups count when enable-external-groups is true, and not when false', () => {
    assert.equal(hostname(decisionsOf(DENY_HOSTNAME, { user: 'zed', external: ['ops'] })), false);
    assert.equal(
      hostname(
        decisionsOf(DENY_HOSTNAME, { user: 'zed', external: ['ops'], nacm: { 'enable-external-groups': false } }),
      ),
      true,
    );
  });

  it('external groups need not be declared in the NACM groups', () => {
    const ruleLists = [
      { name: 'ldap', group: ['ldap-admins'], rule: [{ name: 'all', 'module-name': '*', action: 'permit' }] },
    ];
    assert.equal(decisionsOf([], { user: 'zed', external: ['ldap-admins'], ruleLists }), PERMIT_ALL);
  });

  it('"*" names every group, but a user in no group gets the defaults only', () => {
    const ruleLists = [
      { name: 'all', group: ['*'], rule: [{ name: 'no', path: '/tn:system/hostname', action: 'deny' }] },
    ];
    assert.equal(hostname(decisionsOf([], { user: 'olivia', ruleLists })), false);
    assert.equal(hostname(decisionsOf([], { user: 'nobody', ruleLists })), true);
  });

  it('rule-lists are tried in order, over every group of the user', () => {
    const ruleLists = [
      { name: 'first', group: ['other'], rule: [{ name: 'a', path: '/tn:system/hostname', action: 'permit' }] },
      { name: 'second', group: ['ops'], rule: [{ name: 'b', path: '/tn:system/hostname', action: 'deny' }] },
    ];
    assert.equal(hostname(decisionsOf([], { ruleLists, external: ['other'] })), true);
    assert.equal(hostname(decisionsOf([], { ruleLists })), false);
  });

  it('enable-nacm false permits everything; a permit-all first rule is recognised as such', () => {
    assert.equal(decisionsOf(DENY_HOSTNAME, { nacm: { 'enable-nacm': false } }), PERMIT_ALL);
    assert.equal(decisionsOf([{ 'module-name': '*', 'access-operations': '*' }, ...DENY_HOSTNAME]), PERMIT_ALL);
    assert.notEqual(decisionsOf([{ 'module-name': 't-nacm', 'access-operations': '*' }]), PERMIT_ALL);
  });
});

const operation = (path: string): OperationNode => {
  if (!path.includes('/')) return schema.rpcs.find((rpc) => rpc.name === path) as OperationNode;
  const [parent, name] = [path.slice(0, path.lastIndexOf('/')), path.slice(path.lastIndexOf('/') + 1)];
  const node = at(parent).at(-1)?.schema as { children: readonly { kind: string; name: string }[] };
  return node.children.find((child) => child.kind === 'action' && child.name === name) as OperationNode;
};

describe('RPCs and actions (RFC 8341 §3.4.4, §3.4)', () => {
  const cases: readonly {
    name: string;
    rules: readonly RuleJson[];
    nacm?: Readonly<Record<string, unknown>>;
    permitted: readonly [string, string][];
    denied: readonly [string, string][];
  }[] = [
    {
      name: 'exec-default permit; an RPC marked default-deny-all is denied',
      rules: [],
      permitted: [
        ['reboot', ''],
        ['system/restart', 'system'],
      ],
      denied: [['erase', '']],
    },
    {
      name: 'rpc-name rules, "*" included, and exec-default deny',
      rules: [
        { 'module-name': 't-nacm', 'rpc-name': 'erase', 'access-operations': 'exec' },
        { 'rpc-name': '*', 'access-operations': 'exec', action: 'deny' },
      ],
      nacm: { 'exec-default': 'deny' },
      permitted: [['erase', '']],
      denied: [
        ['reboot', ''],
        ['system/restart', 'system'],
      ],
    },
    {
      name: 'an action is matched by a data-node rule on its path',
      rules: [{ path: "/tn:system/server[host='h1'][port='80']/ping", 'access-operations': 'exec' }],
      nacm: { 'exec-default': 'deny' },
      permitted: [['system/server[h1,80]/ping', 'system/server[h1,80]']],
      denied: [
        ['system/server[h2,80]/ping', 'system/server[h2,80]'],
        ['system/restart', 'system'],
      ],
    },
    {
      name: 'an action needs read access to every node on the path of its instance',
      rules: [{ path: '/tn:system/server', 'access-operations': 'read', action: 'deny' }],
      permitted: [['system/restart', 'system']],
      denied: [['system/server[h1,80]/ping', 'system/server[h1,80]']],
    },
    {
      name: 'an access-operations value without exec does not match invocations',
      rules: [{ 'module-name': '*', 'access-operations': 'read create update delete', action: 'deny' }],
      permitted: [['reboot', '']],
      denied: [],
    },
  ];
  for (const { name, rules, nacm, permitted, denied } of cases) {
    it(name, () => {
      const decisions = decisionsOf(rules, nacm === undefined ? {} : { nacm });
      for (const [op, parent] of permitted)
        assert.equal(decisions.mayInvoke(operation(op), parent === '' ? [] : at(parent)), true, `${op} permitted`);
      for (const [op, parent] of denied)
        assert.equal(decisions.mayInvoke(operation(op), parent === '' ? [] : at(parent)), false, `${op} denied`);
    });
  }
});

describe('notifications (RFC 8341 §3.4.6)', () => {
  const alarm = schema.notifications[0];
  it('read-default applies, notification-name rules match by name', () => {
    if (alarm === undefined) throw new Error('no notification');
    assert.equal(decisionsOf([]).mayReceive(alarm), true);
    assert.equal(
      decisionsOf([{ 'notification-name': 'alarm', 'access-operations': 'read', action: 'deny' }]).mayReceive(alarm),
      false,
    );
    assert.equal(decisionsOf([{ 'notification-name': 'other', action: 'deny' }]).mayReceive(alarm), true);
    assert.equal(decisionsOf([], { nacm: { 'read-default': 'deny' } }).mayReceive(alarm), false);
  });
});
