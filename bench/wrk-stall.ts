/**
 * @module bench/wrk-stall
 * What one stop of a server does to the percentiles wrk reports at one connection. A bare
 * `node:http` server answers at once, except that the request numbered `--at` holds the event
 * loop for `--stall` milliseconds (busy, as a collection's pause does). wrk corrects its latency
 * histogram for coordinated omission before it reports percentiles (`stats_correct`: a latency
 * L longer than the mean interval between requests i adds the samples L − i, L − 2i, …), so one
 * stop weighs as the requests a steady client would have sent during it, not as one request.
 *
 * Run: `node bench/wrk-stall.ts [--stall 10,30,100] [--at 2000] [--duration 3]`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { runWrk } from './wrk.ts';

const { values: flags } = parseArgs({
  options: {
    stall: { type: 'string', default: '0,10,30,100' },
    at: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '3' },
  },
});
const AT = Number(flags.at);
const DURATION = Number(flags.duration);

/** wrk's figures against a server that stops once for `stallMs`. */
const measure = async (stallMs: number) => {
  let served = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (++served === AT) {
        const end = performance.now() + stallMs;
        while (performance.now() < end);
      }
      response.writeHead(204);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const request = {
      origin: `http://127.0.0.1:${port}`,
      method: 'PATCH',
      path: '/',
      body: 'x',
      headers: {},
      count: 1,
    };
    return await runWrk(request, 1, DURATION);
  } finally {
    server.close();
  }
};

process.stdout.write(
  '| one stop of (ms) | requests | p50 (ms) | p90 (ms) | p99 (ms) |\n| --- | --- | --- | --- | --- |\n',
);
for (const stall of (flags.stall ?? '').split(',').map(Number)) {
  const result = await measure(stall);
  process.stdout.write(
    `| ${stall} | ${result.requests.toLocaleString('en')} | ${result.p50.toFixed(2)} | ${result.p90.toFixed(2)} | ${result.p99.toFixed(2)} |\n`,
  );
}
