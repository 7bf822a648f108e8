/**
 * @module test/auth/sqlite.test
 * The SQL credential-manager contract against a SQLite file made with node:sqlite. "Stopped"
 * means the file has been moved away.
 */
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { runSqlCredentialManagerContract } from './sql-credential-manager.contract.ts';

runSqlCredentialManagerContract({
  name: 'SQLite',
  skip: false,
  hasAccounts: false,
  start: async (accounts) => {
    const directory = mkdtempSync(join(tmpdir(), 'idconf-sqlite-'));
    const file = join(directory, 'accounts.db');
    const database = new DatabaseSync(file);
    database.exec('CREATE TABLE accounts (username TEXT PRIMARY KEY, password TEXT NOT NULL)');
    database.exec('CREATE TABLE account_groups (username TEXT NOT NULL, group_name TEXT NOT NULL)');
    const account = database.prepare('INSERT INTO accounts VALUES (?, ?)');
    const group = database.prepare('INSERT INTO account_groups VALUES (?, ?)');
    for (const entry of accounts) {
      account.run(entry.username, entry.passwordHash);
      for (const name of entry.groups) group.run(entry.username, name);
    }
    database.close();
    return {
      config: { url: `sqlite:${file}` },
      secrets: [],
      stop: async () => renameSync(file, `${file}.away`),
      start: async () => renameSync(`${file}.away`, file),
      close: async () => rmSync(directory, { recursive: true, force: true }),
    };
  },
});
