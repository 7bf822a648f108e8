/**
 * @module datastore/tree-text
 * A whole configuration tree as one RFC 7951 JSON text: the form of exports (`idconf backup`)
 * and restores. Checkpoints have a form of their own (`checkpoint-text.ts`).
 * @see RFC 7951
 */
import type { DataTree } from '../data/index.ts';
import { decodeJsonText, emptyDataTree, encodeJsonString } from '../data/index.ts';
import type { SchemaTree } from '../yang/index.ts';

const OPTIONS = { content: 'config', withDefaults: 'explicit' } as const;

/** `root` as RFC 7951 JSON text (configuration only, defaults as set). */
export const treeToText = (root: DataTree): string => encodeJsonString(root, root.schema, OPTIONS);

/** The tree of RFC 7951 JSON `text` (an export); throws a ManagementError when invalid. */
export const treeFromText = (text: string, schema: SchemaTree): DataTree =>
  text.trim() === '' ? emptyDataTree(schema) : decodeJsonText(schema, text, { schema, config: true });
