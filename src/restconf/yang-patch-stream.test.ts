/**
 * @module restconf/yang-patch-stream.test
 * A YANG Patch in JSON read while its body arrives gives exactly what reading the whole text
 * gives: for each patch below (good and bad: syntax errors at many places, a truncated body,
 * multibyte characters, escapes, edits before and after the patch-id, repeated edit-ids, unknown
 * members, empty and missing edit lists, other operations among the creates), its bytes are
 * fed in chunks of 1 byte, 7 bytes, 64 KiB and random sizes through the body's UTF-8 decoding,
 * and the outcome — the tree after the patch, or the error (code, message, path) and the edit it
 * is reported for, or the request's error — is the whole text's. The patches the streamed reading
 * must take itself (not leave to the whole text) are marked, and checked to be taken.
 * @see RFC 8072 §2.5, §4.2.2
 */
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import type { DataTree } from '../data/index.ts';
import { decodeJson, encodeJsonString } from '../data/index.ts';
import { isManagementError } from '../errors/index.ts';
import { readRequestTextParts } from '../http/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import { parseDataResourcePath } from './data-resource-path.ts';
import type { DataNodeTarget } from './resource-target.ts';
import { restconfTestSchema } from './test-schema.test-support.ts';
import type { ResolvedPatch } from './yang-patch.ts';
import { resolveYangPatch } from './yang-patch.ts';
import { readYangPatchJson } from './yang-patch-document.ts';
import { StreamedYangPatch } from './yang-patch-stream.ts';

const MODULE = `module t-ys {
  yang-version 1.1;
  namespace "urn:t:ys";
  prefix ys;
  container top {
    leaf label { type string; }
    list item {
      key name;
      leaf name { type string; }
      leaf n { type uint32; }
      leaf note { type string; }
    }
  }
}`;

const schema: SchemaTree = restconfTestSchema([], [MODULE]);
const target = parseDataResourcePath('/t-ys:top', schema) as DataNodeTarget;
const root: DataTree = decodeJson(
  schema,
  { 't-ys:top': { label: 'x', item: [{ name: 'old', n: 0 }] } },
  { schema, config: true },
);

/** Below this many characters a text is parsed whole; the tests read their short patches lazily. */
const LAZY_FROM = 64;

const describeError = (error: unknown): string => {
  if (!isManagementError(error)) throw error;
  return `${error.code} ${error.message} (${error.path ?? ''})`;
};

/** What a resolved patch does: its edit's error, or the tree after it (or the error applying it). */
const outcomeOf = (resolved: ResolvedPatch): string => {
  const head = `patch ${resolved.patchId} [${resolved.comment ?? ''}]`;
  if (resolved.failure !== undefined)
    return `${head} edit ${resolved.failure.editId} failed: ${describeError(resolved.failure.error)}`;
  let current: string | undefined;
  try {
    const after = resolved.resolution.apply(root, (editId) => {
      current = editId;
    });
    return `${head} tree ${encodeJsonString(after, schema)}`;
  } catch (error) {
    return `${head} applying ${current}: ${describeError(error)}`;
  }
};

/** The whole text's outcome, as `applyYangPatch` reads and resolves it. */
const wholeText = (text: string, lazyFrom: number): string => {
  try {
    return outcomeOf(resolveYangPatch(target, schema, readYangPatchJson(text, lazyFrom)));
  } catch (error) {
    return `request: ${describeError(error)}`;
  }
};

/** A request whose body comes in `chunks`. */
const requestOf = (chunks: readonly Buffer[]): IncomingMessage =>
  Object.assign(Readable.from(chunks, { objectMode: false }), { headers: {} }) as unknown as IncomingMessage;

/** The body's outcome read as it arrives in `chunks`, and whether the streamed reading took it. */
const streamed = async (chunks: readonly Buffer[], lazyFrom: number): Promise<{ outcome: string; took: boolean }> => {
  const declared = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const patch = new StreamedYangPatch(target, schema, declared, lazyFrom);
  let pieces: readonly string[] | undefined;
  try {
    pieces = await readRequestTextParts(requestOf(chunks), 1 << 30, (piece, all) => patch.take(piece, all));
  } catch (error) {
    return { outcome: `body: ${describeError(error)}`, took: false };
  }
  let resolved: ResolvedPatch | undefined;
  try {
    resolved = patch.end();
  } catch (error) {
    return { outcome: `request: ${describeError(error)}`, took: true };
  }
  if (resolved !== undefined) return { outcome: outcomeOf(resolved), took: true };
  return { outcome: wholeText((pieces ?? []).join(''), lazyFrom), took: false };
};

