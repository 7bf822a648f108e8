/**
 * @module datastore/sqlite-journal-worker
 * The SQLite journal's thread: it owns the connection (`SqliteJournalEngine`) and answers the
 * main thread's requests in the order they come, except that checkpoint writes and prunes run
 * in the background, a short transaction at a time, with requests answered in between. The
 * main thread's event loop thus does not wait for SQLite: not for a group's fsync, nor for a
 * checkpoint's chunks (a lone commit may be appended on the main thread instead:
 * `sqlite-direct-appender.ts`). This module is the thread's entry point.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { JournalReply, JournalRequest, WireRecord } from './journal-wire.ts';
import { toWireError, transferablesOf } from './journal-wire.ts';
import { SqliteJournalEngine, type SqliteJournalEngineOptions } from './sqlite-journal-engine.ts';

/** What the thread is started with. */
export interface JournalWorkerData {
  readonly role: 'sqlite-journal';
  readonly options: SqliteJournalEngineOptions;
}

/** The byte texts in a reply's value, to move rather than copy. */
const transfersOf = (value: unknown): ArrayBuffer[] => {
  if (value instanceof Uint8Array) return [value.buffer as ArrayBuffer];
  if (Array.isArray(value)) return transferablesOf(value.filter((item) => item instanceof Uint8Array));
  if (typeof value !== 'object' || value === null) return [];
  const records: readonly WireRecord[] =
    'records' in value ? (value as { records: WireRecord[] }).records : 'forward' in value ? [value as WireRecord] : [];
  return transferablesOf(records.flatMap((record) => [record.forward, record.reverse]));
};

const serve = (options: SqliteJournalEngineOptions): void => {
  const port = parentPort;
  if (port === null) return;
  const send = (reply: JournalReply, transfer: ArrayBuffer[] = []): void => port.postMessage(reply, transfer);
  const engine = new SqliteJournalEngine(options, (message, error, automaticWalCheckpoints) =>
    send({
      log: { message, error: toWireError(error) },
      ...(automaticWalCheckpoints ? { automaticWalCheckpoints } : {}),
    }),
  );
  const run = (op: JournalRequest['op'], args: readonly unknown[]): unknown => {
    switch (op) {
      case 'open':
        return engine.open();
      case 'append': {
        const records = args[0] as WireRecord[];
        engine.append(records);
        // The long texts' buffers go back to the main thread, which writes the next one into them.
        return records
          .flatMap((record) => [record.forward, record.reverse])
          .filter((text) => text instanceof Uint8Array);
      }
      case 'latestCheckpoint':
        return engine.latestCheckpoint();
      case 'checkpointHead':
        return engine.checkpointHead();
      case 'checkpointChunks':
        return engine.checkpointChunks(args[0] as number, args[1] as number, args[2] as number);
      case 'commitsAfter':
        return engine.commitsAfter(args[0] as number);
      case 'listCommits':
        return engine.listCommits(args[0] as number, args[1] as number);
      case 'readCommit':
        return engine.readCommit(args[0] as number);
      case 'writeCheckpoint':
        return engine.writeCheckpoint(args[0] as number, args[1] as number, args[2] as Uint8Array);
      case 'beginCheckpoint':
        return engine.beginCheckpoint(args[0] as number);
      case 'checkpointChunk':
        return engine.checkpointChunk(args[0] as number, args[1] as Uint8Array);
      case 'finishCheckpoint':
        return engine.finishCheckpoint(args[0] as number, args[1] as number);
      case 'abortCheckpoint':
        return engine.abortCheckpoint(args[0] as number);
      case 'pruneBatch':
        return engine.pruneBatch(args[0] as number);
      case 'lastFixedNumber':
        return engine.lastFixedNumber();
      case 'restartLog':
        return engine.restartLog();
      case 'close':
        return engine.close();
    }
  };
  port.on('message', (request: JournalRequest) => {
    const { id, op, args } = request;
    let result: unknown;
    try {
      result = run(op, args);
    } catch (error) {
      send({ id, ok: false, error: toWireError(error) });
      return;
    }
    Promise.resolve(result).then(
      (value) => {
        send({ id, ok: true, value }, transfersOf(value));
        // The connection is closed: nothing keeps the thread alive any more.
        if (op === 'close') port.close();
      },
      (error: unknown) => send({ id, ok: false, error: toWireError(error) }),
    );
  });
};

if (!isMainThread && (workerData as Partial<JournalWorkerData> | undefined)?.role === 'sqlite-journal') {
  serve((workerData as JournalWorkerData).options);
}
