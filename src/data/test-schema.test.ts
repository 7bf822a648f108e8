/**
 * @module data/test-schema.test
 * The test helper itself: inline modules compile together with modules from disk.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AUGMENT_MODULE, TYPES_MODULE } from './test-modules.test-support.ts';
import { testSchema } from './test-schema.test-support.ts';

describe('testSchema', () => {
  it('compiles inline modules that import modules from models/', () => {
    const schema = testSchema([TYPES_MODULE, AUGMENT_MODULE]);
    assert.ok(schema.dataChildIndex.has('t:top'));
    assert.ok(schema.dataChildIndex.has('u:standalone'));
  });
  it('loads fixture modules by name', () => {
    assert.ok(testSchema([], ['example-jukebox']).dataChildIndex.has('example-jukebox:jukebox'));
  });
  it('reports compile errors', () => {
    assert.throws(
      () => testSchema(['module bad { namespace "urn:b"; prefix b; leaf x { type nosuch; } }']),
      /does not compile/,
    );
  });
});