/** The whole body's outcome, read at once. */
const whole = async (bytes: Buffer, lazyFrom: number): Promise<string> => {
  let pieces: readonly string[] | undefined;
  try {
    pieces = await readRequestTextParts(requestOf([bytes]), 1 << 30);
  } catch (error) {
    return `body: ${describeError(error)}`;
  }
  return wholeText((pieces ?? []).join(''), lazyFrom);
};

/** A deterministic pseudo-random sequence (for chunk sizes). */
const randomSizes = (seed: number): (() => number) => {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return 1 + (state % 97);
  };
};

const split = (bytes: Buffer, size: () => number): Buffer[] => {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    const end = Math.min(bytes.length, at + size());
    chunks.push(bytes.subarray(at, end));
    at = end;
  }
  return chunks;
};

const CHUNKINGS: readonly (readonly [string, () => () => number])[] = [
  ['1 byte', () => () => 1],
  ['7 bytes', () => () => 7],
  ['64 KiB', () => () => 65536],
  ['random', () => randomSizes(7)],
  ['random (another seed)', () => randomSizes(1234)],
];

/** Asserts the same outcome read as it arrives, in every chunking, as whole; returns it. */
const same = async (text: string | Buffer, options: { takes?: boolean; lazyFrom?: number } = {}): Promise<string> => {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const lazyFrom = options.lazyFrom ?? LAZY_FROM;
  const expected = await whole(bytes, lazyFrom);
  for (const [name, sizes] of CHUNKINGS) {
    const { outcome, took } = await streamed(split(bytes, sizes()), lazyFrom);
    assert.equal(outcome, expected, `in chunks of ${name}`);
    if (options.takes !== undefined) assert.equal(took, options.takes, `taken by the streamed reading (${name})`);
  }
  return expected;
};

type Edit = Record<string, unknown>;

const create = (id: string, name: string, extra: Edit = {}): Edit => ({
  'edit-id': id,
  operation: 'create',
  target: `/item=${encodeURIComponent(name)}`,
  value: { 't-ys:item': [{ name, n: 1, ...extra }] },
});

const creates = (count: number, prefix = 'e'): Edit[] =>
  Array.from({ length: count }, (_, index) => create(`${prefix}${index}`, `${prefix}-${index}`));

const body = (members: Record<string, unknown>): string => JSON.stringify({ 'ietf-yang-patch:yang-patch': members });

const plain = (edits: readonly Edit[], comment?: string): string =>
  body({ 'patch-id': 'p1', ...(comment === undefined ? {} : { comment }), edit: edits });

