/**
 * @module web/views/entry-dialog
 * Asks for the key values (and the mandatory leaves) of a new list entry. The entry is staged,
 * not created: it reaches the server with the next commit.
 */
import { useState } from 'preact/hooks';
import type { JsonObject } from '../schema/data-json.ts';
import type { JsonValue } from '../schema/leaf-values.ts';
import { parseText } from '../schema/leaf-values.ts';
import type { SchemaNode } from '../schema/schema-model.ts';
import { typeOf } from '../schema/schema-model.ts';
import { useSession } from '../state/session.ts';
import { LeafInput } from './leaf-input.tsx';
import { Modal } from './modal.tsx';
import { titleOf } from './tree-nav.tsx';

export const EntryDialog = ({
  list,
  onCancel,
  onCreate,
}: {
  list: SchemaNode;
  onCancel: () => void;
  onCreate: (keys: readonly string[], content: JsonObject) => void;
}) => {
  const { model } = useSession();
  const keys = list.raw.keys ?? [];
  const leaves = list.children.filter(
    (child) => child.kind === 'leaf' && (keys.includes(child.name) || child.raw.mandatory === true),
  );
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: Event): void => {
    event.preventDefault();
    const content: Record<string, JsonValue> = {};
    const found: Record<string, string> = {};
    for (const leaf of leaves) {
      const parsed = parseText(model, typeOf(leaf), texts[leaf.name] ?? '', leaf.module);
      if (parsed.ok) content[leaf.name] = parsed.value;
      else found[leaf.name] = parsed.error;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onCreate(
      keys.map((key) => String(content[key])),
      content,
    );
  };
  return (
    <Modal title={`New ${titleOf(list)}`} onClose={onCancel}>
      <form onSubmit={submit}>
        <p class="muted">The entry is staged: it is created with the next commit.</p>
        {leaves.map((leaf) => {
          const id = `new-${list.name}-${leaf.name}`;
          const error = errors[leaf.name];
          return (
            <div class="field" key={leaf.name}>
              <label for={id}>{titleOf(leaf)}</label>
              <div class="control">
                <LeafInput
                  id={id}
                  node={leaf}
                  type={typeOf(leaf)}
                  text={texts[leaf.name] ?? ''}
                  readOnly={false}
                  invalid={error !== undefined}
                  describedBy={`${id}-help`}
                  placeholder={undefined}
                  onText={(text) => setTexts({ ...texts, [leaf.name]: text })}
                />
              </div>
              <div class="help" id={`${id}-help`}>
                {error === undefined ? null : <p class="field-error">{error}</p>}
                {leaf.raw.description === undefined ? null : <p class="description">{leaf.raw.description}</p>}
              </div>
            </div>
          );
        })}
        <div class="buttons">
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" class="primary">
            Stage new {list.name}
          </button>
        </div>
      </form>
    </Modal>
  );
};
