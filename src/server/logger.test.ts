/**
 * @module server/logger.test
 * The access log's hand-built line is the line pino writes for the same record, byte for byte
 * but the time, and the level still silences it.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import type { AccessRecord } from '../util/index.ts';
import { createLogger } from './logger.ts';

const capture = (): { lines: string[]; destination: Writable } => {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, destination };
};

const withoutTime = (line: string | undefined): string => (line ?? '').replace(/"time":\d+,/, '');

const RECORDS: readonly AccessRecord[] = [
  {
    requestId: 'abc-1',
    method: 'GET',
    path: '/admin/api/restconf/data/bench:bench/entry=entry-1',
    status: 200,
    durationMs: 0.37,
    user: 'admin',
    remote: '127.0.0.1',
  },
  {
    requestId: 'abc-2',
    method: undefined,
    path: '/a "quoted"\\ path\nwith a new line and ü',
    status: 401,
    durationMs: 12,
    user: undefined,
    remote: undefined,
  },
  {
    requestId: 'abc-3',
    method: 'PATCH',
    path: '/x',
    status: 204,
    durationMs: 1.5,
    user: 'o"brien',
    remote: '::1',
    client: '192.0.2.7',
  },
];

describe('createLogger: the access log', () => {
  it('writes the line pino writes for info(record, "request")', () => {
    const { lines, destination } = capture();
    const log = createLogger({ destination });
    assert.ok(log.request !== undefined);
    for (const record of RECORDS) {
      log.request(record);
      log.info(record, 'request');
    }
    assert.equal(lines.length, RECORDS.length * 2);
    for (let index = 0; index < lines.length; index += 2) {
      assert.equal(withoutTime(lines[index]), withoutTime(lines[index + 1]));
      assert.match(lines[index] ?? '', /^\{"level":30,"time":\d+,"pid":\d+,"requestId":/);
      assert.doesNotThrow(() => JSON.parse(lines[index] ?? ''));
    }
  });

  it('writes nothing when the level is above info', () => {
    const { lines, destination } = capture();
    const log = createLogger({ destination, level: 'warn' });
    log.request?.(RECORDS[0] as AccessRecord);
    assert.deepEqual(lines, []);
  });
});
