/**
 * @module test/nacm/compact-schema-nacm.test
 * The compact schema under NACM, with the example rule set of docs/nacm.md over HTTPS: each
 * user gets the schema annotated with what they may do, without what they may read nothing of —
 * operators have no crypto and may change profiles, auditors read the NACM rules but change
 * nothing, a user in no group sees no secret and no NACM, the administrator sees everything.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CompactNode, CompactSchema } from '../../src/yang/index.ts';
import type { NacmServer, Role } from './nacm-server.ts';
import { startNacmServer } from './nacm-server.ts';

const find = (nodes: readonly CompactNode[] | undefined, ...names: string[]): CompactNode | undefined => {
  let current: CompactNode | undefined;
  let level = nodes;
  for (const name of names) {
    current = level?.find((node) => node.name === name);
    level = current?.children;
  }
  return current;
};

describe('compact schema under NACM', () => {
  let server: NacmServer;
  const schemaOf = async (role: Role): Promise<CompactSchema> => {
    const response = await server.restconf(role, 'GET', '/compact-schema', undefined, 'application/json');
    assert.equal(response.status, 200, response.body);
    return JSON.parse(response.body) as CompactSchema;
  };
  before(async () => {
    server = await startNacmServer();
  });
  after(async () => {
    await server?.stop();
  });

  it('the administrator (permit all): every node, no access annotation', async () => {
    const schema = await schemaOf('admin');
    const crypto = find(schema.data, 'facilities', 'crypto');
    assert.ok(crypto);
    assert.equal(crypto.access, undefined);
    const keystore = find(crypto.children, 'signing-keys', 'signing-key', 'keystore');
    assert.equal(keystore?.secret, true);
    assert.ok(find(schema.data, 'nacm'));
    // An augment's when: the augmenting module's prefixes, the parent as context node.
    const server = find(schema.data, 'profiles', 'profile', 'settings', 'authorization-server');
    assert.deepEqual(server?.when, [
      { xpath: "derived-from-or-self(../base:type, 'as:oauth-service')", context: 'parent' },
    ]);
    assert.equal(server?.module, 'profile-oauth');
    assert.equal(schema.modules.find((module) => module.name === 'profile-oauth')?.prefixes.as, 'profile-oauth');
  });
  it('an operator: no crypto at all; profiles may be changed, other configuration only read', async () => {
    const schema = await schemaOf('operator');
    const facilities = find(schema.data, 'facilities');
    assert.ok(facilities, 'the rest of facilities stays');
    assert.equal(find(facilities.children, 'crypto'), undefined);
    assert.equal(JSON.stringify(schema).includes('add-signing-key'), false);
    assert.equal(find(schema.data, 'profiles', 'profile')?.access, 'crud');
    assert.equal(find(schema.data, 'environments', 'environment', 'name')?.access, 'r');
  });
  it('an auditor: the NACM rules readable, not writable', async () => {
    const schema = await schemaOf('auditor');
    const ruleList = find(schema.data, 'nacm', 'rule-list');
    assert.ok(ruleList);
    assert.equal(ruleList.access, 'r');
  });
  it('a user in no group: no NACM, no secret', async () => {
    const schema = await schemaOf('nobody');
    assert.equal(find(schema.data, 'nacm'), undefined);
    assert.equal(find(schema.data, 'aaa', 'authentication', 'users', 'user', 'password'), undefined);
    assert.ok(find(schema.data, 'aaa', 'authentication', 'users', 'user', 'name'));
  });
});
