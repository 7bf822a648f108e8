/**
 * @module auth/sql/bind-username.test
 * `:username` becomes the driver's positional placeholder only where it is a placeholder.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bindUsername } from './bind-username.ts';
import type { SqlDialect } from './sql-url.ts';

describe('bindUsername', () => {
  const cases: { name: string; dialect: SqlDialect; sql: string; text: string; parameters: number }[] = [
    {
      name: 'PostgreSQL: $1',
      dialect: 'postgresql',
      sql: 'SELECT password FROM accounts WHERE username = :username',
      text: 'SELECT password FROM accounts WHERE username = $1',
      parameters: 1,
    },
    {
      name: 'MariaDB and SQLite: ?, once per use',
      dialect: 'mariadb',
      sql: 'SELECT p FROM a WHERE u = :username OR mail = :username',
      text: 'SELECT p FROM a WHERE u = ? OR mail = ?',
      parameters: 2,
    },
    {
      name: 'PostgreSQL: every use is $1',
      dialect: 'postgresql',
      sql: 'SELECT p FROM a WHERE u = :username OR mail = :username',
      text: 'SELECT p FROM a WHERE u = $1 OR mail = $1',
      parameters: 2,
    },
    {
      name: 'not in a string literal, also with a doubled quote',
      dialect: 'sqlite',
      sql: "SELECT p FROM a WHERE note <> 'it''s :username' AND u = :username",
      text: "SELECT p FROM a WHERE note <> 'it''s :username' AND u = ?",
      parameters: 1,
    },
    {
      name: 'MariaDB: a backslash-escaped quote does not end the string',
      dialect: 'mariadb',
      sql: "SELECT p FROM a WHERE note <> 'it\\' :username' AND u = :username",
      text: "SELECT p FROM a WHERE note <> 'it\\' :username' AND u = ?",
      parameters: 1,
    },
    {
      name: 'not in quoted identifiers or comments',
      dialect: 'mariadb',
      sql: 'SELECT `:username`, ":username" /* :username */ FROM a -- :username\n# :username\nWHERE u = :username',
      text: 'SELECT `:username`, ":username" /* :username */ FROM a -- :username\n# :username\nWHERE u = ?',
      parameters: 1,
    },
    {
      name: 'PostgreSQL: not in a dollar-quoted string, and :: is a cast',
      dialect: 'postgresql',
      sql: 'SELECT $tag$ :username $tag$, p::text FROM a WHERE u = :username::text',
      text: 'SELECT $tag$ :username $tag$, p::text FROM a WHERE u = $1::text',
      parameters: 1,
    },
    {
      name: 'a longer name is no placeholder',
      dialect: 'sqlite',
      sql: 'SELECT p FROM a WHERE u = :usernames OR u = :username_2',
      text: 'SELECT p FROM a WHERE u = :usernames OR u = :username_2',
      parameters: 0,
    },
    {
      name: 'none at all',
      dialect: 'postgresql',
      sql: "SELECT p FROM a WHERE u = 'admin'",
      text: "SELECT p FROM a WHERE u = 'admin'",
      parameters: 0,
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      assert.deepEqual(bindUsername(testCase.sql, testCase.dialect), {
        text: testCase.text,
        parameters: testCase.parameters,
      });
    });
  }
});
