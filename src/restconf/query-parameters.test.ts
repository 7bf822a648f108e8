/**
 * @module restconf/query-parameters.test
 * Tables of good and bad queries: each parameter with the methods RFC 8040 allows it on, its
 * values, repeated and unknown parameters, insert/point against the target, rollback-*.
 * @see RFC 8040 §4.8
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DataSchemaNode } from '../data/index.ts';
import { formatInstancePath } from '../data/index.ts';
import { parseDataResourcePath } from './data-resource-path.ts';
import { checkInsertedNode } from './insertion.ts';
import type { RestconfMethod, RestconfQuery } from './query-parameters.ts';
import { parseQuery } from './query-parameters.ts';
import type { ResourceTarget } from './resource-target.ts';
import { assertManagementError } from './test-assertions.test-support.ts';
import { pathsTestSchema } from './test-modules.test-support.ts';

const schema = pathsTestSchema();
const target = (path: string): ResourceTarget => parseDataResourcePath(path, schema);
const query = (text: string, method: RestconfMethod, path = '/example-jukebox:jukebox'): RestconfQuery =>
  parseQuery(text, { method, target: target(path), schema });
const node = (path: string): DataSchemaNode => {
  const found = target(path);
  if (found.kind !== 'data') throw new Error(`${path} is not a data node`);
  return found.node;
};

const PLAYLIST = '/example-jukebox:jukebox/playlist=Foo-One';
const SONG_1 = `${PLAYLIST}/song=1`;

describe('parseQuery: good queries', () => {
  it('no query gives the defaults', () => {
    for (const text of ['', '?', '&&']) {
      assert.deepEqual(query(text, 'GET'), {
        read: {},
        insertion: undefined,
        rollbackComment: undefined,
        rollbackLabel: undefined,
        rollbackId: false,
        pagination: undefined,
      });
    }
  });
  it('content, depth and with-defaults on GET', () => {
    assert.deepEqual(query('content=config&depth=2&with-defaults=report-all-tagged', 'GET').read, {
      content: 'config',
      depth: 2,
      withDefaults: 'report-all-tagged',
    });
  });
  it('depth=unbounded leaves depth out; depth=65535 is the maximum', () => {
    assert.deepEqual(query('depth=unbounded', 'HEAD').read, {});
    assert.equal(query('depth=65535', 'GET').read.depth, 65535);
  });
  it('fields relative to a container, a list, a list entry and the datastore', () => {
    const names = (q: RestconfQuery): string[] => [...(q.read.fields?.keys() ?? [])].map((n) => n.name);
    assert.deepEqual(names(query('fields=library/artist/name;player', 'GET')), ['library', 'player']);
    assert.deepEqual(names(query('fields=name', 'GET', '/example-jukebox:jukebox/library/artist')), ['name']);
    assert.deepEqual(names(query('fields=album(name)', 'GET', '/example-jukebox:jukebox/library/artist=Foo')), [
      'album',
    ]);
    assert.deepEqual(names(query('fields=example-jukebox:jukebox/player', 'GET', '')), ['jukebox']);
  });
  it('an encoded fields value (RFC 8040 §4.8.3)', () => {
    assert.equal(query('fields=library%2Fartist%2Fname', 'GET').read.fields?.size, 1);
  });
  it('rollback-comment, rollback-label and rollback-id on writes; "+" stays a plus sign', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const parsed = query('rollback-comment=fix+it%20now&rollback-label=v2&rollback-id=true', method);
      assert.equal(parsed.rollbackComment, 'fix+it now');
      assert.equal(parsed.rollbackLabel, 'v2');
      assert.equal(parsed.rollbackId, true);
    }
    assert.equal(query('rollback-id=false', 'PATCH').rollbackId, false);
    assert.equal(query('rollback-comment=', 'DELETE').rollbackComment, '');
  });
  it('rollback parameters on an action invocation', () => {
    assert.equal(
      query('rollback-comment=new%20key', 'POST', '/base:facilities/crypto/add-signing-key').rollbackComment,
      'new key',
    );
  });
  it('decoded pairs (URLSearchParams) are accepted too', () => {
    const parsed = parseQuery(new URLSearchParams('depth=3&content=nonconfig'), {
      method: 'GET',
      target: target('/example-jukebox:jukebox'),
      schema,
    });
    assert.deepEqual(parsed.read, { depth: 3, content: 'nonconfig' });
  });
  it('insert=first and insert=last on POST into a playlist', () => {
    assert.deepEqual(query('insert=first', 'POST', PLAYLIST).insertion, { where: 'first' });
    assert.deepEqual(query('insert=last', 'POST', PLAYLIST).insertion, { where: 'last' });
  });
  it('insert=after with the point of RFC 8040 §4.8.6 (encoded as in its example)', () => {
    const parsed = query(
      'insert=after&point=%2Fexample-jukebox%3Ajukebox%2Fplaylist=Foo-One%2Fsong=1',
      'POST',
      PLAYLIST,
    );
    const insertion = parsed.insertion;
    assert.equal(insertion?.where, 'after');
    assert.ok(insertion !== undefined && 'point' in insertion);
    assert.equal(
      formatInstancePath(insertion.point.path),
      "/example-jukebox:jukebox/playlist[name='Foo-One']/song[index='1']",
    );
  });
  it('insert=before on PUT of another entry of the same list', () => {
    const parsed = query(`insert=before&point=${encodeURIComponent(SONG_1)}`, 'PUT', `${PLAYLIST}/song=2`);
    assert.equal(parsed.insertion?.where, 'before');
  });
  it('insert on PUT of an ordered-by user leaf-list entry', () => {
    assert.deepEqual(query('insert=first', 'PUT', '/t-paths:top/tags=x').insertion, { where: 'first' });
    const parsed = query('insert=after&point=/t-paths:top/tags=y', 'PUT', '/t-paths:top/tags=x');
    assert.equal(parsed.insertion?.where, 'after');
  });
  it('insert on POST to the datastore or a list entry holding an ordered-by user list', () => {
    assert.deepEqual(query('insert=first', 'POST', '/t-paths:top').insertion, { where: 'first' });
    assert.deepEqual(query('insert=first', 'POST', '/t-paths:top/colored=red').insertion, { where: 'first' });
  });
  it('a point written as a full request path below the data root', () => {
    const parsed = parseQuery(`insert=after&point=${encodeURIComponent(`/admin/api/restconf/data${SONG_1}`)}`, {
      method: 'POST',
      target: target(PLAYLIST),
      schema,
      dataRoot: '/admin/api/restconf/data',
    });
    assert.equal(parsed.insertion?.where, 'after');
  });
  it('a point key with a percent sign is encoded twice', () => {
    const parsed = query(
      `insert=after&point=${encodeURIComponent('/t-paths:top/tags=100%25')}`,
      'PUT',
      '/t-paths:top/tags=x',
    );
    const insertion = parsed.insertion;
    assert.ok(insertion !== undefined && 'point' in insertion);
    assert.equal(insertion.point.path.at(-1)?.value, '100%');
  });
});

describe('parseQuery: bad queries', () => {
  const cases: {
    name: string;
    query: string;
    method: RestconfMethod;
    path?: string;
    message?: RegExp;
    code?: 'INVALID_VALUE' | 'MALFORMED_MESSAGE';
  }[] = [
    { name: 'unknown parameter', query: 'deep=1', method: 'GET', message: /unknown query parameter "deep"/ },
    { name: 'unknown parameter on a write', query: 'force-put', method: 'PUT', message: /unknown query parameter/ },
    { name: 'repeated parameter', query: 'depth=1&depth=2', method: 'GET', message: /depth is given more than once/ },
    {
      name: 'repeated parameter with the same value',
      query: 'content=all&content=all',
      method: 'GET',
      message: /more than once/,
    },
    { name: 'depth=0', query: 'depth=0', method: 'GET', message: /depth/ },
    { name: 'depth=65536', query: 'depth=65536', method: 'GET', message: /depth/ },
    { name: 'depth=01', query: 'depth=01', method: 'GET', message: /depth/ },
    { name: 'depth without a value', query: 'depth', method: 'GET', message: /depth/ },
    { name: 'content=everything', query: 'content=everything', method: 'GET', message: /content/ },
    { name: 'with-defaults=none', query: 'with-defaults=none', method: 'GET', message: /with-defaults/ },
    {
      name: 'depth on PUT',
      query: 'depth=1',
      method: 'PUT',
      message: /depth is not allowed with PUT, only with GET, HEAD/,
    },
    { name: 'content on POST', query: 'content=config', method: 'POST', message: /content/ },
    { name: 'with-defaults on DELETE', query: 'with-defaults=trim', method: 'DELETE', message: /with-defaults/ },
    { name: 'fields on PATCH', query: 'fields=player', method: 'PATCH', message: /fields/ },
    { name: 'insert on GET', query: 'insert=first', method: 'GET', message: /insert/ },
    { name: 'point on PATCH', query: `point=${SONG_1}`, method: 'PATCH', message: /point/ },
    { name: 'rollback-comment on GET', query: 'rollback-comment=x', method: 'GET', message: /rollback-comment/ },
    { name: 'rollback-id on HEAD', query: 'rollback-id=true', method: 'HEAD', message: /rollback-id/ },
    { name: 'depth on OPTIONS', query: 'depth=1', method: 'OPTIONS', message: /OPTIONS/ },
    { name: 'rollback-id=yes', query: 'rollback-id=yes', method: 'POST', message: /rollback-id must be true or false/ },
    { name: 'filter', query: 'filter=/a', method: 'GET', message: /event streams/ },
    { name: 'start-time', query: 'start-time=2024-01-01T00:00:00Z', method: 'GET', message: /event streams/ },
    { name: 'stop-time', query: 'stop-time=2024-01-01T00:00:00Z', method: 'GET', message: /event streams/ },
    { name: 'fields with an unknown node', query: 'fields=nothing', method: 'GET', message: /fields/ },
    { name: 'fields with bad syntax', query: 'fields=library(', method: 'GET', message: /fields/ },
    {
      name: 'fields on a leaf',
      query: 'fields=x',
      method: 'GET',
      path: '/example-jukebox:jukebox/player/gap',
      message: /leaf gap, which has no child nodes/,
    },
    { name: 'fields on an RPC', query: 'fields=x', method: 'GET', path: '/example-ops:reboot', message: /not data/ },
    {
      name: 'bad percent-encoding',
      query: 'rollback-comment=100%',
      method: 'POST',
      code: 'MALFORMED_MESSAGE',
    },
    {
      name: 'insert=middle',
      query: 'insert=middle',
      method: 'POST',
      path: PLAYLIST,
      message: /first, last, before or after/,
    },
    {
      name: 'insert=before without point',
      query: 'insert=before',
      method: 'POST',
      path: PLAYLIST,
      message: /needs a point/,
    },
    {
      name: 'point without insert',
      query: `point=${SONG_1}`,
      method: 'POST',
      path: PLAYLIST,
      message: /needs insert=before/,
    },
    {
      name: 'point with insert=first',
      query: `insert=first&point=${SONG_1}`,
      method: 'POST',
      path: PLAYLIST,
      message: /not insert=first/,
    },
    {
      name: 'point that is not a path',
      query: 'insert=after&point=song=1',
      method: 'POST',
      path: PLAYLIST,
      message: /point must be the path/,
    },
    {
      name: 'point naming an unknown node',
      query: 'insert=after&point=/example-jukebox:jukebox/playlist=Foo-One/tune=1',
      method: 'POST',
      path: PLAYLIST,
      message: /^point: /,
    },
    {
      name: 'point naming a container',
      query: 'insert=after&point=/example-jukebox:jukebox/player',
      method: 'POST',
      path: PLAYLIST,
      message: /one entry of an ordered-by user list/,
    },
    {
      name: 'point naming an entry of a list ordered by the system',
      query: 'insert=after&point=/example-jukebox:jukebox/library/artist=Foo',
      method: 'POST',
      path: '/example-jukebox:jukebox/library',
      message: /ordered-by user/,
    },
    {
      name: 'point in another playlist (POST)',
      query: 'insert=after&point=/example-jukebox:jukebox/playlist=Other/song=1',
      method: 'POST',
      path: PLAYLIST,
      message: /directly below the target/,
    },
    {
      name: 'point in another playlist (PUT)',
      query: 'insert=after&point=/example-jukebox:jukebox/playlist=Other/song=1',
      method: 'PUT',
      path: `${PLAYLIST}/song=2`,
      message: /same list/,
    },
    {
      name: 'point naming the target itself',
      query: `insert=after&point=${SONG_1}`,
      method: 'PUT',
      path: SONG_1,
      message: /target itself/,
    },
    {
      name: 'insert on PUT of an entry of a list ordered by the system',
      query: 'insert=first',
      method: 'PUT',
      path: '/example-jukebox:jukebox/library/artist=Foo',
      message: /ordered-by user/,
    },
    { name: 'insert on PUT of a container', query: 'insert=first', method: 'PUT', message: /ordered-by user/ },
    {
      name: 'insert on POST where no ordered-by user list can be created',
      query: 'insert=first',
      method: 'POST',
      path: '/example-jukebox:jukebox/library',
      message: /has none/,
    },
    {
      name: 'insert on POST of an action',
      query: 'insert=first',
      method: 'POST',
      path: '/example-actions:interfaces/interface=eth0/reset',
      message: /insert with POST applies only/,
    },
    {
      name: 'insert on POST to a whole list',
      query: 'insert=first',
      method: 'POST',
      path: `${PLAYLIST}/song`,
      message: /insert with POST applies only/,
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () =>
      assertManagementError(() => query(testCase.query, testCase.method, testCase.path), {
        code: testCase.code ?? 'INVALID_VALUE',
        ...(testCase.message === undefined ? {} : { message: testCase.message }),
      }),
    );
  }
  it('query parameter errors are of type protocol', () =>
    assertManagementError(() => query('deep', 'GET'), { code: 'INVALID_VALUE', type: 'protocol' }));
  it('a bad point carries its error-path', () =>
    assertManagementError(() => query('insert=after&point=/example-jukebox:jukebox/player', 'POST', PLAYLIST), {
      code: 'INVALID_VALUE',
      path: '/example-jukebox:jukebox/player',
    }));
});

describe('checkInsertedNode', () => {
  const song = node(`${PLAYLIST}/song`);
  it('accepts the point’s list', () => {
    const parsed = query(`insert=after&point=${encodeURIComponent(SONG_1)}`, 'POST', PLAYLIST);
    assert.ok(parsed.insertion !== undefined);
    checkInsertedNode(parsed.insertion, song, PLAYLIST);
  });
  it('rejects a node that is not ordered by the user', () => {
    assertManagementError(() => checkInsertedNode({ where: 'first' }, node('/t-paths:top/multi'), '/t-paths:top'), {
      code: 'INVALID_VALUE',
      path: '/t-paths:top',
    });
  });
  it('rejects another list than the point’s', () => {
    const parsed = query('insert=after&point=/t-paths:top/tags=a', 'POST', '/t-paths:top');
    assert.ok(parsed.insertion !== undefined);
    const colored = node('/t-paths:top/colored');
    assertManagementError(
      () => checkInsertedNode(parsed.insertion as NonNullable<typeof parsed.insertion>, colored, '/t-paths:top'),
      {
        code: 'INVALID_VALUE',
        message: /tags/,
      },
    );
  });
});
