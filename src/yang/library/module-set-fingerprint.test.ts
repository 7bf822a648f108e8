/**
 * @module yang/library/module-set-fingerprint.test
 * The fingerprint follows every change that could change how stored data decodes, and nothing else.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedModule } from '../loaded-module.ts';
import { parseYang } from '../parser.ts';
import { moduleSetFingerprint } from './module-set-fingerprint.ts';

const TEXT = 'module m { yang-version 1.1; namespace "urn:m"; prefix m; leaf x { type uint8; } }';

const moduleOf = (text: string, changes: Partial<LoadedModule> = {}): LoadedModule => {
  const parsed = parseYang(text, 'm.yang');
  assert.ok(parsed.statement !== undefined);
  return {
    name: 'm',
    revision: undefined,
    namespace: 'urn:m',
    prefix: 'm',
    statement: parsed.statement,
    submodules: [],
    file: 'm.yang',
    text,
    implemented: true,
    features: 'all',
    deviatedBy: [],
    ...changes,
  };
};

describe('moduleSetFingerprint', () => {
  it('is the same for the same modules, in any order', () => {
    const other = { ...moduleOf(TEXT), name: 'n', text: TEXT.replace('module m', 'module n') };
    assert.equal(moduleSetFingerprint([moduleOf(TEXT), other]), moduleSetFingerprint([other, moduleOf(TEXT)]));
    assert.match(moduleSetFingerprint([moduleOf(TEXT)]), /^[0-9a-f]{32}$/);
  });

  it('changes with a text (without a new revision), the features, the deviations or the implementation', () => {
    const base = moduleSetFingerprint([moduleOf(TEXT)]);
    for (const changed of [
      moduleOf(TEXT.replace('uint8', 'int8')),
      moduleOf(TEXT, { features: [] }),
      moduleOf(TEXT, { deviatedBy: ['d'] }),
      moduleOf(TEXT, { implemented: false }),
    ])
      assert.notEqual(moduleSetFingerprint([changed]), base);
  });
});
