/**
 * @module data/codec/xml/xml-decode.test
 * XML decoding: typed values, namespaces, prefixes bound in scope, repeated elements and key
 * order, document wrappers, and every error with its class, error-tag, error-path and message.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ManagementError } from '../../../errors/index.ts';
import {
  InvalidValueError,
  isManagementError,
  MalformedMessageError,
  MissingElementError,
  UnknownElementError,
  UnknownNamespaceError,
} from '../../../errors/index.ts';
import type { AnyNode, ContainerNode, InputOutputNode, LeafListNode, LeafNode, ListNode } from '../../../yang/index.ts';
import { decimal64, identityValue } from '../../../yang/index.ts';
import type { ContainerInstance, ListInstance } from '../../instance/instance-node.ts';
import { getChild, getLeaf } from '../../instance/instance-node.ts';
import { entriesOf, keyValuesOf } from '../../instance/list-instance.ts';
import { AUGMENT_MODULE, TYPES_MODULE } from '../../test-modules.test-support.ts';
import { testSchema } from '../../test-schema.test-support.ts';
import { decodeJson } from '../json/json-decode.ts';
import { encodeJsonString } from '../json/json-encode.ts';
import type { DecodeXmlOptions } from './xml-decode.ts';
import { decodeXml, decodeXmlDocument } from './xml-decode.ts';

const IDENTITIES_MODULE = `module w {
  namespace "urn:w"; prefix w;
  import t { prefix t; }
  identity two { base t:base; }
  leaf wid { type identityref { base t:base; } }
}`;
const schema = testSchema([TYPES_MODULE, AUGMENT_MODULE, IDENTITIES_MODULE]);
const top = schema.dataChildIndex.get('t:top') as ContainerNode;
const leaf = (name: string, module = 't'): LeafNode => top.dataChildIndex.get(`${module}:${name}`) as LeafNode;
const decodeTop = (content: string, options: Partial<DecodeXmlOptions> = {}): ContainerInstance => {
  const tree = decodeXml(schema, `<top xmlns="urn:t">${content}</top>`, { schema, ...options });
  return getChild(tree, top) as ContainerInstance;
};
const asJson = (xml: string): unknown => JSON.parse(encodeJsonString(decodeXml(schema, xml, { schema }), schema));

describe('decodeXml values', () => {
  const cases: readonly { readonly leaf: string; readonly xml: string; readonly value: unknown }[] = [
    { leaf: 's', xml: 'abc', value: 'abc' },
    { leaf: 's', xml: 'a&amp;&lt;', value: 'a&<' },
    { leaf: 's', xml: '<![CDATA[<b>]]>', value: '<b>' },
    { leaf: 'i64', xml: '-9007199254740993', value: -9007199254740993n },
    { leaf: 'u8', xml: '200', value: 200 },
    { leaf: 'd', xml: '1.5', value: decimal64(150n, 2) },
    { leaf: 'e', xml: '', value: null },
    { leaf: 'id', xml: 'one', value: identityValue('t', 'one') },
    { leaf: 'b', xml: 'b a', value: ['a', 'b'] },
    { leaf: 'flag', xml: 'false', value: false },
    { leaf: 'addr', xml: '192.0.2.1', value: '192.0.2.1' },
  ];
  for (const { leaf: name, xml, value } of cases) {
    it(`${name} ← ${JSON.stringify(xml)}`, () =>
      assert.deepEqual(getLeaf(decodeTop(`<${name}>${xml}</${name}>`), leaf(name)), value));
  }
  it('an empty leaf may be written <e/> or <e></e>', () => {
    assert.equal(getLeaf(decodeTop('<e/>'), leaf('e')), null);
    assert.equal(getLeaf(decodeTop('<e></e>'), leaf('e')), null);
  });
  it('takes prefixed names from the element, a top element or any declaration in scope', () => {
    const id = leaf('id');
    assert.deepEqual(getLeaf(decodeTop('<id xmlns:x="urn:t">x:one</id>'), id), identityValue('t', 'one'));
    const tree = decodeXml(schema, '<top xmlns="urn:t" xmlns:y="urn:t"><id>y:one</id></top>', { schema });
    assert.deepEqual(getLeaf(getChild(tree, top) as ContainerInstance, id), identityValue('t', 'one'));
    // The declaration on the element shadows the one of the ancestor.
    const shadowed = '<top xmlns="urn:t" xmlns:y="urn:u"><id xmlns:y="urn:t">y:one</id></top>';
    assert.deepEqual(
      getLeaf(getChild(decodeXml(schema, shadowed, { schema }), top) as never, id),
      identityValue('t', 'one'),
    );
  });
  it('an unprefixed identity is in the default namespace in scope at its element', () => {
    const wid = schema.dataChildIndex.get('w:wid') as LeafNode;
    const value = (xml: string): unknown => getLeaf(decodeXml(schema, xml, { schema }), wid);
    assert.deepEqual(value('<wid xmlns="urn:w">two</wid>'), identityValue('w', 'two'));
    assert.deepEqual(value('<wid xmlns="urn:w" xmlns:t="urn:t">t:one</wid>'), identityValue('t', 'one'));
    // RFC 7950 §9.10.3: the default namespace, not the leaf's module, qualifies a bare name.
    assert.deepEqual(value('<w:wid xmlns:w="urn:w" xmlns="urn:t">one</w:wid>'), identityValue('t', 'one'));
  });
  it('elements of an augmenting module carry its namespace', () => {
    const node = decodeTop('<s>a</s><extra xmlns="urn:u">x</extra><more xmlns="urn:u"><m>5</m></more>');
    assert.equal(getLeaf(node, leaf('extra', 'u')), 'x');
  });
  it('a prefixed element name is as good as a default namespace', () => {
    const tree = decodeXml(schema, '<t:top xmlns:t="urn:t"><t:s>a</t:s></t:top>', { schema });
    assert.equal(getLeaf(getChild(tree, top) as ContainerInstance, leaf('s')), 'a');
  });
  it('keeps the document order of list entries and of leaf-list values', () => {
    const list = top.dataChildIndex.get('t:ul') as ListNode;
    const names = ['z', 'a', 'm', 'b'];
    const node = decodeTop(names.map((name) => `<ul><name>${name}</name></ul>`).join(''));
    assert.deepEqual(
      [...entriesOf(getChild(node, list) as ListInstance)].map((entry) => keyValuesOf(entry)[0]),
      names,
    );
    const values = decodeTop('<ll>c</ll><ll>a</ll><ll>b</ll>');
    assert.deepEqual(getChild(values, top.dataChildIndex.get('t:ll') as LeafListNode), ['c', 'a', 'b']);
  });
  it('gathers entries of one list (and values of one leaf-list) separated by other elements', () => {
    assert.deepEqual(
      asJson('<top xmlns="urn:t"><ll>a</ll><ul><name>x</name></ul><s>q</s><ll>b</ll><ul><name>y</name></ul></top>'),
      {
        't:top': { s: 'q', ll: ['a', 'b'], ul: [{ name: 'x' }, { name: 'y' }] },
      },
    );
  });
  it('accepts the keys of an entry in any order and after other leaves', () => {
    assert.deepEqual(asJson('<top xmlns="urn:t"><l><v>x</v><k2>b</k2><k1>1</k1></l></top>'), {
      't:top': { l: [{ k1: 1, k2: 'b', v: 'x' }] },
    });
  });
  it('drops empty non-presence containers and keeps presence containers', () => {
    const node = decodeTop('<np/><pres/>');
    assert.equal(getChild(node, top.dataChildIndex.get('t:np') as ContainerNode), undefined);
    assert.notEqual(getChild(node, top.dataChildIndex.get('t:pres') as ContainerNode), undefined);
  });
  it('ignores whitespace between elements, comments, processing instructions and attributes', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <!-- a comment -->
      <top xmlns="urn:t" xmlns:nc="urn:ietf:params:xml:ns:netconf:base:1.0">
        <?some instruction?>
        <s nc:operation="replace">a</s>
        <np>
          <z>q</z>
        </np>
      </top>`;
    assert.deepEqual(asJson(xml), { 't:top': { s: 'a', np: { z: 'q' } } });
  });
  it('accepts a leading byte order mark, with or without XML declaration', () => {
    assert.deepEqual(asJson('\uFEFF<top xmlns="urn:t"><s>a</s></top>'), { 't:top': { s: 'a' } });
    assert.deepEqual(asJson('\uFEFF<?xml version="1.0"?><top xmlns="urn:t"><s>a</s></top>'), { 't:top': { s: 'a' } });
  });
  it('a text with an XML declaration is one document: one root element', () => {
    assert.throws(
      () => decodeXml(schema, '<?xml version="1.0"?><top xmlns="urn:t"/><stats xmlns="urn:t"/>', { schema }),
      (error: unknown) => isManagementError(error) && /only one root/.test(error.message),
    );
  });
  it('decodes several top elements in a row (a fragment without XML declaration)', () => {
    assert.deepEqual(asJson('<top xmlns="urn:t"><s>a</s></top><standalone xmlns="urn:u">b</standalone>'), {
      't:top': { s: 'a' },
      'u:standalone': 'b',
    });
  });
  it('decodes a subtree below a given parent', () => {
    const node = decodeXml(top, '<s xmlns="urn:t">abc</s><u8 xmlns="urn:t">7</u8>', { schema });
    assert.equal(getLeaf(node, leaf('s')), 'abc');
    assert.equal(getLeaf(node, leaf('u8')), 7);
  });
  it('with qualifiedTop false, elements in no namespace belong to the parent module', () => {
    const node = decodeXml(top, '<s>abc</s><np><z>q</z></np><id>one</id>', { schema, qualifiedTop: false });
    assert.equal(getLeaf(node, leaf('s')), 'abc');
    assert.deepEqual(getLeaf(node, leaf('id')), identityValue('t', 'one'));
  });
  it('maps anydata structurally: repeated names are arrays, empty elements [null], other modules qualified', () => {
    const any = top.dataChildIndex.get('t:any') as AnyNode;
    const node = decodeTop('<any><a>1</a><a>2</a><b><c/></b><extra xmlns="urn:u">x</extra><t/></any>');
    assert.deepEqual(getChild(node, any), { a: ['1', '2'], b: { c: [null] }, 'u:extra': 'x', t: [null] });
    assert.deepEqual(getChild(decodeTop('<any/>'), any), {});
  });
  it('accepts state data unless the input is configuration', () => {
    assert.equal(getLeaf(decodeTop('<state>up</state>'), leaf('state')), 'up');
  });
  it('gives the same tree as decodeJson on the same data', () => {
    const xml =
      '<top xmlns="urn:t"><s>a</s><u8>1</u8><e/><id>one</id><b>a</b><l><k1>2</k1><k2>b</k2><v>x</v></l><c2a>q</c2a></top>';
    const json = {
      't:top': { s: 'a', u8: 1, e: [null], id: 't:one', b: 'a', l: [{ k1: 2, k2: 'b', v: 'x' }], c2a: 'q' },
    };
    assert.deepEqual(decodeXml(schema, xml, { schema }), decodeJson(schema, json, { schema }));
  });
});

describe('decodeXmlDocument', () => {
  const expected = { 't:top': { s: 'a' }, 'u:standalone': 'b' };
  const content = '<top xmlns="urn:t"><s>a</s></top><standalone xmlns="urn:u">b</standalone>';
  const wrapped: readonly string[] = [
    `<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf">${content}</data>`,
    `<?xml version="1.0"?>\n<config xmlns="urn:ietf:params:xml:ns:netconf:base:1.0">${content}</config>`,
    `<data xmlns="http://tail-f.com/ns/rest" xmlns:y="http://tail-f.com/ns/rest" y:self="/rest">${content}</data>`,
    `<config xmlns="http://tail-f.com/ns/config/1.0">${content}</config>`,
    `<data>${content}</data>`,
    `<config>${content}</config>`,
  ];
  for (const xml of wrapped) {
    it(`unwraps ${xml.replace(/^<\?xml[^>]*>\s*/, '').replace(/>.*$/s, '>')}`, () =>
      assert.deepEqual(JSON.parse(encodeJsonString(decodeXmlDocument(schema, xml, { schema }), schema)), expected));
  }
  it('an empty wrapper is an empty datastore', () => {
    assert.deepEqual(
      [...decodeXmlDocument(schema, '<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf"/>', { schema }).slots],
      [],
    );
  });
  it('takes a document without wrapper as the top-level nodes themselves', () => {
    assert.deepEqual(JSON.parse(encodeJsonString(decodeXmlDocument(schema, content, { schema }), schema)), expected);
  });
  it('accepts only the wrappers it is given', () => {
    assert.throws(
      () => decodeXmlDocument(schema, `<config>${content}</config>`, { schema, wrappers: [{ name: 'data' }] }),
      (error: unknown) => isManagementError(error) && error.tag === 'malformed-message',
    );
  });
  it("unwraps an operation's input in its module's namespace", () => {
    const ops = testSchema([], ['example-ops']);
    const rpc = ops.rpcs.find((node) => node.name === 'reboot');
    const input = rpc?.children.find((node) => node.kind === 'input') as InputOutputNode;
    const node = decodeXmlDocument(
      input,
      '<input xmlns="https://example.com/ns/example-ops"><delay>600</delay></input>',
      {
        schema: ops,
      },
    );
    assert.equal(node.slots[0], 600);
  });
});

describe('decodeXml errors', () => {
  const cases: readonly {
    readonly name: string;
    readonly xml: string;
    readonly options?: Partial<DecodeXmlOptions>;
    readonly error: abstract new (...args: never[]) => ManagementError;
    readonly tag: string;
    readonly path: string | undefined;
    readonly message?: RegExp;
  }[] = [
    {
      name: 'not well-formed',
      xml: '<top xmlns="urn:t"><s>a</top>',
      error: MalformedMessageError,
      tag: 'malformed-message',
      path: undefined,
      message: /not well-formed XML: unexpected close tag at line 1, column \d+/,
    },
    { name: 'no element', xml: '  ', error: MalformedMessageError, tag: 'malformed-message', path: undefined },
    {
      name: 'text beside the top elements',
      xml: 'x<top xmlns="urn:t"/>',
      error: MalformedMessageError,
      tag: 'malformed-message',
      path: undefined,
    },
    {
      name: 'top element in no namespace',
      xml: '<top/>',
      error: MalformedMessageError,
      tag: 'malformed-message',
      path: '/',
      message: /in no namespace/,
    },
    {
      name: 'element in no namespace below',
      xml: '<top xmlns="urn:t"><s xmlns="">a</s></top>',
      error: MalformedMessageError,
      tag: 'malformed-message',
      path: '/t:top',
    },
    {
      name: 'unknown namespace',
      xml: '<top xmlns="urn:nosuch"/>',
      error: UnknownNamespaceError,
      tag: 'unknown-namespace',
      path: '/',
      message: /no loaded module has the namespace "urn:nosuch"/,
    },
    {
      name: 'unknown element',
      xml: '<top xmlns="urn:t"><nope>1</nope></top>',
      error: UnknownElementError,
      tag: 'unknown-element',
      path: '/t:top',
      message: /no data node t:nope/,
    },
    {
      name: 'element of another module in the parent namespace',
      xml: '<top xmlns="urn:t"><extra>x</extra></top>',
      error: UnknownElementError,
      tag: 'unknown-element',
      path: '/t:top',
    },
    {
      name: 'wrong namespace for a known name',
      xml: '<top xmlns="urn:t"><s xmlns="urn:u">x</s></top>',
      error: UnknownElementError,
      tag: 'unknown-element',
      path: '/t:top',
      message: /u:s/,
    },
    {
      name: 'value out of range',
      xml: '<top xmlns="urn:t"><u8>300</u8></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: '/t:top/u8',
    },
    {
      name: 'string too long',
      xml: '<top xmlns="urn:t"><s>toolong</s></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: '/t:top/s',
    },
    {
      name: 'empty with content',
      xml: '<top xmlns="urn:t"><e>x</e></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: '/t:top/e',
    },
    {
      name: 'elements inside a leaf',
      xml: '<top xmlns="urn:t"><s><x/></s></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: '/t:top/s',
      message: /takes a value, not elements/,
    },
    {
      name: 'text inside a container',
      xml: '<top xmlns="urn:t"><np>x</np></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: '/t:top/np',
      message: /child elements, not text/,
    },
    {
      name: 'unknown identity',
      xml: '<top xmlns="urn:t"><id>t:two</id></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: '/t:top/id',
    },
    {
      name: 'identity prefix not bound',
      xml: '<top xmlns="urn:t"><id>x:one</id></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: '/t:top/id',
      message: /not bound to a module/,
    },
    {
      name: 'identity prefix bound to an unknown namespace',
      xml: '<top xmlns="urn:t"><id xmlns:x="urn:x">x:one</id></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: '/t:top/id',
      message: /not bound to a module/,
    },
    {
      name: 'identity prefix bound to another module',
      xml: '<top xmlns="urn:t" xmlns:x="urn:u"><id>x:one</id></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: '/t:top/id',
      message: /u:one/,
    },
    {
      name: 'duplicate leaf-list value',
      xml: '<top xmlns="urn:t"><ll>a</ll><ll>a</ll></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: '/t:top/ll',
      message: /more than once/,
    },
    {
      name: 'missing key',
      xml: '<top xmlns="urn:t"><l><k1>1</k1><v>x</v></l></top>',
      error: MissingElementError,
      tag: 'missing-element',
      path: '/t:top/l',
      message: /lacks its key leaf k2/,
    },
    {
      name: 'duplicate keys',
      xml: '<top xmlns="urn:t"><l><k1>1</k1><k2>a</k2></l><l><k2>a</k2><k1>1</k1></l></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: "/t:top/l[k1='1'][k2='a']",
      message: /two entries with the same key/,
    },
    {
      name: 'duplicate key leaf within one entry',
      xml: '<top xmlns="urn:t"><l><k1>1</k1><k1>2</k1><k2>a</k2></l></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: "/t:top/l[k1='1'][k2='a']/k1",
      message: /more than once/,
    },
    {
      name: 'bad value inside an entry names the entry, keys given after it',
      xml: '<top xmlns="urn:t"><l><v><x/></v><k2>a</k2><k1>1</k1></l></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: "/t:top/l[k1='1'][k2='a']/v",
    },
    {
      name: 'one leaf given twice',
      xml: '<top xmlns="urn:t"><s>a</s><s>b</s></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: '/t:top/s',
      message: /more than once/,
    },
    {
      name: 'one container given twice',
      xml: '<top xmlns="urn:t"><np/><np><z>a</z></np></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: '/t:top/np',
      message: /more than once/,
    },
    {
      name: 'two cases of one choice',
      xml: '<top xmlns="urn:t"><c1a>a</c1a><c2a>b</c2a></top>',
      error: InvalidValueError,
      tag: 'invalid-value',
      path: '/t:top',
      message: /both case c1 and case c2/,
    },
    {
      name: 'state data in configuration',
      xml: '<top xmlns="urn:t"><state>x</state></top>',
      options: { config: true },
      error: InvalidValueError,
      tag: 'invalid-value',
      path: '/t:top/state',
      message: /config false/,
    },
    {
      name: 'state leaf of a list entry in configuration',
      xml: '<top xmlns="urn:t"><l><k1>1</k1><k2>a</k2><sv>x</sv></l></top>',
      options: { config: true },
      error: InvalidValueError,
      tag: 'invalid-value',
      path: "/t:top/l[k1='1'][k2='a']/sv",
    },
    {
      name: 'a state container in configuration',
      xml: '<stats xmlns="urn:t"/>',
      options: { config: true },
      error: InvalidValueError,
      tag: 'invalid-value',
      path: '/t:stats',
    },
  ];
  for (const { name, xml, options, error: ErrorClass, tag, path, message } of cases) {
    it(name, () => {
      assert.throws(
        () => decodeXml(schema, xml, { schema, ...options }),
        (error: unknown) => {
          assert.ok(error instanceof ErrorClass, String(error));
          assert.equal(error.tag, tag);
          assert.equal(error.path, path);
          if (message !== undefined) assert.match(error.message, message);
          return true;
        },
      );
    });
  }
  it('carries the type restriction message and app-tag', () => {
    const module = `module r { namespace "urn:r"; prefix r;
      leaf code { type string { pattern "[a-z]+" { error-message "lower-case letters only"; error-app-tag "bad-code"; } } } }`;
    const restricted = testSchema([module]);
    assert.throws(
      () => decodeXml(restricted, '<code xmlns="urn:r">ABC</code>', { schema: restricted }),
      (error: unknown) =>
        isManagementError(error) &&
        error.message === 'lower-case letters only' &&
        error.appTag === 'bad-code' &&
        error.path === '/r:code',
    );
  });
  it('names the keys of an entry given after the error, in a wrapper and after other entries', () => {
    const xml =
      '<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf"><top xmlns="urn:t"><s>a</s>' +
      '<l><k1>0</k1><k2>z</k2></l><l><v><x/></v><k2>b</k2><k1>1</k1></l></top></data>';
    assert.throws(
      () => decodeXmlDocument(schema, xml, { schema }),
      (error: unknown) => isManagementError(error) && error.path === "/t:top/l[k1='1'][k2='b']/v",
    );
  });
  it('leaves out keys it cannot see because the rest of the text is malformed', () => {
    assert.throws(
      () => decodeXml(schema, '<top xmlns="urn:t"><l><v><x/></v><k1>1</k1><k2>a</k2></l><', { schema }),
      (error: unknown) => isManagementError(error) && error.tag === 'invalid-value' && error.path === '/t:top/l/v',
    );
  });
  it('rejects an element after a wrapper', () => {
    const xml = '<data><top xmlns="urn:t"/></data><stats xmlns="urn:t"/>';
    assert.throws(
      () => decodeXmlDocument(schema, xml, { schema }),
      (error: unknown) =>
        isManagementError(error) && error.tag === 'malformed-message' && /follows the wrapper/.test(error.message),
    );
  });
  it('rejects text in a wrapper', () => {
    assert.throws(
      () => decodeXmlDocument(schema, '<data>x<top xmlns="urn:t"/></data>', { schema }),
      (error: unknown) => isManagementError(error) && error.tag === 'malformed-message',
    );
  });
  it('prefixes error-paths with options.path', () => {
    assert.throws(
      () => decodeXml(top, '<u8 xmlns="urn:t">300</u8>', { schema, path: [{ schema: top }] }),
      (error: unknown) => isManagementError(error) && error.path === '/t:top/u8',
    );
  });
});
