/**
 * @module auth/ldap/ldap-dn.test
 * Group names from group DNs (the first RDN's CN), with RFC 4514 escapes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupNameOf } from './ldap-dn.ts';

describe('groupNameOf', () => {
  const cases: [string, string | undefined][] = [
    ['cn=ops,o=acme,c=se', 'ops'],
    ['CN=Domain Admins,CN=Users,DC=corp,DC=example', 'Domain Admins'],
    ['commonName=ops,o=acme', 'ops'],
    ['2.5.4.3=ops,o=acme', 'ops'],
    ['cn=a\\,b,o=acme', 'a,b'],
    ['cn=a\\2Cb,o=acme', 'a,b'],
    ['cn=\\C3\\85sa,o=acme', 'Åsa'],
    ['cn=Åsa,o=acme', 'Åsa'],
    ['cn=ops+uid=x,o=acme', 'ops'],
    ['uid=x+cn=ops,o=acme', 'ops'],
    ['cn= ops ,o=acme', 'ops'],
    ['cn=\\ ops\\ ,o=acme', ' ops '],
    ['ou=ops,o=acme', undefined],
    ['cn=#04026f70,o=acme', undefined],
    ['cn=,o=acme', undefined],
    ['not a dn', undefined],
    ['cn=trailing\\', undefined],
  ];
  for (const [dn, expected] of cases) {
    it(`${dn} → ${String(expected)}`, () => {
      assert.equal(groupNameOf(dn), expected);
    });
  }
});
