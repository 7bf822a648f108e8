/**
 * @module data/read/fields-selector.test
 * The RFC 8040 §4.8.3 `fields` grammar against the schema: nesting, paths, qualification, errors.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isManagementError } from '../../errors/index.ts';
import type { ContainerNode } from '../../yang/index.ts';
import { testSchema } from '../test-schema.test-support.ts';
import type { FieldsSelector } from './fields-selector.ts';
import { parseFields } from './fields-selector.ts';

const schema = testSchema([], ['example-jukebox']);
const jukebox = schema.dataChildIndex.get('example-jukebox:jukebox') as ContainerNode;

/** A selector as nested plain objects, `true` for whole subtrees. */
const shape = (selector: FieldsSelector): unknown =>
  Object.fromEntries([...selector].map(([node, sub]) => [node.name, sub === true ? true : shape(sub)]));

describe('parseFields', () => {
  const cases: readonly { readonly text: string; readonly expected: unknown }[] = [
    { text: 'library', expected: { library: true } },
    { text: 'library;player', expected: { library: true, player: true } },
    { text: 'library/artist/name', expected: { library: { artist: { name: true } } } },
    {
      text: 'library(artist(name;album/year))',
      expected: { library: { artist: { name: true, album: { year: true } } } },
    },
    { text: 'library/artist(name);player', expected: { library: { artist: { name: true } }, player: true } },
    { text: 'example-jukebox:library/artist', expected: { library: { artist: true } } },
    {
      text: 'library/artist/name;library/artist/album',
      expected: { library: { artist: { name: true, album: true } } },
    },
    { text: 'library;library/artist', expected: { library: true } },
  ];
  for (const { text, expected } of cases) {
    it(text, () => assert.deepEqual(shape(parseFields(text, jukebox, schema)), expected));
  }
  it('requires module names at the datastore root', () => {
    assert.deepEqual(shape(parseFields('example-jukebox:jukebox/player', schema, schema)), {
      jukebox: { player: true },
    });
    assert.throws(() => parseFields('jukebox', schema, schema), /must be module-qualified/);
  });
  const errors: readonly { readonly text: string; readonly message: RegExp }[] = [
    { text: '', message: /expected a node name at offset 0/ },
    { text: 'library(', message: /expected a node name at offset 8/ },
    { text: 'library(artist', message: /expected "\)"/ },
    { text: 'library)', message: /unexpected character at offset 7/ },
    { text: 'nosuch', message: /no data node example-jukebox:nosuch/ },
    { text: 'nomodule:library', message: /unknown module nomodule/ },
    { text: 'library/artist/name/x', message: /name has no child nodes/ },
    { text: 'library;;player', message: /expected a node name/ },
  ];
  for (const { text, message } of errors) {
    it(`rejects "${text}"`, () => {
      assert.throws(
        () => parseFields(text, jukebox, schema),
        (error: unknown) => isManagementError(error) && error.tag === 'invalid-value' && message.test(error.message),
      );
    });
  }
});
