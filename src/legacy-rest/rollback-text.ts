/**
 * @module legacy-rest/rollback-text
 * One rollback file as plain text, as `GET /rollbacks/<n>` returns it: ConfD's header lines
 * (`# Created by:`, `# Date:`, `# Via:`, `# Type: delta`, `# Label:`, `# Comment:`, `# No:`),
 * a blank line, then the changes as a curly-brace configuration tree in CLI style. A deleted
 * node is a `delete:` line before the node; a moved entry a `move:` line before its new place.
 * Nobody parses it: it must be stable and readable.
 * @see shared/spec/legacy-rest.md Decision 7, §10.2
 */
import type {
  DataChange,
  DataSchemaNode,
  EntryPosition,
  InstanceNode,
  ListEntry,
  ListInstance,
  Slot,
} from '../data/index.ts';
import { childrenOf, entriesOf, keyValuesOf } from '../data/index.ts';
import type { LeafListNode, LeafNode, ListNode, ValueContext, YangValue } from '../yang/index.ts';
import { toJson } from '../yang/index.ts';
import type { RollbackFileInfo } from './rollback-files.ts';
import { formatRollbackDate } from './rollback-files.ts';

const INDENT = '    ';

// Identityrefs are written `module:name`, whatever the leaf's module.
const QUALIFYING_CONTEXT: ValueContext = {
  resolvePrefix: (prefix) => prefix,
  prefixOf: (module) => module,
  findIdentity: () => undefined,
  defaultModule: '',
};

const BARE = /^[A-Za-z0-9_.:/@+-]+$/;

/** A value as CLI text: bare when it is a plain word, JSON-quoted otherwise. */
const valueText = (node: LeafNode | LeafListNode, value: YangValue): string => {
  const json = toJson(node.type, value, QUALIFYING_CONTEXT);
  if (typeof json !== 'string') return Array.isArray(json) ? '' : String(json);
  return BARE.test(json) ? json : JSON.stringify(json);
};

/** The node's name, module-qualified at the top and where the module changes. */
const nameOf = (node: DataSchemaNode, parentModule: string | undefined): string =>
  node.module === parentModule ? node.name : `${node.module}:${node.name}`;

const entryHeader = (node: ListNode, keys: readonly YangValue[], parentModule: string | undefined): string =>
  [nameOf(node, parentModule), ...node.keys.map((key, index) => valueText(key, keys[index] as YangValue))].join(' ');

/** A block of the text: a header line with nested items, or the top (no header). */
interface Block {
  readonly header: string | undefined;
  readonly module: string | undefined;
  readonly items: (Block | string[])[];
  readonly index: Map<string, Block>;
}

const newBlock = (header: string | undefined, module: string | undefined): Block => ({
  header,
  module,
  items: [],
  index: new Map(),
});

/** Lines of one leaf, leaf-list or anydata with its value. */
const terminalLines = (node: DataSchemaNode, value: Slot, parentModule: string | undefined): string[] => {
  const name = nameOf(node, parentModule);
  switch (node.kind) {
    case 'leaf': {
      const text = valueText(node, value as YangValue);
      return [text === '' ? `${name};` : `${name} ${text};`];
    }
    case 'leaf-list':
      return [`${name} [ ${(value as readonly YangValue[]).map((item) => valueText(node, item)).join(' ')} ];`];
    default:
      return [`${name} ${JSON.stringify(value)};`];
  }
};

/** Lines of the children of an inner instance (keys of a list entry are in its header). */
const childLines = (node: InstanceNode, module: string): string[] => {
  const lines: string[] = [];
  for (const [child, value] of childrenOf(node)) {
    if (child.kind === 'leaf' && child.isKey) continue;
    lines.push(...subtreeLines(child, value, module));
  }
  return lines;
};

const wrap = (header: string, body: string[]): string[] =>
  body.length === 0 ? [`${header};`] : [`${header} {`, ...body.map((line) => INDENT + line), '}'];

