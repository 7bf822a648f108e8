/**
 * @module test/support/postgres
 * A throwaway PostgreSQL server on loopback: `initdb` into a temporary directory (as the
 * `postgres` user when the tests run as root, which PostgreSQL refuses to run as), then the
 * `postgres` server in the foreground on a free port, TCP only, with scram-sha-256 passwords.
 * It has a database `accounts` and a login role for idconf; the test creates its tables through
 * `execute` (as the superuser). It can be stopped and started again on the same port and data,
 * or killed (the postmaster and every backend, with SIGKILL) to test crash recovery. Instances
 * are small (16 MB of shared buffers, 60 connections): several run on one small machine.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chownSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { skipUnlessInstalled } from './external-program.ts';
import { freePort } from './free-port.ts';
import type { TestCertificates } from './test-ca.ts';
import { waitForPort } from './wait-for-port.ts';

/** The bin directory of the newest PostgreSQL the Debian packages installed. */
const binDirectory = ((): string => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^[0-9]+$/.test(name))
        .sort((left, right) => Number(right) - Number(left))
    : [];
  return join(root, versions[0] ?? '15', 'bin');
})();

/** Skip message for tests that need PostgreSQL (false: run them). */
export const postgresMissing = skipUnlessInstalled(
  [join(binDirectory, 'initdb'), join(binDirectory, 'postgres')],
  'apt-get install postgresql',
);

/** Options of {@link startPostgres}. */
export interface PostgresOptions {
  /** Accept TLS connections with this certificate. */
  readonly tls?: TestCertificates;
  /**
   * Flush the WAL to disk at every commit, as in production (`fsync=on`); off by default, which
   * survives a crash of PostgreSQL (the operating system keeps what was written) but not of the machine.
   */
  readonly durable?: boolean;
}

