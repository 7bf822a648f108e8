/**
 * @module web/views/node-view
 * A container or list entry as a page: its leaves as inputs, the containers below it as
 * sections, its lists as paged tables, its choices as a switch between cases, its actions as
 * buttons. The data is read with `fields` so that only this page's values come back (the lists
 * read their own pages), and the entity tag of the answer goes with every change made here.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api/restconf-client.ts';
import type { JsonObject } from '../schema/data-json.ts';
import { memberValue, resourceObject, viewFields } from '../schema/data-json.ts';
import type { DataPath } from '../schema/data-path.ts';
import { apiPath, describePath, pathKey } from '../schema/data-path.ts';
import type { SchemaNode } from '../schema/schema-model.ts';
import { isWritable } from '../schema/schema-model.ts';
import type { InstanceRef } from '../schema/when-condition.ts';
import { applies, containerInstance, pageInstance } from '../schema/when-condition.ts';
import { href } from '../state/hash-route.ts';
import { useSession, useStore } from '../state/session.ts';
import type { EditBase } from '../state/staging.ts';
import { ActionButton } from './action-dialog.tsx';
import { LeafField, LeafListField } from './leaf-field.tsx';
import { ListTable } from './list-table.tsx';
import { titleOf } from './tree-nav.tsx';

/** Heading levels by nesting depth (h2 below the page's h1). */
const Heading = ({ depth, id, children }: { depth: number; id: string; children: ComponentChildren }) => {
  const level = Math.min(6, depth + 2);
  const Tag = `h${level}` as 'h2';
  return <Tag id={id}>{children}</Tag>;
};

const sectionId = (path: DataPath): string => `section-${pathKey(path).replace(/[^A-Za-z0-9_-]+/g, '-')}`;

/** A choice: a select of its cases and the fields of the case in use. @see RFC 7950 §7.9 */
const ChoiceField = (props: {
  node: SchemaNode;
  parent: SchemaNode;
  path: DataPath;
  data: JsonObject | undefined;
  base: EditBase;
  depth: number;
  exists: boolean;
  instance: InstanceRef;
}) => {
  const { node, parent, path, data, instance } = props;
  const { staging, model } = useSession();
  useStore(staging);
  const inUse = node.children.find((option) =>
    option.children.some(
      (child) =>
        memberValue(data, child, parent.module) !== undefined || staging.below([...path, { node: child }]).length > 0,
    ),
  );
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const active = node.children.find((option) => option.name === (chosen ?? inUse?.name ?? node.raw['default-case']));
  const id = `${sectionId(path)}-${node.name}`;
  return (
    <div class="choice">
      <div class="field">
        <label for={id}>
          {titleOf(node)}
          {node.raw.mandatory === true ? <span aria-hidden="true"> *</span> : null}
        </label>
        <div class="control">
          <select
            id={id}
            value={active?.name ?? ''}
            disabled={!isWritable(parent) && !parent.config}
            aria-describedby={`${id}-help`}
            onChange={(event) => setChosen(event.currentTarget.value)}
          >
            <option value="">— none —</option>
            {node.children
              .filter((option) => applies(model, option, instance))
              .map((option) => (
                <option key={option.name} value={option.name}>
                  {titleOf(option)}
                </option>
              ))}
          </select>
        </div>
        <div class="help" id={`${id}-help`}>
          {node.raw.description === undefined ? null : <p class="description">{node.raw.description}</p>}
          <p class="type">
            one of its cases; choosing another case and setting a value in it removes the other's values
          </p>
        </div>
      </div>
      {active === undefined ? null : <Children {...props} node={active} parent={parent} />}
    </div>
  );
};

