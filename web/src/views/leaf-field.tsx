/**
 * @module web/views/leaf-field
 * One leaf or leaf-list in a view: its label, its input (or read-only value), its description as
 * help, its type's restrictions checked as the user types, the errors the server placed on it,
 * and staging. A secret is never shown: only whether it is set, with a way to replace it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { DataPath } from '../schema/data-path.ts';
import { pathKey } from '../schema/data-path.ts';
import type { JsonValue } from '../schema/leaf-values.ts';
import { describeType, parseText, textOf } from '../schema/leaf-values.ts';
import type { SchemaNode } from '../schema/schema-model.ts';
import { isWritable, typeOf } from '../schema/schema-model.ts';
import { useSession, useStore } from '../state/session.ts';
import type { EditBase } from '../state/staging.ts';
import { orderWithMoves } from '../state/staging.ts';
import { LeafInput } from './leaf-input.tsx';
import { titleOf } from './tree-nav.tsx';

const idOf = (path: DataPath): string => `field-${pathKey(path).replace(/[^A-Za-z0-9_-]+/g, '-')}`;

/** Brings the field into view and focuses it when the errors list sent the user here for it. */
const useFocusRequest = (keys: readonly string[], id: string): { current: HTMLDivElement | null } => {
  const { errors } = useSession();
  const field = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.focusKey === undefined || !keys.includes(errors.focusKey)) return;
    errors.focusKey = undefined;
    field.current?.scrollIntoView({ block: 'center' });
    (document.getElementById(id) as HTMLElement | null)?.focus({ preventScroll: true });
  });
  return field;
};

const Help = ({ id, node, errors }: { id: string; node: SchemaNode; errors: readonly string[] }) => (
  <div class="help" id={id}>
    {errors.map((error) => (
      <p key={error} class="field-error">
        {error}
      </p>
    ))}
    {node.raw.description === undefined ? null : <p class="description">{node.raw.description}</p>}
    <p class="type">
      {describeType(typeOf(node))}
      {node.raw.units === undefined ? '' : `, in ${node.raw.units}`}
      {node.raw.mandatory === true ? ', mandatory' : ''}
      {node.config ? '' : ', read-only state'}
    </p>
  </div>
);

/** Props of the fields. */
export interface FieldProps {
  readonly node: SchemaNode;
  /** The path of the leaf (or leaf-list, without a value). */
  readonly path: DataPath;
  /** What the server holds (RFC 7951 JSON), undefined when unset. */
  readonly serverValue: unknown;
  readonly base: EditBase;
}

/** A leaf. */
export const LeafField = ({ node, path, serverValue, base }: FieldProps) => {
  const { model, staging, errors } = useSession();
  useStore(staging);
  useStore(errors);
  const type = typeOf(node);
  const staged = staging.find(path);
  const current = staged === undefined ? serverValue : staged.after;
  const [text, setText] = useState(() => textOf(type, current, node.module));
  const [local, setLocal] = useState<string | undefined>(undefined);
  const [replacing, setReplacing] = useState(false);
  // Follow changes from elsewhere (a reload, a discarded edit) unless the user is typing something invalid.
  useEffect(() => {
    if (local === undefined) setText(textOf(type, current, node.module));
  }, [JSON.stringify(current)]);
  const id = idOf(path);
  const placed = errors.messagesFor(pathKey(path));
  const messages = local === undefined ? placed : [local, ...placed];
  const readOnly = !isWritable(node) || node.raw.keys !== undefined;
  const field = useFocusRequest([pathKey(path)], id);
  const fallback = node.raw.default;
  const onText = (next: string): void => {
    setText(next);
    if (next === '' && type.base !== 'boolean') {
      setLocal(node.raw.mandatory === true ? 'a value is needed' : undefined);
      staging.setLeaf(path, undefined, serverValue, base);
      return;
    }
    const parsed = parseText(model, type, next, node.module);
    if (!parsed.ok) {
      setLocal(parsed.error);
      return;
    }
    setLocal(undefined);
    staging.setLeaf(path, parsed.value as JsonValue, serverValue, base);
  };
  const label = (
    <div class="label-cell">
      <label for={id}>
        {titleOf(node)}
        {node.raw.mandatory === true ? <span aria-hidden="true"> *</span> : null}
      </label>
      {staged === undefined ? null : <span class="badge">changed</span>}
    </div>
  );
  if (node.raw.secret === true) {
    const set = current !== undefined;
    return (
      <div class="field" ref={field}>
        {label}
        <div class="control">
          <span class="secret-state">{set ? 'set (hidden)' : 'not set'}</span>
          {readOnly ? null : replacing ? (
            <input
              id={id}
              type="password"
              autocomplete="new-password"
              aria-describedby={`${id}-help`}
              aria-invalid={messages.length > 0 ? 'true' : undefined}
              onInput={(event) => onText(event.currentTarget.value)}
            />
          ) : (
            <button type="button" id={id} onClick={() => setReplacing(true)}>
              {set ? 'Replace…' : 'Set…'}
            </button>
          )}
        </div>
        <Help id={`${id}-help`} node={node} errors={messages} />
      </div>
    );
  }
  return (
    <div class={messages.length > 0 ? 'field invalid' : 'field'} ref={field}>
      {label}
      <div class="control">
        <LeafInput
          id={id}
          node={node}
          type={type}
          text={text}
          readOnly={readOnly}
          invalid={messages.length > 0}
          describedBy={`${id}-help`}
          placeholder={fallback}
          onText={onText}
        />
        {!readOnly && current !== undefined && node.raw.mandatory !== true && type.base !== 'empty' ? (
          <button
            type="button"
            class="link"
            aria-label={`Unset ${titleOf(node)}`}
            title="Unset (use the default)"
            onClick={() => {
              setText('');
              setLocal(undefined);
              staging.setLeaf(path, undefined, serverValue, base);
            }}
          >
            Unset
          </button>
        ) : null}
      </div>
      <Help id={`${id}-help`} node={node} errors={messages} />
    </div>
  );
};

