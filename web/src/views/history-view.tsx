/**
 * @module web/views/history-view
 * The rollback files, newest first, page by page: who committed, when, through what, with
 * which label and comment. Each one's change can be shown (the `get-rollback-file` action),
 * and after a confirmation either everything since it is rolled back ("roll back to here") or
 * only its own change ("undo only this"), each as a new commit (`apply-rollback-file`).
 */
import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api/restconf-client.ts';
import type { JsonObject } from '../schema/data-json.ts';
import { annotationsOf } from '../schema/data-json.ts';
import { useSession } from '../state/session.ts';
import { ConfirmDialog } from './modal.tsx';

const FILES = '/data/idconf-rollback:rollback-files';
const PAGE = 25;

interface RollbackFile {
  readonly id: number;
  readonly 'fixed-number': number;
  readonly creator?: string;
  readonly date?: string;
  readonly via?: string;
  readonly label?: string;
  readonly comment?: string;
}

type Pending = { readonly file: RollbackFile; readonly selective: boolean };

const formatDate = (date: string | undefined): string =>
  date === undefined ? '' : new Date(date).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

const Content = ({ fixedNumber }: { fixedNumber: number }) => {
  const { client } = useSession();
  const [content, setContent] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  useEffect(() => {
    client
      .send<JsonObject>('POST', `${FILES}/get-rollback-file`, {
        body: { 'idconf-rollback:input': { 'fixed-number': fixedNumber } },
      })
      .then(
        (response) => {
          const output = response.body?.['idconf-rollback:output'] as JsonObject | undefined;
          setContent(String(output?.content ?? ''));
        },
        (error: unknown) => setFailure((error as Error).message),
      );
  }, [fixedNumber]);
  if (failure !== undefined) return <p class="notice error">{failure}</p>;
  if (content === undefined) return <p class="muted">Loading…</p>;
  const lines = content.split('\n').filter((line) => line !== '');
  return (
    <div class="rollback-content">
      <p class="muted">What applying this file changes (the reverse of the commit):</p>
      <pre>
        {lines.length === 0
          ? '(no change)'
          : lines.map((line, index) => (
              <span
                key={index}
                class={`line ${{ '+': 'added', '-': 'removed', '~': 'changed', '>': 'moved' }[line[0] ?? ''] ?? ''}`}
              >
                {line}
                {'\n'}
              </span>
            ))}
      </pre>
    </div>
  );
};

export const HistoryView = () => {
  const { client, notify } = useSession();
  const [files, setFiles] = useState<readonly RollbackFile[]>([]);
  const [total, setTotal] = useState(0);
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<number | undefined>(undefined);
  const [pending, setPending] = useState<Pending | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    client.get(`${FILES}/file`, { limit: String(PAGE), offset: String(offset) }).then(
      (response) => {
        const list = ((response.body as JsonObject | undefined)?.['idconf-rollback:file'] ?? []) as RollbackFile[];
        setFiles(list);
        setTotal(offset + list.length + Number(annotationsOf(list[0])?.['ietf-list-pagination:remaining'] ?? 0));
        setFailure(undefined);
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 404) setFiles([]);
        else setFailure((error as Error).message);
      },
    );
  }, [offset, reload]);
  const apply = async ({ file, selective }: Pending): Promise<void> => {
    setPending(undefined);
    try {
      await client.send('POST', `${FILES}/apply-rollback-file`, {
        body: {
          'idconf-rollback:input': {
            'fixed-number': file['fixed-number'],
            ...(selective ? { selective: [null] } : {}),
          },
        },
        query: {
          'rollback-comment': selective
            ? `undo only commit ${file['fixed-number']}`
            : `roll back to before commit ${file['fixed-number']}`,
        },
      });
      notify({
        kind: 'success',
        text: selective
          ? `Undid commit ${file['fixed-number']} as a new commit.`
          : `Rolled back to before commit ${file['fixed-number']}, as a new commit.`,
      });
      setOffset(0);
      setReload(reload + 1);
    } catch (error) {
      notify({ kind: 'error', text: `The rollback was refused; nothing changed. ${(error as Error).message}` });
    }
  };
  return (
    <article class="history-view">
      <header class="page-header">
        <h1>History</h1>
      </header>
      <p class="lead">
        Every commit leaves a rollback file. Rolling back is itself a commit, so it can be rolled back too.
      </p>
      {failure === undefined ? null : <p class="notice error">{failure}</p>}
      <div class="table-scroll">
        <table class="history">
          <caption class="visually-hidden">Rollback files, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Commit</th>
              <th scope="col">Date</th>
              <th scope="col">Creator</th>
              <th scope="col">Via</th>
              <th scope="col">Label</th>
              <th scope="col">Comment</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {files.map((file) => (
              <Fragment key={file['fixed-number']}>
                <tr class="rollback-file">
                  <th scope="row">{file['fixed-number']}</th>
                  <td>{formatDate(file.date)}</td>
                  <td>{file.creator ?? ''}</td>
                  <td>{file.via ?? ''}</td>
                  <td>{file.label ?? ''}</td>
                  <td class="comment">{file.comment ?? ''}</td>
                  <td class="row-actions">
                    <button
                      type="button"
                      class="link"
                      aria-expanded={open === file['fixed-number']}
                      onClick={() => setOpen(open === file['fixed-number'] ? undefined : file['fixed-number'])}
                    >
                      {open === file['fixed-number'] ? 'Hide' : 'Show'} change
                      <span class="visually-hidden"> of commit {file['fixed-number']}</span>
                    </button>
                    <button type="button" class="link" onClick={() => setPending({ file, selective: false })}>
                      Roll back to here<span class="visually-hidden"> (commit {file['fixed-number']})</span>
                    </button>
                    <button type="button" class="link" onClick={() => setPending({ file, selective: true })}>
                      Undo only this<span class="visually-hidden"> (commit {file['fixed-number']})</span>
                    </button>
                  </td>
                </tr>
                {open === file['fixed-number'] ? (
                  <tr class="details">
                    <td colSpan={7}>
                      <Content fixedNumber={file['fixed-number']} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      <div class="pager">
        <span role="status">{total === 0 ? '' : `${offset + 1}–${offset + files.length} of ${total}`}</span>
        <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
          Newer
        </button>
        <button type="button" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
          Older
        </button>
        <button type="button" class="link" onClick={() => setReload(reload + 1)}>
          Reload
        </button>
      </div>
      {pending === undefined ? null : (
        <ConfirmDialog
          title={pending.selective ? 'Undo only this commit?' : 'Roll back to here?'}
          confirm={pending.selective ? 'Undo this commit' : 'Roll back'}
          onCancel={() => setPending(undefined)}
          onConfirm={() => void apply(pending)}
          text={
            pending.selective ? (
              <p>
                This undoes only the change of commit {pending.file['fixed-number']}
                {pending.file.comment === undefined ? '' : ` (“${pending.file.comment}”)`}, and keeps every later
                commit. It is committed as a new change.
              </p>
            ) : (
              <p>
                This returns the configuration to what it was before commit {pending.file['fixed-number']}
                {pending.file.comment === undefined ? '' : ` (“${pending.file.comment}”)`}: that commit and every later
                one are undone, as one new commit.
              </p>
            )
          }
        />
      )}
    </article>
  );
};
