/**
 * @module web/views/list-table
 * A list as a table read page by page from the server (RESTCONF list pagination: `limit`,
 * `offset`, `sort-by`, `direction`, and `where` for the search), so that a list of any size
 * opens at once: the key columns and a few more leaves, sortable headers, a search box, paging,
 * staged new and deleted entries, and buttons to add and delete entries and, in a list ordered by
 * the user, to move an entry one place up or down (within the page, in the list's own order).
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api/restconf-client.ts';
import type { JsonObject } from '../schema/data-json.ts';
import { annotationsOf, keyValuesOf, listEntries, memberValue } from '../schema/data-json.ts';
import type { DataPath } from '../schema/data-path.ts';
import { apiPath, pathKey } from '../schema/data-path.ts';
import { textOf } from '../schema/leaf-values.ts';
import type { SchemaNode } from '../schema/schema-model.ts';
import { dataChildren, typeOf } from '../schema/schema-model.ts';
import { href, navigate } from '../state/hash-route.ts';
import { useSession, useStore } from '../state/session.ts';
import type { EditBase } from '../state/staging.ts';
import { orderWithMoves } from '../state/staging.ts';
import { EntryDialog } from './entry-dialog.tsx';
import { titleOf } from './tree-nav.tsx';

/** Days before a certificate's end from which it is highlighted. */
export const EXPIRY_WARNING_DAYS = 30;

/** A column: a leaf of the entry, directly or in a container below it. */
export interface Column {
  readonly steps: readonly SchemaNode[];
  readonly label: string;
}

/** The default columns: the keys, then up to `extra` other leaves that are short and not secret. */
export const defaultColumns = (list: SchemaNode, extra: number): Column[] => {
  const keys = list.raw.keys ?? [];
  const leaves = dataChildren(list).filter((child) => child.kind === 'leaf');
  const keyColumns = keys.flatMap((key) => {
    const node = leaves.find((leaf) => leaf.name === key);
    return node === undefined ? [] : [{ steps: [node], label: titleOf(node) }];
  });
  const others = leaves
    .filter((leaf) => !keys.includes(leaf.name) && leaf.raw.secret !== true && typeOf(leaf).base !== 'binary')
    .slice(0, extra)
    .map((node) => ({ steps: [node], label: titleOf(node) }));
  return [...keyColumns, ...others];
};

const fieldsOf = (list: SchemaNode, columns: readonly Column[]): string =>
  columns
    .map((column) =>
      column.steps
        .map((step, index) => {
          const parent = index === 0 ? list : column.steps[index - 1];
          return step.module === parent?.module ? step.name : `${step.module}:${step.name}`;
        })
        .join('/'),
    )
    .join(';');

/** The value of a column in an entry. */
const cellValue = (entry: JsonObject, list: SchemaNode, column: Column): unknown => {
  let value: unknown = entry;
  let parent = list;
  for (const step of column.steps) {
    value = memberValue(value as JsonObject | undefined, step, parent.module);
    parent = step;
  }
  return value;
};

/** An XPath string literal for `text`. @see W3C XPath 1.0 §3.7 */
const xpathLiteral = (text: string): string =>
  !text.includes("'")
    ? `'${text}'`
    : !text.includes('"')
      ? `"${text}"`
      : `concat(${text
          .split("'")
          .map((part) => `'${part}'`)
          .join(`, "'", `)})`;

/** The `where` expression of a search: any searchable column contains the text. */
const searchExpression = (list: SchemaNode, columns: readonly Column[], text: string): string =>
  columns
    .filter((column) => column.steps.length === 1 && column.steps[0]?.module === list.module)
    .map((column) => `contains(${column.steps.map((step) => step.name).join('/')}, ${xpathLiteral(text)})`)
    .join(' or ');

/** Days from now until an RFC 3339 date (negative when past). */
export const daysUntil = (date: string): number => (Date.parse(date) - Date.now()) / 86_400_000;

const Cell = ({ value, column }: { value: unknown; column: Column }) => {
  const node = column.steps.at(-1) as SchemaNode;
  const type = typeOf(node);
  let text = Array.isArray(value) && value[0] !== null ? value.join(', ') : textOf(type, value, node.module);
  // Dates in a table: to the minute, in UTC (the whole value is in the entry's page).
  if (/date-and-time$/.test(type.name ?? '') && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text))
    text = `${text.slice(0, 10)} ${text.slice(11, 16)}${text.endsWith('Z') ? ' UTC' : ''}`;
  if (node.name === 'not-after' && typeof value === 'string') {
    const days = daysUntil(value);
    if (days < 0)
      return (
        <span class="expiry expired">
          {text} <strong>expired</strong>
        </span>
      );
    if (days < EXPIRY_WARNING_DAYS)
      return (
        <span class="expiry expiring">
          {text} <strong>expires in {Math.ceil(days)} days</strong>
        </span>
      );
  }
  return <span>{text}</span>;
};

