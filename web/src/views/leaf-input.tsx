/**
 * @module web/views/leaf-input
 * The input for one value of a leaf, chosen by its type: a switch for a boolean, a checkbox for
 * `empty`, a select for an enumeration or an identityref (the identities derived from its
 * bases), checkboxes for bits, a text box with suggestions of the existing targets for a
 * leafref, and a text box checked as you type for everything else.
 */
import { useState } from 'preact/hooks';
import type { CompactType } from '../../../src/yang/compact/compact-schema-format.ts';
import { listEntries } from '../schema/data-json.ts';
import { parseApiPath } from '../schema/data-path.ts';
import type { SchemaModel, SchemaNode } from '../schema/schema-model.ts';
import { useSession } from '../state/session.ts';

/** Props of {@link LeafInput}. */
export interface LeafInputProps {
  readonly id: string;
  readonly node: SchemaNode;
  readonly type: CompactType;
  /** The text shown. */
  readonly text: string;
  readonly readOnly: boolean;
  readonly invalid: boolean;
  readonly describedBy: string | undefined;
  /** The placeholder: the default, when there is one. */
  readonly placeholder: string | undefined;
  readonly onText: (text: string) => void;
  /** Enter in a text box (e.g. to add a leaf-list value). */
  readonly onEnter?: () => void;
}

/** Names of string leaves whose values run over several lines (PEM key material, scripts). */
const MULTI_LINE = new Set(['keystore', 'script', 'certificate', 'pem']);

/** The identities a select offers for an identityref type. */
const identitiesOf = (model: SchemaModel, type: CompactType): readonly string[] =>
  model.derivedIdentities(type.bases ?? []);

/** Existing values of a leafref's target, read once when the input is first focused. */
const useTargetValues = (type: CompactType): { values: readonly string[]; load: () => void } => {
  const { client, model } = useSession();
  const [values, setValues] = useState<readonly string[]>([]);
  const [loaded, setLoaded] = useState(false);
  const load = (): void => {
    if (loaded || type.target === undefined) return;
    setLoaded(true);
    // The target's values: page through the first list on its path, selecting the rest with `fields`.
    const path = parseApiPath(model, type.target);
    if (path === undefined) return;
    const listIndex = path.findIndex((step) => step.node.kind === 'list');
    const read = async (): Promise<string[]> => {
      if (listIndex < 0) {
        const body = (await client.get<Record<string, unknown>>(`/data${type.target}`)).body ?? {};
        return Object.values(body).flatMap((value) => (Array.isArray(value) ? value.map(String) : [String(value)]));
      }
      const list = path[listIndex]?.node as SchemaNode;
      const rest = path.slice(listIndex + 1).map((step) => step.node.name);
      const listPath =
        type.target
          ?.split('/')
          .slice(0, listIndex + 2)
          .join('/') ?? '';
      const body = (await client.get(`/data${listPath}`, { fields: rest.join('/'), limit: '500' })).body;
      const found: string[] = [];
      const collect = (value: unknown, depth: number): void => {
        if (Array.isArray(value)) for (const item of value) collect(item, depth);
        else if (depth === rest.length) {
          if (value !== undefined && value !== null) found.push(String(value));
        } else if (typeof value === 'object' && value !== null)
          for (const [member, inner] of Object.entries(value))
            if (member.replace(/^.*:/, '') === rest[depth]) collect(inner, depth + 1);
      };
      for (const entry of listEntries(body, list)) collect(entry, 0);
      return found;
    };
    read().then(
      (found) => setValues([...new Set(found)].sort()),
      () => setValues([]),
    );
  };
  return { values, load };
};

const TextInput = (props: LeafInputProps & { suggestions?: readonly string[]; onFocus?: () => void }) => {
  const { type } = props;
  const numeric = /int/.test(type.base) && !type.base.includes('union');
  const common = {
    id: props.id,
    value: props.text,
    readOnly: props.readOnly,
    'aria-invalid': props.invalid ? ('true' as const) : undefined,
    'aria-describedby': props.describedBy,
    placeholder: props.placeholder,
    onInput: (event: Event) => props.onText((event.currentTarget as HTMLInputElement | HTMLTextAreaElement).value),
    ...(props.onFocus === undefined ? {} : { onFocus: props.onFocus }),
    ...(props.onEnter === undefined
      ? {}
      : {
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              props.onEnter?.();
            }
          },
        }),
  };
  if (type.base === 'binary' || MULTI_LINE.has(props.node.name))
    return <textarea {...common} rows={4} spellcheck={false} />;
  const listId = props.suggestions !== undefined && props.suggestions.length > 0 ? `${props.id}-options` : undefined;
  return (
    <>
      <input
        {...common}
        type="text"
        spellcheck={false}
        autocomplete="off"
        inputMode={numeric ? 'numeric' : type.base === 'decimal64' ? 'decimal' : undefined}
        list={listId}
      />
      {listId === undefined ? null : (
        <datalist id={listId}>
          {props.suggestions?.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      )}
    </>
  );
};

const LeafrefInput = (props: LeafInputProps) => {
  const targets = useTargetValues(props.type);
  return <TextInput {...props} suggestions={targets.values} onFocus={targets.load} />;
};

export const LeafInput = (props: LeafInputProps) => {
  const { model } = useSession();
  const { type, id } = props;
  switch (type.base) {
    case 'boolean': {
      const on = props.text === '' ? props.placeholder === 'true' : props.text === 'true';
      return (
        <input
          id={id}
          type="checkbox"
          role="switch"
          class="switch"
          checked={on}
          aria-checked={on}
          disabled={props.readOnly}
          aria-describedby={props.describedBy}
          aria-invalid={props.invalid ? 'true' : undefined}
          onChange={(event) => props.onText(event.currentTarget.checked ? 'true' : 'false')}
        />
      );
    }
    case 'empty':
      return (
        <input
          id={id}
          type="checkbox"
          checked={props.text === 'true'}
          disabled={props.readOnly}
          aria-describedby={props.describedBy}
          onChange={(event) => props.onText(event.currentTarget.checked ? 'true' : '')}
        />
      );
    case 'enumeration':
    case 'identityref': {
      const options =
        type.base === 'enumeration' ? (type.enums ?? []).map((member) => member.name) : identitiesOf(model, type);
      return (
        <select
          id={id}
          value={props.text}
          disabled={props.readOnly}
          aria-describedby={props.describedBy}
          aria-invalid={props.invalid ? 'true' : undefined}
          onChange={(event) => props.onText(event.currentTarget.value)}
        >
          <option value="">
            {props.placeholder === undefined ? '— not set —' : `— default: ${props.placeholder} —`}
          </option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
          {props.text !== '' && !options.includes(props.text) ? <option value={props.text}>{props.text}</option> : null}
        </select>
      );
    }
    case 'bits': {
      const set = new Set(props.text.split(/\s+/).filter((name) => name !== ''));
      return (
        <fieldset id={id} class="bits" aria-describedby={props.describedBy}>
          {(type.bits ?? []).map((bit) => (
            <label key={bit.name} class="inline">
              <input
                type="checkbox"
                checked={set.has(bit.name)}
                disabled={props.readOnly}
                onChange={(event) => {
                  const next = new Set(set);
                  if (event.currentTarget.checked) next.add(bit.name);
                  else next.delete(bit.name);
                  props.onText(
                    (type.bits ?? [])
                      .filter((candidate) => next.has(candidate.name))
                      .map((b) => b.name)
                      .join(' '),
                  );
                }}
              />{' '}
              {bit.name}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'leafref':
      return <LeafrefInput {...props} />;
    default:
      return <TextInput {...props} />;
  }
};