/** The children of `node` (a container, list entry or case whose data parent is `parent`). */
const Children = ({
  node,
  parent,
  path,
  data,
  base,
  depth,
  exists,
  instance,
}: {
  node: SchemaNode;
  parent: SchemaNode;
  path: DataPath;
  data: JsonObject | undefined;
  base: EditBase;
  depth: number;
  exists: boolean;
  instance: InstanceRef;
}) => {
  const { model } = useSession();
  const keys = parent.kind === 'list' ? (parent.raw.keys ?? []) : [];
  return (
    <>
      {node.children.map((child) => {
        const childPath: DataPath = [...path, { node: child }];
        const key = `${child.module}:${child.name}`;
        // What a `when` says does not apply is hidden.
        if (child.kind !== 'action' && !applies(model, child, instance)) return null;
        switch (child.kind) {
          case 'leaf':
            if (keys.includes(child.name) && child.parent === parent) return null;
            return (
              <LeafField
                key={key}
                node={child}
                path={childPath}
                serverValue={memberValue(data, child, parent.module)}
                base={base}
              />
            );
          case 'leaf-list':
            return (
              <LeafListField
                key={key}
                node={child}
                path={childPath}
                serverValue={memberValue(data, child, parent.module)}
                base={base}
              />
            );
          case 'container':
            return (
              <Section
                key={key}
                node={child}
                path={childPath}
                data={memberValue(data, child, parent.module) as JsonObject | undefined}
                base={base}
                depth={depth}
                parentExists={exists}
                instance={containerInstance(instance, child, memberValue(data, child, parent.module))}
              />
            );
          case 'list':
            return <ListTable key={key} path={childPath} base={base} parentExists={exists} />;
          case 'choice':
            return (
              <ChoiceField
                key={key}
                node={child}
                parent={parent}
                path={path}
                data={data}
                base={base}
                depth={depth}
                exists={exists}
                instance={instance}
              />
            );
          case 'action':
            return exists && child.access.includes('x') ? (
              <div key={key} class="action">
                <ActionButton action={child} parentPath={path} />
                {child.raw.description === undefined ? null : <span class="muted">{child.raw.description}</span>}
              </div>
            ) : null;
          case 'anydata':
          case 'anyxml': {
            const value = memberValue(data, child, parent.module);
            return value === undefined ? null : (
              <div key={key} class="field">
                <span class="label">{titleOf(child)}</span>
                <pre>{JSON.stringify(value, null, 2)}</pre>
              </div>
            );
          }
          default:
            return null;
        }
      })}
    </>
  );
};

/** A container below the page's node: a section, with a create/delete switch when it is a presence container. */
const Section = ({
  node,
  path,
  data,
  base,
  depth,
  parentExists,
  instance,
}: {
  node: SchemaNode;
  path: DataPath;
  data: JsonObject | undefined;
  base: EditBase;
  depth: number;
  parentExists: boolean;
  instance: InstanceRef;
}) => {
  const { staging } = useSession();
  useStore(staging);
  const id = sectionId(path);
  const staged = staging.find(path);
  const presence = node.raw.presence !== undefined;
  const onServer = data !== undefined;
  const present =
    !presence || (staged?.operation === 'create' ? true : staged?.operation === 'delete' ? false : onServer);
  const writable = node.config && (node.access.includes('c') || node.access.includes('d'));
  return (
    <section class={`section depth-${Math.min(depth, 3)}`} aria-labelledby={id}>
      <Heading depth={depth} id={id}>
        <a href={href(`/data${apiPath(path)}`)}>{titleOf(node)}</a>
        {presence ? <span class="badge">{present ? 'present' : 'absent'}</span> : null}
        {!node.config ? <span class="badge state">state</span> : null}
      </Heading>
      {node.raw.description === undefined ? null : <p class="description">{node.raw.description}</p>}
      {presence && writable ? (
        <p>
          {present ? (
            <button type="button" class="link danger" onClick={() => staging.delete(path, onServer, base)}>
              Remove {titleOf(node)}
            </button>
          ) : (
            <button
              type="button"
              onClick={() =>
                staged?.operation === 'delete' ? staging.discard(staged.key) : staging.create(path, {}, base)
              }
            >
              Create {titleOf(node)}
            </button>
          )}
        </p>
      ) : null}
      {present ? (
        <Children
          node={node}
          parent={node}
          path={path}
          data={data}
          base={base}
          depth={depth + 1}
          exists={parentExists && onServer}
          instance={instance}
        />
      ) : null}
    </section>
  );
};

