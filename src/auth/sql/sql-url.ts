/**
 * @module auth/sql/sql-url
 * The `url` of an SQL data source taken apart: which database product (the scheme), where it
 * is, and which database. Credentials do not belong in it (the `username` and `password` leaves
 * hold them, the password encrypted), nor do driver options (the model has leaves for those).
 */
import { isAbsolute } from 'node:path';

/** The database products an SQL data source can use. */
export type SqlDialect = 'postgresql' | 'mariadb' | 'sqlite';

/** A server database (PostgreSQL, MariaDB/MySQL). */
export interface SqlServerLocation {
  readonly dialect: 'postgresql' | 'mariadb';
  /** The scheme's product: `mysql://` servers lack some MariaDB features (a server-side query time-out). */
  readonly product: 'postgresql' | 'mariadb' | 'mysql';
  readonly host: string;
  readonly port: number;
  /** Empty: the driver's default (PostgreSQL: the user name). */
  readonly database: string;
}

/** A SQLite database file. */
export interface SqliteLocation {
  readonly dialect: 'sqlite';
  readonly path: string;
}

/** Where an SQL data source's database is. */
export type SqlLocation = SqlServerLocation | SqliteLocation;

/** Thrown for a URL that names no usable database; the message says what to write instead. */
export class SqlUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SqlUrlError';
  }
}

const DEFAULT_PORT = { postgresql: 5432, mariadb: 3306 } as const;

const SERVER_SCHEMES: Readonly<Record<string, 'postgresql' | 'mariadb'>> = {
  'postgres:': 'postgresql',
  'postgresql:': 'postgresql',
  'mysql:': 'mariadb',
  'mariadb:': 'mariadb',
};

const sqliteLocation = (url: string): SqliteLocation => {
  let rest = url.slice('sqlite:'.length);
  // sqlite:///var/x.db and sqlite://localhost/var/x.db are the URL forms of sqlite:/var/x.db.
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    const host = slash < 0 ? rest.slice(2) : rest.slice(2, slash);
    if (host !== '' && host !== 'localhost')
      throw new SqlUrlError('a SQLite database is a local file: sqlite:/path/to/file.db');
    rest = slash < 0 ? '' : rest.slice(slash);
  }
  let path: string;
  try {
    path = decodeURIComponent(rest);
  } catch {
    throw new SqlUrlError('the SQLite path has a malformed percent-encoding');
  }
  if (!isAbsolute(path))
    throw new SqlUrlError('give the SQLite database file as an absolute path: sqlite:/path/to/file.db');
  if (path.includes('\u0000')) throw new SqlUrlError('the SQLite path contains NUL');
  return { dialect: 'sqlite', path };
};

/** The location `url` names. @throws SqlUrlError */
export const parseSqlUrl = (url: string): SqlLocation => {
  if (url.startsWith('sqlite:')) return sqliteLocation(url);
  const parsed = URL.parse(url);
  const dialect = parsed === null ? undefined : SERVER_SCHEMES[parsed.protocol];
  if (parsed === null || dialect === undefined)
    throw new SqlUrlError('expected postgresql://host[:port]/database, mariadb://…, mysql://… or sqlite:/path');
  if (parsed.username !== '' || parsed.password !== '')
    throw new SqlUrlError(
      'put the user name in the username leaf and the password in the password leaf (stored encrypted), not in the url',
    );
  if (parsed.search !== '' || parsed.hash !== '')
    throw new SqlUrlError('the url takes no query or fragment: TLS and time-outs have their own leaves');
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') throw new SqlUrlError('the url names no host');
  let database: string;
  try {
    database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  } catch {
    throw new SqlUrlError('the database name has a malformed percent-encoding');
  }
  if (database.includes('/')) throw new SqlUrlError('the url path is the database name: one segment');
  return {
    dialect,
    product: dialect === 'mariadb' && parsed.protocol === 'mysql:' ? 'mysql' : dialect,
    host,
    port: parsed.port === '' ? DEFAULT_PORT[dialect] : Number(parsed.port),
    database,
  };
};
