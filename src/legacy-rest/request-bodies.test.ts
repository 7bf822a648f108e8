import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DataTree, InnerSchemaNode } from '../data/index.ts';
import { decodeJson, decodeXmlDocument, encodeJsonString } from '../data/index.ts';
import { isManagementError } from '../errors/index.ts';
import { normalizeLegacyJson, stripLegacyXml } from './request-bodies.ts';
import { ltSchema } from './test-schema.test-support.ts';

const schema = ltSchema();
const top = schema.dataChildIndex.get('lt:top') as InnerSchemaNode;

const decoded = (body: unknown, parent: InnerSchemaNode = schema): unknown => {
  const node = decodeJson(parent, normalizeLegacyJson(body, parent), { schema, config: true });
  const target = 'kind' in parent && parent.kind === 'container' ? { schema: parent, value: node } : (node as DataTree);
  return JSON.parse(encodeJsonString(target, schema));
};

describe('normalizeLegacyJson', () => {
  const expected = { 'lt:roots': [{ id: 'r1' }] };
  const cases: { name: string; body: unknown }[] = [
    { name: 'bare top-level members', body: { 'lt:roots': [{ id: 'r1' }] } },
    { name: 'the legacy data wrapper', body: { data: { 'lt:roots': [{ id: 'r1' }] } } },
    { name: 'a config wrapper', body: { config: { 'lt:roots': [{ id: 'r1' }] } } },
    { name: 'the RESTCONF data wrapper', body: { 'ietf-restconf:data': { 'lt:roots': [{ id: 'r1' }] } } },
    { name: 'a list entry as an object', body: { data: { 'lt:roots': { id: 'r1' } } } },
    {
      name: 'annotations read back from this API',
      body: {
        data: {
          _self: '/admin/api/rest/running',
          _path: '/',
          'lt:roots': [{ _self: '/admin/api/rest/running/roots/r1', id: 'r1' }],
          operations: { rollback: '/admin/api/rest/running/_rollback' },
        },
      },
    },
  ];
  for (const { name, body } of cases) it(name, () => assert.deepEqual(decoded(body), expected));

  it('annotations inside containers and entries, lists as objects below the top', () => {
    const body = {
      'lt:multi': {
        _self: '/x',
        name: 'a',
        kind: 'lt:beta',
        sub: { n: 4, _self: '/y' },
        operations: { reset: '/z' },
      },
    };
    assert.deepEqual(decoded(body, top), { 'lt:top': { multi: [{ name: 'a', kind: 'lt:beta', sub: [{ n: 4 }] }] } });
  });

  it('leaves unknown members for the decoder to reject', () => {
    assert.throws(
      () => decoded({ data: { 'lt:roots': [{ id: 'r1', nope: 1 }] } }),
      (error: unknown) => isManagementError(error),
    );
  });

  it('keeps a wrapper-named member below the top', () => {
    assert.deepEqual(normalizeLegacyJson({ data: 1 }, top), { data: 1 });
  });
});

describe('stripLegacyXml', () => {
  it('leaves text without the Tail-f namespace alone', () => {
    const text = '<top xmlns="urn:lt"><name>n</name></top>';
    assert.equal(stripLegacyXml(text), text);
  });

  it('removes y:self, y:path and y:operations, keeps the data root', () => {
    const text =
      '<data xmlns="http://tail-f.com/ns/rest" xmlns:y="http://tail-f.com/ns/rest" y:self="/r" y:path="/">' +
      '<top xmlns="urn:lt" y:self="/r/top"><name>a &amp; b</name><y:operations><restart>/r/x</restart></y:operations></top>' +
      '<y:operations><rollback>/r/_rollback</rollback></y:operations></data>';
    const stripped = stripLegacyXml(text);
    assert.equal(
      stripped,
      '<data xmlns="http://tail-f.com/ns/rest" xmlns:y="http://tail-f.com/ns/rest"><top xmlns="urn:lt"><name>a &amp; b</name></top></data>',
    );
    const tree = decodeXmlDocument(schema, stripped, { schema, config: true });
    assert.equal(encodeJsonString(tree, schema), '{"lt:top":{"name":"a & b"}}');
  });

  for (const bad of [
    '<data xmlns="http://tail-f.com/ns/rest"><a>',
    '<!DOCTYPE x [<!ENTITY e "x">]><data xmlns="http://tail-f.com/ns/rest"/>',
    'text <data xmlns="http://tail-f.com/ns/rest"/>',
  ]) {
    it(`rejects ${bad.slice(0, 30)}…`, () => {
      assert.throws(
        () => stripLegacyXml(bad),
        (error: unknown) => isManagementError(error) && error.code === 'MALFORMED_MESSAGE',
      );
    });
  }
});
