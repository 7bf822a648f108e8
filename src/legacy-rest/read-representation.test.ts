import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { DataTree } from '../data/index.ts';
import { decodeJson, decodeXmlDocument, encodeJsonString, resolveInstancePath } from '../data/index.ts';
import type { LegacyFormat } from './legacy-names.ts';
import { parseLegacyQuery } from './query-parameters.ts';
import { renderLegacyReadString } from './read-representation.ts';
import { normalizeLegacyJson, stripLegacyXml } from './request-bodies.ts';
import { resolveLegacyPath } from './resource-path.ts';
import { identitySchema, ltSchema, plainSchema } from './test-schema.test-support.ts';

const lt = ltSchema();
const LT_TREE: DataTree = decodeJson(
  lt,
  {
    'lt:top': {
      name: 'n',
      tags: ['a'],
      multi: [
        { name: 'm1', kind: 'lt2:alpha', v: 'mv', sub: [{ n: 1, w: 'w1' }] },
        { name: 'a/b,c', kind: 'beta' },
      ],
      'lt2:more': { w: 'mw' },
    },
    'lt:roots': [{ id: 'r1' }, { id: 'r2' }, { id: 'r3' }],
  },
  { schema: lt },
);

const render = (path: string, query: string, format: LegacyFormat, tree = LT_TREE, schema = lt): string => {
  const resource = resolveLegacyPath(schema, path);
  if (resource.kind !== 'datastore' && resource.kind !== 'data') throw new Error(`${path} is not readable`);
  const value = resource.kind === 'datastore' ? tree : resolveInstancePath(tree, resource.path);
  return renderLegacyReadString({
    schema,
    resource,
    value,
    query: parseLegacyQuery(new URLSearchParams(query), 'GET', resource),
    format,
  });
};

const R = '/admin/api/rest/running';
const Y = 'xmlns:y="http://tail-f.com/ns/rest"';

describe('legacy read bodies', () => {
  const cases: { name: string; path: string; query?: string; json: unknown; xml: string }[] = [
    {
      name: 'a datastore: data root, operations links, rollback link',
      path: '/running',
      json: {
        data: {
          'lt:top': {
            name: 'n',
            tags: ['a'],
            multi: [
              {
                name: 'm1',
                kind: 'lt2:alpha',
                operations: { reset: `${R}/lt:top/multi/m1,lt2:alpha/_operations/reset` },
              },
              {
                name: 'a/b,c',
                kind: 'lt:beta',
                operations: { reset: `${R}/lt:top/multi/a%2Fb%2Cc,lt:beta/_operations/reset` },
              },
            ],
            'lt2:more': { w: 'mw' },
            operations: { restart: `${R}/lt:top/_operations/restart` },
          },
          'lt:roots': [{ id: 'r1' }, { id: 'r2' }, { id: 'r3' }],
          operations: { rollback: `${R}/_rollback` },
        },
      },
      xml:
        `<data xmlns="http://tail-f.com/ns/rest" ${Y}><top xmlns="urn:lt"><name>n</name><tags>a</tags>` +
        `<multi><name>m1</name><kind xmlns:m="urn:lt2">m:alpha</kind><y:operations><reset>${R}/lt:top/multi/m1,lt2:alpha/_operations/reset</reset></y:operations></multi>` +
        `<multi><name>a/b,c</name><kind xmlns:l="urn:lt">l:beta</kind><y:operations><reset>${R}/lt:top/multi/a%2Fb%2Cc,lt:beta/_operations/reset</reset></y:operations></multi>` +
        `<more xmlns="urn:lt2"><w>mw</w></more><y:operations><restart>${R}/lt:top/_operations/restart</restart></y:operations></top>` +
        '<roots xmlns="urn:lt"><id>r1</id></roots><roots xmlns="urn:lt"><id>r2</id></roots><roots xmlns="urn:lt"><id>r3</id></roots>' +
        `<y:operations><rollback>${R}/_rollback</rollback></y:operations></data>`,
    },
    {
      name: 'operations=false: configuration only',
      path: '/running',
      query: 'operations=false&shallow',
      json: { data: { 'lt:top': {}, 'lt:roots': [{ id: 'r1' }, { id: 'r2' }, { id: 'r3' }] } },
      xml:
        `<data xmlns="http://tail-f.com/ns/rest" ${Y}><top xmlns="urn:lt"></top>` +
        '<roots xmlns="urn:lt"><id>r1</id></roots><roots xmlns="urn:lt"><id>r2</id></roots><roots xmlns="urn:lt"><id>r3</id></roots></data>',
    },
    {
      name: 'a collection with offset and limit',
      path: '/running/roots',
      query: 'offset=1&limit=1',
      json: { collection: { 'lt:roots': [{ id: 'r2' }] } },
      xml: `<collection ${Y}><roots xmlns="urn:lt"><id>r2</id></roots></collection>`,
    },
    {
      name: 'an offset past the end',
      path: '/running/roots',
      query: 'offset=7',
      json: { collection: { 'lt:roots': [] } },
      xml: `<collection ${Y}></collection>`,
    },
    {
      name: 'a list entry is an object, verbose adds _self and _path',
      path: '/running/l:top/multi/m1,m:alpha',
      query: 'verbose&deep',
      json: {
        'lt:multi': {
          _self: `${R}/lt:top/multi/m1,lt2:alpha`,
          _path: "/l:top/l:multi[l:name='m1'][l:kind='m:alpha']",
          name: 'm1',
          kind: 'lt2:alpha',
          v: 'mv',
          sub: [{ _self: `${R}/lt:top/multi/m1,lt2:alpha/sub/1`, n: 1, w: 'w1' }],
          operations: { reset: `${R}/lt:top/multi/m1,lt2:alpha/_operations/reset` },
        },
      },
      xml:
        `<multi xmlns="urn:lt" ${Y} y:self="${R}/lt:top/multi/m1,lt2:alpha" y:path="/l:top/l:multi[l:name=&apos;m1&apos;][l:kind=&apos;m:alpha&apos;]">` +
        `<name>m1</name><kind xmlns:m="urn:lt2">m:alpha</kind><v>mv</v><sub y:self="${R}/lt:top/multi/m1,lt2:alpha/sub/1"><n>1</n><w>w1</w></sub>` +
        `<y:operations><reset>${R}/lt:top/multi/m1,lt2:alpha/_operations/reset</reset></y:operations></multi>`,
    },
    {
      name: 'a list entry without annotations is still an object',
      path: '/running/roots/r1',
      json: { 'lt:roots': { id: 'r1' } },
      xml: '<roots xmlns="urn:lt"><id>r1</id></roots>',
    },
    {
      name: 'a leaf',
      path: '/running/l:top/name',
      query: 'verbose',
      json: { 'lt:name': 'n' },
      xml: '<name xmlns="urn:lt">n</name>',
    },
    {
      name: 'a leaf-list entry',
      path: '/running/l:top/tags/a',
      json: { 'lt:tags': ['a'] },
      xml: '<tags xmlns="urn:lt">a</tags>',
    },
    {
      name: 'an augmented container is qualified in URLs',
      path: '/running/l:top/m:more',
      query: 'verbose',
      json: { 'lt2:more': { _self: `${R}/lt:top/lt2:more`, _path: '/l:top/m:more', w: 'mw' } },
      xml: `<more xmlns="urn:lt2" ${Y} y:self="${R}/lt:top/lt2:more" y:path="/l:top/m:more"><w>mw</w></more>`,
    },
  ];
  for (const { name, path, query, json, xml } of cases) {
    it(`${name} (JSON)`, () => assert.deepEqual(JSON.parse(render(path, query ?? '', 'json')), json));
    it(`${name} (XML)`, () => assert.equal(render(path, query ?? '', 'xml'), xml));
  }
});

