/**
 * @module auth/sql/sql-url.test
 * The data source url taken apart, and the urls refused with what to write instead.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSqlUrl, SqlUrlError } from './sql-url.ts';

describe('parseSqlUrl', () => {
  it('PostgreSQL, with and without port', () => {
    assert.deepEqual(parseSqlUrl('postgresql://db.example.com:6543/accounts'), {
      dialect: 'postgresql',
      product: 'postgresql',
      host: 'db.example.com',
      port: 6543,
      database: 'accounts',
    });
    assert.equal((parseSqlUrl('postgres://db/accounts') as { port: number }).port, 5432);
  });
  it('MariaDB and MySQL, an IPv6 host, a percent-encoded database', () => {
    assert.deepEqual(parseSqlUrl('mariadb://[::1]/my%20db'), {
      dialect: 'mariadb',
      product: 'mariadb',
      host: '::1',
      port: 3306,
      database: 'my db',
    });
    assert.equal((parseSqlUrl('mysql://db/accounts') as { product: string }).product, 'mysql');
  });
  it('SQLite, in its three spellings', () => {
    for (const url of ['sqlite:/var/lib/a.db', 'sqlite:///var/lib/a.db', 'sqlite://localhost/var/lib/a.db'])
      assert.deepEqual(parseSqlUrl(url), { dialect: 'sqlite', path: '/var/lib/a.db' });
  });
  const refused: [string, RegExp][] = [
    ['postgresql://user:secret@db/accounts', /username leaf.*password leaf/],
    ['postgresql://db/accounts?sslmode=disable', /no query/],
    ['postgresql:///accounts', /no host/],
    ['postgresql://db/a/b', /one segment/],
    ['sqlite:accounts.db', /absolute path/],
    ['sqlite://otherhost/a.db', /local file/],
    ['oracle://db/x', /expected/],
  ];
  for (const [url, message] of refused) {
    it(`refuses ${url}`, () => {
      assert.throws(
        () => parseSqlUrl(url),
        (error: unknown) => error instanceof SqlUrlError && message.test(error.message),
      );
    });
  }
});
