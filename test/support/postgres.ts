/**
 * @module test/support/postgres
 * A throwaway PostgreSQL server on loopback: `initdb` into a temporary directory (as the
 * `postgres` user when the tests run as root, which PostgreSQL refuses to run as), then the
 * `postgres` server in the foreground on a free port, TCP only, with scram-sha-256 passwords.
 * It has a database `accounts` and a login role for idconf; the test creates its tables through
 * `execute` (as the superuser). It can be stopped and started again on the same port and data.
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
  stop(): Promise<void>;
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
  const settings = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'];
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
    stop,
    start: startAndWait,
    close: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};