describe('legacy read bodies: more shapes', () => {
  it('a collection whose entries have actions (JSON, verbose)', () => {
    assert.deepEqual(JSON.parse(render('/running/l:top/multi', 'verbose', 'json')), {
      collection: {
        'lt:multi': [
          {
            _self: `${R}/lt:top/multi/m1,lt2:alpha`,
            name: 'm1',
            kind: 'lt2:alpha',
            v: 'mv',
            sub: [{ _self: `${R}/lt:top/multi/m1,lt2:alpha/sub/1`, n: 1 }],
            operations: { reset: `${R}/lt:top/multi/m1,lt2:alpha/_operations/reset` },
          },
          {
            _self: `${R}/lt:top/multi/a%2Fb%2Cc,lt:beta`,
            name: 'a/b,c',
            kind: 'lt:beta',
            operations: { reset: `${R}/lt:top/multi/a%2Fb%2Cc,lt:beta/_operations/reset` },
          },
        ],
      },
    });
  });

  it('a collection whose entries have actions (XML, verbose)', () => {
    assert.equal(
      render('/running/l:top/multi', 'verbose', 'xml'),
      `<collection ${Y}><multi xmlns="urn:lt" y:self="${R}/lt:top/multi/m1,lt2:alpha"><name>m1</name><kind xmlns:m="urn:lt2">m:alpha</kind><v>mv</v>` +
        `<sub y:self="${R}/lt:top/multi/m1,lt2:alpha/sub/1"><n>1</n></sub><y:operations><reset>${R}/lt:top/multi/m1,lt2:alpha/_operations/reset</reset></y:operations></multi>` +
        `<multi xmlns="urn:lt" y:self="${R}/lt:top/multi/a%2Fb%2Cc,lt:beta"><name>a/b,c</name><kind xmlns:l="urn:lt">l:beta</kind>` +
        `<y:operations><reset>${R}/lt:top/multi/a%2Fb%2Cc,lt:beta/_operations/reset</reset></y:operations></multi></collection>`,
    );
  });

  it('keyless state list entries get no self link', () => {
    const tree = decodeJson(lt, { 'lt:top': { stats: [{ hits: 1 }, { hits: 2 }] } }, { schema: lt });
    assert.deepEqual(JSON.parse(render('/operational/l:top/stats', 'verbose', 'json', tree)), {
      collection: { 'lt:stats': [{ hits: 1 }, { hits: 2 }] },
    });
    assert.equal(
      render('/operational/l:top/stats', 'verbose', 'xml', tree),
      `<collection ${Y}><stats xmlns="urn:lt"><hits>1</hits></stats><stats xmlns="urn:lt"><hits>2</hits></stats></collection>`,
    );
    assert.deepEqual(JSON.parse(render('/operational/l:top', 'verbose&deep', 'json', tree)), {
      'lt:top': {
        _self: `${R.replace('running', 'operational')}/lt:top`,
        _path: '/l:top',
        stats: [{ hits: 1 }, { hits: 2 }],
        operations: { restart: `${R.replace('running', 'operational')}/lt:top/_operations/restart` },
      },
    });
  });

  it('an absent collection is empty', () => {
    const tree = decodeJson(lt, { 'lt:top': { name: 'x' } }, { schema: lt });
    assert.deepEqual(JSON.parse(render('/running/l:top/single', '', 'json', tree)), { collection: {} });
    assert.equal(render('/running/l:top/single', '', 'xml', tree), `<collection ${Y}></collection>`);
  });

  const plain = plainSchema();
  const plainTree: DataTree = decodeJson(
    plain,
    { 'plain:box': { label: 'l', item: [{ id: 'i' }] } },
    { schema: plain },
  );
  it('a datastore without actions streams, with the rollback link added at the end', () => {
    assert.deepEqual(JSON.parse(render('/running', '', 'json', plainTree, plain)), {
      data: { 'plain:box': { label: 'l', item: [{ id: 'i' }] }, operations: { rollback: `${R}/_rollback` } },
    });
    assert.equal(
      render('/running', '', 'xml', plainTree, plain),
      `<data xmlns="http://tail-f.com/ns/rest" ${Y}><box xmlns="urn:plain"><label>l</label><item><id>i</id></item></box>` +
        `<y:operations><rollback>${R}/_rollback</rollback></y:operations></data>`,
    );
  });

  it('an empty datastore', () => {
    const empty = decodeJson(plain, {}, { schema: plain });
    assert.deepEqual(JSON.parse(render('/running', '', 'json', empty, plain)), {
      data: { operations: { rollback: `${R}/_rollback` } },
    });
    assert.deepEqual(JSON.parse(render('/operational', '', 'json', empty, plain)), { data: {} });
    assert.equal(
      render('/running', '', 'xml', empty, plain),
      `<data xmlns="http://tail-f.com/ns/rest" ${Y}><y:operations><rollback>${R}/_rollback</rollback></y:operations></data>`,
    );
  });
});

