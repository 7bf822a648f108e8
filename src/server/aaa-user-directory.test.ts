/**
 * @module server/aaa-user-directory.test
 * The accounts are read again exactly when a commit changed the nodes they come from (the
 * accounts or the NACM groups), and kept when a commit changed only other parts of the tree.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testSchema } from '../../test/support/test-schema.ts';
import type { UserDirectory, UserRecord } from '../auth/index.ts';
import type { DataSchemaNode, DataTree, InnerSchemaNode, InstancePath } from '../data/index.ts';
import { applyEdit, decodeJson, slotChildByName } from '../data/index.ts';
import type { ListNode } from '../yang/index.ts';
import { aaaUserDirectory } from './aaa-user-directory.ts';

const schema = testSchema(
  [
    `module other {
      yang-version 1.1;
      namespace "urn:test:other";
      prefix o;
      container settings { leaf note { type string; } }
    }`,
  ],
  ['idconf-aaa', 'ietf-netconf-acm'],
);

const HASH_A = `$6$salt$${'a'.repeat(86)}`;
const HASH_B = `$6$salt$${'b'.repeat(86)}`;

const child = (parent: InnerSchemaNode, module: string, name: string): DataSchemaNode => {
  const found = slotChildByName(parent, module, name);
  assert.ok(found !== undefined, `${module}:${name}`);
  return found;
};

const aaa = child(schema, 'idconf-aaa', 'aaa');
const authentication = child(aaa as InnerSchemaNode, 'idconf-aaa', 'authentication');
const users = child(authentication as InnerSchemaNode, 'idconf-aaa', 'users');
const user = child(users as InnerSchemaNode, 'idconf-aaa', 'user') as ListNode;
const password = child(user, 'idconf-aaa', 'password');
const settings = child(schema, 'other', 'settings');
const note = child(settings as InnerSchemaNode, 'other', 'note');
const nacm = child(schema, 'ietf-netconf-acm', 'nacm');
const groups = child(nacm as InnerSchemaNode, 'ietf-netconf-acm', 'groups');
const group = child(groups as InnerSchemaNode, 'ietf-netconf-acm', 'group') as ListNode;
const userName = child(group, 'ietf-netconf-acm', 'user-name');

/** This directory answers at once (a Promise would be a bug here). */
const lookup = (directory: UserDirectory, name: string): UserRecord | undefined => {
  const found = directory.lookup(name);
  assert.ok(!(found instanceof Promise));
  return found;
};

const passwordOf = (name: string): InstancePath => [
  { schema: aaa },
  { schema: authentication },
  { schema: users },
  { schema: user, keys: [name] },
  { schema: password },
];

const initial = (): DataTree =>
  decodeJson(
    schema,
    {
      'idconf-aaa:aaa': { authentication: { users: { user: [{ name: 'admin', password: HASH_A }] } } },
      'ietf-netconf-acm:nacm': { groups: { group: [{ name: 'admins', 'user-name': ['admin'] }] } },
      'other:settings': { note: 'one' },
    },
    { schema, config: true },
  );

describe('aaaUserDirectory', () => {
  it('keeps what it read while a commit changes only other nodes', () => {
    let root = initial();
    const directory = aaaUserDirectory(() => root);
    const first = lookup(directory, 'admin');
    assert.deepEqual(first, { passwordHash: HASH_A, groups: ['admins'] });
    root = applyEdit(root, { operation: 'merge', target: [{ schema: settings }, { schema: note }], value: 'two' });
    assert.equal(lookup(directory, 'admin'), first);
  });

  it('reads the accounts again when a password changes', () => {
    let root = initial();
    const directory = aaaUserDirectory(() => root);
    assert.equal(lookup(directory, 'admin')?.passwordHash, HASH_A);
    root = applyEdit(root, { operation: 'merge', target: passwordOf('admin'), value: HASH_B });
    assert.equal(lookup(directory, 'admin')?.passwordHash, HASH_B);
  });

  it('reads the groups again when a NACM group changes', () => {
    let root = initial();
    const directory = aaaUserDirectory(() => root);
    assert.deepEqual(lookup(directory, 'admin')?.groups, ['admins']);
    root = applyEdit(root, {
      operation: 'remove',
      target: [
        { schema: nacm },
        { schema: groups },
        { schema: group, keys: ['admins'] },
        { schema: userName, value: 'admin' },
      ],
    });
    assert.deepEqual(lookup(directory, 'admin')?.groups, []);
  });
});
