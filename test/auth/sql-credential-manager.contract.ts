/**
 * @module test/auth/sql-credential-manager.contract
 * The login matrix every SQL engine (PostgreSQL, MariaDB, SQLite) must pass, end to end: a real
 * database holding accounts whose hashes are in each format the model's password-hash-format
 * offers (`$6$`, `$5$`, `$2b$`, `$argon2id$`) and a groups table, `idconf serve` configured
 * through RESTCONF, every case on both APIs. Covers wrong, empty and unknown, SQL injection in
 * the user name, a user whose name needs quoting, the local admin (never sent to the database),
 * the database stopped (503; the local admin and a login of the last minute still work) and a
 * query that does not bind `:username` (refused at commit).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { hashSync } from 'bcryptjs';
import { hashPassword } from '../../src/auth/index.ts';
import type { IdentityServer } from '../identity/identity-server.ts';
import { ADMIN_PASSWORD, startIdentityServer } from '../identity/identity-server.ts';
import {
  APIS,
  assertLogin,
  assertRefused,
  auditLines,
  errorOf,
  putDataSource,
  useCredentialManager,
  waitForAudit,
} from './auth-test-server.ts';

/** An account as the engine stores it. */
export interface SqlAccount {
  readonly username: string;
  readonly passwordHash: string;
  readonly groups: readonly string[];
}

