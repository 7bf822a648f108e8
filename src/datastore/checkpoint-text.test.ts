/**
 * @module datastore/checkpoint-text.test
 * Checkpoint text: large lists in lines of their own, read back from pieces cut anywhere, to the
 * same tree; older checkpoints (one RFC 7951 text) still load; a damaged text is refused.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testSchema } from '../../test/support/test-schema.ts';
import type { DataTree, InstanceNode, InstancePath, ListEntry, ListInstance } from '../data/index.ts';
import {
  applyDiff,
  decodeDiff,
  decodeJson,
  deleteEntry,
  diffTrees,
  emptyDataTree,
  encodeDiff,
  encodeJsonString,
  getChild,
  instancesEqual,
  putEntry,
  reverseDiff,
  stampingCreations,
  updateAt,
} from '../data/index.ts';
import { OperationFailedError } from '../errors/index.ts';
import type { ContainerNode, ListNode, SchemaTree } from '../yang/index.ts';
import { CHECKPOINT_HEADER, checkpointTextInSlices, treeFromCheckpointChunks } from './checkpoint-text.ts';
import { NodeVersions } from './node-versions.ts';

const MODULE = `
module cp {
  yang-version 1.1;
  namespace "urn:test:cp";
  prefix c;
  container top {
    leaf label { type string; }
    container inner {
      list big {
        key "k1 k2";
        leaf k1 { type string; }
        leaf k2 { type uint16; }
        leaf v { type string; }
        list nested { key n; leaf n { type string; } }
      }
    }
    list small { key id; leaf id { type string; } }
    list ordered { key id; ordered-by user; leaf id { type string; } leaf-list tags { type string; } }
  }
  container holder { presence "kept"; list only { key id; leaf id { type int32; } } }
}`;

const schema: SchemaTree = testSchema([MODULE]);

const treeOf = (bigCount: number, orderedCount: number, onlyCount: number): DataTree =>
  decodeJson(
    schema,
    {
      'cp:top': {
        label: 'x\n"y"',
        inner: {
          big: Array.from({ length: bigCount }, (_, index) => ({
            k1: `key ${index % 7} ÅÄÖ 😀`,
            k2: index,
            v: `v\n${index}`,
            ...(index % 100 === 0 ? { nested: [{ n: 'a' }, { n: 'b' }] } : {}),
          })),
        },
        small: [{ id: 'one' }, { id: 'two' }],
        ...(orderedCount === 0
          ? {}
          : {
              ordered: Array.from({ length: orderedCount }, (_, index) => ({
                id: `o${(index * 7919) % orderedCount}`,
                tags: ['z', 'a'],
              })),
            }),
      },
      ...(onlyCount < 0 ? {} : { 'cp:holder': { only: Array.from({ length: onlyCount }, (_, id) => ({ id: -id })) } }),
    },
    { schema, config: true },
  );

/** The UTF-8 bytes of `text` in pieces of `size` bytes (cut anywhere, inside characters too). */
const bytePieces = (text: string, size: number): Uint8Array[] => {
  const bytes = new TextEncoder().encode(text);
  const result: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size) result.push(bytes.subarray(start, start + size));
  return result;
};

/** `text` in pieces of `size` characters. */
const pieces = (text: string, size: number): string[] => {
  const result: string[] = [];
  for (let start = 0; start < text.length; start += size) result.push(text.slice(start, start + size));
  return result;
};

const assertSameTree = (actual: DataTree, expected: DataTree): void => {
  assert.ok(instancesEqual(actual, expected), 'the trees differ');
  // Equal as instances, and in the same order of entries (ordered-by user is compared by order already).
  assert.equal(encodeJsonString(actual, schema), encodeJsonString(expected, schema));
};

const bigList = (tree: DataTree): ListInstance => {
  const top = schema.children.find((node) => node.name === 'top') as ContainerNode;
  const inner = top.children.find((node) => node.name === 'inner') as ContainerNode;
  const big = inner.children.find((node) => node.name === 'big') as ListNode;
  const innerInstance = getChild(getChild(tree, top) as InstanceNode, inner) as InstanceNode;
  return getChild(innerInstance, big) as ListInstance;
};

