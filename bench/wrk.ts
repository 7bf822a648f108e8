/**
 * @module bench/wrk
 * Runs the load generator, wrk (Debian package `wrk`), as its own process with the request
 * templates of `wrk/request.lua`, and reads the figures its `done()` prints. wrk is written in
 * C, so on a two-core machine it leaves more of the CPU to the server than a Node.js client.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { join } from 'node:path';

/** One load-generator run against one kind of request. */
export interface WrkRequest {
  /** Scheme, host and port: `http://127.0.0.1:6749`. */
  readonly origin: string;
  readonly method: string;
  /** Path template: `{i}` is a random entry index below `count`, `{n}` a growing number. */
  readonly path: string;
  readonly body?: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly count: number;
}

/**
 * The wrk request of PATCH one leaf of a random one of `count` entries, as `api` writes it
 * (`patchLeaf`: path, body and media type with `{i}` and `{n}`), sent with `authorization`.
 */
export const patchLeafRequest = (
  origin: string,
  authorization: string,
  patchLeaf: { readonly path: string; readonly body: string; readonly type: string },
  count: number,
): WrkRequest => ({
  origin,
  method: 'PATCH',
  path: patchLeaf.path,
  body: patchLeaf.body,
  headers: { Authorization: authorization, 'Content-Type': patchLeaf.type },
  count,
});

/**
 * The wrk request of GET one random one of `count` entries, as `api` names it (`getOne`, with
 * `{i}`) and in its JSON media type, sent with `authorization`.
 */
export const getOneRequest = (
  origin: string,
  authorization: string,
  api: { readonly getOne: string; readonly jsonType: string },
  count: number,
): WrkRequest => ({
  origin,
  method: 'GET',
  path: api.getOne,
  headers: { Authorization: authorization, Accept: api.jsonType },
  count,
});

/** What one wrk run measured. */
export interface WrkResult {
  readonly requestsPerSecond: number;
  readonly requests: number;
  /** Latency percentiles in milliseconds. */
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  /** Responses with a status of 400 or more, and socket errors. */
  readonly errors: number;
}

interface WrkOutput {
  readonly requests: number;
  readonly duration_us: number;
  readonly errors: Readonly<Record<string, number>>;
  readonly latency_us: { readonly p50: number; readonly p90: number; readonly p99: number };
}

const SCRIPT = join(import.meta.dirname, 'wrk', 'request.lua');

/**
 * Makes sure wrk is installed. On a fresh Debian machine run as root, installs the package
 * (as `.ci/run` does for its own packages); elsewhere, says what to install.
 */
export const ensureWrk = (log: (line: string) => void): void => {
  const found = (): boolean => spawnSync('wrk', ['--version']).error === undefined;
  if (found()) return;
  const root = process.getuid?.() === 0;
  const apt = spawnSync('apt-get', ['--version']).error === undefined;
  if (!root || !apt) {
    throw new Error('npm run bench needs the load generator wrk: install it (Debian/Ubuntu: apt-get install wrk)');
  }
  log('wrk is missing: installing the Debian package wrk (apt-get install -y wrk)');
  const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: environment });
  spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'wrk'], {
    stdio: 'inherit',
    env: environment,
  });
  if (!found()) throw new Error('could not install wrk; install it by hand (apt-get install wrk)');
};

/** Runs wrk with one thread and `connections` connections for `seconds` seconds. */
export const runWrk = (request: WrkRequest, connections: number, seconds: number): Promise<WrkResult> =>
  new Promise((resolve, reject) => {
    const headerLines = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
    const child = spawn(
      'wrk',
      [
        '-t1',
        `-c${connections}`,
        `-d${seconds}s`,
        '--timeout',
        '60s',
        '-s',
        SCRIPT,
        `${request.origin}${request.path}`,
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          BENCH_METHOD: request.method,
          BENCH_PATH: request.path,
          BENCH_COUNT: String(request.count),
          BENCH_HEADERS: headerLines.join('\n'),
          // A seed of its own per run: no run repeats another's entries and values.
          BENCH_SEED: String(randomInt(1, 2 ** 31 - 1)),
          ...(request.body === undefined ? {} : { BENCH_BODY: request.body }),
        },
      },
    );
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = output.split('\n').find((text) => text.startsWith('{"requests"'));
      if (code !== 0 || line === undefined) {
        reject(new Error(`wrk failed (exit ${code}): ${output.trim()}`));
        return;
      }
      const parsed = JSON.parse(line) as WrkOutput;
      const errors = Object.values(parsed.errors).reduce((sum, value) => sum + value, 0);
      resolve({
        requestsPerSecond: parsed.requests / (parsed.duration_us / 1e6),
        requests: parsed.requests,
        p50: parsed.latency_us.p50 / 1000,
        p90: parsed.latency_us.p90 / 1000,
        p99: parsed.latency_us.p99 / 1000,
        errors,
      });
    });
  });
