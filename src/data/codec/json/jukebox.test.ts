/**
 * @module data/codec/json/jukebox.test
 * Golden JSON for the RFC 8040 example-jukebox module: the fixture decodes and encodes back to
 * the same text, and the read options give the RFC's shapes.
 * @see RFC 8040 Appendix A.1, B.3
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { isManagementError } from '../../../errors/index.ts';
import type { ContainerNode, ListNode } from '../../../yang/index.ts';
import type { InstanceNode, ListInstance } from '../../instance/instance-node.ts';
import { getChild } from '../../instance/instance-node.ts';
import { resolveInstancePath } from '../../instance/instance-path.ts';
import { parseFields } from '../../read/fields-selector.ts';
import { testSchema } from '../../test-schema.test-support.ts';
import { decodeJson } from './json-decode.ts';
import { encodeJsonString } from './json-encode.ts';
import { parseJsonText } from './json-text.ts';

const FIXTURE = join(import.meta.dirname, '../../../../test/fixtures/data/example-jukebox.json');
const schema = testSchema([], ['example-jukebox']);
const text = readFileSync(FIXTURE, 'utf8');
const tree = decodeJson(schema, parseJsonText(text), { schema });
const pretty = (json: string): string => `${JSON.stringify(JSON.parse(json), null, 2)}\n`;

const jukebox = schema.dataChildIndex.get('example-jukebox:jukebox') as ContainerNode;
const library = jukebox.dataChildIndex.get('example-jukebox:library') as ContainerNode;
const artist = library.dataChildIndex.get('example-jukebox:artist') as ListNode;

describe('example-jukebox golden JSON', () => {
  it('encodes the decoded fixture back to the same text', () => {
    assert.equal(pretty(encodeJsonString(tree, schema)), text);
  });
  it('keeps the user order of playlist songs', () => {
    const songs = JSON.parse(encodeJsonString(tree, schema))['example-jukebox:jukebox'].playlist[0].song;
    assert.deepEqual(
      songs.map((song: { index: number }) => song.index),
      [1, 2],
    );
  });
  it('content=config leaves out the counters', () => {
    const config = JSON.parse(encodeJsonString(tree, schema, { content: 'config' }));
    const expected = JSON.parse(text);
    for (const name of ['artist-count', 'album-count', 'song-count'])
      delete expected['example-jukebox:jukebox'].library[name];
    assert.deepEqual(config, expected);
  });
  it('content=nonconfig gives the counters with their ancestors', () => {
    assert.deepEqual(JSON.parse(encodeJsonString(tree, schema, { content: 'nonconfig' })), {
      'example-jukebox:jukebox': { library: { 'artist-count': 2, 'album-count': 2, 'song-count': 2 } },
    });
  });
  it('a GET of one artist with depth=2 (target = level 1)', () => {
    const entry = resolveInstancePath(tree, [
      { schema: jukebox },
      { schema: library },
      { schema: artist, keys: ['Foo Fighters'] },
    ]);
    assert.equal(
      encodeJsonString({ schema: artist, value: entry }, schema, { depth: 2 }),
      '{"example-jukebox:artist":[{"name":"Foo Fighters","album":[{"name":"Wasting Light"}]}]}',
    );
  });
  it('fields=library/artist/name on the jukebox (RFC 8040 §4.8.3 example shape)', () => {
    const fields = parseFields('library/artist/name', jukebox, schema);
    const value = getChild(tree, jukebox);
    assert.equal(
      encodeJsonString({ schema: jukebox, value }, schema, { fields }),
      '{"example-jukebox:jukebox":{"library":{"artist":[{"name":"Foo Fighters"},{"name":"Nick Cave and the Bad Seeds"}]}}}',
    );
  });
  it('round-trips a list resource on its own', () => {
    const libraryNode = getChild(getChild(tree, jukebox) as InstanceNode, library) as InstanceNode;
    const artists = getChild(libraryNode, artist) as ListInstance;
    const json = encodeJsonString({ schema: artist, value: artists }, schema);
    const decoded = decodeJson(library, JSON.parse(json), { schema });
    assert.equal(encodeJsonString({ schema: artist, value: getChild(decoded, artist) }, schema), json);
  });
  it('reports a bad year with the RFC 7951 error-path', () => {
    const bad = JSON.parse(text);
    bad['example-jukebox:jukebox'].library.artist[0].album[0].year = 1800;
    assert.throws(
      () => decodeJson(schema, bad, { schema }),
      (error: unknown) =>
        isManagementError(error) &&
        error.tag === 'invalid-value' &&
        error.path === "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']/year",
    );
  });
  it('rejects the state counters in configuration input', () => {
    assert.throws(
      () => decodeJson(schema, JSON.parse(text), { schema, config: true }),
      (error: unknown) => isManagementError(error) && error.path === '/example-jukebox:jukebox/library/artist-count',
    );
  });
});
