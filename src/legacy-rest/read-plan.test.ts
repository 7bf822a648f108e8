import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DataTree, EncodeTarget } from '../data/index.ts';
import { decodeJson, encodeJsonString, resolveInstancePath } from '../data/index.ts';
import { isManagementError } from '../errors/index.ts';
import type { LegacyQuery } from './query-parameters.ts';
import { parseLegacyQuery } from './query-parameters.ts';
import { legacyReadOptions } from './read-plan.ts';
import { resolveLegacyPath } from './resource-path.ts';
import { ltSchema } from './test-schema.test-support.ts';

const schema = ltSchema();

const TREE: DataTree = decodeJson(
  schema,
  {
    'lt:top': {
      name: 'n',
      count: 3,
      tags: ['a', 'b'],
      inner: { x: 'x1', deeper: { y: 'y1' }, items: [{ id: 'i1', v: 'v1' }] },
      pres: { z: 'z1', below: { q: 'q1' } },
      multi: [
        { name: 'm1', kind: 'beta', v: 'mv', sub: [{ n: 1, w: 'w1' }] },
        { name: 'm2', kind: 'lt2:alpha' },
      ],
      'lt2:extra': 'e',
      'lt2:more': { w: 'mw' },
      state: 's',
    },
    'lt:roots': [{ id: 'r1', v: 'rv', nested: [{ k: 'k1' }] }],
    'lt2:top': { other: 'o' },
  },
  { schema },
);

/** GET `path?query` rendered with the plain RFC 7951 encoder under the legacy read options. */
const read = (path: string, queryText = ''): unknown => {
  const resource = resolveLegacyPath(schema, path);
  const query: LegacyQuery = parseLegacyQuery(new URLSearchParams(queryText), 'GET', resource);
  const options = legacyReadOptions(schema, resource, query);
  let target: EncodeTarget = TREE;
  if (resource.kind === 'data') {
    const last = resource.path.at(-1);
    if (last === undefined) throw new Error('empty path');
    target = { schema: last.schema, value: resolveInstancePath(TREE, resource.path) };
  }
  return JSON.parse(encodeJsonString(target, schema, options));
};

describe('variable depth (no deep/shallow)', () => {
  it('renders a container with its leaves, non-presence containers, placeholder presence containers, key-only lists', () => {
    assert.deepEqual(read('/running/l:top'), {
      'lt:top': {
        name: 'n',
        tags: ['a', 'b'],
        inner: { x: 'x1', deeper: { y: 'y1' }, items: [{ id: 'i1' }] },
        pres: {},
        multi: [
          { name: 'm1', kind: 'lt:beta' },
          { name: 'm2', kind: 'lt2:alpha' },
        ],
        'lt2:extra': 'e',
        'lt2:more': { w: 'mw' },
      },
    });
  });

  it('renders a list entry target fully, its nested lists key-only', () => {
    assert.deepEqual(read('/running/l:top/multi/m1,beta'), {
      'lt:multi': [{ name: 'm1', kind: 'lt:beta', v: 'mv', sub: [{ n: 1 }] }],
    });
  });

  it('renders each entry of a collection by the same rule', () => {
    assert.deepEqual(read('/running/roots'), { 'lt:roots': [{ id: 'r1', v: 'rv', nested: [{ k: 'k1' }] }] });
  });

  it('expands a presence container when it is the target', () => {
    assert.deepEqual(read('/running/l:top/pres'), { 'lt:pres': { z: 'z1', below: { q: 'q1' } } });
  });

  it('treats every top-level node of a datastore as a target', () => {
    const data = read('/running') as Record<string, unknown>;
    assert.deepEqual(data['lt:roots'], [{ id: 'r1', v: 'rv', nested: [{ k: 'k1' }] }]);
    assert.deepEqual((data['lt:top'] as Record<string, unknown>).multi, [
      { name: 'm1', kind: 'lt:beta' },
      { name: 'm2', kind: 'lt2:alpha' },
    ]);
    assert.deepEqual(data['lt2:top'], { other: 'o' });
  });

  it('leaves state data out of running, keeps it in operational', () => {
    assert.equal((read('/running/l:top') as { 'lt:top': { state?: string } })['lt:top'].state, undefined);
    assert.equal((read('/operational/l:top') as { 'lt:top': { state?: string } })['lt:top'].state, 's');
  });
});

describe('shallow and deep', () => {
  it('shallow: the leaves, containers and lists as placeholders', () => {
    assert.deepEqual(read('/running/l:top', 'shallow'), {
      'lt:top': {
        name: 'n',
        tags: ['a', 'b'],
        inner: {},
        pres: {},
        multi: [
          { name: 'm1', kind: 'lt:beta' },
          { name: 'm2', kind: 'lt2:alpha' },
        ],
        'lt2:extra': 'e',
        'lt2:more': {},
      },
    });
  });

  it('shallow on a datastore lists the top-level nodes as placeholders', () => {
    assert.deepEqual(read('/running', 'shallow='), { 'lt:top': {}, 'lt:roots': [{ id: 'r1' }], 'lt2:top': {} });
  });

  it('deep: everything', () => {
    assert.deepEqual(read('/running/l:top/multi/m1,beta', 'deep=true'), {
      'lt:multi': [{ name: 'm1', kind: 'lt:beta', v: 'mv', sub: [{ n: 1, w: 'w1' }] }],
    });
    assert.deepEqual(read('/running/l:top/pres', 'deep'), { 'lt:pres': { z: 'z1', below: { q: 'q1' } } });
  });

  it('a leaf target is the leaf, whatever the depth', () => {
    assert.deepEqual(read('/running/l:top/name', 'shallow'), { 'lt:name': 'n' });
  });
});