/** The same entries found by key, and the same key order. */
const assertSameIndex = (actual: ListInstance, expected: ListInstance): void => {
  assert.deepEqual([...actual.entries.keyOrder()], [...expected.entries.keyOrder()]);
  for (const [key, entry] of expected.entries) assert.ok(instancesEqual(actual.entries.get(key) as ListEntry, entry));
  assert.equal(actual.entries.get('no such key'), undefined);
};

describe('checkpoint text', () => {
  it('writes large lists after the tree, in lines of entries, and reads them back from pieces cut anywhere', async () => {
    const tree = treeOf(1300, 700, 300);
    const text = await checkpointTextInSlices(tree);
    const lines = text.split('\n');
    assert.equal(lines[0], CHECKPOINT_HEADER);
    assert.doesNotMatch(lines[1] ?? '', /"big"|"ordered"|"only"/, 'the large lists are not in the tree line');
    assert.match(lines[1] ?? '', /"small"/, 'small lists stay in the tree');
    const heads = lines.filter((line) => line.startsWith('{"list"')).map((line) => JSON.parse(line));
    assert.deepEqual(
      heads.map(({ list, entries }) => ({ list, entries })),
      [
        { list: ['cp:top', 'cp:inner', 'cp:big'], entries: 1300 },
        { list: ['cp:top', 'cp:ordered'], entries: 700 },
        { list: ['cp:holder', 'cp:only'], entries: 300 },
      ],
    );
    const big = bigList(tree);
    assert.deepEqual(heads[0].keyOrder, [...big.entries.keyOrder()], 'the positions of the entries in key order');
    for (const size of [1, 7, 1000, text.length]) {
      for (const cut of [pieces(text, size), bytePieces(text, size)]) {
        const read = await treeFromCheckpointChunks(cut, schema);
        assertSameTree(read, tree);
        assertSameIndex(bigList(read), big);
      }
    }
  });

  it('reads large lists without a key order (as written before it was added), or with a wrong one', async () => {
    const tree = treeOf(1300, 700, 300);
    const text = await checkpointTextInSlices(tree);
    const without = text.replace(/,"keyOrder":\[[0-9,]*\]/g, '');
    assert.doesNotMatch(without, /keyOrder/);
    const swapped = text.replace(/"keyOrder":\[(\d+),(\d+),/, '"keyOrder":[$2,$1,');
    const short = text.replace(/"keyOrder":\[(\d+),/, '"keyOrder":[');
    const notNumbers = text.replace(/"keyOrder":\[(\d+),/, '"keyOrder":["x",');
    for (const variant of [without, swapped, short, notNumbers]) {
      assert.notEqual(variant, text);
      const read = await treeFromCheckpointChunks(pieces(variant, 1000), schema);
      assertSameTree(read, tree);
      assertSameIndex(bigList(read), bigList(tree));
    }
  });

  it('keeps a presence container whose only content is a large list, and an empty tree', async () => {
    for (const tree of [treeOf(0, 0, 256), treeOf(0, 0, 0), treeOf(0, 0, -1)]) {
      const text = await checkpointTextInSlices(tree);
      assertSameTree(await treeFromCheckpointChunks([text], schema), tree);
    }
  });

  it('reads a checkpoint written as one RFC 7951 text, and an empty one', async () => {
    const tree = treeOf(300, 3, 2);
    assertSameTree(await treeFromCheckpointChunks(pieces(encodeJsonString(tree, schema), 100), schema), tree);
    assertSameTree(await treeFromCheckpointChunks(bytePieces(encodeJsonString(tree, schema), 99), schema), tree);
    assertSameTree(await treeFromCheckpointChunks(bytePieces(encodeJsonString(tree, schema), 5), schema), tree);
    assert.ok(instancesEqual(await treeFromCheckpointChunks(bytePieces(' \n', 1), schema), emptyDataTree(schema)));
    assert.ok(instancesEqual(await treeFromCheckpointChunks([], schema), emptyDataTree(schema)));
    assert.ok(instancesEqual(await treeFromCheckpointChunks([' ', '\n'], schema), emptyDataTree(schema)));
  });

  it('refuses a checkpoint that lost entries, repeats a key or names a list the schema lacks', async () => {
    const text = await checkpointTextInSlices(treeOf(600, 0, -1));
    const lines = text.split('\n');
    const eager = withoutKeys(text);
    const eagerLines = eager.split('\n');
    const damaged = [
      lines.filter((_, index) => index !== 4).join('\n'),
      eagerLines.filter((_, index) => index !== 4).join('\n'),
      eagerLines.map((line, index) => (index === 11 ? line.replace('"k2":512', '"k2":505') : line)).join('\n'),
      text.replace('"cp:inner","cp:big"', '"cp:inner","cp:huge"'),
      text.replace(/\{"list".*\n/, ''),
      // Two entries named by the same key.
      text.replace(/"keys":\["([^"]*)","[^"]*"/, '"keys":["$1","$1"'),
    ];
    for (const broken of damaged) {
      await assert.rejects(treeFromCheckpointChunks([broken], schema), OperationFailedError);
      await assert.rejects(treeFromCheckpointChunks(bytePieces(broken, 1000), schema), OperationFailedError);
    }
  });

  it('gives the event loop a turn after every piece when the slice is 0, and writes the same text', async () => {
    const tree = treeOf(1300, 700, 300);
    const text = await checkpointTextInSlices(tree);
    let turns = 0;
    let running = true;
    const tick = (): void => {
      if (!running) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    let asked = 0;
    const slowly = await checkpointTextInSlices(tree, () => {
      asked += 1;
      return 0;
    });
    running = false;
    assert.equal(slowly, text);
    assert.ok(asked > 10, `the slice was asked ${asked} times`);
    assert.ok(turns >= asked / 2, `${turns} turns of the event loop for ${asked} pieces`);
  });

  it("names the keys of a large list and its entries per line in the list's line", async () => {
    const tree = treeOf(1300, 0, -1);
    const text = await checkpointTextInSlices(tree);
    const head = JSON.parse(text.split('\n').find((line) => line.startsWith('{"list"')) ?? '');
    assert.deepEqual(head.keys, [...bigList(tree).entries.keys()]);
    assert.equal(head.lineEntries, 64);
    assert.equal(text.split('\n').filter((line) => line.startsWith('[')).length, Math.ceil(1300 / 64));
  });
});

/** The checkpoint `text` without its lists' keys: start-up then decodes their entries at once. */
const withoutKeys = (text: string): string => text.replace(/,"keys":\[[^\]]*\],"lineEntries":\d+/g, '');

describe('a large list loaded lazily (its entries decoded when first read)', () => {
  const big = (): ListNode => {
    const top = schema.children.find((node) => node.name === 'top') as ContainerNode;
    const inner = top.children.find((node) => node.name === 'inner') as ContainerNode;
    return inner.children.find((node) => node.name === 'big') as ListNode;
  };
  const bigPath = (): InstancePath => {
    const top = schema.children.find((node) => node.name === 'top') as ContainerNode;
    const inner = top.children.find((node) => node.name === 'inner') as ContainerNode;
    return [{ schema: top }, { schema: inner }, { schema: big() }];
  };
  const entryOf = (index: number, v: string): ListEntry =>
    bigList(
      decodeJson(
        schema,
        { 'cp:top': { inner: { big: [{ k1: `key ${index % 7} ÅÄÖ 😀`, k2: index, v }] } } },
        { schema, config: true },
      ),
    )
      .entries.values()
      .next().value as ListEntry;
  const keyOf = (index: number): string => `key ${index % 7} ÅÄÖ 😀\u0000${index}`;

  /** Edits of the big list, the same for both trees: replaced, removed and added entries. */
  const edits: readonly ((list: ListInstance) => ListInstance)[] = [
    (list) => putEntry(list, entryOf(5, 'changed')),
    (list) => deleteEntry(list, [`key ${700 % 7} ÅÄÖ 😀`, 700]),
    (list) => putEntry(list, entryOf(5000, 'new')),
    (list) => putEntry(list, entryOf(1299, 'last changed')),
    (list) => ({
      schema: list.schema,
      entries: list.entries.withMutations((draft) => {
        for (let index = 64; index < 200; index += 3) draft.delete(keyOf(index));
        draft.set(keyOf(6000), entryOf(6000, 'batch'));
      }),
    }),
  ];

  const loadBoth = async (): Promise<{ lazy: DataTree; eager: DataTree; original: DataTree; text: string }> => {
    const original = treeOf(1300, 700, 300);
    const text = await checkpointTextInSlices(original);
    return {
      original,
      text,
      lazy: await treeFromCheckpointChunks(bytePieces(text, 777), schema),
      eager: await treeFromCheckpointChunks(pieces(withoutKeys(text), 777), schema),
    };
  };

  it('reads as the eagerly loaded tree: same JSON, index, entries and checkpoint', async () => {
    const { lazy, eager, original, text } = await loadBoth();
    assertSameTree(lazy, original);
    assertSameTree(eager, original);
    assertSameIndex(bigList(lazy), bigList(eager));
    // Entries read one by one, from a fresh load, before any walk of the whole list.
    const fresh = await treeFromCheckpointChunks([text], schema);
    for (const index of [1299, 0, 640, 63, 64]) {
      const entry = bigList(fresh).entries.get(keyOf(index)) as ListEntry;
      assert.ok(instancesEqual(entry, bigList(original).entries.get(keyOf(index)) as ListEntry));
      assert.equal(bigList(fresh).entries.get(keyOf(index)), entry, 'the same entry object on every read');
    }
    assert.equal(await checkpointTextInSlices(lazy), text, 'the lazily loaded tree writes the same checkpoint');
    assert.equal(await checkpointTextInSlices(fresh), text);
  });

  it('gives the same diffs, edits, rollback, replay and node versions as the eagerly loaded tree', async () => {
    const { lazy, eager } = await loadBoth();
    const path = bigPath();
    let [lazyBefore, eagerBefore] = [lazy, eager];
    const lazyVersions = new NodeVersions({ fixedNumber: 1, timestamp: 't1' });
    const eagerVersions = new NodeVersions({ fixedNumber: 1, timestamp: 't1' });
    for (const [step, edit] of edits.entries()) {
      const lazyAfter = updateAt(lazyBefore, path, (list) => edit(list as ListInstance));
      const eagerAfter = updateAt(eagerBefore, path, (list) => edit(list as ListInstance));
      assertSameTree(lazyAfter, eagerAfter);
      const lazyDiff = diffTrees(lazyBefore, lazyAfter);
      const eagerDiff = diffTrees(eagerBefore, eagerAfter);
      assert.equal(encodeDiff(lazyDiff, schema), encodeDiff(eagerDiff, schema), `diff of edit ${step}`);
      // Rollback (the reverse diff) and replay (the forward diff's text applied again).
      assertSameTree(applyDiff(lazyAfter, reverseDiff(lazyDiff), { strict: true }), eagerBefore);
      assertSameTree(
        applyDiff(lazyBefore, decodeDiff(encodeDiff(eagerDiff, schema), schema), { strict: true }),
        eagerAfter,
      );
      const version = { fixedNumber: step + 2, timestamp: `t${step + 2}` };
      lazyVersions.record(lazyAfter, lazyDiff, version);
      eagerVersions.record(eagerAfter, eagerDiff, version);
      for (const index of [0, 5, 63, 64, 100, 700, 1299, 5000, 6000]) {
        const entryPath = [...path.slice(0, -1), { schema: big(), keys: [`key ${index % 7} ÅÄÖ 😀`, index] }];
        assert.deepEqual(
          lazyVersions.versionOf(lazyAfter, entryPath),
          eagerVersions.versionOf(eagerAfter, entryPath),
          `version of entry ${index} after edit ${step}`,
        );
      }
      [lazyBefore, eagerBefore] = [lazyAfter, eagerAfter];
    }
    assert.equal(await checkpointTextInSlices(lazyBefore), await checkpointTextInSlices(eagerBefore));
  });

  it("stamps the nodes a commit's version of record makes, not the entries it reads from a lazy line", async () => {
    const { lazy, eager } = await loadBoth();
    const path = bigPath();
    let [lazyBefore, eagerBefore] = [lazy, eager];
    // As the datastore records a commit (stamped) against a record of every object (unstamped).
    const stamped = new NodeVersions({ fixedNumber: 1, timestamp: 't1' });
    const recorded = new NodeVersions({ fixedNumber: 1, timestamp: 't1' });
    for (const [step, edit] of edits.entries()) {
      const fixedNumber = step + 2;
      const diff = diffTrees(
        eagerBefore,
        updateAt(eagerBefore, path, (list) => edit(list as ListInstance)),
      );
      const lazyAfter = stampingCreations(fixedNumber, () => applyDiff(lazyBefore, diff, { strict: true }));
      const eagerAfter = applyDiff(eagerBefore, diff, { strict: true });
      stamped.record(lazyAfter, diff, { fixedNumber, timestamp: `t${fixedNumber}` });
      recorded.record(eagerAfter, diff, { fixedNumber, timestamp: `t${fixedNumber}` });
      // Neighbours of the changed entries share their lines, decoded during the stamped apply.
      for (const index of [0, 4, 5, 6, 63, 64, 65, 100, 699, 701, 1298, 1299, 5000, 6000]) {
        const entryPath = [...path.slice(0, -1), { schema: big(), keys: [`key ${index % 7} ÅÄÖ 😀`, index] }];
        assert.deepEqual(
          stamped.versionOf(lazyAfter, entryPath),
          recorded.versionOf(eagerAfter, entryPath),
          `version of entry ${index} after edit ${step}`,
        );
      }
      assert.deepEqual(stamped.versionOf(lazyAfter, path), { fixedNumber, timestamp: `t${fixedNumber}` });
      [lazyBefore, eagerBefore] = [lazyAfter, eagerAfter];
    }
  });

  it('refuses a damaged line when its entries are first read, and loads the rest', async () => {
    const text = await checkpointTextInSlices(treeOf(600, 0, -1));
    const lines = text.split('\n');
    const entryLines = lines.flatMap((line, index) => (line.startsWith('[') ? [index] : []));
    const second = entryLines[1] as number;
    const variants = [
      lines.map((line, index) => (index === second ? line.replace('"k2":64', '"k2":65') : line)),
      lines.map((line, index) => (index === second ? line.replace('"k2":64', '"k2":"x"') : line)),
      lines.map((line, index) => (index === second ? line.slice(0, -2) : line)),
      lines.map((line, index) => (index === second ? line.replace(/,\{[^{]*\}\]$/, ']') : line)),
    ];
    for (const broken of variants) {
      for (const cut of [[broken.join('\n')], bytePieces(broken.join('\n'), 500)]) {
        const tree = await treeFromCheckpointChunks(cut, schema);
        const list = bigList(tree);
        assert.ok(list.entries.get(keyOf(0)) !== undefined, 'the first line decodes');
        assert.throws(() => list.entries.get(keyOf(64)), OperationFailedError);
        assert.throws(() => [...list.entries.values()], /the checkpoint is damaged: line \d+/);
      }
    }
  });

  it('loads lazily only under the modules the checkpoint was written with', async () => {
    const original = treeOf(600, 0, -1);
    const text = await checkpointTextInSlices(original, undefined, 'modules-a');
    const head = JSON.parse(text.split('\n').find((line) => line.startsWith('{"list"')) ?? '');
    assert.equal(head.schema, 'modules-a');
    for (const fingerprint of ['modules-a', 'modules-b', undefined])
      assertSameTree(await treeFromCheckpointChunks(bytePieces(text, 500), schema, fingerprint), original);
    // A line that does not decode tells a lazy load (refused when read) from an eager one (refused at start).
    const lines = text.split('\n');
    const second = lines.flatMap((line, index) => (line.startsWith('[') ? [index] : []))[1] as number;
    const broken = [
      lines.map((line, index) => (index === second ? line.replace('"k2":64', '"k2":"x"') : line)).join('\n'),
    ];
    const lazy = await treeFromCheckpointChunks(broken, schema, 'modules-a');
    assert.throws(() => bigList(lazy).entries.get(keyOf(64)), OperationFailedError);
    await assert.rejects(treeFromCheckpointChunks(broken, schema, 'modules-b'), /not a valid uint16/, 'other modules');
    await assert.rejects(treeFromCheckpointChunks(broken, schema), /not a valid uint16/, 'no fingerprint to compare');
  });
});
