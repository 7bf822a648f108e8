/**
 * @module test/auth/mariadb.test
 * The SQL credential-manager contract against a real MariaDB, with queries of its own (tables
 * `users` and `memberships`, a `mariadb://` URL) instead of the model's defaults.
 */
import { mariadbMissing, startMariadb } from '../support/mariadb.ts';
import { runSqlCredentialManagerContract } from './sql-credential-manager.contract.ts';

runSqlCredentialManagerContract({
  name: 'MariaDB',
  skip: mariadbMissing,
  hasAccounts: true,
  start: async (accounts) => {
    const mariadb = await startMariadb();
    // A binary collation: user names compare exactly, as with the other engines.
    await mariadb.execute(
      'CREATE TABLE users (login VARCHAR(255) COLLATE utf8mb4_bin PRIMARY KEY, pw_hash VARCHAR(255) NOT NULL, enabled BOOLEAN NOT NULL)',
    );
    await mariadb.execute(
      'CREATE TABLE memberships (login VARCHAR(255) COLLATE utf8mb4_bin NOT NULL, team VARCHAR(255) NOT NULL)',
    );
    await mariadb.execute(`GRANT SELECT ON accounts.* TO '${mariadb.user}'@'%'`);
    for (const account of accounts) {
      await mariadb.execute('INSERT INTO users VALUES (?, ?, TRUE)', [account.username, account.passwordHash]);
      for (const group of account.groups)
        await mariadb.execute('INSERT INTO memberships VALUES (?, ?)', [account.username, group]);
    }
    return {
      config: {
        url: `mariadb://${mariadb.host}:${mariadb.port}/${mariadb.database}`,
        username: mariadb.user,
        password: mariadb.password,
        tls: 'none',
        queries: {
          // A comment and a string with a colon: only the real placeholder is bound.
          'credential-query':
            "SELECT pw_hash FROM users /* :username here is a comment */ WHERE login = :username AND enabled AND ':x' <> ''",
          'groups-query': 'SELECT team FROM memberships WHERE login = :username ORDER BY team',
        },
      },
      secrets: [mariadb.password],
      stop: () => mariadb.stop(),
      start: () => mariadb.start(),
      close: () => mariadb.close(),
    };
  },
});
