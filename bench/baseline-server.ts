/**
 * @module bench/baseline-server
 * The ceiling of this machine for one small GET: a bare `node:http` (or `node:https`) server,
 * run as its own process, that answers every request with the same bytes (status, media type
 * and body) as idconf's GET of one entry. It does no routing, no authentication and no data
 * access, so the same client measures what Node.js itself costs.
 * Run: `node bench/baseline-server.ts BODY_FILE CONTENT_TYPE [CERT_FILE KEY_FILE]`; prints
 * `listening URL` once it listens on a free loopback port. With `BASELINE_BUSY_MICROSECONDS=N`
 * in its environment it spins N µs of CPU before each answer: the same server with a given cost
 * of its own per request, which shows how much own work a server can afford for a given ratio
 * to the bare one (`bench/warm-pairs.ts --busy`).
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

const [bodyFile, contentType, certFile, keyFile] = process.argv.slice(2);
if (bodyFile === undefined || contentType === undefined) {
  process.stderr.write('usage: baseline-server.ts BODY_FILE CONTENT_TYPE [CERT_FILE KEY_FILE]\n');
  process.exit(2);
}
const body = readFileSync(bodyFile);
const busyNanoseconds = BigInt(Math.round(Number(process.env.BASELINE_BUSY_MICROSECONDS ?? '0') * 1000));

/** Spins until `busyNanoseconds` have passed (nothing else to do: this is the cost itself). */
const spin = (): void => {
  if (busyNanoseconds <= 0n) return;
  const until = process.hrtime.bigint() + busyNanoseconds;
  while (process.hrtime.bigint() < until);
};

const answer = (request: IncomingMessage, response: ServerResponse): void => {
  request.resume();
  spin();
  response.writeHead(200, {
    'Cache-Control': 'no-cache',
    'Content-Type': contentType,
    'Content-Length': body.length,
  });
  response.end(body);
};

const options = { keepAliveTimeout: 5_000 };
const server =
  certFile === undefined || keyFile === undefined
    ? createHttpServer(options, answer)
    : createHttpsServer({ ...options, cert: readFileSync(certFile), key: readFileSync(keyFile) }, answer);
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`listening ${certFile === undefined ? 'http' : 'https'}://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
