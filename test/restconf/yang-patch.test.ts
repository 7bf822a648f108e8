/**
 * @module test/restconf/yang-patch.test
 * YANG Patch over a real HTTPS socket (RFC 8072): the Appendix A examples on the jukebox, every
 * operation, JSON and XML, per-edit and global errors in yang-patch-status, one transaction
 * (a failing edit leaves everything as it was), and malformed patches.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { RestconfTestServer } from './restconf-test-server.ts';
import { firstError, JUKEBOX_CONFIG, jsonOf, startRestconfServer } from './restconf-test-server.ts';

const JUKEBOX = '/data/example-jukebox:jukebox';
const FOO = `${JUKEBOX}/library/artist=Foo%20Fighters`;
const WASTING_LIGHT = `${FOO}/album=Wasting%20Light`;
const PLAYLIST = `${JUKEBOX}/playlist=Foo-One`;
const PATCH_JSON = 'application/yang-patch+json';
const PATCH_XML = 'application/yang-patch+xml';
const XML = 'application/yang-data+xml';
const songId = (name: string): string =>
  `/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']/song[name='${name}']`;

interface Edit {
  readonly 'edit-id': string;
  readonly operation: string;
  readonly target: string;
  readonly point?: string;
  readonly where?: string;
  readonly value?: object;
}

const patch = (patchId: string, edits: readonly Edit[], comment?: string): object => ({
  'ietf-yang-patch:yang-patch': { 'patch-id': patchId, ...(comment === undefined ? {} : { comment }), edit: edits },
});

const song = (name: string, length: number): object => ({
  'example-jukebox:song': [
    { name, location: `/media/${name.toLowerCase().replaceAll(' ', '-')}.mp3`, format: 'MP3', length },
  ],
});

type Status = {
  'ietf-yang-patch:yang-patch-status': {
    'patch-id': string;
    ok?: [null];
    errors?: { error: Record<string, string>[] };
    'edit-status'?: { edit: { 'edit-id': string; errors?: { error: Record<string, string>[] } }[] };
  };
};

describe('YANG Patch (RFC 8072)', () => {
  let server: RestconfTestServer;
  before(async () => {
    // Room for the long patches (read edit by edit from 1 MiB on).
    server = await startRestconfServer(undefined, { bodyLimit: 4 * 1024 * 1024 });
  });
  after(async () => {
    await server.close();
  });
  beforeEach(async () => {
    const response = await server.request('PUT', '/data', { body: { 'ietf-restconf:data': JUKEBOX_CONFIG() } });
    assert.equal(response.status, 204, response.body);
  });

  const send = (path: string, body: object, query = '') =>
    server.request('PATCH', `${path}${query}`, { body: JSON.stringify(body), type: PATCH_JSON });
  const songs = async (): Promise<string[]> =>
    (
      jsonOf<{ 'example-jukebox:album': { song?: { name: string }[] }[] }>(await server.request('GET', WASTING_LIGHT))[
        'example-jukebox:album'
      ][0]?.song ?? []
    ).map((entry) => entry.name);
  const playlist = async (): Promise<number[]> =>
    (
      jsonOf<{ 'example-jukebox:playlist': { song: { index: number }[] }[] }>(await server.request('GET', PLAYLIST))[
        'example-jukebox:playlist'
      ][0]?.song ?? []
    ).map((entry) => entry.index);

  it("A.1.1: a create of a song that exists fails the whole patch with the edit's error (409)", async () => {
    const before = await songs();
    const response = await send(
      WASTING_LIGHT,
      patch('add-songs-patch', [
        {
          'edit-id': 'edit1',
          operation: 'create',
          target: '/song=Bridge%20Burning',
          value: song('Bridge Burning', 288),
        },
        { 'edit-id': 'edit2', operation: 'create', target: '/song=Dear%20Rosemary', value: song('Dear Rosemary', 269) },
      ]),
    );
    assert.equal(response.status, 409);
    assert.equal(response.headers['content-type'], 'application/yang-data+json');
    const status = jsonOf<Status>(response)['ietf-yang-patch:yang-patch-status'];
    assert.equal(status['patch-id'], 'add-songs-patch');
    const edit = status['edit-status']?.edit[0];
    assert.equal(edit?.['edit-id'], 'edit1');
    assert.equal(edit?.errors?.error[0]?.['error-tag'], 'data-exists');
    assert.equal(
      edit?.errors?.error[0]?.['error-path'],
      "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']/song[name='Bridge Burning']",
    );
    assert.deepEqual(await songs(), before, 'nothing changed');
  });

  it('A.1.2: creating new songs succeeds with ok', async () => {
    const response = await send(
      WASTING_LIGHT,
      patch('add-songs-patch-2', [
        { 'edit-id': 'edit1', operation: 'create', target: '/song=Dear%20Rosemary', value: song('Dear Rosemary', 269) },
        { 'edit-id': 'edit2', operation: 'merge', target: '/song=Rope', value: song('Rope', 260) },
      ]),
    );
    assert.equal(response.status, 200);
    assert.deepEqual(jsonOf(response), {
      'ietf-yang-patch:yang-patch-status': { 'patch-id': 'add-songs-patch-2', ok: [null] },
    });
    assert.deepEqual(await songs(), ['Bridge Burning', 'Rope', 'Dear Rosemary']);
  });

  it('A.1.3: insert a playlist entry after another', async () => {
    const response = await send(
      PLAYLIST,
      patch('insert-song-patch', [
        {
          'edit-id': 'edit1',
          operation: 'insert',
          target: '/song=5',
          point: '/song=1',
          where: 'after',
          value: { 'example-jukebox:song': [{ index: 5, id: songId('Bridge Burning') }] },
        },
      ]),
    );
    assert.equal(response.status, 200, response.body);
    assert.deepEqual(await playlist(), [1, 5, 2]);
  });

  it('A.1.4: move a playlist entry after another', async () => {
    const response = await send(
      PLAYLIST,
      patch('move-song-patch', [
        { 'edit-id': 'edit1', operation: 'move', target: '/song=1', point: '/song=2', where: 'after' },
      ]),
    );
    assert.equal(response.status, 200, response.body);
    assert.deepEqual(await playlist(), [2, 1]);
  });

  it('A.1.5-style: edits of the datastore resource with full targets', async () => {
    const response = await send(
      '/data',
      patch('datastore-patch', [
        {
          'edit-id': 'edit1',
          operation: 'replace',
          target: '/example-jukebox:jukebox/player',
          value: { 'example-jukebox:player': { gap: '1.0' } },
        },
        { 'edit-id': 'edit2', operation: 'remove', target: '/t-restconf:settings/name' },
      ]),
    );
    assert.equal(response.status, 200, response.body);
    assert.deepEqual(jsonOf(await server.request('GET', `${JUKEBOX}/player`)), {
      'example-jukebox:player': { gap: '1.0' },
    });
    assert.equal((await server.request('GET', '/data/t-restconf:settings/name')).status, 404);
  });

  it('every operation in one patch, applied in order as one commit', async () => {
    const files = jsonOf<{ 'idconf-rollback:rollback-files': { file: unknown[] } }>(
      await server.request('GET', '/data/idconf-rollback:rollback-files'),
    )['idconf-rollback:rollback-files'].file.length;
    const response = await send(
      '/data/t-restconf:settings',
      patch(
        'all-operations',
        [
          {
            'edit-id': 'c',
            operation: 'create',
            target: '/pair=y,2',
            value: { 't-restconf:pair': [{ a: 'y', b: 2 }] },
          },
          {
            'edit-id': 'm',
            operation: 'merge',
            target: '/pair=y,2',
            value: { 't-restconf:pair': [{ a: 'y', b: 2, note: 'n' }] },
          },
          { 'edit-id': 'r', operation: 'replace', target: '/name', value: { 't-restconf:name': 'renamed' } },
          {
            'edit-id': 'i',
            operation: 'insert',
            target: '/tags=c',
            where: 'first',
            value: { 't-restconf:tags': ['c'] },
          },
          { 'edit-id': 'v', operation: 'move', target: '/tags=a', where: 'last' },
          { 'edit-id': 'd', operation: 'delete', target: '/pair=x,1' },
          { 'edit-id': 'x', operation: 'remove', target: '/mtu' },
        ],
        'one patch, one commit',
      ),
    );
    assert.equal(response.status, 200, response.body);
    assert.deepEqual(jsonOf(await server.request('GET', '/data/t-restconf:settings')), {
      't-restconf:settings': { name: 'renamed', tags: ['c', 'b', 'a'], pair: [{ a: 'y', b: 2, note: 'n' }] },
    });
    const after = jsonOf<{ 'idconf-rollback:rollback-files': { file: { comment?: string }[] } }>(
      await server.request('GET', '/data/idconf-rollback:rollback-files'),
    )['idconf-rollback:rollback-files'].file;
    assert.equal(after.length, files + 1);
    assert.equal(after[0]?.comment, 'one patch, one commit', 'the patch comment is the commit comment');
  });

  it('the same patch in XML, with a value whose namespace is declared on the root', async () => {
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<yang-patch xmlns="urn:ietf:params:xml:ns:yang:ietf-yang-patch" xmlns:jbox="http://example.com/ns/example-jukebox">
  <patch-id>xml-patch</patch-id>
  <edit>
    <edit-id>edit1</edit-id>
    <operation>create</operation>
    <target>/song=Dear%20Rosemary</target>
    <value>
      <jbox:song><jbox:name>Dear Rosemary</jbox:name><jbox:location>/media/dear-rosemary.mp3</jbox:location><jbox:length>269</jbox:length></jbox:song>
    </value>
  </edit>
  <edit>
    <edit-id>edit2</edit-id>
    <operation>merge</operation>
    <target>/</target>
    <value><album xmlns="http://example.com/ns/example-jukebox"><name>Wasting Light</name><genre>jbox:rock</genre></album></value>
  </edit>
</yang-patch>`;
    const response = await server.request('PATCH', WASTING_LIGHT, { body, type: PATCH_XML, accept: XML });
    assert.equal(response.status, 200, response.body);
    assert.equal(
      response.body.trim(),
      '<yang-patch-status xmlns="urn:ietf:params:xml:ns:yang:ietf-yang-patch"><patch-id>xml-patch</patch-id><ok/></yang-patch-status>',
    );
    assert.deepEqual(await songs(), ['Bridge Burning', 'Rope', 'Dear Rosemary']);
    assert.deepEqual(jsonOf(await server.request('GET', `${WASTING_LIGHT}/genre`)), {
      'example-jukebox:genre': 'example-jukebox:rock',
    });
  });

  it('an XML error reply names the edit, and its error-path declares its prefixes', async () => {
    const body = `<yang-patch xmlns="urn:ietf:params:xml:ns:yang:ietf-yang-patch"><patch-id>p</patch-id>
<edit><edit-id>only</edit-id><operation>delete</operation><target>/song=Nothing</target></edit></yang-patch>`;
    // No Accept: the reply follows the request's encoding (RFC 8040 §5.2).
    const response = await server.request('PATCH', WASTING_LIGHT, { body, type: PATCH_XML });
    assert.equal(response.status, 409);
    assert.equal(response.headers['content-type'], XML);
    assert.match(
      response.body,
      /^<yang-patch-status xmlns="urn:ietf:params:xml:ns:yang:ietf-yang-patch"><patch-id>p<\/patch-id><edit-status><edit><edit-id>only<\/edit-id><errors><error><error-type>application<\/error-type><error-tag>data-missing<\/error-tag><error-path xmlns:example-jukebox="http:\/\/example.com\/ns\/example-jukebox">\/example-jukebox:jukebox\//,
    );
  });

  it('a delete or move of nothing is 409 data-missing; a remove of nothing is fine; a merge creates', async () => {
    const deleted = await send(
      WASTING_LIGHT,
      patch('p', [{ 'edit-id': 'e', operation: 'delete', target: '/song=Nothing' }]),
    );
    assert.equal(deleted.status, 409);
    const edit = jsonOf<Status>(deleted)['ietf-yang-patch:yang-patch-status']['edit-status']?.edit[0];
    assert.equal(edit?.errors?.error[0]?.['error-tag'], 'data-missing');
    assert.equal(edit?.errors?.error[0]?.['error-path'], songId('Nothing'));
    const moved = await send(
      PLAYLIST,
      patch('p', [{ 'edit-id': 'e', operation: 'move', target: '/song=9', where: 'first' }]),
    );
    assert.equal(moved.status, 409);
    const removed = await send(
      WASTING_LIGHT,
      patch('p', [{ 'edit-id': 'e', operation: 'remove', target: '/song=Nothing' }]),
    );
    assert.equal(removed.status, 200);
    // RFC 8072: merge has NETCONF's meaning, so a missing node is created, not an error.
    const merged = await send(
      WASTING_LIGHT,
      patch('p', [
        {
          'edit-id': 'e',
          operation: 'merge',
          target: '/song=Walk',
          value: { 'example-jukebox:song': [{ name: 'Walk', location: '/media/walk.mp3' }] },
        },
      ]),
    );
    assert.equal(merged.status, 200, merged.body);
    assert.equal((await server.request('GET', `${WASTING_LIGHT}/song=Walk`)).status, 200);
  });

  it('a patch of a resource that does not exist is 409 data-missing (RFC 8040 §4.6)', async () => {
    const response = await send(
      `${FOO}/album=Nothing`,
      patch('p', [{ 'edit-id': 'e', operation: 'merge', target: '/year', value: { 'example-jukebox:year': 2000 } }]),
    );
    assert.equal(response.status, 409);
    const status = jsonOf<Status>(response)['ietf-yang-patch:yang-patch-status'];
    assert.equal(status.errors?.error[0]?.['error-tag'], 'data-missing');
    assert.equal((await server.request('GET', `${FOO}/album=Nothing`)).status, 404);
  });

  it('an unqualified member at the top of an edit value is 400 malformed-message (RFC 7951 §4)', async () => {
    const response = await send(
      WASTING_LIGHT,
      patch('p', [{ 'edit-id': 'e', operation: 'merge', target: '/year', value: { year: 2000 } }]),
    );
    assert.equal(response.status, 400);
    const edit = jsonOf<Status>(response)['ietf-yang-patch:yang-patch-status']['edit-status']?.edit[0];
    assert.equal(edit?.['edit-id'], 'e');
    assert.equal(edit?.errors?.error[0]?.['error-tag'], 'malformed-message');
    assert.match(edit?.errors?.error[0]?.['error-message'] ?? '', /"year" needs its module name.*example-jukebox:year/);
  });

  it('a constraint broken by the result is a global error (412 operation-failed, must-violation app-tag)', async () => {
    const response = await send(
      '/data/t-restconf:settings',
      patch('bad', [
        { 'edit-id': 'low', operation: 'merge', target: '/low', value: { 't-restconf:low': 9 } },
        { 'edit-id': 'high', operation: 'merge', target: '/high', value: { 't-restconf:high': 2 } },
      ]),
    );
    assert.equal(response.status, 412);
    const status = jsonOf<Status>(response)['ietf-yang-patch:yang-patch-status'];
    assert.equal(status['edit-status'], undefined);
    assert.equal(status.errors?.error[0]?.['error-app-tag'], 'low-above-high');
    assert.equal((await server.request('GET', '/data/t-restconf:settings/low')).status, 404);
  });

  it('a bad value in an edit is reported for that edit', async () => {
    const response = await send(
      WASTING_LIGHT,
      patch('typed', [
        { 'edit-id': 'fine', operation: 'merge', target: '/year', value: { 'example-jukebox:year': 2012 } },
        { 'edit-id': 'wrong', operation: 'merge', target: '/year', value: { 'example-jukebox:year': 'soon' } },
      ]),
    );
    assert.equal(response.status, 400);
    const edit = jsonOf<Status>(response)['ietf-yang-patch:yang-patch-status']['edit-status']?.edit[0];
    assert.equal(edit?.['edit-id'], 'wrong');
    assert.equal(edit?.errors?.error[0]?.['error-tag'], 'invalid-value');
  });

  it('rollback-id=true answers with the commit of the patch', async () => {
    const response = await send(
      WASTING_LIGHT,
      patch('p', [{ 'edit-id': 'e', operation: 'merge', target: '/year', value: { 'example-jukebox:year': 2013 } }]),
      '?rollback-id=true',
    );
    assert.equal(response.status, 200);
    const id = jsonOf<{ 'idconf-restconf:result': { rollback: { id: number } } }>(response)['idconf-restconf:result']
      .rollback.id;
    assert.ok(Number.isInteger(id) && id > 1);
  });

  it('If-Match that does not match is 412 with a plain errors body', async () => {
    const response = await server.request('PATCH', WASTING_LIGHT, {
      body: JSON.stringify(patch('p', [{ 'edit-id': 'e', operation: 'remove', target: '/year' }])),
      type: PATCH_JSON,
      headers: { 'If-Match': '"0"' },
    });
    assert.equal(response.status, 412);
    assert.equal(firstError(response)['error-tag'], 'operation-failed');
  });

  const malformed: readonly [string, string, string][] = [
    ['not JSON', '{"ietf-yang-patch:yang-patch": ', 'malformed-message'],
    ['no wrapper', JSON.stringify({ 'patch-id': 'p' }), 'malformed-message'],
    ['no patch-id', JSON.stringify({ 'ietf-yang-patch:yang-patch': { edit: [] } }), 'missing-element'],
    [
      'two edits with one edit-id',
      JSON.stringify(
        patch('p', [
          { 'edit-id': 'e', operation: 'remove', target: '/year' },
          { 'edit-id': 'e', operation: 'remove', target: '/genre' },
        ]),
      ),
      'invalid-value',
    ],
    [
      'an unknown operation',
      JSON.stringify(patch('p', [{ 'edit-id': 'e', operation: 'upsert', target: '/year' }])),
      'invalid-value',
    ],
    [
      'create without a value',
      JSON.stringify(patch('p', [{ 'edit-id': 'e', operation: 'create', target: '/year' }])),
      'missing-element',
    ],
    [
      'delete with a value',
      JSON.stringify(patch('p', [{ 'edit-id': 'e', operation: 'delete', target: '/year', value: {} }])),
      'invalid-value',
    ],
    [
      'insert before without a point',
      JSON.stringify(
        patch('p', [{ 'edit-id': 'e', operation: 'insert', target: '/song=X', where: 'before', value: {} }]),
      ),
      'missing-element',
    ],
    [
      'an unknown member',
      JSON.stringify({ 'ietf-yang-patch:yang-patch': { 'patch-id': 'p', edits: [] } }),
      'unknown-element',
    ],
  ];
  for (const [name, body, tag] of malformed) {
    it(`a patch with ${name} is 400 ${tag}`, async () => {
      const response = await server.request('PATCH', WASTING_LIGHT, { body, type: PATCH_JSON });
      assert.equal(response.status, 400);
      assert.equal(firstError(response)['error-tag'], tag);
    });
  }

  describe('a long patch, read edit by edit (1 MiB or more), with runs of creates', () => {
    /** 4,000 creates of songs, each with a long location: the patch is read edit by edit. */
    const longPatch = (changes: Readonly<Record<number, Edit>> = {}): object =>
      patch(
        'long',
        Array.from(
          { length: 4000 },
          (_, index): Edit =>
            changes[index] ?? {
              'edit-id': `create-${index}`,
              operation: 'create',
              target: `/song=S${index}`,
              value: {
                'example-jukebox:song': [
                  { name: `S${index}`, location: `/media/${'x'.repeat(300)}/${index}.mp3`, format: 'MP3', length: 1 },
                ],
              },
            },
        ),
      );
    const badTarget: Edit = { 'edit-id': 'bad', operation: 'create', target: '/nope=x', value: {} };
    const repeated: Edit = { 'edit-id': 'create-3', operation: 'remove', target: '/song=Rope' };

    it('creates every entry in order', async () => {
      assert.ok(JSON.stringify(longPatch()).length > 1 << 20);
      const response = await send(WASTING_LIGHT, longPatch());
      assert.equal(response.status, 200, response.body);
      const names = await songs();
      assert.equal(names.length, 4002);
      assert.deepEqual(names.slice(0, 4), ['Bridge Burning', 'Rope', 'S0', 'S1']);
      assert.equal(names.at(-1), 'S3999');
    });

    it('its rollback file (the reverse diff stored as a reference to the forward one) undoes it', async () => {
      const before = await songs();
      assert.equal((await send(WASTING_LIGHT, longPatch())).status, 200);
      const changed = await server.request('PATCH', `${WASTING_LIGHT}/song=S7`, {
        body: { 'example-jukebox:song': [{ name: 'S7', length: 99 }] },
      });
      assert.equal(changed.status, 204, changed.body);
      const apply = (id: number) =>
        server.request('POST', '/data/idconf-rollback:rollback-files/apply-rollback-file', {
          body: { input: { id, selective: [null] } },
        });
      // Selectively, the patch's file meets S7 changed since: a conflict naming it, nothing changed.
      const conflict = await apply(1);
      assert.equal(conflict.status, 500, conflict.body);
      assert.equal(firstError(conflict)['error-tag'], 'operation-failed');
      assert.match(firstError(conflict)['error-path'] ?? '', /S7/);
      assert.equal((await songs()).length, 4002);
      assert.equal((await apply(0)).status, 204);
      assert.equal((await apply(2)).status, 204);
      assert.deepEqual(await songs(), before);
    });

    it('a create of an entry that exists, or that an earlier edit created, is data-exists of that edit', async () => {
      const before = await songs();
      for (const [index, target, editId] of [
        [2500, '/song=Bridge%20Burning', 'create-2500'],
        [3000, '/song=S17', 'create-3000'],
      ] as const) {
        const edits = longPatch({
          [index]: {
            'edit-id': editId,
            operation: 'create',
            target,
            value: { 'example-jukebox:song': [{ name: decodeURIComponent(target.slice(6)), format: 'MP3' }] },
          },
        });
        const response = await send(WASTING_LIGHT, edits);
        assert.equal(response.status, 409, response.body);
        const edit = jsonOf<Status>(response)['ietf-yang-patch:yang-patch-status']['edit-status']?.edit[0];
        assert.equal(edit?.['edit-id'], editId);
        assert.equal(edit?.errors?.error[0]?.['error-tag'], 'data-exists');
        assert.equal(edit?.errors?.error[0]?.['error-path'], songId(decodeURIComponent(target.slice(6))));
      }
      assert.deepEqual(await songs(), before, 'nothing changed');
    });

    it('an edit-id repeated before a failing edit is the error of the request; after it, the edit fails', async () => {
      const before = await songs();
      const early = await send(WASTING_LIGHT, longPatch({ 10: repeated, 3000: badTarget }));
      assert.equal(early.status, 400, early.body);
      assert.equal(firstError(early)['error-tag'], 'invalid-value');
      assert.match(firstError(early)['error-message'] ?? '', /two edits have the edit-id create-3/);
      const late = await send(WASTING_LIGHT, longPatch({ 3000: badTarget, 3500: repeated }));
      assert.equal(late.status, 400, late.body);
      const edit = jsonOf<Status>(late)['ietf-yang-patch:yang-patch-status']['edit-status']?.edit[0];
      assert.equal(edit?.['edit-id'], 'bad');
      const only = await send(WASTING_LIGHT, longPatch({ 3900: repeated }));
      assert.equal(only.status, 400, only.body);
      assert.match(firstError(only)['error-message'] ?? '', /two edits have the edit-id create-3/);
      assert.deepEqual(await songs(), before, 'nothing changed');
    });

    // A long patch is read as its body arrives; what comes after the edits still decides first.
    it('a syntax error or an unknown member after a failing edit is the error of the request', async () => {
      const before = await songs();
      const text = JSON.stringify(longPatch({ 20: badTarget }));
      const truncated = await server.request('PATCH', WASTING_LIGHT, { body: text.slice(0, -1), type: PATCH_JSON });
      assert.equal(truncated.status, 400, truncated.body);
      assert.equal(firstError(truncated)['error-tag'], 'malformed-message');
      const trailing = await server.request('PATCH', WASTING_LIGHT, { body: `${text} x`, type: PATCH_JSON });
      assert.equal(trailing.status, 400, trailing.body);
      assert.equal(firstError(trailing)['error-tag'], 'malformed-message');
      const unknown = text.replace(/}}$/, ',"extra":1}}');
      const member = await server.request('PATCH', WASTING_LIGHT, { body: unknown, type: PATCH_JSON });
      assert.equal(member.status, 400, member.body);
      assert.equal(firstError(member)['error-tag'], 'unknown-element');
      assert.deepEqual(await songs(), before, 'nothing changed');
    });

    it('the patch-id and comment may follow the edits', async () => {
      const edits = (longPatch() as { 'ietf-yang-patch:yang-patch': { edit: Edit[] } })['ietf-yang-patch:yang-patch']
        .edit;
      const body = JSON.stringify({ 'ietf-yang-patch:yang-patch': { edit: edits, comment: 'c', 'patch-id': 'late' } });
      const response = await server.request('PATCH', WASTING_LIGHT, { body, type: PATCH_JSON });
      assert.equal(response.status, 200, response.body);
      assert.equal(jsonOf<Status>(response)['ietf-yang-patch:yang-patch-status']['patch-id'], 'late');
      assert.equal((await songs()).length, 4002);
    });

    it('a precondition that fails, or a body over the limit, changes nothing', async () => {
      const before = await songs();
      const text = JSON.stringify(longPatch());
      const stale = await server.request('PATCH', WASTING_LIGHT, {
        body: text,
        type: PATCH_JSON,
        headers: { 'If-Match': '"0"' },
      });
      assert.equal(stale.status, 412, stale.body);
      const large = text.replace('"long"', `"${'x'.repeat(4 * 1024 * 1024)}"`);
      const tooLarge = await server.request('PATCH', WASTING_LIGHT, { body: large, type: PATCH_JSON });
      assert.equal(tooLarge.status, 413, tooLarge.body);
      assert.deepEqual(await songs(), before, 'nothing changed');
    });
  });

  it('a YANG Patch body is accepted only by PATCH (415 otherwise)', async () => {
    const body = JSON.stringify(patch('p', []));
    assert.equal((await server.request('PUT', WASTING_LIGHT, { body, type: PATCH_JSON })).status, 415);
    assert.equal((await server.request('POST', FOO, { body, type: PATCH_JSON })).status, 415);
    assert.equal((await server.request('PATCH', WASTING_LIGHT, { body, type: PATCH_JSON })).status, 200);
  });

  it('an XML patch with a DOCTYPE is refused', async () => {
    const body =
      '<!DOCTYPE x [<!ENTITY e "boom">]><yang-patch xmlns="urn:ietf:params:xml:ns:yang:ietf-yang-patch"><patch-id>&e;</patch-id></yang-patch>';
    const response = await server.request('PATCH', WASTING_LIGHT, { body, type: PATCH_XML });
    assert.equal(response.status, 400);
    assert.equal(response.headers['content-type'], XML);
    assert.match(response.body, /<error-tag>malformed-message<\/error-tag>/);
  });
});
