/**
 * @module yang/types/instance-identifier.test
 * instance-identifier: XML (prefixes) and JSON (module names) syntax, and their output forms.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InstanceIdentifierTypeSpec } from '../type-spec.ts';
import { isTypeCheckFailure } from './type-check-failure.ts';
import type { InstanceIdentifier } from './value.ts';
import { parseJson, parseLexical, toCanonical, toJson, toXmlText } from './value-codec.ts';
import type { ValueContext } from './value-context.ts';

const CTX: ValueContext = {
  resolvePrefix: (prefix) => ({ if: 'ietf-interfaces', ip: 'ietf-ip', ex: 'example' })[prefix],
  prefixOf: (module) => ({ 'ietf-interfaces': 'if', 'ietf-ip': 'ip', example: 'ex' })[module],
  findIdentity: () => undefined,
  defaultModule: 'example',
};
const TYPE: InstanceIdentifierTypeSpec = {
  base: 'instance-identifier',
  name: 'instance-identifier',
  typedefs: [],
  requireInstance: true,
};

const CASES: readonly { readonly xml: string; readonly json: string; readonly xmlOut?: string }[] = [
  { xml: '/if:interfaces', json: '/ietf-interfaces:interfaces' },
  {
    xml: "/if:interfaces/if:interface[if:name='eth0']/ip:ipv4/ip:address[ip:ip='192.0.2.1']/ip:prefix-length",
    json: "/ietf-interfaces:interfaces/interface[name='eth0']/ietf-ip:ipv4/address[ip='192.0.2.1']/prefix-length",
  },
  {
    xml: "/ex:a/ex:list[ ex:k1 = \"x'y\" ][ex:k2='2']",
    json: "/example:a/list[k1=\"x'y\"][k2='2']",
    xmlOut: "/ex:a/ex:list[ex:k1=\"x'y\"][ex:k2='2']",
  },
  { xml: "/ex:leaf-list[.='v 1']", json: "/example:leaf-list[.='v 1']" },
  { xml: '/ex:list[3]', json: '/example:list[3]' },
];

describe('instance-identifier (RFC 7950 §9.13, RFC 7951 §6.11)', () => {
  for (const testCase of CASES) {
    it(testCase.xml, () => {
      const fromXml = parseLexical(TYPE, testCase.xml, CTX);
      const fromJson = parseJson(TYPE, testCase.json, CTX);
      assert.ok(!isTypeCheckFailure(fromXml) && !isTypeCheckFailure(fromJson));
      assert.deepEqual(fromXml, fromJson);
      assert.equal(toJson(TYPE, fromXml, CTX), testCase.json);
      assert.equal(toCanonical(TYPE, fromXml), testCase.json);
      assert.equal(toXmlText(TYPE, fromXml, CTX), testCase.xmlOut ?? testCase.xml);
    });
  }
  it('parses to module-qualified steps', () => {
    const value = parseLexical(TYPE, "/if:interfaces/if:interface[if:name='eth0']", CTX) as InstanceIdentifier;
    assert.deepEqual(value.steps[1], {
      module: 'ietf-interfaces',
      name: 'interface',
      predicates: [{ kind: 'key', module: 'ietf-interfaces', name: 'name', value: 'eth0' }],
    });
  });
  const BAD_XML: readonly [string, RegExp][] = [
    ['', /empty/],
    ['if:interfaces', /expected "\/"/],
    ['/interfaces', /needs a prefix/],
    ['/zz:interfaces', /not a known prefix/],
    ["/if:interfaces[if:name='eth0'", /expected "\]"/],
    ['/if:interfaces[if:name=eth0]', /quoted string/],
    ["/if:interfaces[if:name='eth0]", /unterminated/],
    ['/if:interfaces[0]', /node name/],
    ['/if:interfaces/', /node name/],
  ];
  for (const [text, reason] of BAD_XML) {
    it(`rejects XML ${JSON.stringify(text)}`, () => {
      const result = parseLexical(TYPE, text, CTX);
      assert.ok(isTypeCheckFailure(result));
      assert.match(result.message, reason);
    });
  }
  it('rejects JSON whose first node is unqualified', () => {
    const result = parseJson(TYPE, '/interfaces', CTX);
    assert.ok(isTypeCheckFailure(result));
    assert.match(result.message, /needs a prefix/);
  });
});