describe('a YANG Patch read as its body arrives gives what the whole text gives', () => {
  it('creates of list entries (the commonest long patch), in every chunking', async () => {
    const outcome = await same(plain(creates(40), 'a comment'), { takes: true });
    assert.match(outcome, /^patch p1 \[a comment\] tree .*"e-39"/);
  });

  it('the envelope members in any order: edits before and after the patch-id and comment', async () => {
    const edits = creates(5);
    await same(body({ edit: edits, 'patch-id': 'after' }), { takes: true });
    await same(body({ comment: 'c', edit: edits, 'patch-id': 'between' }), { takes: true });
    await same(body({ edit: edits, comment: 'last', 'patch-id': 'x' }), { takes: true });
    await same(
      `{ "ietf-yang-patch:yang-patch" :\n {\n "edit" : ${JSON.stringify(edits, null, 2)} ,\n "patch-id" : "spaced" } }\n\n`,
      { takes: true },
    );
  });

  it('other operations among the creates, and pretty-printed edits', async () => {
    const edits: Edit[] = [
      ...creates(3),
      { 'edit-id': 'm', operation: 'merge', target: '/label', value: { 't-ys:label': 'y' } },
      ...creates(3, 'f'),
      { 'edit-id': 'r', operation: 'replace', target: '/item=old', value: { 't-ys:item': [{ name: 'old', n: 9 }] } },
      { 'edit-id': 'd', operation: 'delete', target: '/item=e-1' },
      ...creates(2, 'g'),
    ];
    await same(plain(edits), { takes: true });
    await same(JSON.stringify(JSON.parse(plain(edits)), null, 3), { takes: true });
  });

  it('multibyte characters (2, 3 and 4 bytes) split across chunks, and escapes', async () => {
    const edits = [
      create('é1', 'café', { note: 'naïve € 😀 \u2028' }),
      create('e\\"2', 'a"b\\c', { note: '\\"}]{[' }),
      create('😀', '日本語', { note: '"\\\\"' }),
      create('e4', 'x', { note: '\\' }),
      ...creates(3),
    ];
    await same(plain(edits), { takes: true });
    await same(`\ufeff${plain(creates(4))}`, { takes: true });
  });

  it('edits that fail: a bad target, a bad value, an entry that exists (when applied)', async () => {
    const bad = (edit: Edit): Promise<string> =>
      same(plain([...creates(3), edit, ...creates(3, 'z')]), { takes: true });
    assert.match(await bad(create('bad', 'x', { n: -1 })), /edit bad failed/);
    assert.match(
      await bad({
        'edit-id': 'bt',
        operation: 'create',
        target: '/nothing=1',
        value: { 't-ys:item': [{ name: 'q' }] },
      }),
      /edit bt failed/,
    );
    assert.match(await bad(create('exists', 'old')), /applying exists/);
    assert.match(await bad({ 'edit-id': 'del', operation: 'delete', target: '/item=none' }), /applying del/);
  });

  it('edits that are not well-formed are the request error, in order with the edits that fail', async () => {
    const noOperation = { 'edit-id': 'no-op', target: '/item=x', value: {} };
    const unknownMember = { ...create('um', 'y'), extra: 1 };
    assert.match(await same(plain([...creates(3), noOperation, ...creates(2, 'z')])), /^request: MISSING_ELEMENT/);
    assert.match(await same(plain([...creates(3), unknownMember])), /^request: UNKNOWN_ELEMENT/);
    // A failing edit before a malformed one: the failing edit's error.
    assert.match(await same(plain([create('bad', 'x', { n: -1 }), noOperation])), /edit bad failed/);
    await same(plain([noOperation, create('bad', 'x', { n: -1 })]));
  });

  it('repeated edit-ids: before a failing edit, after it, at the end, with a malformed edit', async () => {
    const repeated = create('e1', 'again');
    const failing = create('bad', 'x', { n: -1 });
    assert.match(await same(plain([...creates(4), repeated, failing])), /^request: INVALID_VALUE two edits/);
    assert.match(await same(plain([...creates(4), failing, repeated])), /edit bad failed/);
    assert.match(await same(plain([...creates(4), repeated])), /^request: INVALID_VALUE two edits/);
    await same(plain([...creates(4), repeated, { 'edit-id': 'x' }]));
    await same(plain([...creates(4), { 'edit-id': 'e2', operation: 'remove', target: '/item=e-2' }]));
  });

  it('envelope errors come before the errors of edits', async () => {
    const failing = [...creates(3), create('bad', 'x', { n: -1 })];
    assert.match(await same(body({ edit: failing })), /^request: MISSING_ELEMENT/);
    const malformed = [...creates(3), { 'edit-id': 'e1', operation: 'create' }];
    assert.match(await same(body({ edit: malformed, extra: 1 })), /^request: UNKNOWN_ELEMENT/);
    assert.match(await same(body({ edit: malformed, 'patch-id': 'p' })), /^request: INVALID_VALUE two edits/);
    assert.match(await same(body({ edit: failing, 'patch-id': 5 })), /^request: INVALID_VALUE/);
    assert.match(await same(body({ edit: failing, 'patch-id': 'p', comment: [] })), /^request: INVALID_VALUE/);
    assert.match(await same(body({ 'patch-id': 'p', edit: failing, extra: 1 })), /^request: UNKNOWN_ELEMENT/);
    assert.match(await same(body({ extra: { a: [1] }, 'patch-id': 'p', edit: failing })), /UNKNOWN_ELEMENT/);
    assert.match(
      await same(JSON.stringify({ 'ietf-yang-patch:yang-patch': { 'patch-id': 'p', edit: failing }, other: 1 })),
      /^request: MALFORMED_MESSAGE/,
    );
    await same(JSON.stringify({ other: 1, 'ietf-yang-patch:yang-patch': { 'patch-id': 'p', edit: failing } }));
  });

  it('members given twice, empty and missing edit lists, edits that are not objects', async () => {
    const edits = creates(3);
    await same(`{"ietf-yang-patch:yang-patch":{"patch-id":"a","patch-id":"b","edit":${JSON.stringify(edits)}}}`, {
      takes: true,
    });
    await same(`{"ietf-yang-patch:yang-patch":{"patch-id":"a","edit":${JSON.stringify(edits)},"edit":[]}}`);
    await same(`{"ietf-yang-patch:yang-patch":{"patch-id":"a","edit":[],"edit":${JSON.stringify(edits)}}}`);
    await same(`{"ietf-yang-patch:yang-patch":{"patch-id":"a","edit":5,"edit":${JSON.stringify(edits)}}}`);
    await same(`{"ietf-yang-patch:yang-patch":{"patch-id":"a","edit":${JSON.stringify(edits)},"edit":5}}`);
    await same(
      `{"ietf-yang-patch:yang-patch":{"patch-id":"a","edit":${JSON.stringify(edits)}},"ietf-yang-patch:yang-patch":{"patch-id":"b","edit":${JSON.stringify(edits)}}}`,
    );
    await same(`{"ietf-yang-patch:yang-patch":{"patch-id":"a","edit":[]},"padding":"${'x'.repeat(100)}"}`);
    await same(body({ 'patch-id': 'p', edit: [], comment: 'x'.repeat(100) }));
    await same(body({ 'patch-id': 'p', comment: 'x'.repeat(100) }));
    await same(body({ 'patch-id': 'p', edit: [...edits, 5, ...edits] }));
    await same(body({ 'patch-id': 'p', edit: [5, ...edits] }));
    await same(body({ 'patch-id': 'p', edit: [...edits, [1]] }));
    await same(body({ 'patch-id': 'p', edit: { a: 1 }, comment: 'x'.repeat(100) }));
    await same(`{"ietf-yang-patch:yang-patch":{"patch-\\u0069d":"a","edit":${JSON.stringify(edits)}}}`);
    await same(`{"ietf-yang-patch:yang-patch":{"patch-id":"a","\\u0065dit":${JSON.stringify(edits)}}}`);
    await same(`{"ietf-yang-patch:yang-patch":{"patch-id":"a","__proto__":1,"edit":${JSON.stringify(edits)}}}`);
  });

  it('syntax errors anywhere, and a body that ends early, are the whole text error', async () => {
    const good = plain([...creates(6), create('bad', 'x', { n: -1 }), ...creates(4, 'z')]);
    const variants = new Set<string>([
      `${good}}`,
      `${good} x`,
      `${good},`,
      good.replace('"operation":"create"', '"operation" "create"'),
      good.replace('},{', '};{'),
      good.replace('},{', '}{'),
      good.replace('},{', '},,{'),
      good.replace(']}}', ',]}}'),
      good.replace('"n":1', '"n":1,'),
      good.replace('"n":1', '"n":01'),
      good.replace('"n":1', '"n":1]'),
      good.replace('{"edit-id":"z2"', '{"edit-id":z2'),
      good.replace('"p1"', '"p1'),
      good.replace('"p1"', 'p1'),
      good.replace('"p1"', '"p\u0001"'),
      good.replace('"patch-id"', '"patch\tid"'),
      `{${good.slice(1).replace('{', '[')}`,
      `[${good}]`,
      '',
      ' ',
      'null',
    ]);
    for (let cut = 1; cut < good.length; cut += 13) variants.add(good.slice(0, cut));
    for (const at of [0, 1, 30, good.length - 3, good.length - 2, good.length - 1]) variants.add(good.slice(0, at));
    for (const text of variants) await same(text);
  });

  it('bytes that are not UTF-8 are the body error', async () => {
    const good = Buffer.from(plain(creates(5)));
    const cut = good.indexOf('"e-3"');
    const broken = Buffer.concat([good.subarray(0, cut), Buffer.from([0xc3]), good.subarray(cut)]);
    assert.match(await same(broken), /^body: MALFORMED_MESSAGE/);
    assert.match(await same(Buffer.concat([good, Buffer.from([0xe2, 0x82])])), /^body: MALFORMED_MESSAGE/);
  });

  it('a body shorter than the lazy length is read whole (its malformed edits found first)', async () => {
    const text = plain([create('bad', 'x', { n: -1 }), { 'edit-id': 'x' }]);
    assert.match(await same(text, { lazyFrom: text.length + 1, takes: false }), /^request: MISSING_ELEMENT/);
    assert.match(await same(text, { lazyFrom: text.length, takes: true }), /edit bad failed/);
  });

  it('a patch longer than the lazy length of the server (1 MiB), in large and odd chunks', async () => {
    const edits = creates(14000, 'long');
    const text = plain(edits);
    assert.ok(text.length > 1 << 20);
    const bytes = Buffer.from(text);
    const expected = await whole(bytes, 1 << 20);
    for (const size of [65536, 16384 + 3, 999_983]) {
      const result = await streamed(
        split(bytes, () => size),
        1 << 20,
      );
      assert.deepEqual(result, { outcome: expected, took: true });
    }
    const failing = Buffer.from(plain([...edits, create('bad', 'x', { n: -1 })]).replace(/}}$/, '}'));
    const broken = await streamed(split(failing, randomSizes(3)), 1 << 20);
    assert.equal(broken.outcome, await whole(failing, 1 << 20));
    assert.match(broken.outcome, /^request: MALFORMED_MESSAGE/);
  });
});
