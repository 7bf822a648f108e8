/**
 * @module web/views/tree-nav
 * The configuration tree: every top-level container and list of the modules the user may read,
 * with the containers and lists below them, down to the first list (whose entries are reached
 * through its table). Each branch opens and closes with its button.
 */
import { useState } from 'preact/hooks';
import type { DataPath } from '../schema/data-path.ts';
import { apiPath } from '../schema/data-path.ts';
import type { SchemaNode } from '../schema/schema-model.ts';
import { dataChildren } from '../schema/schema-model.ts';
import { href } from '../state/hash-route.ts';
import { useSession } from '../state/session.ts';

const isBranch = (node: SchemaNode): boolean => node.kind === 'container' || node.kind === 'list';

/** A readable name of a node: its name with dashes as spaces. */
export const titleOf = (node: SchemaNode): string => node.name.replace(/-/g, ' ');

const Branch = ({ node, path, route, depth }: { node: SchemaNode; path: DataPath; route: string; depth: number }) => {
  const here = `/data${apiPath(path)}`;
  const children = node.kind === 'container' ? dataChildren(node).filter(isBranch) : [];
  const [open, setOpen] = useState(depth === 0 ? false : route.startsWith(`${here}/`));
  const current = route === here;
  return (
    <li>
      <div class="tree-row">
        {children.length > 0 ? (
          <button
            type="button"
            class="tree-toggle"
            aria-expanded={open}
            aria-label={`${open ? 'Close' : 'Open'} ${titleOf(node)}`}
            onClick={() => setOpen(!open)}
          >
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span class="tree-toggle" aria-hidden="true" />
        )}
        <a
          href={href(here)}
          aria-current={current ? 'page' : undefined}
          class={node.kind === 'list' ? 'list-link' : ''}
        >
          {titleOf(node)}
          {node.kind === 'list' ? <span class="visually-hidden"> (list)</span> : null}
        </a>
      </div>
      {open && children.length > 0 ? (
        <ul>
          {children.map((child) => (
            <Branch
              key={`${child.module}:${child.name}`}
              node={child}
              path={[...path, { node: child }]}
              route={route}
              depth={depth + 1}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
};

export const TreeNav = ({ route }: { route: string }) => {
  const { model } = useSession();
  const top = dataChildren({ children: model.top }).filter(isBranch);
  return (
    <ul class="tree">
      {top.map((node) => (
        <Branch key={`${node.module}:${node.name}`} node={node} path={[{ node }]} route={route} depth={0} />
      ))}
    </ul>
  );
};
