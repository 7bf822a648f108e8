/**
 * @module server/log-destination.test
 * Batched log lines reach the file after the batch delay, at once when a batch is full, and
 * before flushSync returns.
 */
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { BATCH_BYTES, BATCH_DELAY_MS, BatchedLogDestination } from './log-destination.ts';

describe('BatchedLogDestination', () => {
  const dir = mkdtempSync(join(tmpdir(), 'idconf-log-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const open = (name: string) => {
    const file = join(dir, name);
    const fd = openSync(file, 'w');
    return { file, fd, destination: new BatchedLogDestination(fd) };
  };

  it('holds lines back for the batch delay, then writes them in order', async () => {
    const { file, fd, destination } = open('delay.log');
    destination.write('one\n');
    destination.write('two\n');
    assert.equal(readFileSync(file, 'utf8'), '');
    await sleep(BATCH_DELAY_MS * 5);
    assert.equal(readFileSync(file, 'utf8'), 'one\ntwo\n');
    destination.flushSync();
    closeSync(fd);
  });

  it('a batch over the size limit is written whole', async () => {
    const { file, fd, destination } = open('full.log');
    const line = `${'x'.repeat(1023)}\n`;
    for (let written = 0; written < BATCH_BYTES; written += line.length) destination.write(line);
    await sleep(1);
    destination.flushSync();
    assert.equal(readFileSync(file, 'utf8').length, BATCH_BYTES);
    closeSync(fd);
  });

  it('flushSync writes everything before it returns', () => {
    const { file, fd, destination } = open('sync.log');
    destination.write('last words\n');
    destination.flushSync();
    assert.equal(readFileSync(file, 'utf8'), 'last words\n');
    closeSync(fd);
  });
});