describe('full backup and restore (GET /running?deep → PUT /running?force-put)', () => {
  const schema = identitySchema();
  const factory = JSON.parse(readFileSync(join(import.meta.dirname, '../../models/factory-default.json'), 'utf8'));
  const base: DataTree = decodeJson(schema, factory, { schema, config: true });
  // A few hundred generated entries on top of the factory default.
  const endpoints = Array.from({ length: 300 }, (_, index) => ({
    id: `generated-${index}`,
    uri: `/generated/${index}/a,b&c<"q">`,
    'endpoint-kind': 'profile-oauth:oauth-token',
  }));
  const tree: DataTree = decodeJson(
    schema,
    {
      ...factory,
      'base:profiles': {
        profile: [
          ...factory['base:profiles'].profile,
          { id: 'generated-profile', type: 'profile-oauth:oauth-service', endpoints: { endpoint: endpoints } },
        ],
      },
    },
    { schema, config: true },
  );
  const text = (data: DataTree, withDefaults: 'explicit' | 'report-all'): string =>
    encodeJsonString(data, schema, { withDefaults });

  // The legacy default leaves out values equal to their default (Decision 4): the restored
  // configuration is the same effective configuration; with-defaults=explicit keeps even
  // whether a default value was set explicitly.
  const modes: { query: string; compare: 'explicit' | 'report-all' }[] = [
    { query: 'deep', compare: 'report-all' },
    { query: 'deep&verbose', compare: 'report-all' },
    { query: 'deep&with-defaults=explicit', compare: 'explicit' },
  ];
  for (const { query, compare } of modes) {
    it(`JSON, ?${query}`, () => {
      for (const data of [base, tree]) {
        const body = render('/running', query, 'json', data, schema);
        const restored = decodeJson(schema, normalizeLegacyJson(JSON.parse(body), schema), { schema, config: true });
        assert.equal(text(restored, compare), text(data, compare));
      }
    });
    it(`XML, ?${query}`, () => {
      for (const data of [base, tree]) {
        const body = render('/running', query, 'xml', data, schema);
        const restored = decodeXmlDocument(schema, stripLegacyXml(body), { schema, config: true });
        assert.equal(text(restored, compare), text(data, compare));
      }
    });
  }
});
