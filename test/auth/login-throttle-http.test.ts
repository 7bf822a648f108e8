/**
 * @module test/auth/login-throttle-http.test
 * Login throttling over real HTTP, behind a trusted reverse proxy: a stranger guessing the
 * admin's password is slowed down (429 with Retry-After) while the admin, at another address,
 * logs in as usual; an `X-Forwarded-For` sent by a client that is not a trusted proxy is ignored,
 * so it can neither hide the guesser nor pin its failures on the admin's address.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const PASSWORD = 'throttle-test-password';
const PROXY = '127.0.0.1';
const UNTRUSTED = '127.0.0.2';
const STRANGER = '203.0.113.7';
const OWNER = '198.51.100.2';
const PATH = '/admin/api/restconf/data/ietf-netconf-acm:nacm/enable-nacm';

interface Attempt {
  readonly status: number;
  readonly retryAfter: string | undefined;
}

/** One login on a fresh connection from `localAddress`, with `forwardedFor` if given. */
const login = (url: string, password: string, localAddress: string, forwardedFor?: string): Promise<Attempt> =>
  new Promise((resolve, reject) => {
    const outgoing = request(
      new URL(PATH, url),
      {
        agent: false,
        localAddress,
        headers: {
          authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`,
          accept: 'application/yang-data+json',
          ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });

/** Guesses until the answer is 429 (at most `limit` times); returns every answer. */
const guessUntilThrottled = async (send: () => Promise<Attempt>, limit = 15): Promise<Attempt[]> => {
  const attempts: Attempt[] = [];
  while (attempts.length < limit) {
    const attempt = await send();
    attempts.push(attempt);
    if (attempt.status !== 401) break;
  }
  return attempts;
};

describe('login throttling over HTTP behind a trusted proxy', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess({
      args: ['--insecure-http', '--trusted-proxy', PROXY],
      env: { IDCONF_ADMIN_PASSWORD: PASSWORD },
    });
  });
  after(() => server.stop());

  it('slows the stranger down, and the admin at another address is not affected', async () => {
    const attempts = await guessUntilThrottled(() => login(server.url, 'wrong', PROXY, STRANGER));
    const last = attempts.at(-1);
    assert.equal(last?.status, 429, JSON.stringify(attempts));
    assert.ok(attempts.length > 5, 'five failures are answered before any wait');
    assert.ok(Number(last?.retryAfter) >= 1, `Retry-After: ${last?.retryAfter}`);
    assert.equal((await login(server.url, PASSWORD, PROXY, OWNER)).status, 200);
    assert.equal((await login(server.url, PASSWORD, PROXY)).status, 200, 'nor the proxy itself');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    // The guesser claims to be the admin's address; its failures count against its own.
    const attempts = await guessUntilThrottled(() => login(server.url, 'wrong', UNTRUSTED, OWNER));
    assert.equal(attempts.at(-1)?.status, 429, JSON.stringify(attempts));
    assert.equal((await login(server.url, PASSWORD, PROXY, OWNER)).status, 200);
  });

  it('logs the forwarded client beside the peer', async () => {
    await server.stop();
    const lines = server.output.filter((line) => line.includes('"msg":"request"'));
    assert.ok(
      lines.some((line) => line.includes(`"remote":"${PROXY}"`) && line.includes(`"client":"${STRANGER}"`)),
      lines.join('\n'),
    );
    assert.ok(lines.some((line) => line.includes(`"remote":"${UNTRUSTED}"`) && !line.includes('"client"')));
  });
});
