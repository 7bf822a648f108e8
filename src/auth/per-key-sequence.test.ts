import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PerKeySequence } from './per-key-sequence.ts';

describe('PerKeySequence', () => {
  it('runs the work of one key one at a time, in order, and other keys alongside', async () => {
    const sequence = new PerKeySequence();
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setImmediate(resolve));
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      sequence.run('a', step('a1')),
      sequence.run('a', step('a2')),
      sequence.run('b', step('b1')),
    ]);
    assert.deepEqual(results, ['a1', 'a2', 'b1']);
    assert.ok(log.indexOf('end a1') < log.indexOf('start a2'));
    assert.ok(log.indexOf('start b1') < log.indexOf('end a1'));
    assert.equal(sequence.size, 0);
  });

  it('goes on after a failure', async () => {
    const sequence = new PerKeySequence();
    const failed = sequence.run('a', async () => {
      throw new Error('boom');
    });
    const next = sequence.run('a', async () => 'next');
    await assert.rejects(failed, /boom/);
    assert.equal(await next, 'next');
    assert.equal(sequence.size, 0);
  });
});
