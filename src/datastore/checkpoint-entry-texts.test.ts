/**
 * @module datastore/checkpoint-entry-texts.test
 * Checkpoints that take the texts of unchanged entries from the last checkpoint are the same
 * text, byte for byte, as checkpoints encoded whole: through edits, inserts, deletes, key
 * changes, reorders, lists that shrink below and grow back above the large-list size, entries
 * with nested lists, defaults set explicitly, other schemas and fingerprints, small budgets,
 * lazily loaded trees.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testSchema } from '../../test/support/test-schema.ts';
import type { DataTree, InstanceNode, InstancePath, ListEntry, ListInstance } from '../data/index.ts';
import { decodeJson, deleteEntry, getChild, putEntry, updateAt } from '../data/index.ts';
import type { ContainerNode, ListNode, SchemaTree } from '../yang/index.ts';
import {
  arrayElementRanges,
  CheckpointEntryTexts,
  DEFAULT_ENTRY_TEXT_BUDGET,
  type EntryTextsOfCheckpoint,
} from './checkpoint-entry-texts.ts';
import { checkpointTextInSlices, treeFromCheckpointChunks } from './checkpoint-text.ts';

const MODULE = `
module ct {
  yang-version 1.1;
  namespace "urn:test:ct";
  prefix t;
  container top {
    leaf label { type string; }
    list plain {
      key id;
      leaf id { type string; }
      leaf v { type string; }
      leaf d { type uint8; default 7; }
    }
    list nesting {
      key "a b";
      leaf a { type string; }
      leaf b { type int32; }
      list inner { key n; leaf n { type string; } leaf m { type string; } }
    }
    list ordered { key id; ordered-by user; leaf id { type string; } leaf-list tags { type string; } }
  }
}`;

type Json = Record<string, unknown>;

const plainJson = (index: number, value = `v "${index}" ÅÄÖ 😀\n`): Json => ({
  id: `p${index}`,
  v: value,
  ...(index % 3 === 0 ? { d: 7 } : index % 3 === 1 ? { d: 3 } : {}),
});
const nestingJson = (index: number, inner = 'x'): Json => ({
  a: `a${index % 5}`,
  b: index,
  ...(index % 4 === 0 ? { inner: [{ n: 'one', m: inner }, { n: 'two' }] } : {}),
});
const orderedJson = (index: number): Json => ({ id: `o${(index * 7919) % 1000}`, tags: ['z', `${index}`, 'a'] });

const documentOf = (plain: number, nesting: number, ordered: number): Json => ({
  'ct:top': {
    label: 'checkpoint',
    plain: Array.from({ length: plain }, (_, index) => plainJson(index)),
    nesting: Array.from({ length: nesting }, (_, index) => nestingJson(index)),
    ordered: Array.from({ length: ordered }, (_, index) => orderedJson(index)),
  },
});

/** One schema's nodes and helpers to edit its trees as the datastore does: persistently. */
const modelOf = (schema: SchemaTree) => {
  const top = schema.children.find((node) => node.name === 'top') as ContainerNode;
  const listNode = (name: string): ListNode => top.children.find((node) => node.name === name) as ListNode;
  const pathOf = (name: string): InstancePath => [{ schema: top }, { schema: listNode(name) }];
  const tree = (document: Json): DataTree => decodeJson(schema, document, { schema, config: true });
  /** A new entry of list `name`, decoded alone. */
  const entry = (name: string, json: Json): ListEntry => {
    const decoded = tree({ 'ct:top': { [name]: [json] } });
    const list = getChild(getChild(decoded, top) as InstanceNode, listNode(name)) as ListInstance;
    return list.entries.values().next().value as ListEntry;
  };
  const editList =
    (name: string, edit: (list: ListInstance) => ListInstance) =>
    (root: DataTree): DataTree =>
      updateAt(root, pathOf(name), (list) => edit(list as ListInstance));
  return { tree, entry, editList };
};

const schema = testSchema([MODULE]);
const model = modelOf(schema);

