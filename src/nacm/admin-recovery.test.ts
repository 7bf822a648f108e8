/**
 * @module nacm/admin-recovery.test
 * Recovery from a lock-out: whatever the rules say, the `admin` group holds the user again and
 * the `admin` rule-list comes first, so the user may do everything; other rules are kept.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { schema, treeOf } from '../../test/nacm/nacm-fixture.ts';
import { encodeJsonString } from '../data/index.ts';
import { PERMIT_ALL } from './access-decisions.ts';
import { recoverAdminAccess } from './admin-recovery.ts';
import { NacmPolicies } from './nacm-policies.ts';

const LOCKED_OUT = {
  'ietf-netconf-acm:nacm': {
    groups: { group: [{ name: 'ops', 'user-name': ['olivia'] }] },
    'rule-list': [
      {
        name: 'lockout',
        group: ['*'],
        rule: [{ name: 'none', 'module-name': '*', 'access-operations': '*', action: 'deny' }],
      },
      { name: 'admin', group: ['admin'], rule: [{ name: 'nothing', 'module-name': 't-nacm', action: 'deny' }] },
    ],
  },
};

describe('admin recovery', () => {
  it('restores the admin group and a first permit-all rule-list, keeping the rest', () => {
    const policies = new NacmPolicies(schema);
    const root = treeOf(LOCKED_OUT);
    const before = policies.policyOf(root)?.decisionsFor({ user: 'admin', groups: [] });
    assert.notEqual(before, PERMIT_ALL);
    const recovered = recoverAdminAccess(root, 'admin');
    assert.equal(policies.policyOf(recovered)?.decisionsFor({ user: 'admin', groups: [] }), PERMIT_ALL);
    const json = JSON.parse(encodeJsonString(recovered, schema)) as {
      'ietf-netconf-acm:nacm': {
        groups: { group: { name: string; 'user-name': string[] }[] };
        'rule-list': { name: string }[];
      };
    };
    const nacm = json['ietf-netconf-acm:nacm'];
    assert.deepEqual(
      nacm['rule-list'].map((list) => list.name),
      ['admin', 'lockout'],
    );
    assert.deepEqual(nacm.groups.group.find((group) => group.name === 'admin')?.['user-name'], ['admin']);
    assert.deepEqual(nacm.groups.group.find((group) => group.name === 'ops')?.['user-name'], ['olivia']);
  });

  it('works on a datastore without any NACM configuration', () => {
    const recovered = recoverAdminAccess(treeOf({}), 'root');
    assert.equal(new NacmPolicies(schema).policyOf(recovered)?.decisionsFor({ user: 'root', groups: [] }), PERMIT_ALL);
  });
});