/** A database started for the contract. */
export interface SqlEngineInstance {
  /** The `sql` case of the data source (url, username, password, tls, queries, …). */
  readonly config: Readonly<Record<string, unknown>>;
  /** Secrets that must never reach a response or the log (the database password). */
  readonly secrets: readonly string[];
  /** Makes the database unreachable (stops the server; SQLite: moves the file away). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** One SQL engine under the contract. */
export interface SqlEngine {
  readonly name: string;
  readonly skip: string | false;
  /** The database has accounts of its own (a server); false for a SQLite file. */
  readonly hasAccounts: boolean;
  /** Starts a database holding `accounts` (tables `accounts` and `account_groups` unless the config says other queries). */
  start(accounts: readonly SqlAccount[]): Promise<SqlEngineInstance>;
}

interface Person {
  readonly username: string;
  readonly password: string;
  readonly groups: readonly string[];
  readonly hash: (password: string) => Promise<string> | string;
}

const openssl = (variant: '5' | '6', password: string): string =>
  execFileSync('openssl', ['passwd', `-${variant}`, '-stdin'], { input: password })
    .toString()
    .trim();

const PEOPLE: readonly Person[] = [
  { username: 'sha512', password: 'sha512-Secret-1', groups: ['ops', 'auditors'], hash: (pw) => openssl('6', pw) },
  { username: 'sha256', password: 'sha256-Secret-2', groups: ['ops'], hash: (pw) => openssl('5', pw) },
  { username: 'bcrypt', password: 'bcrypt-Secret-3', groups: ['auditors'], hash: (pw) => hashSync(pw, 10) },
  { username: 'argon', password: 'argon-Secret-4', groups: [], hash: (pw) => hashPassword(pw) },
  { username: "o'brien", password: 'obrien-Secret-5', groups: ['ops'], hash: (pw) => openssl('6', pw) },
  { username: 'carol', password: 'carol-Secret-6', groups: ['ops'], hash: (pw) => openssl('6', pw) },
  { username: 'dave', password: 'dave-Secret-7', groups: [], hash: (pw) => openssl('6', pw) },
  // The local admin's name also exists in the database, with another password.
  { username: 'admin', password: 'database-admin-password', groups: ['ops'], hash: (pw) => openssl('6', pw) },
];

const INJECTIONS = ["x' OR '1'='1", "' OR 1=1 --", "sha512'--", "sha512' #", "sha512'; DROP TABLE accounts; --", '%'];

/** Runs the contract for `engine`. */
export const runSqlCredentialManagerContract = (engine: SqlEngine): void => {
  describe(`SQL credential manager: ${engine.name}`, { skip: engine.skip }, () => {
    let database: SqlEngineInstance;
    let server: IdentityServer;
    const configure = (overrides: Record<string, unknown> = {}) =>
      putDataSource(server, 'accounts-db', 'sql', {
        ...database.config,
        'connect-timeout': 2000,
        'query-timeout': 2000,
        ...overrides,
      });

    before(async () => {
      const accounts = await Promise.all(
        PEOPLE.map(async (person) => ({
          username: person.username,
          passwordHash: await person.hash(person.password),
          groups: person.groups,
        })),
      );
      accounts.push({ username: 'garbled', passwordHash: 'not-a-hash', groups: [] });
      database = await engine.start(accounts);
      server = await startIdentityServer();
      const created = await configure();
      assert.equal(created.status, 201, created.body);
      await useCredentialManager(server, 'db-admins', 'accounts-db');
    });
    after(async () => {
      await server?.stop();
      await database?.close();
    });

    for (const api of APIS) {
      describe(`over ${api === 'rest' ? 'the legacy REST API' : 'RESTCONF'}`, () => {
        for (const person of PEOPLE.slice(0, 4)) {
          it(`a ${person.username} hash verifies, with the user's groups`, async () => {
            await assertLogin(server, api, person.username, person.password, person.groups);
          });
        }
        it('a wrong password is 401', async () => {
          await assertRefused(server, api, 'sha512', 'not-the-password', 401);
        });
        it('an empty password is 401', async () => {
          const since = Date.now();
          await assertRefused(server, api, 'dave', '', 401);
          const line = await waitForAudit(server, since, 'dave', (audit) => audit.outcome === 'failure');
          assert.equal(line.reason, 'empty-password');
        });
        it('an unknown user is 401', async () => {
          await assertRefused(server, api, 'mallory', 'whatever', 401);
        });
        it('a stored value that is no hash is 401', async () => {
          await assertRefused(server, api, 'garbled', 'not-a-hash', 401);
        });
        it('SQL in the user name finds nobody', async () => {
          for (const name of INJECTIONS) await assertRefused(server, api, name, 'sha512-Secret-1', 401);
        });
        it('a name with a quote is matched literally', async () => {
          await assertLogin(server, api, "o'brien", 'obrien-Secret-5', ['ops']);
        });
        it('a local name is verified locally only, never against the database', async () => {
          await assertLogin(server, api, 'admin', ADMIN_PASSWORD, ['admin']);
          await assertRefused(server, api, 'admin', 'database-admin-password', 401);
        });
      });
    }

    it('every login is an audit line naming the data source, and no secret is logged', () => {
      const lines = auditLines(server.process.output);
      const success = lines.find((line) => line.user === 'sha512' && line.outcome === 'success');
      assert.equal(success?.dataSource, 'accounts-db');
      assert.equal(success?.credentialManager, 'db-admins');
      assert.ok(lines.some((line) => line.user === 'garbled' && line.reason === 'unusable-hash'));
      assert.ok(lines.some((line) => line.user === 'mallory' && line.reason === 'unknown-user'));
      const output = server.process.output.join('\n');
      for (const secret of [...PEOPLE.map((person) => person.password), ...database.secrets])
        assert.ok(!output.includes(secret), `the log contains ${secret}`);
      assert.ok(!output.includes('not-a-hash'), 'the log contains a stored hash');
    });

    describe('the database stopped', () => {
      before(async () => {
        await database.stop();
      });
      after(async () => {
        await database.start();
      });
      for (const api of APIS) {
        it(`a login that needs the database is 503 with an RFC 8040 error body (${api})`, async () => {
          const response = await assertRefused(server, api, 'carol', 'carol-Secret-6', 503);
          assert.equal(errorOf(response).tag, 'operation-failed');
          for (const leak of ['accounts-db', 'ECONNREFUSED', 'SQLSTATE', 'SELECT', ...database.secrets])
            assert.ok(!response.body.includes(leak), `the body contains ${leak}`);
        });
        it(`the local admin still logs in (${api})`, async () => {
          await assertLogin(server, api, 'admin', ADMIN_PASSWORD, ['admin']);
        });
        it(`a login verified in the last minute is still accepted (${api})`, async () => {
          await assertLogin(server, api, 'sha512', 'sha512-Secret-1', ['ops', 'auditors']);
        });
      }
      it('the log line names the data source and a reason without the driver’s message', () => {
        const line = auditLines(server.process.output).find((audit) => audit.outcome === 'unavailable');
        assert.equal(line?.dataSource, 'accounts-db');
        assert.match(line?.reason ?? '', /^credential-query: /);
      });
    });

    it('after the database is back, it answers again', async () => {
      await assertLogin(server, 'rest', 'carol', 'carol-Secret-6', ['ops']);
    });

    // A SQLite file has no accounts to refuse.
    if (engine.hasAccounts)
      it('a database that refuses the account is 503, not 401', async () => {
        assert.equal((await configure({ password: 'wrong-database-password' })).status, 204);
        const since = Date.now();
        await assertRefused(server, 'restconf', 'carol', 'carol-Secret-6', 503);
        const line = await waitForAudit(server, since, 'carol', (audit) => audit.outcome === 'unavailable');
        assert.match(line.reason ?? '', /^credential-query: .*refused the account/);
        assert.equal((await configure()).status, 204);
      });

    it('a groups query that fails is 503 even though the password matched', async () => {
      const queries = { ...(database.config.queries as Record<string, string> | undefined) };
      const changed = await configure({
        queries: { ...queries, 'groups-query': 'SELECT name FROM no_such_table WHERE login = :username' },
      });
      assert.equal(changed.status, 204, changed.body);
      const since = Date.now();
      await assertRefused(server, 'rest', 'dave', 'dave-Secret-7', 503);
      const line = await waitForAudit(server, since, 'dave', (audit) => audit.outcome === 'unavailable');
      assert.match(line.reason ?? '', /^groups-query: /);
      assert.equal((await configure()).status, 204);
    });

    it('a query that does not bind :username is refused at commit (400), and nothing changes', async () => {
      const refused = await configure({
        queries: { 'credential-query': "SELECT password FROM accounts WHERE username = ':username'" },
      });
      assert.equal(refused.status, 400, refused.body);
      const error = JSON.parse(refused.body)['ietf-restconf:errors'].error[0];
      assert.equal(error['error-tag'], 'invalid-value');
      assert.equal(
        error['error-path'],
        "/base:facilities/data-sources/data-source[id='accounts-db']/sql/queries/credential-query",
      );
      await assertLogin(server, 'restconf', 'dave', 'dave-Secret-7', []);
    });
  });
};
