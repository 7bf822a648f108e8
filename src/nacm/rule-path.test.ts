/**
 * @module nacm/rule-path.test
 * Rule paths: the node-instance-identifier forms accepted (prefixes as module names or module
 * prefixes, unprefixed steps in the module before, optional keys, leaf-list values, `/`, `*`)
 * and the errors for everything else, each naming what is wrong.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { schema } from '../../test/nacm/nacm-fixture.ts';
import { nacmConfigFromJson } from './nacm-config.ts';
import { nacmNodeOf } from './nacm-policies.ts';
import { parseRulePath } from './rule-path.ts';
import { rulePathProblems } from './rule-path-check.ts';

describe('rule paths (RFC 8341 §3.5.1 node-instance-identifier)', () => {
  const accepted: readonly [string, number][] = [
    ['/', 0],
    ['/t-nacm:system', 1],
    ['/tn:system/user', 2],
    ["/tn:system/user[name='alice']/role", 3],
    ['/tn:system/user[tn:name="alice"]', 2],
    ["/tn:system/server[port='80']", 2],
    ["/tn:system/server[host='h'][port='80']/ping", 3],
    ["/tn:system/user/tag[.='x']", 3],
    ['/tn:system/t-nacm-ext:extra', 2],
    ['/tn:system/*', 2],
    ['/tn:alarm/text', 2],
    ["/tn:system/user[ name = 'a b' ]", 2],
  ];
  for (const [text, steps] of accepted) {
    it(`accepts ${text}`, () => {
      assert.equal(parseRulePath(schema, text).length, steps);
    });
  }

  const refused: readonly [string, RegExp][] = [
    ['', /starts with "\/"/],
    ['system', /expected "\/"/],
    ['/system', /needs a module prefix/],
    ['/nope:system', /no loaded module has the name or prefix "nope"/],
    ['/tn:systen', /there is no node t-nacm:systen/],
    ["/tn:system/user[role='x']", /role is not a key of user/],
    ['/tn:system/user[1]', /position predicates/],
    ["/tn:system/server[port='http']", /"http" is not a value of port/],
    ["/tn:system/hostname[.='x']", /needs a leaf-list/],
    ["/tn:system/user[name='x'", /expected "\]"|unterminated/],
    ['/tn:system/user[name=x]', /quoted value/],
  ];
  for (const [text, message] of refused) {
    it(`refuses ${JSON.stringify(text)}`, () => {
      assert.throws(() => parseRulePath(schema, text), { code: 'INVALID_VALUE', message });
    });
  }

  it("a configuration with a bad path gets one error per rule, at the rule's path leaf", () => {
    const node = nacmNodeOf(schema);
    if (node === undefined) throw new Error('no nacm node');
    const config = nacmConfigFromJson({
      'rule-list': [
        {
          name: 'l',
          group: ['*'],
          rule: [
            { name: 'ok', path: '/tn:system', action: 'permit' },
            { name: 'bad', path: '/tn:nope', action: 'deny' },
          ],
        },
      ],
    });
    const problems = rulePathProblems(schema, node, config);
    assert.equal(problems.length, 1);
    assert.equal(problems[0]?.path, "/ietf-netconf-acm:nacm/rule-list[name='l']/rule[name='bad']/path");
    assert.match(problems[0]?.message ?? '', /there is no node t-nacm:nope/);
  });
});
