/**
 * @module web/views/access-view
 * The access rules (NACM, RFC 8341): groups, rule-lists and rules, edited like any other part of
 * the configuration, plus help with groups that come from LDAP or a token. Such a group matches
 * rule-lists by name; declaring it in `groups` (even without members) makes it visible here and
 * lets rules be reviewed by group. The screen lists the groups rule-lists name that are not
 * declared, and offers to declare any group the user is told about.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api/restconf-client.ts';
import type { JsonObject } from '../schema/data-json.ts';
import type { DataPath } from '../schema/data-path.ts';
import { apiPath, pathKey } from '../schema/data-path.ts';
import { parseText } from '../schema/leaf-values.ts';
import type { SchemaModel, SchemaNode } from '../schema/schema-model.ts';
import { dataChildren, typeOf } from '../schema/schema-model.ts';
import { href } from '../state/hash-route.ts';
import { useSession, useStore } from '../state/session.ts';
import { NodeView } from './node-view.tsx';

const NACM_MODULE = 'ietf-netconf-acm';

/** The NACM container, when the user may read it. */
export const accessRoot = (model: SchemaModel): SchemaNode | undefined => model.topNode(NACM_MODULE, 'nacm');

const childNamed = (node: SchemaNode | undefined, name: string): SchemaNode | undefined =>
  node === undefined ? undefined : dataChildren(node).find((child) => child.name === name);

export const AccessView = () => {
  const { client, model, staging } = useSession();
  useStore(staging);
  const nacm = accessRoot(model);
  const groups = childNamed(nacm, 'groups');
  const group = childNamed(groups, 'group');
  const [declared, setDeclared] = useState<readonly string[]>([]);
  const [named, setNamed] = useState<readonly string[]>([]);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (nacm === undefined) return;
    client.get(`/data/${NACM_MODULE}:nacm`, { fields: 'groups/group/name;rule-list(name;group)' }).then(
      (response) => {
        const body = (response.body as JsonObject | undefined)?.[`${NACM_MODULE}:nacm`] as JsonObject | undefined;
        const groupEntries = ((body?.groups as JsonObject | undefined)?.group ?? []) as JsonObject[];
        setDeclared(groupEntries.map((entry) => String(entry.name)));
        const lists = (body?.['rule-list'] ?? []) as JsonObject[];
        setNamed([
          ...new Set(lists.flatMap((list) => ((list.group ?? []) as string[]).filter((value) => value !== '*'))),
        ]);
      },
      (error: unknown) => {
        if (!(error instanceof ApiError && error.status === 404)) setProblem((error as Error).message);
      },
    );
  }, []);
  if (nacm === undefined || groups === undefined || group === undefined)
    return (
      <article>
        <h1>Access rules</h1>
        <p>Your access rules do not let you see the access rules.</p>
      </article>
    );
  const nacmPath: DataPath = [{ node: nacm }];
  const groupsPath: DataPath = [...nacmPath, { node: groups }];
  const entryPath = (value: string): DataPath => [...groupsPath, { node: group, keys: [value] }];
  const stagedNew = new Set(
    staging
      .below([...groupsPath, { node: group }])
      .filter((edit) => edit.operation === 'create')
      .map((edit) => edit.key),
  );
  const isDeclared = (value: string): boolean => declared.includes(value) || stagedNew.has(pathKey(entryPath(value)));
  const undeclared = named.filter((value) => !isDeclared(value));
  const canDeclare = group.config && group.access.includes('c');
  const nameLeaf = childNamed(group, 'name');
  const declare = (value: string): void => {
    if (nameLeaf !== undefined) {
      const parsed = parseText(model, typeOf(nameLeaf), value, nameLeaf.module);
      if (!parsed.ok) {
        setProblem(`${value}: ${parsed.error}`);
        return;
      }
    }
    setProblem(undefined);
    staging.create(entryPath(value), { name: value }, { path: nacmPath, tag: undefined });
  };
  return (
    <article class="access-view">
      <section class="panel" aria-labelledby="external-groups">
        <h2 id="external-groups">Groups from LDAP or tokens</h2>
        <p>
          A user's groups can come from the directory (LDAP <code>memberOf</code>) or from a token's group claim. They
          match rule-lists by name. Declare such a group here so that the rules can be reviewed by group; a declared
          group may stay without members.
        </p>
        {undeclared.length === 0 ? null : (
          <>
            <p>Rule-lists name these groups, which are not declared:</p>
            <ul class="values">
              {undeclared.map((value) => (
                <li key={value}>
                  <span class="value">{value}</span>
                  {canDeclare ? (
                    <button type="button" class="link" onClick={() => declare(value)}>
                      Declare {value}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
        {canDeclare ? (
          <form
            class="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (name.trim() === '') return;
              if (isDeclared(name.trim())) setProblem(`${name.trim()} is already declared`);
              else {
                declare(name.trim());
                setName('');
              }
            }}
          >
            <label for="declare-group">Declare a group you were told about</label>
            <input id="declare-group" value={name} onInput={(event) => setName(event.currentTarget.value)} />
            <button type="submit">Declare</button>
          </form>
        ) : null}
        {problem === undefined ? null : (
          <p class="notice error" role="alert">
            {problem}
          </p>
        )}
        <p class="muted">
          Declared groups and new rules are staged; commit them from <a href={href('/changes')}>Changes</a>. The rules
          themselves are below, and at <a href={href(`/data${apiPath(nacmPath)}`)}>nacm</a>.
        </p>
      </section>
      <NodeView path={nacmPath} />
    </article>
  );
};
