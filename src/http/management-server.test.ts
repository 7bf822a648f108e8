import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { send } from '../../test/support/https-request.ts';
import { SILENT_LOGGER } from '../util/index.ts';
import { ManagementServer } from './management-server.ts';
import { readRequestBody } from './request-body.ts';
import { Router } from './router.ts';

describe('ManagementServer', () => {
  let server: ManagementServer;
  let base: string;
  before(async () => {
    const router = new Router()
      .mount({
        prefix: '/echo',
        handler: async (request, response, context) => {
          const body = await readRequestBody(request, context.bodyLimit);
          response.writeHead(200, { 'Content-Type': 'text/plain' }).end(body);
        },
      })
      .mount({
        prefix: '/crash',
        handler: async () => {
          throw new Error('database password is hunter2');
        },
      });
    server = new ManagementServer({ router, log: SILENT_LOGGER, tls: undefined, bodyLimit: 16 });
    const address = await server.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${address.port}`;
  });
  after(() => server.close());

  it('passes a body within the limit', async () => {
    const response = await send(`${base}/echo`, { method: 'POST', body: 'hello' });
    assert.equal(response.status, 200);
    assert.equal(response.body, 'hello');
  });

  it('rejects a body over the limit with 413 and an errors body', async () => {
    const response = await send(`${base}/echo`, { method: 'POST', body: 'x'.repeat(100) });
    assert.equal(response.status, 413);
    assert.match(response.body, /"error-tag":"too-big"/);
  });

  it('answers a target that is no URL path (//) with 400 and keeps serving', async () => {
    const { port } = new URL(base);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.end('GET // HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    assert.match(raw, /^HTTP\/1\.1 400 /);
    assert.match(raw, /"error-tag":"malformed-message"/);
    const after = await send(`${base}/echo`, { method: 'POST', body: 'still here' });
    assert.equal(after.body, 'still here');
  });

  it('hides unexpected errors behind a generic 500 with a request id', async () => {
    const response = await send(`${base}/crash`);
    assert.equal(response.status, 500);
    assert.match(response.body, /internal error; the server log has the details under request id/);
    assert.ok(!response.body.includes('hunter2'));
    assert.ok(!response.body.includes('at '));
  });
});

describe('ManagementServer: a kept-alive connection whose idle timeout runs late', () => {
  it('answers the request that arrived while the event loop was blocked past the timeout', async () => {
    const router = new Router().mount({
      prefix: '/hello',
      handler: async (_request, response) => {
        response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '5' }).end('hello');
      },
    });
    // 50 ms of keep-alive, plus the second Node adds: the connection is due to close 1.05 s after an answer.
    const server = new ManagementServer({ router, log: SILENT_LOGGER, tls: undefined, keepAliveTimeout: 50 });
    const { port } = await server.listen(0, '127.0.0.1');
    try {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      const answers = (count: number): Promise<void> =>
        new Promise((resolve, reject) => {
          const check = (): void => {
            if (text.split('hello').length - 1 >= count) resolve();
            else if (socket.destroyed) reject(new Error(`the connection closed after: ${JSON.stringify(text)}`));
          };
          socket.on('data', check);
          socket.on('close', check);
          socket.on('error', reject);
          check();
        });
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      const request = 'GET /hello HTTP/1.1\r\nHost: x\r\n\r\n';
      socket.write(request);
      await answers(1);
      // The next request is in the server's socket buffer before the timeout is due; then the event
      // loop is blocked past it, as a large commit's work would block it.
      socket.write(request);
      const until = Date.now() + 1_500;
      while (Date.now() < until);
      await answers(2);
      assert.equal(text.match(/HTTP\/1\.1 200 /g)?.length, 2);
      socket.destroy();
    } finally {
      await server.close();
    }
  });

  it('still closes a connection that stays idle', async () => {
    const router = new Router();
    const server = new ManagementServer({ router, log: SILENT_LOGGER, tls: undefined, keepAliveTimeout: 50 });
    const { port } = await server.listen(0, '127.0.0.1');
    try {
      const socket = connect(port, '127.0.0.1');
      socket.on('data', () => undefined);
      socket.write('GET /none HTTP/1.1\r\nHost: x\r\n\r\n');
      const started = Date.now();
      await new Promise<void>((resolve) => socket.on('close', () => resolve()));
      assert.ok(Date.now() - started < 5_000);
    } finally {
      await server.close();
    }
  });
});