/** Edits applied one after the other, each followed by a checkpoint. */
const EDITS: readonly (readonly [string, (root: DataTree) => DataTree])[] = [
  [
    'one leaf of one entry',
    model.editList('plain', (list) => putEntry(list, model.entry('plain', plainJson(5, 'new')))),
  ],
  ['an entry appended', model.editList('plain', (list) => putEntry(list, model.entry('plain', plainJson(5000))))],
  [
    'entries deleted in the middle',
    model.editList('plain', (list) => {
      let result = list;
      for (let index = 100; index < 400; index += 7) result = deleteEntry(result, [`p${index}`]);
      return result;
    }),
  ],
  [
    'a default set explicitly, and one taken away',
    model.editList('plain', (list) =>
      putEntry(
        putEntry(list, model.entry('plain', { id: 'p2', v: 'same', d: 7 })),
        model.entry('plain', { id: 'p3', v: 'same' }),
      ),
    ),
  ],
  [
    'an entry inserted in the middle of an ordered-by-user list',
    model.editList('ordered', (list) =>
      putEntry(list, model.entry('ordered', { id: 'inserted', tags: ['i'] }), { insert: 'after', point: 'o919' }),
    ),
  ],
  [
    'a key changed in place',
    model.editList('ordered', (list) =>
      putEntry(deleteEntry(list, ['o0']), model.entry('ordered', { id: 'o0-renamed', tags: [] }), {
        insert: 'before',
        point: 'o919',
      }),
    ),
  ],
  [
    'entries moved',
    model.editList('ordered', (list) => {
      const moved = list.entries.get('o838') as ListEntry;
      const last = list.entries.get('o757') as ListEntry;
      let result = putEntry(deleteEntry(list, ['o838']), moved, { insert: 'first' });
      result = putEntry(deleteEntry(result, ['o757']), last, { insert: 'after', point: 'o676' });
      return result;
    }),
  ],
  [
    'a nested entry changed',
    model.editList('nesting', (list) => putEntry(list, model.entry('nesting', nestingJson(40, 'changed')))),
  ],
  [
    'a list shrunk below the large-list size',
    model.editList('nesting', (list) => {
      let result = list;
      for (let index = 0; index < 120; index++) result = deleteEntry(result, [`a${index % 5}`, index]);
      return result;
    }),
  ],
  [
    'and grown back above it',
    model.editList('nesting', (list) => {
      let result = list;
      for (let index = 0; index < 120; index += 2)
        result = putEntry(result, model.entry('nesting', nestingJson(index)));
      return result;
    }),
  ],
  ['the same tree again', (root) => root],
];

/** The texts of a checkpoint, counting the entries found. */
class CountingTexts extends CheckpointEntryTexts {
  found = 0;

  override begin(schemaTree: SchemaTree): EntryTextsOfCheckpoint {
    const texts = super.begin(schemaTree);
    return {
      ...texts,
      list: (name, size, keys) => {
        const list = texts.list(name, size, keys);
        if (list === undefined) return list;
        const find = list.find.bind(list);
        list.find = (entry) => {
          const at = find(entry);
          if (at >= 0) this.found++;
          return at;
        };
        return list;
      },
    };
  }
}

const assertSameCheckpoints = async (
  trees: readonly (readonly [string, DataTree])[],
  texts: CheckpointEntryTexts,
  fingerprint?: (step: number) => string | undefined,
): Promise<void> => {
  for (const [step, [name, tree]] of trees.entries()) {
    const print = fingerprint?.(step);
    // Slices of no time: the event loop runs between every two pieces.
    const reused = await checkpointTextInSlices(tree, 0, print, texts);
    assert.equal(reused, await checkpointTextInSlices(tree, 0, print), `the checkpoint after: ${name}`);
  }
};

const seriesOf = (start: DataTree): [string, DataTree][] => {
  const trees: [string, DataTree][] = [['the start', start]];
  for (const [name, edit] of EDITS) trees.push([name, edit((trees.at(-1) as [string, DataTree])[1])]);
  return trees;
};