/** A running (or stopped) test database server. */
export interface PostgresServer {
  readonly host: string;
  readonly port: number;
  readonly database: string;
  /** The role idconf logs in as (it may only read what the test grants). */
  readonly user: string;
  readonly password: string;
  /** Runs SQL as the superuser in the `accounts` database. */
  execute(sql: string, values?: readonly unknown[]): Promise<void>;
  /** Runs SQL as the superuser in the database `database` (`postgres`, or one it created). */
  executeIn(database: string, sql: string, values?: readonly unknown[]): Promise<void>;
  /**
   * Creates a UTF8 database owned by a new login role of the same name (password = name), and
   * returns its `postgres://` URL.
   */
  createDatabase(name: string): Promise<string>;
  /** Fast shutdown (SIGINT to the postmaster); resolves when it exited. */
  stop(): Promise<void>;
  /** Kills the postmaster and every backend with SIGKILL, as a crash would; resolves when they are gone. */
  kill(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const SUPERUSER_PASSWORD = 'postgres-superuser-password';
const READER = 'idconf_reader';
const READER_PASSWORD = 'idconf-reader-Passw0rd';

/** Runs `command` as the postgres user when we are root (PostgreSQL refuses to run as root). */
const asPostgres = (command: string, args: readonly string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, [...args]];

/** The postgres user's ids when we are root (the data directory must belong to it), else undefined. */
const postgresIds = (): { uid: number; gid: number } | undefined =>
  process.getuid?.() === 0
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
      }
    : undefined;

/** Starts a test PostgreSQL; resolves when it accepts connections and has the database and role. */
export const startPostgres = async (options: PostgresOptions = {}): Promise<PostgresServer> => {
  const directory = mkdtempSync(join(tmpdir(), 'idconf-postgres-'));
  const data = join(directory, 'data');
  const ids = postgresIds();
  const own = (path: string): void => {
    if (ids !== undefined) chownSync(path, ids.uid, ids.gid);
  };
  own(directory);
  const passwordFile = join(directory, 'superuser-password');
  writeFileSync(passwordFile, `${SUPERUSER_PASSWORD}\n`, { mode: 0o600 });
  own(passwordFile);
  const [initdb, initdbArgs] = asPostgres(join(binDirectory, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    `--pwfile=${passwordFile}`,
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  execFileSync(initdb, initdbArgs, { stdio: 'ignore' });
  const settings = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    `fsync=${options.durable === true ? 'on' : 'off'}`,
    '-c',
    'shared_buffers=16MB',
    '-c',
    'max_connections=60',
  ];
  if (options.tls !== undefined) {
    for (const [from, to] of [
      [options.tls.certFile, 'server.crt'],
      [options.tls.keyFile, 'server.key'],
    ] as const) {
      copyFileSync(from, join(data, to));
      own(join(data, to));
    }
    execFileSync('chmod', ['600', join(data, 'server.key')]);
    settings.push('-c', 'ssl=on', '-c', 'ssl_cert_file=server.crt', '-c', 'ssl_key_file=server.key');
  }
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const start = async (): Promise<void> => {
    const output: string[] = [];
    let exitCode: number | string | undefined;
    const [command, args] = asPostgres(join(binDirectory, 'postgres'), ['-D', data, '-p', String(port), ...settings]);
    const started = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    exited = new Promise((resolve) =>
      started.on('exit', (code, signal) => {
        exitCode = code ?? signal ?? 'unknown';
        resolve();
      }),
    );
    child = started;
    await waitForPort(port, {
      timeoutMs: 30_000,
      gone: () => (exitCode === undefined ? undefined : `postgres exited (${exitCode}): ${output.join('')}`),
    });
  };
  const stop = async (): Promise<void> => {
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    // The postmaster's own PID (the child may be runuser): SIGINT is PostgreSQL's fast shutdown.
    const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGINT');
    await exited;
  };
  /** Kills the postmaster and its children (the backends) with SIGKILL, by their pids. */
  const kill = async (): Promise<void> => {
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = childrenOf(pid);
    for (const target of [pid, ...children]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await exited;
    for (let attempt = 0; attempt < 100 && children.some(isAlive); attempt++) await sleep(20);
  };
  const { Client } = await import('pg');
  const execute = async (database: string, sql: string, values: readonly unknown[] = []): Promise<void> => {
    const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password: SUPERUSER_PASSWORD, database });
    await client.connect();
    try {
      await client.query(sql, [...values]);
    } finally {
      await client.end();
    }
  };
  /** The port opens before the server accepts sessions ("the database system is starting up"). */
  const ready = async (): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      try {
        await execute('postgres', 'SELECT 1');
        return;
      } catch (error) {
        if (attempt >= 300) throw error;
        await sleep(100);
      }
    }
  };
  const startAndWait = async (): Promise<void> => {
    await start();
    await ready();
  };
  await startAndWait();
  try {
    await execute('postgres', `CREATE ROLE ${READER} LOGIN PASSWORD '${READER_PASSWORD}'`);
    await execute('postgres', 'CREATE DATABASE accounts');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    host: '127.0.0.1',
    port,
    database: 'accounts',
    user: READER,
    password: READER_PASSWORD,
    execute: (sql, values) => execute('accounts', sql, values),
    executeIn: (database, sql, values) => execute(database, sql, values),
    createDatabase: async (name) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      await execute('postgres', `CREATE ROLE ${name} LOGIN PASSWORD '${name}'`);
      await execute('postgres', `CREATE DATABASE ${name} OWNER ${name} ENCODING 'UTF8' TEMPLATE template0`);
      return `postgres://${name}:${name}@127.0.0.1:${port}/${name}`;
    },
    stop,
    kill,
    start: startAndWait,
    close: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};

/** The pids of the processes whose parent is `pid` (from /proc). */
const childrenOf = (pid: number): number[] => {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(name)) continue;
    try {
      // Field 4 of /proc/PID/stat is the parent's pid; the command (field 2) may hold spaces.
      const stat = readFileSync(join('/proc', name, 'stat'), 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) found.push(Number(name));
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
