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
