/**
 * @module web/views/home-view
 * The overview: every top-level part of the configuration the user may read, with its
 * description, and where the staged changes and the history are.
 */
import { apiPath } from '../schema/data-path.ts';
import { dataChildren } from '../schema/schema-model.ts';
import { href } from '../state/hash-route.ts';
import { useSession, useStore } from '../state/session.ts';
import { titleOf } from './tree-nav.tsx';

export const HomeView = () => {
  const { model, staging, client } = useSession();
  useStore(staging);
  const top = dataChildren({ children: model.top }).filter((node) => node.kind === 'container' || node.kind === 'list');
  return (
    <article>
      <header class="page-header">
        <h1>Configuration</h1>
      </header>
      <p class="lead">
        Signed in as <strong>{client.user}</strong>. Changes are staged here and committed together, with a comment,
        from <a href={href('/changes')}>Changes</a>
        {staging.edits.length > 0 ? ` (${staging.edits.length} staged)` : ''}. Every commit can be undone from the{' '}
        <a href={href('/history')}>History</a>.
      </p>
      <ul class="cards">
        {top.map((node) => (
          <li key={`${node.module}:${node.name}`} class="card">
            <h2>
              <a href={href(`/data${apiPath([{ node }])}`)}>{titleOf(node)}</a>
            </h2>
            <p class="muted module">{node.module}</p>
            {node.raw.description === undefined ? null : <p>{node.raw.description}</p>}
          </li>
        ))}
      </ul>
    </article>
  );
};