/** The crumbs of a path: each container, list and entry on the way. */
const Breadcrumbs = ({ path }: { path: DataPath }) => {
  const crumbs: { label: string; route: string }[] = [{ label: 'Overview', route: '/' }];
  path.forEach((step, index) => {
    if (step.node.kind === 'list') {
      crumbs.push({
        label: titleOf(step.node),
        route: `/data${apiPath([...path.slice(0, index), { node: step.node }])}`,
      });
      if (step.keys !== undefined)
        crumbs.push({ label: step.keys.join(', '), route: `/data${apiPath(path.slice(0, index + 1))}` });
    } else crumbs.push({ label: titleOf(step.node), route: `/data${apiPath(path.slice(0, index + 1))}` });
  });
  return (
    <nav aria-label="Breadcrumbs" class="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.route}>
            <a href={href(crumb.route)} aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
              {crumb.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
};

interface Loaded {
  readonly data: JsonObject | undefined;
  readonly tag: string | undefined;
  readonly missing: boolean;
}

/** A container or list entry page. */
export const NodeView = ({ path }: { path: DataPath }) => {
  const { client, staging, errors } = useSession();
  useStore(staging);
  useStore(errors);
  const node = path.at(-1)?.node as SchemaNode;
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [reload, setReload] = useState(0);
  const key = apiPath(path);
  useEffect(() => {
    let cancelled = false;
    setLoaded(undefined);
    setFailure(undefined);
    const fields = viewFields(node);
    client.get(`/data${key}`, fields === '' ? { depth: '1' } : { fields }).then(
      (response) => {
        if (!cancelled)
          setLoaded({ data: resourceObject(response.body, node) ?? {}, tag: response.etag, missing: false });
      },
      (error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.status === 404) {
          // A non-presence container exists whenever its parent does: it is only empty.
          const empty = node.kind === 'container' && node.raw.presence === undefined;
          setLoaded({ data: empty ? {} : undefined, tag: undefined, missing: !empty });
        } else setFailure((error as Error).message);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [key, reload]);
  const staged = staging.find(path);
  const isEntry = node.kind === 'list';
  const createdHere = staged?.operation === 'create';
  const deletedHere = staged?.operation === 'delete';
  const exists = loaded !== undefined && !loaded.missing;
  const base: EditBase = { path, tag: loaded?.tag };
  const placed = errors.messagesFor(pathKey(path));
  // `when`s see the page's data with the staged values over it.
  const stagedLeaf = (nodes: readonly SchemaNode[]) => {
    const edit = staging.find([...path, ...nodes.slice(path.length).map((node) => ({ node }))]);
    if (edit === undefined) return undefined;
    return { after: edit.operation === 'remove' ? null : edit.after };
  };
  const instance = pageInstance(path, loaded?.data, stagedLeaf);
  const title = isEntry ? `${titleOf(node)} ${path.at(-1)?.keys?.join(', ') ?? ''}` : titleOf(node);
  const deletable = (isEntry || node.raw.presence !== undefined) && node.config && node.access.includes('d');
  return (
    <article class="node-view">
      <Breadcrumbs path={path} />
      <header class="page-header">
        <h1>
          {title}
          {createdHere ? <span class="badge">new</span> : null}
          {deletedHere ? <span class="badge danger">to be deleted</span> : null}
          {!node.config ? <span class="badge state">state</span> : null}
        </h1>
        <div class="page-actions">
          {deletable && (exists || createdHere) && !deletedHere ? (
            <button type="button" class="danger" onClick={() => staging.delete(path, exists, base)}>
              Delete
            </button>
          ) : null}
          {deletedHere && staged !== undefined ? (
            <button type="button" onClick={() => staging.discard(staged.key)}>
              Keep
            </button>
          ) : null}
          <button type="button" onClick={() => setReload(reload + 1)}>
            Reload
          </button>
        </div>
      </header>
      {node.raw.description === undefined ? null : <p class="description lead">{node.raw.description}</p>}
      {placed.map((message) => (
        <p key={message} class="notice error" role="alert">
          {message}
        </p>
      ))}
      {failure === undefined ? null : (
        <p class="notice error" role="alert">
          {failure}
        </p>
      )}
      {loaded === undefined && failure === undefined ? <p class="muted">Loading…</p> : null}
      {loaded !== undefined && loaded.missing && !createdHere ? (
        <div class="notice info">
          <p>
            {describePath(path)} {node.raw.presence === undefined ? 'does not exist.' : 'is not present.'}
          </p>
          {node.raw.presence !== undefined && isWritable(node) ? (
            <button type="button" onClick={() => staging.create(path, {}, base)}>
              Create {titleOf(node)}
            </button>
          ) : null}
        </div>
      ) : null}
      {loaded !== undefined && (!loaded.missing || createdHere) && !deletedHere ? (
        <form class="node-form" onSubmit={(event) => event.preventDefault()}>
          <Children
            node={node}
            parent={node}
            path={path}
            data={loaded.data}
            base={base}
            depth={0}
            exists={exists}
            instance={instance}
          />
        </form>
      ) : null}
    </article>
  );
};
