/**
 * @module cli/early-checkpoint-read.test
 * Which data directory `idconf serve` reads its checkpoint from early, and when it reads none.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_DATA_DIR } from '../server/index.ts';
import { EARLY_DEFAULT_DATA_DIR, serveDataDir, startEarlyCheckpointRead } from './early-checkpoint-read.ts';

describe('serveDataDir', () => {
  it('takes the directory serve will use', () => {
    assert.equal(EARLY_DEFAULT_DATA_DIR, DEFAULT_DATA_DIR);
    assert.equal(serveDataDir([], {}), DEFAULT_DATA_DIR);
    assert.equal(serveDataDir([], { IDCONF_DATA_DIR: '/env' }), '/env');
    assert.equal(serveDataDir(['--data-dir', '/a', '--port', '1'], { IDCONF_DATA_DIR: '/env' }), '/a');
    assert.equal(serveDataDir(['--data-dir=/b'], {}), '/b');
    assert.equal(serveDataDir(['--data-dir', '/a', '--data-dir=/c'], {}), '/c', 'the last one, as commander');
    assert.equal(serveDataDir(['--', '--data-dir', '/a'], {}), DEFAULT_DATA_DIR);
  });

  it('reads none for a shared store, help or a missing value', () => {
    assert.equal(serveDataDir(['--store', 'postgres://x'], {}), undefined);
    assert.equal(serveDataDir(['--store=postgres://x'], {}), undefined);
    assert.equal(serveDataDir([], { IDCONF_STORE: 'postgres://x' }), undefined);
    assert.equal(serveDataDir(['--help'], {}), undefined);
    assert.equal(serveDataDir(['--data-dir'], {}), undefined);
  });

  it('starts only for serve', () => {
    assert.equal(startEarlyCheckpointRead(['node', 'idconf', 'data', '--data-dir', '/x'], {}), undefined);
    assert.equal(startEarlyCheckpointRead(['node', 'idconf', 'serve', '--data-dir', '/no/such/dir'], {}), undefined);
  });
});
