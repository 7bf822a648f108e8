/**
 * @module web/views/keys-view
 * Keys and certificates: every list whose entries carry the `details` the server derives from
 * key material (key type, subject, issuer, validity, fingerprint), as tables in which
 * certificates that expire within 30 days (or have expired) stand out, and the actions of
 * their containers (add and generate keys) as forms. Found in the schema, so it shows exactly
 * what the user may read: a user whose access rules hide the keys has no such screen.
 */

import { useState } from 'preact/hooks';
import type { DataPath } from '../schema/data-path.ts';
import { apiPath } from '../schema/data-path.ts';
import type { SchemaModel, SchemaNode } from '../schema/schema-model.ts';
import { dataChildren } from '../schema/schema-model.ts';
import { href } from '../state/hash-route.ts';
import { useSession } from '../state/session.ts';
import { ActionButton } from './action-dialog.tsx';
import type { Column } from './list-table.tsx';
import { EXPIRY_WARNING_DAYS, ListTable } from './list-table.tsx';
import { titleOf } from './tree-nav.tsx';

/** A list of keys: its path (without keys) and the containers above it. */
export interface KeyList {
  readonly path: DataPath;
  readonly list: SchemaNode;
}

const DETAIL_COLUMNS = ['key-type', 'subject', 'issuer', 'not-before', 'not-after', 'fingerprint-sha256'];

const detailsOf = (list: SchemaNode): SchemaNode | undefined =>
  dataChildren(list).find(
    (child) =>
      child.kind === 'container' &&
      child.name === 'details' &&
      dataChildren(child).some((leaf) => leaf.name === 'not-after'),
  );

/** The key lists of the schema the user may read (reachable through containers only). */
export const keyLists = (model: SchemaModel): KeyList[] => {
  const found: KeyList[] = [];
  const visit = (node: SchemaNode, path: DataPath): void => {
    for (const child of dataChildren(node)) {
      const here: DataPath = [...path, { node: child }];
      if (child.kind === 'list' && detailsOf(child) !== undefined) found.push({ path: here, list: child });
      else if (child.kind === 'container') visit(child, here);
    }
  };
  for (const node of dataChildren({ children: model.top }))
    if (node.kind === 'container') visit(node, [{ node }]);
    else if (node.kind === 'list' && detailsOf(node) !== undefined) found.push({ path: [{ node }], list: node });
  return found;
};

const columnsOf = (list: SchemaNode): Column[] => {
  const details = detailsOf(list) as SchemaNode;
  const key = dataChildren(list).find((child) => child.name === (list.raw.keys ?? [])[0]);
  return [
    ...(key === undefined ? [] : [{ steps: [key], label: titleOf(key) }]),
    ...DETAIL_COLUMNS.flatMap((name) => {
      const leaf = dataChildren(details).find((child) => child.name === name);
      return leaf === undefined
        ? []
        : [{ steps: [details, leaf], label: name === 'fingerprint-sha256' ? 'fingerprint' : titleOf(leaf) }];
    }),
  ];
};

/** The actions of the containers above the key lists (add, generate), with the path of their container. */
const actionsOf = (lists: readonly KeyList[]): { action: SchemaNode; path: DataPath }[] => {
  const found = new Map<SchemaNode, DataPath>();
  for (const { path } of lists)
    for (let length = path.length - 1; length > 0; length--) {
      const container = path[length - 1]?.node as SchemaNode;
      for (const child of container.children)
        if (child.kind === 'action' && child.access.includes('x') && !found.has(child))
          found.set(child, path.slice(0, length));
    }
  return [...found].map(([action, path]) => ({ action, path }));
};

export const KeysView = () => {
  const { model } = useSession();
  const [version, setVersion] = useState(0);
  const lists = keyLists(model);
  if (lists.length === 0)
    return (
      <article>
        <h1>Keys and certificates</h1>
        <p>Your access rules do not let you see keys or certificates.</p>
      </article>
    );
  const actions = actionsOf(lists);
  return (
    <article class="keys-view">
      <header class="page-header">
        <h1>Keys and certificates</h1>
      </header>
      <p class="lead">
        Certificates that expire within {EXPIRY_WARNING_DAYS} days are highlighted. Private key material is never shown;
        add or generate keys with the actions below.
      </p>
      {actions.length === 0 ? null : (
        <fieldset class="action-bar">
          <legend class="visually-hidden">Key actions</legend>
          {actions.map(({ action, path }) => (
            <ActionButton
              key={`${apiPath(path)}/${action.name}`}
              action={action}
              parentPath={path}
              onDone={() => setVersion(version + 1)}
            />
          ))}
        </fieldset>
      )}
      {lists.map(({ path, list }) => (
        <section key={`${apiPath(path)}-${version}`} class="section" aria-label={titleOf(list)}>
          <ListTable
            path={path}
            base={{ path: path.slice(0, -1), tag: undefined }}
            columns={columnsOf(list)}
            pageSize={20}
          />
          {list.raw.description === undefined ? null : <p class="description">{list.raw.description}</p>}
        </section>
      ))}
      <p>
        <a href={href(`/data${apiPath(lists[0]?.path.slice(0, 1) ?? [])}`)}>Open the whole section</a>
      </p>
    </article>
  );
};
