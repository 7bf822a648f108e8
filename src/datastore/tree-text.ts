/**
 * @module datastore/tree-text
 * A whole configuration tree as RFC 7951 JSON text: the form of checkpoints and exports. The
 * asynchronous encoder yields to the event loop between chunks, so a checkpoint of a large tree
 * never holds up requests for long.
 * @see RFC 7951
 */
import type { DataTree } from '../data/index.ts';
import { decodeJsonText, emptyDataTree, encodeJson, encodeJsonString } from '../data/index.ts';
import type { SchemaTree } from '../yang/index.ts';

const OPTIONS = { content: 'config', withDefaults: 'explicit' } as const;

/** `root` as RFC 7951 JSON text (configuration only, defaults as set). */
export const treeToText = (root: DataTree): string => encodeJsonString(root, root.schema, OPTIONS);

/** `root` as RFC 7951 JSON text, encoded in slices between which other work runs. */
export const treeToTextInSlices = async (root: DataTree, sliceMs = 4): Promise<string> => {
  const parts: string[] = [];
  let sliceStart = performance.now();
  for (const chunk of encodeJson(root, root.schema, { ...OPTIONS, chunkSize: 65536 })) {
    parts.push(chunk);
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  return parts.join('');
};

/** The tree of RFC 7951 JSON `text` (a checkpoint or an export); throws a ManagementError when invalid. */
export const treeFromText = (text: string, schema: SchemaTree): DataTree =>
  text.trim() === '' ? emptyDataTree(schema) : decodeJsonText(schema, text, { schema, config: true });
