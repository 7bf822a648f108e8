/**
 * @module data/edit/edit-jukebox.test
 * The RFC 8040 and RFC 8072 examples on the example-jukebox fixture, as the edits a front-end
 * makes of them: POST (create), PUT (replace), plain PATCH (merge), DELETE, `insert`/`point`, and
 * YANG Patch insert and move.
 * @see RFC 8040 §4.4.1, §4.5, §4.6.1, §4.7, §4.8.5–4.8.6, Appendix B.2; RFC 8072 §2.5
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { decodeJson } from '../codec/json/json-decode.ts';
import type { InstanceNode } from '../instance/instance-node.ts';
import { testSchema } from '../test-schema.test-support.ts';
import { editKit, failsWith } from './edit.test-support.ts';
import type { DataEdit } from './edit.ts';
import { applyEdit } from './edit.ts';

const FIXTURE = join(import.meta.dirname, '../../../test/fixtures/data/example-jukebox.json');
const schema = testSchema([], ['example-jukebox']);
const { path, json, value } = editKit(schema, 'example-jukebox');
const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8'));
// The fixture is what a GET returns, counters (config false) included.
const tree = decodeJson(schema, fixture, { schema });

const LIBRARY = 'jukebox/library';
const FOO = `${LIBRARY}/artist=Foo Fighters`;
const WASTING_LIGHT = `${FOO}/album=Wasting Light`;
const PLAYLIST = 'jukebox/playlist=Foo-One';
const songId = (name: string): string =>
  `/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']/song[name='${name}']`;

interface Jukebox {
  readonly 'example-jukebox:jukebox': {
    readonly library: { readonly artist: readonly { readonly name: string; readonly album: readonly Album[] }[] };
    readonly playlist: readonly { readonly song: readonly { readonly index: number }[] }[];
  };
}
interface Album {
  readonly name: string;
  readonly genre?: string;
  readonly year?: number;
  readonly song?: readonly unknown[];
}

const read = (node: InstanceNode): Jukebox['example-jukebox:jukebox'] =>
  (json(node) as Jukebox)['example-jukebox:jukebox'];
const albumsOfFoo = (node: InstanceNode): readonly Album[] => read(node).library.artist[0]?.album ?? [];
const playlistOrder = (node: InstanceNode): number[] => read(node).playlist[0]?.song.map((song) => song.index) ?? [];

/** The edit of a POST of `body` (one member) below `parent`: a create of the new child. */
const post = (target: string, member: unknown, placement?: DataEdit['placement']): DataEdit => ({
  operation: 'create',
  target: path(target),
  value: value(target, member),
  ...(placement === undefined ? {} : { placement }),
});

