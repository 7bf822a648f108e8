/**
 * @module datastore/sqlite-journal-engine.test
 * Which transactions of the SQLite journal flush the WAL when they commit: appends and the row
 * that makes a checkpoint visible always do (`synchronous=FULL`), also right after housekeeping
 * that does not (a checkpoint's chunks, deleting superseded chunks, pruning old commits), whose
 * frames the next flushed commit makes durable. The engine runs on the calling thread here, so
 * the connection's calls can be watched.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue, StatementSync } from 'node:sqlite';
import { after, describe, it } from 'node:test';
import type { WireRecord } from './journal-wire.ts';
import { SqliteJournalEngine } from './sqlite-journal-engine.ts';

const directories: string[] = [];
after(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

const record = (fixedNumber: number): WireRecord => ({
  fixedNumber,
  timestamp: '2026-11-26T10:00:00.000Z',
  user: 'admin',
  via: 'restconf',
  forward: `{"forward":${fixedNumber}}`,
  reverse: `{"reverse":${fixedNumber}}`,
});

/** The statements the engine's connections run, each with the `synchronous` level set when it ran. */
const watch = (): { readonly ran: { readonly sql: string; readonly level: string }[]; readonly stop: () => void } => {
  const ran: { sql: string; level: string }[] = [];
  let level = 'FULL';
  const exec = DatabaseSync.prototype.exec;
  const run = StatementSync.prototype.run;
  DatabaseSync.prototype.exec = function (this: DatabaseSync, sql: string) {
    const set = /PRAGMA synchronous = (\w+)/.exec(sql);
    if (set !== null) level = set[1] as string;
    ran.push({ sql, level });
    return exec.call(this, sql);
  };
  StatementSync.prototype.run = function (this: StatementSync, ...args: SQLInputValue[]) {
    ran.push({ sql: this.sourceSQL, level });
    return Reflect.apply(run, this, args) as ReturnType<StatementSync['run']>;
  } as StatementSync['run'];
  return {
    ran,
    stop: () => {
      DatabaseSync.prototype.exec = exec;
      StatementSync.prototype.run = run;
    },
  };
};

describe('SqliteJournalEngine flushes', () => {
  it('flushes every append and the checkpoint row, not the chunks, their removal or a prune', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'idconf-engine-'));
    directories.push(directory);
    const engine = new SqliteJournalEngine(
      { path: join(directory, 'journal.sqlite'), checkpointChunkSize: 64, walCheckpoints: 'automatic' },
      () => undefined,
    );
    await engine.open();
    const watching = watch();
    try {
      for (let fixedNumber = 1; fixedNumber <= 5; fixedNumber++) engine.append([record(fixedNumber)]);
      // Two checkpoints (the second supersedes the first's chunks), each with an append between its chunks.
      for (const fixedNumber of [5, 6]) {
        const token = await engine.beginCheckpoint(fixedNumber);
        engine.checkpointChunk(token, new TextEncoder().encode(`{"checkpoint":"${'x'.repeat(300)}"}`));
        engine.append([record(fixedNumber + 1)]);
        engine.checkpointChunk(token, new TextEncoder().encode('more'));
        await engine.finishCheckpoint(token, 0);
      }
      let pruned = 0;
      for (let done = false; !done; ) {
        const step = await engine.pruneBatch(1);
        pruned += step.deleted;
        done = step.done;
      }
      assert.equal(pruned, 6);
      engine.append([record(8)]);
    } finally {
      watching.stop();
    }
    const levels = (pattern: RegExp): string[] =>
      watching.ran.filter(({ sql }) => pattern.test(sql)).map(({ level }) => level);
    const appends = levels(/^INSERT INTO commit_record/);
    assert.equal(appends.length, 8);
    assert.ok(
      appends.every((level) => level === 'FULL'),
      `appends ran at ${appends.join(', ')}`,
    );
    assert.deepEqual(levels(/^INSERT INTO checkpoint \(/), ['FULL', 'FULL']);
    const chunks = levels(/^INSERT INTO checkpoint_chunk/);
    assert.ok(chunks.length >= 8);
    assert.ok(
      chunks.every((level) => level === 'NORMAL'),
      `chunks ran at ${chunks.join(', ')}`,
    );
    const removals = levels(/^DELETE FROM (checkpoint_chunk|commit_record|commit_text)/);
    assert.ok(removals.length >= 3, 'superseded chunks and old commits were deleted');
    assert.ok(removals.every((level) => level === 'NORMAL'));
    await engine.close();
    const reopened = new DatabaseSync(join(directory, 'journal.sqlite'));
    const rows = reopened.prepare('SELECT fixed_number FROM commit_record ORDER BY fixed_number').all();
    assert.deepEqual(
      rows.map((row) => row.fixed_number),
      [7, 8],
    );
    reopened.close();
  });
});

describe('SqliteJournalEngine pruneBatch', () => {
  it('deletes at most one batch per call, unflushed, and says when the prune is complete', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'idconf-engine-'));
    directories.push(directory);
    const engine = new SqliteJournalEngine(
      { path: join(directory, 'journal.sqlite'), walCheckpoints: 'automatic' },
      () => undefined,
    );
    await engine.open();
    // Watched from the first statement on, so that the `synchronous` level it tracks is the connection's.
    const watching = watch();
    const steps: { deleted: number; done: boolean }[] = [];
    try {
      for (let from = 1; from <= 1200; from += 100)
        engine.append(Array.from({ length: 100 }, (_, index) => record(from + index)));
      await engine.writeCheckpoint(1200, 2, new TextEncoder().encode('{}'));
      for (;;) {
        const step = await engine.pruneBatch(100);
        steps.push({ ...step });
        if (step.done) break;
      }
    } finally {
      watching.stop();
    }
    // 1,100 commits beyond the 100 kept, all before the checkpoint: 500, 500, then the last 100.
    assert.deepEqual(steps, [
      { deleted: 500, done: false },
      { deleted: 500, done: false },
      { deleted: 100, done: true },
    ]);
    const deletions = watching.ran.filter(({ sql }) => /^DELETE FROM commit_record/.test(sql));
    assert.ok(deletions.every(({ level }) => level === 'NORMAL'));
    assert.equal(engine.listCommits(Number.POSITIVE_INFINITY, 0).length, 100);
    await assert.rejects(engine.pruneBatch(-1), RangeError);
    await engine.close();
  });
});