describe('with-defaults', () => {
  it('by default omits values equal to their default, report-all adds defaults', () => {
    assert.equal((read('/running/l:top') as { 'lt:top': { count?: number } })['lt:top'].count, undefined);
    assert.equal(
      (read('/running/l:top', 'with-defaults=report-all') as { 'lt:top': { count?: number } })['lt:top'].count,
      3,
    );
    assert.equal(
      (read('/running/l:top', 'with-defaults=explicit') as { 'lt:top': { count?: number } })['lt:top'].count,
      3,
    );
  });
});

describe('select', () => {
  const cases: { name: string; path: string; select: string; expected: unknown; depth?: string }[] = [
    { name: 'one leaf', path: '/running/l:top', select: 'name', expected: { 'lt:top': { name: 'n' } } },
    {
      name: 'two leaves and a nested node',
      path: '/running/l:top',
      select: 'name;inner/deeper/y',
      expected: { 'lt:top': { name: 'n', inner: { deeper: { y: 'y1' } } } },
    },
    {
      name: 'a(b;c)',
      path: '/running/l:top',
      select: 'inner(x;items)',
      expected: { 'lt:top': { inner: { x: 'x1', items: [{ id: 'i1' }] } } },
    },
    {
      name: 'a(*) is the whole subtree',
      path: '/running/l:top',
      select: 'inner(*)',
      expected: { 'lt:top': { inner: { x: 'x1', deeper: { y: 'y1' }, items: [{ id: 'i1', v: 'v1' }] } } },
    },
    {
      name: 'a list with a chosen child keeps the keys',
      path: '/running/l:top',
      select: 'multi(v)',
      expected: {
        'lt:top': {
          multi: [
            { name: 'm1', kind: 'lt:beta', v: 'mv' },
            { name: 'm2', kind: 'lt2:alpha' },
          ],
        },
      },
    },
    {
      name: 'a node and a path below it are united',
      path: '/running/l:top',
      select: 'inner;inner/items/v',
      expected: { 'lt:top': { inner: { x: 'x1', deeper: { y: 'y1' }, items: [{ id: 'i1', v: 'v1' }] } } },
    },
    {
      name: 'qualified names, module or prefix',
      path: '/running/l:top',
      select: 'lt2:extra;m:more',
      expected: { 'lt:top': { 'lt2:extra': 'e', 'lt2:more': { w: 'mw' } } },
    },
    {
      name: 'on a list entry',
      path: '/running/l:top/multi/m1,beta',
      select: 'v',
      expected: { 'lt:multi': [{ name: 'm1', kind: 'lt:beta', v: 'mv' }] },
    },
    {
      name: 'on a datastore',
      path: '/running',
      select: 'lt2:top',
      expected: { 'lt2:top': { other: 'o' } },
    },
    { name: 'top-level *', path: '/running/lt2:top', select: '*', expected: { 'lt2:top': { other: 'o' } } },
    {
      name: 'deep renders a selected node whole',
      path: '/running/l:top',
      select: 'multi',
      depth: 'deep',
      expected: {
        'lt:top': {
          multi: [
            { name: 'm1', kind: 'lt:beta', v: 'mv', sub: [{ n: 1, w: 'w1' }] },
            { name: 'm2', kind: 'lt2:alpha' },
          ],
        },
      },
    },
  ];
  for (const { name, path, select, expected, depth } of cases) {
    it(name, () => {
      const query = `select=${encodeURIComponent(select)}${depth === undefined ? '' : `&${depth}`}`;
      assert.deepEqual(read(path, query), expected);
    });
  }

  const bad: { select: string; message: RegExp; path?: string }[] = [
    { select: 'nope', message: /no node "nope"/ },
    { select: 'name(x)', message: /has no child nodes/ },
    { select: 'inner(x', message: /expected "\)"/ },
    { select: 'inner)', message: /unexpected character/ },
    { select: ';', message: /expected a node name/ },
    { select: 'zz:name', message: /no module is named or prefixed "zz"/ },
    { select: 'x', message: /select needs a datastore, container or list/, path: '/running/l:top/name' },
  ];
  for (const { select, message, path } of bad) {
    it(`rejects ${select}`, () => {
      assert.throws(
        () => read(path ?? '/running/l:top', `select=${encodeURIComponent(select)}`),
        (error: unknown) => isManagementError(error) && error.code === 'INVALID_VALUE' && message.test(error.message),
      );
    });
  }
});
