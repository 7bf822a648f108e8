/**
 * @module web/views/action-dialog
 * An action (or RPC) as a form generated from its input, invoked with POST on its place in the
 * data tree, and its output shown as it comes back.
 * @see RFC 8040 §3.6 (operations), RFC 7950 §7.15 (actions)
 */
import { useState } from 'preact/hooks';
import type { JsonObject } from '../schema/data-json.ts';
import type { DataPath } from '../schema/data-path.ts';
import { apiPath } from '../schema/data-path.ts';
import type { JsonValue } from '../schema/leaf-values.ts';
import { parseText } from '../schema/leaf-values.ts';
import type { SchemaNode } from '../schema/schema-model.ts';
import { dataChildren, typeOf } from '../schema/schema-model.ts';
import { useSession } from '../state/session.ts';
import { LeafInput } from './leaf-input.tsx';
import { Modal } from './modal.tsx';
import { titleOf } from './tree-nav.tsx';

/** The input leaves of a form: direct leaves and leaf-lists, and those of choices (one case at a time). */
const InputFields = ({
  node,
  texts,
  errors,
  onText,
  prefix,
}: {
  node: SchemaNode;
  texts: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  onText: (name: string, text: string) => void;
  prefix: string;
}) => {
  const [cases, setCases] = useState<Record<string, string>>({});
  return (
    <>
      {node.children.map((child) => {
        if (child.kind === 'choice') {
          const chosen = cases[child.name] ?? child.raw['default-case'] ?? '';
          const selected = child.children.find((candidate) => candidate.name === chosen);
          const id = `${prefix}-${child.name}`;
          return (
            <div key={child.name} class="choice">
              <div class="field">
                <label for={id}>{titleOf(child)}</label>
                <div class="control">
                  <select
                    id={id}
                    value={chosen}
                    onChange={(event) => setCases({ ...cases, [child.name]: event.currentTarget.value })}
                  >
                    <option value="">— none —</option>
                    {child.children.map((option) => (
                      <option key={option.name} value={option.name}>
                        {titleOf(option)}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              {selected === undefined ? null : (
                <InputFields node={selected} texts={texts} errors={errors} onText={onText} prefix={prefix} />
              )}
            </div>
          );
        }
        if (child.kind !== 'leaf' && child.kind !== 'leaf-list') return null;
        const id = `${prefix}-${child.name}`;
        const error = errors[child.name];
        return (
          <div class={error === undefined ? 'field' : 'field invalid'} key={child.name}>
            <label for={id}>
              {titleOf(child)}
              {child.raw.mandatory === true ? <span aria-hidden="true"> *</span> : null}
            </label>
            <div class="control">
              {child.kind === 'leaf-list' ? (
                <textarea
                  id={id}
                  rows={2}
                  value={texts[child.name] ?? ''}
                  aria-describedby={`${id}-help`}
                  onInput={(event) => onText(child.name, event.currentTarget.value)}
                />
              ) : (
                <LeafInput
                  id={id}
                  node={child}
                  type={typeOf(child)}
                  text={texts[child.name] ?? ''}
                  readOnly={false}
                  invalid={error !== undefined}
                  describedBy={`${id}-help`}
                  placeholder={child.raw.default}
                  onText={(text) => onText(child.name, text)}
                />
              )}
            </div>
            <div class="help" id={`${id}-help`}>
              {error === undefined ? null : <p class="field-error">{error}</p>}
              {child.raw.description === undefined ? null : <p class="description">{child.raw.description}</p>}
              {child.kind === 'leaf-list' ? <p class="type">one value per line</p> : null}
            </div>
          </div>
        );
      })}
    </>
  );
};

/** The values of the form, as the input's RFC 7951 members; errors by leaf name. */
const readForm = (
  model: Parameters<typeof parseText>[0],
  input: SchemaNode,
  texts: Readonly<Record<string, string>>,
): { value: Record<string, unknown>; errors: Record<string, string> } => {
  const value: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const leaf of dataChildren(input)) {
    const text = texts[leaf.name] ?? '';
    if (leaf.kind === 'leaf-list') {
      const values: JsonValue[] = [];
      for (const line of text
        .split('\n')
        .map((part) => part.trim())
        .filter((part) => part !== '')) {
        const parsed = parseText(model, typeOf(leaf), line, leaf.module);
        if (parsed.ok) values.push(parsed.value);
        else errors[leaf.name] = `${line}: ${parsed.error}`;
      }
      if (values.length > 0) value[leaf.name] = values;
      continue;
    }
    if (text === '') {
      if (leaf.raw.mandatory === true) errors[leaf.name] = 'a value is needed';
      continue;
    }
    const parsed = parseText(model, typeOf(leaf), text, leaf.module);
    if (parsed.ok) value[leaf.name] = parsed.value;
    else errors[leaf.name] = parsed.error;
  }
  return { value, errors };
};

const Output = ({ data }: { data: unknown }) => (
  <dl class="output">
    {Object.entries((data ?? {}) as JsonObject).map(([name, value]) => (
      <div key={name}>
        <dt>{name.replace(/^.*:/, '').replace(/-/g, ' ')}</dt>
        <dd>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</dd>
      </div>
    ))}
  </dl>
);

/** A button that opens the form of an action of the instance at `parentPath`. */
export const ActionButton = ({
  action,
  parentPath,
  onDone,
}: {
  action: SchemaNode;
  parentPath: DataPath;
  onDone?: () => void;
}) => {
  const { client, model, notify } = useSession();
  const [open, setOpen] = useState(false);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [output, setOutput] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const input = action.children.find((child) => child.kind === 'input');
  const close = (): void => {
    setOpen(false);
    setTexts({});
    setErrors({});
    setFailure(undefined);
    setOutput(undefined);
  };
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const form = input === undefined ? { value: {}, errors: {} } : readForm(model, input, texts);
    setErrors(form.errors);
    if (Object.keys(form.errors).length > 0) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const response = await client.send<JsonObject>(
        'POST',
        `/data${apiPath(parentPath)}/${action.module}:${action.name}`,
        {
          body: { [`${action.module}:input`]: form.value },
        },
      );
      const result = response.body?.[`${action.module}:output`];
      setOutput(result ?? {});
      notify({ kind: 'success', text: `${titleOf(action)}: done.` });
      onDone?.();
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {titleOf(action)}…
      </button>
      {open ? (
        <Modal title={titleOf(action)} onClose={close}>
          {action.raw.description === undefined ? null : <p class="description">{action.raw.description}</p>}
          {output === undefined ? (
            <form onSubmit={submit}>
              {input === undefined ? null : (
                <InputFields
                  node={input}
                  texts={texts}
                  errors={errors}
                  prefix={`action-${action.name}`}
                  onText={(name, text) => setTexts({ ...texts, [name]: text })}
                />
              )}
              {failure === undefined ? null : (
                <p class="notice error" role="alert">
                  {failure}
                </p>
              )}
              <div class="buttons">
                <button type="button" onClick={close}>
                  Cancel
                </button>
                <button type="submit" class="primary" disabled={busy}>
                  {busy ? 'Working…' : titleOf(action)}
                </button>
              </div>
            </form>
          ) : (
            <>
              <Output data={output} />
              <div class="buttons">
                <button type="button" class="primary" onClick={close}>
                  Close
                </button>
              </div>
            </>
          )}
        </Modal>
      ) : null}
    </>
  );
};
