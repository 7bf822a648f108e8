/**
 * @module data/codec/xml/xml-encode.test
 * XML encoding: element and namespace forms, prefixes bound on the value's element, escaping,
 * wrappers, targets, streaming, and the read options — each checked to select exactly what the
 * JSON encoder selects.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnyNode, ContainerNode, LeafListNode, LeafNode, ListNode } from '../../../yang/index.ts';
import type { ContainerInstance, DataTree, ListInstance } from '../../instance/instance-node.ts';
import { getChild } from '../../instance/instance-node.ts';
import { findEntry } from '../../instance/list-instance.ts';
import { parseFields } from '../../read/fields-selector.ts';
import type { ReadOptions } from '../../read/read-options.ts';
import { AUGMENT_MODULE, TYPES_MODULE } from '../../test-modules.test-support.ts';
import { testSchema } from '../../test-schema.test-support.ts';
import { decodeJson } from '../json/json-decode.ts';
import { encodeJsonString } from '../json/json-encode.ts';
import { decodeXml, decodeXmlDocument } from './xml-decode.ts';
import { encodeXml, encodeXmlString } from './xml-encode.ts';
import { CONFIG_WRAPPER, RESTCONF_DATA_WRAPPER } from './xml-wrapper.ts';

const CLASH_MODULE = `module v {
  namespace "urn:v"; prefix t;
  import t { prefix tt; }
  identity three { base tt:base; }
  leaf path { type instance-identifier; }
  leaf vid { type identityref { base tt:base; } }
}`;
const schema = testSchema([TYPES_MODULE, AUGMENT_MODULE, CLASH_MODULE]);
const top = schema.dataChildIndex.get('t:top') as ContainerNode;
const child = <N>(name: string): N => top.dataChildIndex.get(`t:${name}`) as N;
const tree = (json: unknown): DataTree => decodeJson(schema, json, { schema });
const xmlOf = (json: unknown, options: ReadOptions = {}): string => encodeXmlString(tree(json), schema, options);
const T = 'xmlns="urn:t"';

describe('encodeXml values and names', () => {
  it('writes each type family in its RFC 7950 lexical form', () => {
    const xml = xmlOf({
      't:top': {
        s: 'a<&>"',
        i64: '-9007199254740993',
        u8: 7,
        d: '1.5',
        e: [null],
        b: 'b a',
        flag: true,
        ll: ['x', 'y'],
      },
    });
    assert.equal(
      xml,
      `<top ${T}><s>a&lt;&amp;&gt;"</s><i64>-9007199254740993</i64><u8>7</u8><d>1.5</d><e/><b>a b</b>` +
        '<flag>true</flag><ll>x</ll><ll>y</ll></top>',
    );
  });
  it('declares the default namespace on each top element and again only where the module changes', () => {
    const xml = xmlOf({ 'u:standalone': 's', 't:top': { 'u:extra': 'e', 'u:more': { m: 1 }, s: 'a' } });
    assert.equal(
      xml,
      `<top ${T}><s>a</s><extra xmlns="urn:u">e</extra><more xmlns="urn:u"><m>1</m></more></top>` +
        '<standalone xmlns="urn:u">s</standalone>',
    );
  });
  it('writes list entries as repeated elements, keys first in key order', () => {
    assert.equal(
      xmlOf({
        't:top': {
          l: [
            { v: 'x', k2: 'b', k1: 1 },
            { k1: 2, k2: 'a' },
          ],
        },
      }),
      `<top ${T}><l><k1>1</k1><k2>b</k2><v>x</v></l><l><k1>2</k1><k2>a</k2></l></top>`,
    );
  });
  it("binds an identityref's prefix on its own element", () => {
    assert.equal(xmlOf({ 't:top': { id: 'one' } }), `<top ${T}><id xmlns:t="urn:t">t:one</id></top>`);
  });
  it('gives two modules with the same YANG prefix distinct XML prefixes in one value', () => {
    const xml = xmlOf({ 'v:path': "/t:top/l[k1='1'][k2='a']/v:vid-is-not-here" });
    assert.equal(
      xml,
      '<path xmlns="urn:v" xmlns:t="urn:t" xmlns:t2="urn:v">/t:top/t:l[t:k1=\'1\'][t:k2=\'a\']/t2:vid-is-not-here</path>',
    );
    const back = decodeXml(schema, xml, { schema });
    assert.equal(
      encodeJsonString(back, schema),
      encodeJsonString(tree({ 'v:path': "/t:top/l[k1='1'][k2='a']/v:vid-is-not-here" }), schema),
    );
  });
  it('writes anydata structurally, arrays as repeated elements and [null] as an empty element', () => {
    const any = { a: ['1', '2'], b: { c: [null] }, 'u:extra': 'x', n: 5, '@meta': 1, 'bad name': 1 };
    assert.equal(
      xmlOf({ 't:top': { any } }),
      `<top ${T}><any><a>1</a><a>2</a><b><c/></b><extra xmlns="urn:u">x</extra><n>5</n></any></top>`,
    );
  });
  it('encodes one node: a leaf, a leaf-list, a list, one entry, anydata', () => {
    const data = tree({ 't:top': { l: [{ k1: 1, k2: 'b', v: 'x' }], ll: ['p', 'q'], any: { k: 'v' } } });
    const topNode = getChild(data, top) as ContainerInstance;
    const list = child<ListNode>('l');
    const instance = getChild(topNode, list) as ListInstance;
    const entry = `<l ${T}><k1>1</k1><k2>b</k2><v>x</v></l>`;
    assert.equal(encodeXmlString({ schema: list, value: instance }, schema), entry);
    assert.equal(encodeXmlString({ schema: list, value: findEntry(instance, [1, 'b']) }, schema), entry);
    assert.equal(encodeXmlString({ schema: child<LeafNode>('s'), value: 'a' }, schema), `<s ${T}>a</s>`);
    const ll = child<LeafListNode>('ll');
    assert.equal(
      encodeXmlString({ schema: ll, value: getChild(topNode, ll) }, schema),
      `<ll ${T}>p</ll><ll ${T}>q</ll>`,
    );
    const any = child<AnyNode>('any');
    assert.equal(encodeXmlString({ schema: any, value: getChild(topNode, any) }, schema), `<any ${T}><k>v</k></any>`);
  });
  it('wraps a whole datastore; the wrapper namespace counts as inherited', () => {
    const data = tree({ 't:top': { s: 'a' } });
    assert.equal(
      encodeXmlString(data, schema, { wrapper: RESTCONF_DATA_WRAPPER }),
      `<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf"><top ${T}><s>a</s></top></data>`,
    );
    assert.equal(
      encodeXmlString(data, schema, { wrapper: CONFIG_WRAPPER }),
      `<config><top ${T}><s>a</s></top></config>`,
    );
    assert.equal(
      encodeXmlString(data, schema, { wrapper: { name: 'data', namespace: 'urn:t', declarations: { y: 'urn:y' } } }),
      '<data xmlns="urn:t" xmlns:y="urn:y"><top><s>a</s></top></data>',
    );
    assert.equal(
      encodeXmlString(tree({}), schema, { wrapper: RESTCONF_DATA_WRAPPER }),
      '<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf"></data>',
    );
  });
  it('streams large lists in several chunks that join to the same text', () => {
    const entries = Array.from({ length: 3000 }, (_, index) => ({ name: `n${index}` }));
    const data = tree({ 't:top': { ul: entries } });
    const chunks = [...encodeXml(data, schema, { chunkSize: 1000, wrapper: RESTCONF_DATA_WRAPPER })];
    assert.ok(chunks.length > 10);
    assert.equal(chunks.join(''), encodeXmlString(data, schema, { wrapper: RESTCONF_DATA_WRAPPER }));
    assert.deepEqual(decodeXmlDocument(schema, chunks.join(''), { schema }), data);
  });
});

describe('read options', () => {
  const data = {
    't:top': {
      s: 'a',
      state: 'up',
      np: { z: 'z' },
      pres: {},
      l: [{ k1: 1, k2: 'b', v: 'x', sv: 'y' }],
      ul: [{ name: 'n' }],
      p: 50,
      dflt: 'other',
      c2b: 'q',
    },
    't:stats': { count: 3 },
  };
  const optionSets: readonly (readonly [string, ReadOptions])[] = [
    ['none', {}],
    ['content=config', { content: 'config' }],
    ['content=nonconfig', { content: 'nonconfig' }],
    ['depth=1', { depth: 1 }],
    ['depth=2', { depth: 2 }],
    ['depth=3', { depth: 3 }],
    ['fields', { fields: parseFields('t:top(s;l/v;np)', schema, schema) }],
    ['fields and depth', { fields: parseFields('t:top/np', schema, schema), depth: 1 }],
    ['trim', { withDefaults: 'trim' }],
    ['report-all', { withDefaults: 'report-all' }],
    ['report-all-tagged', { withDefaults: 'report-all-tagged' }],
    ['report-all, nonconfig', { withDefaults: 'report-all', content: 'nonconfig' }],
    ['report-all, depth=2', { withDefaults: 'report-all', depth: 2 }],
  ];
  for (const [name, options] of optionSets) {
    it(`${name} selects what the JSON encoder selects`, () => {
      const source = tree(data);
      const viaJson = decodeJson(schema, JSON.parse(encodeJsonString(source, schema, options)), { schema });
      const viaXml = decodeXml(schema, encodeXmlString(source, schema, options), { schema });
      assert.equal(encodeJsonString(viaXml, schema), encodeJsonString(viaJson, schema));
    });
  }
  it('report-all-tagged marks defaults with wd:default and declares wd once on the top element', () => {
    const xml = xmlOf({ 't:top': { s: 'a', p: 50 } }, { withDefaults: 'report-all-tagged' });
    assert.equal(
      xml,
      `<top ${T} xmlns:wd="urn:ietf:params:xml:ns:netconf:default:1.0"><s>a</s><p wd:default="true">50</p>` +
        '<dflt wd:default="true">hello</dflt><lld wd:default="true">1</lld><lld wd:default="true">2</lld>' +
        '<np><x wd:default="true">x</x></np><c1a wd:default="true">a</c1a></top>',
    );
  });
  it('report-all-tagged declares wd on the wrapper when there is one', () => {
    const xml = encodeXmlString(tree({ 't:top': { p: 50 } }), schema, {
      withDefaults: 'report-all-tagged',
      wrapper: RESTCONF_DATA_WRAPPER,
      fields: parseFields('t:top/p', schema, schema),
    });
    assert.equal(
      xml,
      '<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf" xmlns:wd="urn:ietf:params:xml:ns:netconf:default:1.0">' +
        `<top ${T}><p wd:default="true">50</p></top></data>`,
    );
  });
  it('a tagged identityref default binds both its prefix and keeps wd free', () => {
    const module = `module wdt { namespace "urn:wdt"; prefix wd; identity i; identity j { base i; }
      leaf x { type identityref { base i; } default wd:j; } }`;
    const own = testSchema([module]);
    assert.equal(
      encodeXmlString(decodeJson(own, {}, { schema: own }), own, { withDefaults: 'report-all-tagged' }),
      '<x xmlns="urn:wdt" xmlns:wd="urn:ietf:params:xml:ns:netconf:default:1.0" xmlns:pwd="urn:wdt" wd:default="true">pwd:j</x>',
    );
  });
  it('an absent target container yields its defaults in report-all modes only', () => {
    const np = child<ContainerNode>('np');
    assert.equal(
      encodeXmlString({ schema: np, value: undefined }, schema, { withDefaults: 'report-all' }),
      `<np ${T}><x>x</x></np>`,
    );
    assert.equal(encodeXmlString({ schema: np, value: undefined }, schema), '');
  });
  it('content=nonconfig leaves out containers without state data', () => {
    assert.equal(
      xmlOf(data, { content: 'nonconfig' }),
      `<top ${T}><state>up</state><l><k1>1</k1><k2>b</k2><sv>y</sv></l></top><stats ${T}><count>3</count></stats>`,
    );
  });
});
