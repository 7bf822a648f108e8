/**
 * @module http/direct-connection.test
 * Over real sockets, plain and TLS: requests answered directly on their connection and requests
 * answered by Node's HTTP server share a connection without losing order or bytes — pipelined,
 * split across writes, with bodies and after a body — and a direct answer carries the same
 * status, fields and body as the same request answered through Node.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connect as connectTls } from 'node:tls';
import { makeTestCertificates } from '../../test/support/test-ca.ts';
import { SILENT_LOGGER } from '../util/index.ts';
import { FAST_ROUTES } from './fast-route.ts';
import { ManagementServer } from './management-server.ts';
import { readRequestText } from './request-body.ts';
import { Router } from './router.ts';

/** A route whose fast path answers GET /items/<name> and whose general handler answers the rest alike. */
const router = (): Router =>
  new Router().mount({
    prefix: '/items',
    fast: (request, response) => {
      if (request.method !== 'GET' || request.url === '/items/slow') return false;
      const body = `item ${request.url?.slice('/items/'.length)}`;
      response.writeHead(200, ['Content-Type', 'text/plain', 'Content-Length', String(Buffer.byteLength(body))]);
      response.end(body);
      return true;
    },
    handler: async (request, response) => {
      if (request.method === 'POST') {
        const text = await readRequestText(request, 1024);
        const body = `posted ${text}`;
        response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(body) }).end(body);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      const body = `item ${request.url?.slice('/items/'.length)}`;
      response.writeHead(200, ['Content-Type', 'text/plain', 'Content-Length', String(Buffer.byteLength(body))]);
      response.end(body);
    },
  });

/** Writes `pieces` 10 ms apart and collects what comes back until it matches `until`. */
const exchange = (socket: Socket, pieces: readonly string[], until: RegExp): Promise<string> =>
  new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (until.test(text)) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('error', reject);
    const send = (index: number): void => {
      if (index >= pieces.length) return;
      socket.write(pieces[index] as string);
      setTimeout(() => send(index + 1), 10);
    };
    send(0);
  });

const bodies = (text: string): string[] =>
  text
    .split('HTTP/1.1 ')
    .slice(1)
    .map((response) => response.slice(response.indexOf('\r\n\r\n') + 4));

const get = (path: string): string => `GET ${path} HTTP/1.1\r\nHost: idconf\r\n\r\n`;

for (const secure of [false, true]) {
  describe(`direct answers on a ${secure ? 'TLS' : 'TCP'} connection`, () => {
    let server: ManagementServer;
    let port: number;
    const open = (): Promise<Socket> =>
      new Promise((resolve) => {
        const socket: Socket = secure
          ? connectTls({ port, host: '127.0.0.1', rejectUnauthorized: false }, () => resolve(socket))
          : connect(port, '127.0.0.1', () => resolve(socket));
      });
    const directory = mkdtempSync(join(tmpdir(), 'idconf-direct-'));
    before(async () => {
      const certificates = secure ? makeTestCertificates(directory) : undefined;
      server = new ManagementServer({
        router: router(),
        log: SILENT_LOGGER,
        tls:
          certificates === undefined
            ? undefined
            : { cert: readFileSync(certificates.certFile, 'utf8'), key: readFileSync(certificates.keyFile, 'utf8') },
      });
      ({ port } = await server.listen(0, '127.0.0.1'));
    });
    after(async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    });

    it('answers pipelined requests in order, direct and through Node alike', async () => {
      const answered = FAST_ROUTES.answered;
      const post = 'POST /items HTTP/1.1\r\nHost: idconf\r\nContent-Length: 3\r\n\r\nabc';
      const text = await exchange(
        await open(),
        [get('/items/a') + get('/items/slow') + get('/items/b') + post + get('/items/c')],
        /item c$/,
      );
      assert.deepEqual(bodies(text), ['item a', 'item slow', 'item b', 'posted abc', 'item c']);
      assert.equal(FAST_ROUTES.answered - answered, 1 + 2, 'a, then b and c through Node after slow and the body');
    });

    it('answers requests sent one by one directly, and a head split across writes through Node', async () => {
      const answered = FAST_ROUTES.answered;
      const text = await exchange(
        await open(),
        [get('/items/a'), get('/items/b'), 'GET /items/c HTTP/1.1\r\nHo', 'st: idconf\r\n\r\n', get('/items/d')],
        /item d$/,
      );
      assert.deepEqual(bodies(text), ['item a', 'item b', 'item c', 'item d']);
      assert.equal(FAST_ROUTES.answered - answered, 2 + 2, 'a and b directly; c and d by the fast path in Node');
    });

    it('gives the same status, fields and body directly as through Node', async () => {
      const direct = await exchange(await open(), [get('/items/x')], /item x$/);
      FAST_ROUTES.enabled = false;
      try {
        const general = await exchange(await open(), [get('/items/x')], /item x$/);
        const withoutDate = (text: string): string => text.replace(/^Date: .*\r\n/m, '');
        assert.equal(withoutDate(direct), withoutDate(general));
      } finally {
        FAST_ROUTES.enabled = true;
      }
    });

    it('answers thousands of pipelined requests in order, however they are paced', async () => {
      const names = Array.from({ length: 5000 }, (_, index) => `n${index}`);
      const text = await exchange(await open(), [names.map((name) => get(`/items/${name}`)).join('')], /item n4999$/);
      assert.deepEqual(
        bodies(text),
        names.map((name) => `item ${name}`),
      );
    });

    it('leaves bytes it does not vouch for to Node, which refuses them as before', async () => {
      const text = await exchange(await open(), ['GET /items/a HTTP/1.1\r\nHost : idconf\r\n\r\n'], /\r\n\r\n/);
      assert.match(text, /^HTTP\/1\.1 400 /);
    });
  });
}
