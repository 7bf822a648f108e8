/**
 * @module web/views/data-view
 * The page of a data path (`#/data/<api-path>`): a whole list as a full-page table, a container
 * or list entry as a node page; a leaf's path shows the page that holds it.
 */

import type { DataPath } from '../schema/data-path.ts';
import { apiPath, parseApiPath, viewPathOf } from '../schema/data-path.ts';
import { href } from '../state/hash-route.ts';
import { useSession } from '../state/session.ts';
import { ListTable } from './list-table.tsx';
import { NodeView } from './node-view.tsx';
import { titleOf } from './tree-nav.tsx';

const ListPage = ({ path }: { path: DataPath }) => {
  const list = path.at(-1)?.node;
  if (list === undefined) return null;
  const parent = path.slice(0, -1);
  return (
    <article class="list-view">
      <nav aria-label="Breadcrumbs" class="breadcrumbs">
        <ol>
          <li>
            <a href={href('/')}>Overview</a>
          </li>
          {parent.length > 0 ? (
            <li>
              <a href={href(`/data${apiPath(parent)}`)}>{titleOf(parent.at(-1)?.node ?? list)}</a>
            </li>
          ) : null}
          <li>
            <a href={href(`/data${apiPath(path)}`)} aria-current="page">
              {titleOf(list)}
            </a>
          </li>
        </ol>
      </nav>
      <header class="page-header">
        <h1>{titleOf(list)}</h1>
      </header>
      {list.raw.description === undefined ? null : <p class="description lead">{list.raw.description}</p>}
      <ListTable path={path} base={{ path: parent, tag: undefined }} pageSize={50} heading={false} />
    </article>
  );
};

export const DataPage = ({ path: text }: { path: string }) => {
  const { model } = useSession();
  const path = parseApiPath(model, text);
  if (path === undefined || path.length === 0)
    return (
      <article>
        <h1>Not found</h1>
        <p>
          Nothing in the schema is at <code>{text}</code>. <a href={href('/')}>Back to the overview</a>.
        </p>
      </article>
    );
  const last = path.at(-1);
  if (last?.node.kind === 'list' && last.keys === undefined) return <ListPage path={path} />;
  const view = viewPathOf(path);
  if (view.length === 0) return <ListPage path={path} />;
  return <NodeView key={apiPath(view)} path={view} />;
};
