/**
 * @module http/request-body.test
 * Reading a request body as text: characters split between chunks, a byte order mark, invalid
 * UTF-8, no body, and a body over the limit.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { MalformedMessageError, PayloadTooLargeError } from '../errors/index.ts';
import { readRequestText } from './request-body.ts';

/** A request whose body arrives in `chunks`. */
const requestOf = (chunks: readonly Buffer[], headers: Record<string, string> = {}): IncomingMessage =>
  Object.assign(Readable.from(chunks), { headers }) as unknown as IncomingMessage;

describe('readRequestText', () => {
  it('decodes characters split between chunks', async () => {
    const bytes = Buffer.from('ÅÄÖ-😀-end');
    const chunks = [...bytes].map((byte) => Buffer.from([byte]));
    assert.equal(await readRequestText(requestOf(chunks), 1000), 'ÅÄÖ-😀-end');
  });
  it('drops a byte order mark', async () => {
    assert.equal(await readRequestText(requestOf([Buffer.from('\uFEFF{}')]), 1000), '{}');
  });
  it('gives undefined for no body', async () => {
    assert.equal(await readRequestText(requestOf([]), 1000), undefined);
  });
  it('refuses bytes that are not UTF-8, also a character cut off at the end', async () => {
    await assert.rejects(readRequestText(requestOf([Buffer.from([0x7b, 0xff, 0x7d])]), 1000), MalformedMessageError);
    await assert.rejects(readRequestText(requestOf([Buffer.from([0x7b, 0xc3])]), 1000), MalformedMessageError);
  });
  it('gives undefined for a body already read, and rejects for a connection already closed', async () => {
    const read = requestOf([Buffer.from('{}')]);
    read.resume();
    await new Promise((resolve) => read.once('end', resolve));
    assert.equal(await readRequestText(read, 1000), undefined);
    const closed = requestOf([Buffer.from('{}')]);
    closed.destroy();
    await assert.rejects(readRequestText(closed, 1000), /closed before the request body ended/);
  });
  it('rejects when the stream fails or closes before its end', async () => {
    const failing = new Readable({ read() {} });
    const failed = readRequestText(Object.assign(failing, { headers: {} }) as unknown as IncomingMessage, 1000);
    failing.push(Buffer.from('{"a":'));
    failing.destroy(new Error('connection reset'));
    await assert.rejects(failed, /connection reset/);
    const cut = new Readable({ read() {} });
    const cutShort = readRequestText(Object.assign(cut, { headers: {} }) as unknown as IncomingMessage, 1000);
    cut.push(Buffer.from('{"a":'));
    cut.destroy();
    await assert.rejects(cutShort, /closed before the request body ended/);
  });
  it('refuses a body over the limit, declared or not', async () => {
    await assert.rejects(
      readRequestText(requestOf([Buffer.alloc(10)], { 'content-length': '10' }), 5),
      PayloadTooLargeError,
    );
    await assert.rejects(readRequestText(requestOf([Buffer.alloc(3), Buffer.alloc(3)]), 5), PayloadTooLargeError);
  });
});
