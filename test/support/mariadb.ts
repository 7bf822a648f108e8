/**
 * @module test/support/mariadb
 * A throwaway MariaDB server on loopback: `mariadb-install-db` into a temporary directory, then
 * `mariadbd` in the foreground on a free port (and a socket in that directory, through which the
 * test sets up as root). It has a database `accounts` and a login user for idconf; the test
 * creates its tables through `execute`. It can be stopped and started again.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skipUnlessInstalled } from './external-program.ts';
import { freePort } from './free-port.ts';
import { waitForPort } from './wait-for-port.ts';

/** Skip message for tests that need MariaDB (false: run them). */
export const mariadbMissing = skipUnlessInstalled(['mariadb-install-db', 'mariadbd'], 'apt-get install mariadb-server');

/** A running (or stopped) test database server. */
export interface MariadbServer {
  readonly host: string;
  readonly port: number;
  readonly database: string;
  /** The user idconf logs in as (it may only read what the test grants). */
  readonly user: string;
  readonly password: string;
  /** Runs SQL as root in the `accounts` database. */
  execute(sql: string, values?: readonly unknown[]): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const READER = 'idconf_reader';
const READER_PASSWORD = 'idconf-reader-Passw0rd';

/** `mariadbd` runs as the current user; as root it must be told so. */
const userArguments = (): string[] => (process.getuid?.() === 0 ? ['--user=root'] : []);

/** Starts a test MariaDB; resolves when it accepts connections and has the database and user. */
export const startMariadb = async (): Promise<MariadbServer> => {
  const directory = mkdtempSync(join(tmpdir(), 'idconf-mariadb-'));
  const data = join(directory, 'data');
  const socket = join(directory, 'mariadbd.sock');
  const pidFile = join(directory, 'mariadbd.pid');
  execFileSync(
    'mariadb-install-db',
    [
      '--no-defaults',
      `--datadir=${data}`,
      ...userArguments(),
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ],
    { stdio: 'ignore' },
  );
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const start = async (): Promise<void> => {
    let exitCode: number | string | undefined;
    const started = spawn(
      'mariadbd',
      [
        '--no-defaults',
        `--datadir=${data}`,
        ...userArguments(),
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        `--socket=${socket}`,
        `--pid-file=${pidFile}`,
        `--log-error=${join(directory, 'error.log')}`,
        '--skip-name-resolve',
        '--innodb-flush-log-at-trx-commit=0',
      ],
      { stdio: 'ignore' },
    );
    exited = new Promise((resolve) =>
      started.on('exit', (code, signal) => {
        exitCode = code ?? signal ?? 'unknown';
        resolve();
      }),
    );
    child = started;
    await waitForPort(port, {
      timeoutMs: 60_000,
      gone: () =>
        exitCode === undefined
          ? undefined
          : `mariadbd exited (${exitCode}): ${readFileSync(join(directory, 'error.log'), 'utf8').slice(-2000)}`,
    });
  };
  const stop = async (): Promise<void> => {
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  const { createConnection } = await import('mariadb');
  const execute = async (database: string | undefined, sql: string, values: readonly unknown[] = []): Promise<void> => {
    const connection = await createConnection({
      socketPath: socket,
      user: 'root',
      ...(database === undefined ? {} : { database }),
    });
    try {
      await connection.query(sql, [...values]);
    } finally {
      await connection.end();
    }
  };
  await start();
  try {
    // Anonymous accounts would shadow a named user's logins from localhost.
    await execute(undefined, "DELETE FROM mysql.global_priv WHERE User = ''");
    await execute(undefined, 'FLUSH PRIVILEGES');
    await execute(undefined, 'CREATE DATABASE accounts');
    await execute(undefined, `CREATE USER '${READER}'@'%' IDENTIFIED BY '${READER_PASSWORD}'`);
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
    start,
    close: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};
