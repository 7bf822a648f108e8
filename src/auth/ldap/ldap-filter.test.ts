/**
 * @module auth/ldap/ldap-filter.test
 * RFC 4515 escaping of the login name in the user filter.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FilterParser } from 'ldapts';
import { escapeFilterValue, userFilterFor } from './ldap-filter.ts';

describe('escapeFilterValue', () => {
  const cases: [string, string][] = [
    ['alice', 'alice'],
    ['*', '\\2a'],
    ['al*', 'al\\2a'],
    ['alice)(uid=*', 'alice\\29\\28uid=\\2a'],
    ['back\\slash', 'back\\5cslash'],
    ['nul\u0000', 'nul\\00'],
    ['\\2a', '\\5c2a'],
    ['Åsa Öberg', 'Åsa Öberg'],
  ];
  for (const [input, expected] of cases) {
    it(JSON.stringify(input), () => {
      assert.equal(escapeFilterValue(input), expected);
    });
  }
});

describe('userFilterFor', () => {
  it('replaces every {username}', () => {
    assert.equal(userFilterFor('(|(uid={username})(mail={username}))', 'a*'), '(|(uid=a\\2a)(mail=a\\2a))');
  });
  it('an injection attempt stays one equality assertion with the literal value', () => {
    const filter = FilterParser.parseString(userFilterFor('(uid={username})', '*)(|(uid=*'));
    assert.equal(filter.constructor.name, 'EqualityFilter');
    assert.equal((filter as unknown as { value: string }).value, '*)(|(uid=*');
  });
});