describe('RFC 8040 examples on example-jukebox', () => {
  it('POST an album that exists is data-exists (§4.4.1, B.2.1)', () => {
    assert.throws(
      () => applyEdit(tree, post(WASTING_LIGHT, [{ name: 'Wasting Light', year: 2011 }])),
      failsWith({
        code: 'DATA_EXISTS',
        path: "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']",
      }),
    );
  });
  it('POST a new album creates it after the others (§4.4.1)', () => {
    const after = applyEdit(tree, post(`${FOO}/album=Medium Rare`, [{ name: 'Medium Rare', year: 2011 }]));
    assert.deepEqual(
      albumsOfFoo(after).map((album) => album.name),
      ['Wasting Light', 'Medium Rare'],
    );
    assert.deepEqual(json(tree), fixture, 'the old root is unchanged');
  });
  it('PUT replaces the album: songs and admin not in the body are gone (§4.5)', () => {
    const body = [{ name: 'Wasting Light', genre: 'example-jukebox:alternative', year: 2011 }];
    const after = applyEdit(tree, {
      operation: 'replace',
      target: path(WASTING_LIGHT),
      value: value(WASTING_LIGHT, body),
    });
    assert.deepEqual(albumsOfFoo(after), body);
  });
  it('PUT with another key in the body than in the URI is invalid-value (§4.5)', () => {
    assert.throws(
      () =>
        applyEdit(tree, {
          operation: 'replace',
          target: path(WASTING_LIGHT),
          value: value(WASTING_LIGHT, [{ name: 'Sonic Highways' }]),
        }),
      failsWith({
        code: 'INVALID_VALUE',
        path: "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']",
      }),
    );
  });
  it('plain PATCH merges: the genre changes, the songs stay (§4.6.1)', () => {
    const body = [{ name: 'Wasting Light', genre: 'example-jukebox:rock', year: 2011 }];
    const after = applyEdit(tree, {
      operation: 'merge',
      target: path(WASTING_LIGHT),
      value: value(WASTING_LIGHT, body),
    });
    const [album] = albumsOfFoo(after);
    assert.equal(album?.genre, 'example-jukebox:rock');
    assert.equal(album?.song?.length, 2);
  });
  it('DELETE removes the album; a second DELETE is data-missing (§4.7)', () => {
    const after = applyEdit(tree, { operation: 'delete', target: path(WASTING_LIGHT) });
    assert.deepEqual(albumsOfFoo(after), []);
    assert.throws(
      () => applyEdit(after, { operation: 'delete', target: path(WASTING_LIGHT) }),
      failsWith({
        code: 'DATA_MISSING',
        path: "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']",
      }),
    );
  });
  it('POST a song with insert=first (§4.8.5)', () => {
    const after = applyEdit(tree, post(`${PLAYLIST}/song=3`, [{ index: 3, id: songId('Rope') }], { insert: 'first' }));
    assert.deepEqual(playlistOrder(after), [3, 1, 2]);
  });
  it('POST a song with insert=after and point=…/song=1 (§4.8.6)', () => {
    const placement = { insert: 'after', point: [1] } as const;
    const after = applyEdit(tree, post(`${PLAYLIST}/song=3`, [{ index: 3, id: songId('Rope') }], placement));
    assert.deepEqual(playlistOrder(after), [1, 3, 2]);
  });
  it('a point that names no song is bad-attribute / missing-instance (RFC 7950 §15.7)', () => {
    assert.throws(
      () =>
        applyEdit(tree, post(`${PLAYLIST}/song=3`, [{ index: 3, id: songId('Rope') }], { insert: 'before', point: 9 })),
      (error: unknown) =>
        failsWith({
          code: 'MISSING_INSTANCE',
          appTag: 'missing-instance',
          path: "/example-jukebox:jukebox/playlist[name='Foo-One']/song[index='3']",
        })(error) && (error as { tag: string }).tag === 'bad-attribute',
    );
  });
  it('insert=first on an album (ordered-by system) is invalid-value', () => {
    assert.throws(
      () => applyEdit(tree, post(`${FOO}/album=Medium Rare`, [{ name: 'Medium Rare' }], { insert: 'first' })),
      failsWith({
        code: 'INVALID_VALUE',
        path: "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Medium Rare']",
      }),
    );
  });
  it('the state counters cannot be edited', () => {
    assert.throws(
      () => applyEdit(tree, { operation: 'merge', target: path(`${LIBRARY}/artist-count`), value: 5 }),
      failsWith({ code: 'INVALID_VALUE', path: '/example-jukebox:jukebox/library/artist-count' }),
    );
  });
});

describe('RFC 8072 YANG Patch edits on example-jukebox', () => {
  it('insert a song after another, then move it first', () => {
    const inserted = applyEdit(tree, {
      operation: 'insert',
      target: path(`${PLAYLIST}/song=5`),
      value: value(`${PLAYLIST}/song=5`, [{ index: 5, id: songId('Bridge Burning') }]),
      placement: { insert: 'after', point: 1 },
    });
    assert.deepEqual(playlistOrder(inserted), [1, 5, 2]);
    const moved = applyEdit(inserted, {
      operation: 'move',
      target: path(`${PLAYLIST}/song=5`),
      placement: { insert: 'first' },
    });
    assert.deepEqual(playlistOrder(moved), [5, 1, 2]);
    assert.deepEqual(playlistOrder(tree), [1, 2]);
  });
  it('insert of a song that exists is data-exists; move of one that does not is data-missing', () => {
    assert.throws(
      () =>
        applyEdit(tree, {
          operation: 'insert',
          target: path(`${PLAYLIST}/song=1`),
          value: value(`${PLAYLIST}/song=1`, [{ index: 1, id: songId('Rope') }]),
        }),
      failsWith({ code: 'DATA_EXISTS', path: "/example-jukebox:jukebox/playlist[name='Foo-One']/song[index='1']" }),
    );
    assert.throws(
      () => applyEdit(tree, { operation: 'move', target: path(`${PLAYLIST}/song=7`), placement: { insert: 'last' } }),
      failsWith({ code: 'DATA_MISSING', path: "/example-jukebox:jukebox/playlist[name='Foo-One']/song[index='7']" }),
    );
  });
  it('move of an album (ordered-by system) is bad-element', () => {
    assert.throws(
      () => applyEdit(tree, { operation: 'move', target: path(WASTING_LIGHT), placement: { insert: 'first' } }),
      failsWith({
        code: 'BAD_ELEMENT',
        path: "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']",
      }),
    );
  });
  it('remove of an absent artist changes nothing; delete of the jukebox empties the datastore', () => {
    assert.equal(applyEdit(tree, { operation: 'remove', target: path(`${LIBRARY}/artist=Nobody`) }), tree);
    assert.deepEqual(json(applyEdit(tree, { operation: 'delete', target: path('jukebox') })), {});
  });
});