/** A leaf-list: its values, each removable, and an input to add one. */
export const LeafListField = ({ node, path, serverValue, base }: FieldProps) => {
  const { model, staging, errors } = useSession();
  useStore(staging);
  useStore(errors);
  const type = typeOf(node);
  const onServer = (Array.isArray(serverValue) ? serverValue : []) as JsonValue[];
  const key = (value: JsonValue): string => String(value);
  const stagedBelow = staging.below(path);
  const removed = new Set(
    stagedBelow.filter((edit) => edit.operation === 'delete').map((edit) => key(edit.before as JsonValue)),
  );
  const added = stagedBelow.filter((edit) => edit.operation === 'create').map((edit) => edit.after as JsonValue);
  const valuePath = (value: JsonValue): DataPath => [...path.slice(0, -1), { node, value: key(value) }];
  const values = orderWithMoves(
    [...onServer.filter((value) => !removed.has(key(value))), ...added],
    (value) => pathKey(valuePath(value)),
    stagedBelow,
  );
  const userOrdered = node.raw['ordered-by'] === 'user';
  /** Stages moving the value at `index` one place up (-1) or down (+1). */
  const move = (index: number, step: -1 | 1): void => {
    const value = values[index];
    const neighbour = values[index + step];
    if (value === undefined || neighbour === undefined) return;
    staging.move(
      valuePath(value),
      step < 0 ? 'before' : 'after',
      valuePath(neighbour),
      `position ${index + 1}`,
      `position ${index + 1 + step}, ${step < 0 ? 'before' : 'after'} ${textOf(type, neighbour, node.module)}`,
      base,
    );
  };
  const [text, setText] = useState('');
  const [local, setLocal] = useState<string | undefined>(undefined);
  const id = idOf(path);
  const keys = [pathKey(path), ...values.map((value) => pathKey([...path.slice(0, -1), { node, value: key(value) }]))];
  const placed = keys.flatMap((entry) => errors.messagesFor(entry));
  const field = useFocusRequest(keys, id);
  const messages = local === undefined ? placed : [local, ...placed];
  const readOnly = !isWritable(node);
  const add = (): void => {
    if (text === '') return;
    const parsed = parseText(model, type, text, node.module);
    if (!parsed.ok) {
      setLocal(parsed.error);
      return;
    }
    if (values.some((value) => key(value) === key(parsed.value))) {
      setLocal('this value is already in the list');
      return;
    }
    setLocal(undefined);
    staging.addValue(path, parsed.value, base);
    setText('');
  };
  return (
    <div class={messages.length > 0 ? 'field invalid' : 'field'} ref={field}>
      <div class="label-cell">
        <label for={id}>{titleOf(node)}</label>
        {stagedBelow.length === 0 ? null : <span class="badge">changed</span>}
      </div>
      <div class="control column">
        <ul class="values" aria-label={titleOf(node)}>
          {values.length === 0 ? <li class="muted">none</li> : null}
          {values.map((value, index) => (
            <li key={key(value)}>
              <span class="value">{textOf(type, value, node.module)}</span>
              {readOnly || !userOrdered ? null : (
                <>
                  <button
                    type="button"
                    class="link"
                    disabled={index === 0}
                    aria-label={`Move ${textOf(type, value, node.module)} up in ${titleOf(node)}`}
                    onClick={() => move(index, -1)}
                  >
                    Up
                  </button>
                  <button
                    type="button"
                    class="link"
                    disabled={index === values.length - 1}
                    aria-label={`Move ${textOf(type, value, node.module)} down in ${titleOf(node)}`}
                    onClick={() => move(index, 1)}
                  >
                    Down
                  </button>
                </>
              )}
              {readOnly ? null : (
                <button
                  type="button"
                  class="link"
                  aria-label={`Remove ${textOf(type, value, node.module)} from ${titleOf(node)}`}
                  onClick={() =>
                    staging.removeValue(
                      path,
                      value,
                      onServer.some((existing) => key(existing) === key(value)),
                      base,
                    )
                  }
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
        {readOnly ? null : (
          <div class="add-value">
            <LeafInput
              id={id}
              node={node}
              type={type}
              text={text}
              readOnly={false}
              invalid={local !== undefined}
              describedBy={`${id}-help`}
              placeholder={undefined}
              onEnter={add}
              onText={(next) => {
                setText(next);
                setLocal(undefined);
              }}
            />
            <button type="button" onClick={add} aria-label={`Add to ${titleOf(node)}`}>
              Add
            </button>
          </div>
        )}
      </div>
      <Help id={`${id}-help`} node={node} errors={messages} />
    </div>
  );
};
