/**
 * @module data/read/read-options.test
 * Query-parameter values of content, depth and with-defaults.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isManagementError } from '../../errors/index.ts';
import { parseContentFilter, parseDepth, parseWithDefaultsMode } from './read-options.ts';

const rejects = (run: () => unknown): void => {
  assert.throws(run, (error: unknown) => isManagementError(error) && error.tag === 'invalid-value');
};

describe('read option values', () => {
  it('content', () => {
    for (const value of ['config', 'nonconfig', 'all']) assert.equal(parseContentFilter(value), value);
    rejects(() => parseContentFilter('state'));
  });
  it('depth', () => {
    assert.equal(parseDepth('1'), 1);
    assert.equal(parseDepth('65535'), 65535);
    assert.equal(parseDepth('unbounded'), undefined);
    for (const bad of ['0', '65536', '-1', '01', '1.5', '', 'x']) rejects(() => parseDepth(bad));
  });
  it('with-defaults', () => {
    for (const value of ['report-all', 'trim', 'explicit', 'report-all-tagged'])
      assert.equal(parseWithDefaultsMode(value), value);
    rejects(() => parseWithDefaultsMode('all'));
  });
});