/** Lines of a node with its whole subtree. */
const subtreeLines = (node: DataSchemaNode, value: Slot, parentModule: string | undefined): string[] => {
  if (node.kind === 'container')
    return wrap(nameOf(node, parentModule), childLines(value as InstanceNode, node.module));
  if (node.kind !== 'list') return terminalLines(node, value, parentModule);
  const entries: InstanceNode[] =
    'slots' in (value as object) ? [value as InstanceNode] : [...entriesOf(value as ListInstance)];
  return entries.flatMap((entry) =>
    wrap(entryHeader(node, keyValuesOf(entry as ListEntry), parentModule), childLines(entry, node.module)),
  );
};

/** The header of the node a path step names (with its keys or leaf-list value). */
const stepHeader = (step: DataChange['path'][number], parentModule: string | undefined): string => {
  const node = step.schema;
  if (node.kind === 'list' && step.keys !== undefined) return entryHeader(node, step.keys, parentModule);
  if (node.kind === 'leaf-list' && step.value !== undefined) {
    return `${nameOf(node, parentModule)} ${valueText(node, step.value)}`;
  }
  return nameOf(node, parentModule);
};

const positionText = (step: DataChange['path'][number], position: EntryPosition): string => {
  const { after } = position;
  if (after === null) return 'first';
  const node = step.schema;
  if (node.kind === 'list') {
    return `after ${node.keys.map((key, index) => valueText(key, (after as readonly YangValue[])[index] as YangValue)).join(' ')}`;
  }
  return `after ${valueText(node as LeafListNode, after as YangValue)}`;
};

/** The lines of one change at its last step. */
const changeLines = (change: DataChange, parentModule: string | undefined): string[] => {
  const step = change.path.at(-1);
  if (step === undefined) return [];
  const node = step.schema;
  switch (change.kind) {
    case 'create':
    case 'modify': {
      const value = change.value;
      if (node.kind === 'leaf-list' && step.value !== undefined)
        return terminalLines(node, [value as YangValue], parentModule);
      return subtreeLines(node, value, parentModule);
    }
    case 'delete':
      return ['delete:', `${stepHeader(step, parentModule)};`];
    case 'move':
      return ['move:', `${stepHeader(step, parentModule)} ${positionText(step, change.to)};`];
  }
};

/** Inserts a change into the block tree, opening one block per step above its last. */
const place = (top: Block, change: DataChange): void => {
  let block = top;
  for (const step of change.path.slice(0, -1)) {
    const header = stepHeader(step, block.module);
    let next = block.index.get(header);
    if (next === undefined) {
      next = newBlock(header, step.schema.module);
      block.index.set(header, next);
      block.items.push(next);
    }
    block = next;
  }
  block.items.push(changeLines(change, block.module));
};

const blockLines = (block: Block): string[] => {
  const body = block.items.flatMap((item) => (Array.isArray(item) ? item : blockLines(item)));
  return block.header === undefined ? body : [`${block.header} {`, ...body.map((line) => INDENT + line), '}'];
};

/** The header lines of a rollback file. @see spec §10.2 */
export const rollbackFileHeader = (info: RollbackFileInfo): string =>
  [
    `# Created by: ${info.creator}`,
    `# Date: ${formatRollbackDate(info.date)}`,
    `# Via: ${info.via}`,
    '# Type: delta',
    `# Label: ${info.label}`,
    `# Comment: ${info.comment}`,
    `# No: ${info.fixedNumber ?? ''}`,
  ].join('\n');

/**
 * The text of a rollback file: its header, a blank line, then `changes` (the file's reverse
 * diff, i.e. what applying it does) as a curly-brace tree, changes under one node grouped in
 * its block. Callers filter the changes (NACM) first. @see spec Decision 7, §10.2
 */
export const renderRollbackFile = (info: RollbackFileInfo, changes: readonly DataChange[]): string => {
  const top = newBlock(undefined, undefined);
  for (const change of changes) place(top, change);
  const body = blockLines(top);
  return `${rollbackFileHeader(info)}\n\n${body.map((line) => `${line}\n`).join('')}`;
};
