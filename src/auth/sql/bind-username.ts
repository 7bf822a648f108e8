/**
 * @module auth/sql/bind-username
 * The configured queries name the user as `:username`; drivers want positional parameters
 * (`$1` for PostgreSQL, `?` for MariaDB and SQLite). This rewrites the query text, skipping
 * string literals, quoted identifiers, comments, PostgreSQL dollar quotes and `::` casts, so
 * only real placeholders are replaced. The user name itself never becomes part of the SQL: it is
 * always sent as a bound parameter value.
 */
import type { SqlDialect } from './sql-url.ts';

/** A query with its placeholders in the driver's style. */
export interface BoundQuery {
  readonly text: string;
  /** How many values to bind (each is the user name); 0 when the query has no `:username`. */
  readonly parameters: number;
}

const PLACEHOLDER = ':username';
const IDENTIFIER_CHARACTER = /[A-Za-z0-9_$]/;
const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

/** Where the quoted or commented part that starts at `index` ends (the index after it). */
const skipQuoted = (sql: string, index: number, dialect: SqlDialect): number | undefined => {
  const character = sql[index];
  const next = sql[index + 1];
  if (character === '-' && next === '-') {
    const end = sql.indexOf('\n', index);
    return end < 0 ? sql.length : end + 1;
  }
  if (character === '#' && dialect === 'mariadb') {
    const end = sql.indexOf('\n', index);
    return end < 0 ? sql.length : end + 1;
  }
  if (character === '/' && next === '*') {
    const end = sql.indexOf('*/', index + 2);
    return end < 0 ? sql.length : end + 2;
  }
  if (character === "'" || character === '"' || (character === '`' && dialect !== 'postgresql')) {
    // MariaDB also ends nothing at a backslash-escaped quote (its default SQL mode).
    const backslashEscapes = dialect === 'mariadb' && character !== '`';
    let position = index + 1;
    while (position < sql.length) {
      const current = sql[position];
      if (backslashEscapes && current === '\\') {
        position += 2;
        continue;
      }
      if (current === character) {
        if (sql[position + 1] === character) {
          position += 2;
          continue;
        }
        return position + 1;
      }
      position++;
    }
    return sql.length;
  }
  if (
    character === '$' &&
    dialect === 'postgresql' &&
    (index === 0 || !IDENTIFIER_CHARACTER.test(sql[index - 1] ?? ''))
  ) {
    const tag = DOLLAR_TAG.exec(sql.slice(index))?.[0];
    if (tag !== undefined) {
      const end = sql.indexOf(tag, index + tag.length);
      return end < 0 ? sql.length : end + tag.length;
    }
  }
  return undefined;
};

/** `sql` with each `:username` placeholder in `dialect`'s positional style. */
export const bindUsername = (sql: string, dialect: SqlDialect): BoundQuery => {
  let text = '';
  let parameters = 0;
  let index = 0;
  while (index < sql.length) {
    const skipped = skipQuoted(sql, index, dialect);
    if (skipped !== undefined) {
      text += sql.slice(index, skipped);
      index = skipped;
      continue;
    }
    const character = sql[index] as string;
    if (character === ':' && sql[index + 1] === ':') {
      text += '::';
      index += 2;
      continue;
    }
    if (
      character === ':' &&
      sql.startsWith(PLACEHOLDER, index) &&
      !IDENTIFIER_CHARACTER.test(sql[index + PLACEHOLDER.length] ?? '') &&
      !IDENTIFIER_CHARACTER.test(sql[index - 1] ?? '')
    ) {
      text += dialect === 'postgresql' ? '$1' : '?';
      parameters++;
      index += PLACEHOLDER.length;
      continue;
    }
    text += character;
    index++;
  }
  return { text, parameters };
};
