/**
 * @module data/diff/diff-text
 * A diff as readable text, one line per change, in the spirit of ConfD rollback listings:
 *
 *     + /m:top/user[name='ann'] {"name":"ann","uid":7} (after [name='bob'])
 *     - /m:top/p
 *     ~ /m:top/label "a" -> "b"
 *     > /m:top/tags[.='x'] first
 *
 * Paths are RFC 7951 instance-identifiers (as in error-paths), values their RFC 7951 JSON. Callers filter
 * the diff (NACM) before rendering it: values are shown as they are.
 * @see RFC 7951 §6.11
 */
import type { LeafListNode, LeafNode, SchemaTree, YangValue } from '../../yang/index.ts';
import type { InstancePathStep } from '../instance/index.ts';
import { formatInstancePath, predicateValueText, quoteLiteral } from '../instance/index.ts';
import type { DataChange, DataDiff, EntryPosition } from './diff.ts';
import { changeValueJson } from './diff-codec.ts';

/** `[k1='a'][k2='b']` for a list entry, `'value'` for a leaf-list value, `first` at the start. */
const placeText = (step: InstancePathStep, position: EntryPosition): string => {
  const { after } = position;
  if (after === null) return 'first';
  const node = step.schema;
  if (node.kind === 'list') {
    const keys = after as readonly YangValue[];
    const predicates = node.keys.map(
      (key: LeafNode, index) => `[${key.name}=${quoteLiteral(predicateValueText(key, keys[index] as YangValue))}]`,
    );
    return `after ${predicates.join('')}`;
  }
  return `after ${quoteLiteral(predicateValueText(node as LeafListNode, after as YangValue))}`;
};

const changeLine = (schema: SchemaTree, change: DataChange): string => {
  const path = formatInstancePath(change.path);
  const step = change.path.at(-1) as InstancePathStep;
  switch (change.kind) {
    case 'create': {
      const place = change.position === undefined ? '' : ` (${placeText(step, change.position)})`;
      return `+ ${path} ${changeValueJson(schema, step, change.value)}${place}`;
    }
    case 'delete':
      return `- ${path}`;
    case 'modify':
      return `~ ${path} ${changeValueJson(schema, step, change.old)} -> ${changeValueJson(schema, step, change.value)}`;
    case 'move':
      return `> ${path} ${placeText(step, change.to)}`;
  }
};

/** The diff as text, one line per change (`+` create, `-` delete, `~` modify, `>` move), each ending in a newline. */
export const renderDiffText = (diff: DataDiff, schema: SchemaTree): string =>
  diff.changes.map((change) => `${changeLine(schema, change)}\n`).join('');
