/**
 * @module web/views/changes-view
 * The staged changes as a diff (each changed node, what it held, what it will hold), committed
 * together as one YANG Patch with a comment and a label. A refused commit changes nothing: its
 * errors are listed here and shown on the fields they name; a conflict with someone else's
 * commit is reported instead of overwriting it.
 */
import { useState } from 'preact/hooks';
import { ApiError } from '../api/restconf-client.ts';
import { apiPath, describePath, viewPathOf } from '../schema/data-path.ts';
import { ConflictError, commitEdits, placeErrors } from '../state/commit.ts';
import { href } from '../state/hash-route.ts';
import { useSession, useStore } from '../state/session.ts';
import type { StagedEdit } from '../state/staging.ts';

const shown = (value: unknown): string => {
  if (value === undefined) return '—';
  if (Array.isArray(value) && value.length === 1 && value[0] === null) return 'set';
  if (typeof value === 'object' && value !== null) {
    const text = JSON.stringify(value);
    return text === '{}' ? '(exists)' : text;
  }
  return String(value);
};

const VERBS: Readonly<Record<StagedEdit['operation'], string>> = {
  create: 'create',
  delete: 'delete',
  merge: 'set',
  remove: 'unset',
  move: 'move',
};

export const ChangesView = () => {
  const session = useSession();
  const { staging, errors, client, model, notify } = session;
  useStore(staging);
  useStore(errors);
  const [comment, setComment] = useState('');
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [committed, setCommitted] = useState<number | undefined>(undefined);
  const edits = staging.edits;
  const commit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const fixedNumber = await commitEdits(client, edits, { comment, label });
      staging.clear();
      errors.set([]);
      setComment('');
      setLabel('');
      setCommitted(fixedNumber ?? -1);
      notify({
        kind: 'success',
        text: fixedNumber === undefined ? 'Committed (nothing changed).' : `Committed as rollback file ${fixedNumber}.`,
      });
    } catch (error) {
      if (error instanceof ConflictError) setProblem(error.message);
      else if (error instanceof ApiError) {
        const placed = placeErrors(model, error, edits);
        errors.set(placed);
        setProblem(
          `The server refused the commit; nothing was changed. ${placed.length === 1 ? 'One error' : `${placed.length} errors`} below.`,
        );
      } else setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <article class="changes-view">
      <header class="page-header">
        <h1>Changes</h1>
      </header>
      {committed !== undefined && edits.length === 0 ? (
        <p class="notice success" role="status">
          {committed < 0 ? 'Committed; nothing had changed.' : `Committed as rollback file ${committed}. `}
          {committed < 0 ? null : <a href={href('/history')}>See it in the history</a>}
        </p>
      ) : null}
      {edits.length === 0 ? (
        <p class="lead">
          Nothing is staged. Change values anywhere in the configuration; they collect here until you commit them.
        </p>
      ) : (
        <>
          <p class="lead">
            {edits.length === 1 ? 'One change is' : `${edits.length} changes are`} staged. They are committed together,
            as one transaction: all of them or none.
          </p>
          <div class="table-scroll">
            <table class="diff">
              <caption class="visually-hidden">Staged changes</caption>
              <thead>
                <tr>
                  <th scope="col">Change</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {edits.map((edit) => (
                  <tr key={edit.key} class={`op-${edit.operation}`}>
                    <td>
                      <span class="verb">{VERBS[edit.operation]}</span>{' '}
                      <a href={href(`/data${apiPath(viewPathOf(edit.target))}`)}>{describePath(edit.target)}</a>
                    </td>
                    <td class="before">
                      <del>{shown(edit.before)}</del>
                    </td>
                    <td class="after">
                      <ins>{shown(edit.after)}</ins>
                    </td>
                    <td>
                      <button
                        type="button"
                        class="link"
                        aria-label={`Discard the change of ${describePath(edit.target)}`}
                        onClick={() => staging.discard(edit.key)}
                      >
                        Discard
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {problem === undefined ? null : (
        <p class="notice error" role="alert">
          {problem}
        </p>
      )}
      {errors.errors.length === 0 ? null : (
        <section aria-labelledby="commit-errors">
          <h2 id="commit-errors">Errors</h2>
          <ul class="errors">
            {errors.errors.map((error, index) => (
              <li key={`${index}-${error.message}`}>
                <span>{error.message}</span>
                {error.path === undefined ? null : (
                  <>
                    {' — '}
                    <a
                      href={href(`/data${apiPath(viewPathOf(error.path))}`)}
                      onClick={() => {
                        errors.focusKey = error.key;
                      }}
                    >
                      {describePath(error.path)}
                    </a>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {edits.length === 0 ? null : (
        <form class="commit-form" onSubmit={commit}>
          <div class="field">
            <label for="commit-comment">Comment</label>
            <div class="control">
              <textarea
                id="commit-comment"
                rows={2}
                value={comment}
                aria-describedby="commit-comment-help"
                onInput={(event) => setComment(event.currentTarget.value)}
              />
            </div>
            <div class="help" id="commit-comment-help">
              <p class="description">Why: stored with the commit's rollback file.</p>
            </div>
          </div>
          <div class="field">
            <label for="commit-label">Label</label>
            <div class="control">
              <input id="commit-label" value={label} onInput={(event) => setLabel(event.currentTarget.value)} />
            </div>
          </div>
          <div class="buttons">
            <button
              type="button"
              onClick={() => {
                staging.clear();
                errors.set([]);
              }}
            >
              Discard all
            </button>
            <button type="submit" class="primary" disabled={busy}>
              {busy ? 'Committing…' : `Commit ${edits.length === 1 ? 'the change' : `${edits.length} changes`}`}
            </button>
          </div>
        </form>
      )}
    </article>
  );
};