/** Props of {@link ListTable}. */
export interface ListTableProps {
  /** The path of the list (its last step without keys). */
  readonly path: DataPath;
  readonly base: EditBase;
  readonly columns?: readonly Column[];
  readonly pageSize?: number;
  /** Show the list's name as a heading. */
  readonly heading?: boolean;
  /** Whether the parent exists on the server (new parents have no entries to read). */
  readonly parentExists?: boolean;
}

interface Page {
  readonly entries: readonly JsonObject[];
  readonly total: number;
  readonly tag: string | undefined;
}

export const ListTable = ({
  path,
  base,
  columns,
  pageSize = 20,
  heading = true,
  parentExists = true,
}: ListTableProps) => {
  const session = useSession();
  const { client, staging } = session;
  useStore(staging);
  const list = path.at(-1)?.node as SchemaNode;
  const shown = columns ?? defaultColumns(list, 3);
  const [offset, setOffset] = useState(0);
  const [size, setSize] = useState(pageSize);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ column: number; backwards: boolean } | undefined>(undefined);
  const [page, setPage] = useState<Page | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [adding, setAdding] = useState(false);
  const [reload, setReload] = useState(0);
  const key = apiPath(path);
  useEffect(() => {
    if (!parentExists) {
      setPage({ entries: [], total: 0, tag: undefined });
      setLoading(false);
      return;
    }
    let cancelled = false;
    setLoading(true);
    const sortColumn = sort === undefined ? undefined : shown[sort.column];
    const where = query === '' ? undefined : searchExpression(list, shown, query);
    client
      .get(`/data${key}`, {
        limit: String(size),
        offset: String(offset),
        fields: fieldsOf(list, shown),
        'sort-by': sortColumn === undefined ? undefined : fieldsOf(list, [sortColumn]),
        direction: sort?.backwards === true ? 'backwards' : undefined,
        where: where === '' ? undefined : where,
      })
      .then(
        (response) => {
          if (cancelled) return;
          const entries = listEntries(response.body, list);
          const remaining = Number(annotationsOf(entries[0])?.['ietf-list-pagination:remaining'] ?? 0);
          setPage({ entries, total: offset + entries.length + remaining, tag: response.etag });
          setError(undefined);
        },
        (failure: unknown) => {
          if (cancelled) return;
          if (failure instanceof ApiError && failure.status === 404) setPage({ entries: [], total: 0, tag: undefined });
          else if (failure instanceof ApiError && failure.status === 416) setOffset(0);
          else setError((failure as Error).message);
        },
      )
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [key, offset, size, query, sort?.column, sort?.backwards, reload, parentExists]);
  const staged = staging.below(path).filter((edit) => edit.target.length === path.length);
  const created = staged.filter((edit) => edit.operation === 'create');
  const deleted = new Set(staged.filter((edit) => edit.operation === 'delete').map((edit) => edit.key));
  const entryPath = (keys: readonly string[]): DataPath => [...path.slice(0, -1), { node: list, keys }];
  const entryKey = (keys: readonly string[]): string => staging.find(entryPath(keys))?.key ?? '';
  const canCreate = list.config && list.access.includes('c');
  const canDelete = list.config && list.access.includes('d');
  // Entries of an ordered-by user list move one place at a time, within the page shown in its own order.
  const canMove =
    list.config && list.raw['ordered-by'] === 'user' && list.access.includes('u') && sort === undefined && query === '';
  const moves = staged.filter((edit) => edit.operation === 'move');
  const entries = orderWithMoves(page?.entries ?? [], (entry) => pathKey(entryPath(keyValuesOf(entry, list))), moves);
  const move = (index: number, step: -1 | 1): void => {
    const entry = entries[index];
    const neighbour = entries[index + step];
    if (entry === undefined || neighbour === undefined) return;
    const neighbourKeys = keyValuesOf(neighbour, list).join(', ');
    staging.move(
      entryPath(keyValuesOf(entry, list)),
      step < 0 ? 'before' : 'after',
      entryPath(keyValuesOf(neighbour, list)),
      `position ${offset + index + 1}`,
      `position ${offset + index + 1 + step}, ${step < 0 ? 'before' : 'after'} ${neighbourKeys}`,
      base,
    );
  };
  const actions = canDelete || canMove;
  const total = page?.total ?? 0;
  const headingId = `list-${key.replace(/[^A-Za-z0-9]+/g, '-')}`;
  return (
    <section class="list-table" aria-labelledby={headingId}>
      <div class="list-header">
        {heading ? (
          <h3 id={headingId}>
            <a href={href(`/data${key}`)}>{titleOf(list)}</a>
          </h3>
        ) : (
          <h2 id={headingId} class="visually-hidden">
            Entries of {titleOf(list)}
          </h2>
        )}
        <form
          class="search"
          onSubmit={(event) => {
            event.preventDefault();
            setOffset(0);
            setQuery(search.trim());
          }}
        >
          <label for={`${headingId}-search`} class="visually-hidden">
            Search {titleOf(list)}
          </label>
          <input
            id={`${headingId}-search`}
            type="search"
            placeholder="Search"
            value={search}
            onInput={(event) => setSearch(event.currentTarget.value)}
          />
          <button type="submit">Search</button>
        </form>
        {canCreate ? (
          <button type="button" class="primary" onClick={() => setAdding(true)}>
            Add {list.name}
          </button>
        ) : null}
      </div>
      {error === undefined ? null : <p class="notice error">{error}</p>}
      <div class="table-scroll">
        <table>
          <thead>
            <tr>
              {shown.map((column, index) => (
                <th
                  key={column.label}
                  scope="col"
                  aria-sort={sort?.column === index ? (sort.backwards ? 'descending' : 'ascending') : undefined}
                >
                  <button
                    type="button"
                    class="sort"
                    onClick={() => {
                      setOffset(0);
                      setSort(
                        sort?.column === index
                          ? { column: index, backwards: !sort.backwards }
                          : { column: index, backwards: false },
                      );
                    }}
                  >
                    {column.label}
                    <span aria-hidden="true">{sort?.column === index ? (sort.backwards ? ' ▼' : ' ▲') : ''}</span>
                  </button>
                </th>
              ))}
              {actions ? (
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {created.map((edit) => {
              const keys = edit.target.at(-1)?.keys ?? [];
              return (
                <tr key={edit.key} class="staged-new">
                  {shown.map((column, index) => (
                    <td key={column.label}>
                      {index === 0 ? (
                        <a href={href(`/data${apiPath(edit.target)}`)}>{keys.join(', ')}</a>
                      ) : index < keys.length ? (
                        keys[index]
                      ) : (
                        ''
                      )}
                      {index === 0 ? <span class="badge">new</span> : null}
                    </td>
                  ))}
                  {actions ? (
                    <td>
                      <button type="button" class="link" onClick={() => staging.discard(edit.key)}>
                        Discard
                      </button>
                    </td>
                  ) : null}
                </tr>
              );
            })}
            {entries.map((entry, index) => {
              const keys = keyValuesOf(entry, list);
              const target = entryPath(keys);
              const gone = deleted.has(entryKey(keys));
              return (
                <tr key={keys.join('\u0000')} class={gone ? 'staged-deleted' : undefined}>
                  {shown.map((column, index) => (
                    <td key={column.label}>
                      {index === 0 ? (
                        <a href={href(`/data${apiPath(target)}`)}>
                          <Cell value={cellValue(entry, list, column)} column={column} />
                        </a>
                      ) : (
                        <Cell value={cellValue(entry, list, column)} column={column} />
                      )}
                    </td>
                  ))}
                  {actions ? (
                    <td class="row-actions">
                      {canMove && !gone ? (
                        <>
                          <button
                            type="button"
                            class="link"
                            disabled={index === 0}
                            aria-label={`Move ${list.name} ${keys.join(', ')} up`}
                            onClick={() => move(index, -1)}
                          >
                            Up
                          </button>
                          <button
                            type="button"
                            class="link"
                            disabled={index === entries.length - 1}
                            aria-label={`Move ${list.name} ${keys.join(', ')} down`}
                            onClick={() => move(index, 1)}
                          >
                            Down
                          </button>
                        </>
                      ) : null}
                      {!canDelete ? null : gone ? (
                        <button type="button" class="link" onClick={() => staging.discard(entryKey(keys))}>
                          Keep
                        </button>
                      ) : (
                        <button
                          type="button"
                          class="link danger"
                          aria-label={`Delete ${list.name} ${keys.join(', ')}`}
                          onClick={() => staging.delete(target, true, base)}
                        >
                          Delete
                        </button>
                      )}
                    </td>
                  ) : null}
                </tr>
              );
            })}
            {!loading && (page?.entries.length ?? 0) === 0 && created.length === 0 ? (
              <tr>
                <td colSpan={shown.length + (actions ? 1 : 0)} class="muted">
                  {query === '' ? 'No entries.' : `No entry matches “${query}”.`}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <div class="pager">
        <span role="status" aria-live="polite">
          {loading
            ? 'Loading…'
            : total === 0
              ? ''
              : `${(offset + 1).toLocaleString('en')}–${(offset + (page?.entries.length ?? 0)).toLocaleString('en')} of ${total.toLocaleString('en')}`}
        </span>
        <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - size))}>
          Previous
        </button>
        <button type="button" disabled={offset + size >= total} onClick={() => setOffset(offset + size)}>
          Next
        </button>
        <label class="inline">
          Per page{' '}
          <select
            value={String(size)}
            onChange={(event) => {
              setOffset(0);
              setSize(Number(event.currentTarget.value));
            }}
          >
            {[10, 20, 50, 100].map((count) => (
              <option key={count} value={String(count)}>
                {count}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class="link" onClick={() => setReload(reload + 1)}>
          Reload
        </button>
      </div>
      {adding ? (
        <EntryDialog
          list={list}
          onCancel={() => setAdding(false)}
          onCreate={(keys, content) => {
            const target = entryPath(keys);
            staging.create(target, content, base);
            setAdding(false);
            navigate(`/data${apiPath(target)}`);
          }}
        />
      ) : null}
    </section>
  );
};
