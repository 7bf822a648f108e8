/**
 * @module bench/idconf-server
 * Starts `idconf serve` as its own process on a free loopback port, with the benchmark model
 * (`bench/bench.yang`), a given data dir, and plain HTTP (`--insecure-http`) or HTTPS with the
 * benchmark's certificate (`--tls-cert`, `--tls-key`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, startServer } from './child-process.ts';
import { BenchClient } from './http-client.ts';
import type { TlsFiles } from './tls-files.ts';
import { loadDocument, RESTCONF } from './workload.ts';

/** The administrator's credentials of every benchmark server. */
export const ADMIN = { user: 'admin', password: 'bench-password' } as const;

const ROOT = join(import.meta.dirname, '..');

/** Options of one server start. */
export interface IdconfStart {
  readonly dataDir: string;
  /** Plain HTTP, or HTTPS with these certificate files. */
  readonly tls?: TlsFiles;
  /** Directory for V8 CPU profiles (`--cpu-prof`), or none. */
  readonly cpuProfileDir?: string;
  readonly timeoutMs: number;
  /** Extra `node` flags (e.g. `--heapsnapshot-signal=SIGUSR2`). */
  readonly nodeArgs?: readonly string[];
  /** The checkout to run (default: this one), for comparing two commits in one run. */
  readonly root?: string;
  /** More arguments of `idconf serve` (e.g. `--store postgres://…`). */
  readonly extraArgs?: readonly string[];
  /** More environment variables (e.g. the configuration key a cluster shares). */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Request bodies of the benchmark (a whole list at 1,000,000 entries) exceed the 10 MiB default;
 * 256 MiB is the most `--body-limit` accepts.
 */
const BODY_LIMIT = 2 ** 28;

const listeningUrl = (line: string): string | undefined => {
  if (!line.includes('idconf listening on')) return undefined;
  try {
    const record = JSON.parse(line) as { url?: unknown };
    return typeof record.url === 'string' ? record.url : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Node.js options as the benchmark's tools take them on the command line, separated by spaces
 * (`"--v8-pool-size=1 --trace-gc"`), for {@link IdconfStart.nodeArgs}.
 */
export const nodeArgsOf = (text: string | undefined): string[] => (text ?? '').split(' ').filter((arg) => arg !== '');

/** Starts idconf and resolves once it listens. */
export const startIdconf = (options: IdconfStart): Promise<ServerProcess> => {
  const root = options.root ?? ROOT;
  return startServer({
    command: process.execPath,
    args: [
      '--disable-warning=ExperimentalWarning',
      // As bin/idconf starts it (scripts/run.mjs).
      '--min-semi-space-size=4',
      '--max-semi-space-size=4',
      ...(options.nodeArgs ?? []),
      ...(options.cpuProfileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`]),
      join(root, 'src', 'cli', 'main.ts'),
      'serve',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--data-dir',
      options.dataDir,
      '--yang-dir',
      join(ROOT, 'bench'),
      '--body-limit',
      String(BODY_LIMIT),
      ...(options.tls === undefined
        ? ['--insecure-http']
        : ['--tls-cert', options.tls.cert, '--tls-key', options.tls.key]),
      ...(options.extraArgs ?? []),
    ],
    cwd: root,
    // Node's compile cache from the first module on, as `bin/idconf` (scripts/run.mjs) runs the server.
    env: {
      IDCONF_ADMIN_PASSWORD: ADMIN.password,
      IDCONF_STORE: '',
      NODE_COMPILE_CACHE: process.env['NODE_COMPILE_CACHE'] ?? join(tmpdir(), 'node-compile-cache'),
      ...options.env,
    },
    listening: listeningUrl,
    timeoutMs: options.timeoutMs,
  });
};

/** Starts the bare baseline server answering `bodyFile` as `contentType` (HTTPS with the given files). */
export const startBaseline = (
  bodyFile: string,
  contentType: string,
  tls?: TlsFiles,
  busyMicroseconds = 0,
): Promise<ServerProcess> =>
  startServer({
    command: process.execPath,
    args: [
      '--disable-warning=ExperimentalWarning',
      join(ROOT, 'bench', 'baseline-server.ts'),
      bodyFile,
      contentType,
      ...(tls === undefined ? [] : [tls.cert, tls.key]),
    ],
    cwd: ROOT,
    env: { BASELINE_BUSY_MICROSECONDS: String(busyMicroseconds) },
    listening: (line) => (line.startsWith('listening ') ? line.slice('listening '.length).trim() : undefined),
    timeoutMs: 30_000,
  });

/**
 * A new data dir under the system's temporary directory (named `prefix…`) holding `size`
 * benchmark entries: loaded by one PUT into a server of checkout `root`, which is then stopped,
 * so that the next start reads them from the checkpoint of a clean stop.
 */
export const loadedDataDir = async (root: string, size: number, prefix: string): Promise<string> => {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  let server: ServerProcess;
  try {
    server = await startIdconf({ dataDir, root, timeoutMs: 120_000 + size / 5 });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  try {
    const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
    try {
      await client.send('PUT', `${RESTCONF}/data/bench:bench`, {
        body: loadDocument(size),
        headers: { 'Content-Type': 'application/yang-data+json' },
        expected: [201, 204],
      });
    } finally {
      client.close();
    }
  } catch (error) {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  await server.stop();
  return dataDir;
};