describe('checkpoint entry texts', () => {
  it('give the same checkpoints as encoding every entry, through edits of every kind', async () => {
    const texts = new CountingTexts();
    await assertSameCheckpoints(seriesOf(model.tree(documentOf(1000, 300, 400))), texts);
    assert.ok(texts.found > 10 * 1000, `the texts of unchanged entries are reused (${texts.found} found)`);
  });

  it('give the same checkpoints within a small budget, and under changing fingerprints', async () => {
    for (const budget of [0, 1, 3000, 40_000]) {
      await assertSameCheckpoints(
        seriesOf(model.tree(documentOf(700, 280, 300))),
        new CheckpointEntryTexts(budget),
        (step) => (step % 3 === 0 ? undefined : `modules-${step % 2}`),
      );
    }
  });

  it("give the same checkpoints when lines are written over the last checkpoint's slabs", async () => {
    // Slabs of a few lines each, so that a checkpoint needs many and writes over copied ones.
    for (const slabBytes of [4096, 16_384]) {
      const texts = new CountingTexts(DEFAULT_ENTRY_TEXT_BUDGET, Number.POSITIVE_INFINITY, slabBytes);
      await assertSameCheckpoints(seriesOf(model.tree(documentOf(1000, 300, 400))), texts);
      assert.ok(texts.found > 10 * 1000, `${texts.found} found`);
      const original = model.tree(documentOf(1000, 300, 400));
      const text = await checkpointTextInSlices(original, 0, 'modules');
      const seeded = new CheckpointEntryTexts(DEFAULT_ENTRY_TEXT_BUDGET, Number.POSITIVE_INFINITY, slabBytes);
      const lazy = await treeFromCheckpointChunks([new TextEncoder().encode(text)], schema, 'modules', seeded);
      await assertSameCheckpoints(seriesOf(lazy), seeded, () => 'modules');
    }
  });

  it('are not kept for lists longer than the most they are kept for', async () => {
    const texts = new CountingTexts(DEFAULT_ENTRY_TEXT_BUDGET, 500);
    await assertSameCheckpoints(seriesOf(model.tree(documentOf(700, 280, 300))), texts);
    // Of the three lists, only those of at most 500 entries.
    assert.ok(texts.found > 0 && texts.found < 11 * 600, `${texts.found} found`);
  });

  it('are not taken across schemas', async () => {
    const other = testSchema([MODULE]);
    const otherModel = modelOf(other);
    const document = documentOf(600, 260, 0);
    const texts = new CountingTexts();
    const trees: [string, DataTree][] = [
      ['the first schema', model.tree(document)],
      ['another schema', otherModel.tree(document)],
      ['the first again', model.tree(document)],
    ];
    await assertSameCheckpoints(trees, texts);
    assert.equal(texts.found, 0);
  });

  it('give the same checkpoints of a lazily loaded tree as of the tree it was written from', async () => {
    const original = model.tree(documentOf(1000, 300, 400));
    const text = await checkpointTextInSlices(original, 0, 'modules');
    const lazy = await treeFromCheckpointChunks([new TextEncoder().encode(text)], schema, 'modules');
    const texts = new CheckpointEntryTexts();
    assert.equal(await checkpointTextInSlices(lazy, 0, 'modules', texts), text);
    await assertSameCheckpoints(seriesOf(lazy), texts, () => 'modules');
  });

  it('are taken from the lines start-up reads, and give the same checkpoints from there', async () => {
    const original = model.tree(documentOf(1000, 300, 400));
    const text = await checkpointTextInSlices(original, 0, 'modules');
    const texts = new CountingTexts();
    // Lines cut into the pieces a store reads them in.
    const bytes = new TextEncoder().encode(text);
    const pieces = Array.from({ length: Math.ceil(bytes.length / 997) }, (_, index) =>
      bytes.subarray(index * 997, (index + 1) * 997),
    );
    const lazy = await treeFromCheckpointChunks(pieces, schema, 'modules', texts);
    assert.equal(await checkpointTextInSlices(lazy, 0, 'modules', texts), text);
    assert.equal(texts.found, 1000 + 300 + 400, 'every entry read is copied, none encoded again');
    await assertSameCheckpoints(seriesOf(lazy), texts, () => 'modules');
  });

  it('are taken only for the entries read, after commits replayed on the loaded tree', async () => {
    const original = model.tree(documentOf(1000, 300, 400));
    const text = await checkpointTextInSlices(original, 0, 'modules');
    const texts = new CountingTexts();
    const lazy = await treeFromCheckpointChunks([new TextEncoder().encode(text)], schema, 'modules', texts);
    const [, edited] = seriesOf(lazy)[1] as [string, DataTree];
    const reused = await checkpointTextInSlices(edited, 0, 'modules', texts);
    assert.ok(reused === (await checkpointTextInSlices(edited, 0, 'modules')), 'the same checkpoint as encoded whole');
    assert.equal(texts.found, 1000 + 300 + 400 - 1, 'all but the entry changed');
  });

  it('tell the elements of a line apart through strings, escapes and nesting', () => {
    const line = '[{"a":"x,y]"},{"b":["\\"",{"c":"}"}]},7,"q\\\\"]\n';
    const bytes = new TextEncoder().encode(line);
    const ranges = arrayElementRanges(bytes) ?? [];
    const elements = [];
    for (let index = 0; index < ranges.length; index += 2)
      elements.push(new TextDecoder().decode(bytes.subarray(ranges[index], ranges[index + 1])));
    assert.deepEqual(
      elements.map((element) => JSON.parse(element)),
      JSON.parse(line),
    );
    for (const bad of ['', '[', '{}', '[1,,2]', '[1]]', '[[1]', '[,1]'])
      assert.equal(arrayElementRanges(new TextEncoder().encode(bad)), undefined, bad);
    assert.deepEqual(arrayElementRanges(new TextEncoder().encode('[]')), []);
  });

  it('give the same checkpoint after one that was abandoned half way', async () => {
    const trees = seriesOf(model.tree(documentOf(1000, 300, 400)));
    const texts = new CheckpointEntryTexts();
    await checkpointTextInSlices((trees[0] as [string, DataTree])[1], 0, undefined, texts);
    const { checkpointChunks } = await import('./checkpoint-text.ts');
    let pieces = 0;
    for await (const _ of checkpointChunks((trees[1] as [string, DataTree])[1], 0, undefined, texts))
      if (++pieces === 20) break;
    await assertSameCheckpoints(trees.slice(2), texts);
  });
});
