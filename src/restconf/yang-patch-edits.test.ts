/**
 * @module restconf/yang-patch-edits.test
 * The runs of list-entry creates give what the general resolution gives: for each patch below,
 * resolved and applied with the runs and without them, the same tree (its JSON text, entry order
 * included) or the same error (code, message, error-path and the edit-id it is reported for).
 * The cases cover the runs' fast path (into an empty list, into a list with entries, into a list
 * whose parent is missing, with typed and multiple keys, an ordered-by user list), its
 * errors (an entry that exists, two creates of one entry) and every fallback (other operations
 * in between, values of other shapes, XML values, key mismatches, config false lists, bad paths).
 * @see RFC 8072 §2.5
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { DataTree } from '../data/index.ts';
import { decodeJson, emptyDataTree, encodeJsonString } from '../data/index.ts';
import { isManagementError } from '../errors/index.ts';
import type { SchemaParent, SchemaTree } from '../yang/index.ts';
import { parseDataResourcePath } from './data-resource-path.ts';
import type { DataNodeTarget, DatastoreTarget } from './resource-target.ts';
import { restconfTestSchema } from './test-schema.test-support.ts';
import type { PatchEdit } from './yang-patch-document.ts';
import { EntryCreateEdit, entryCreateEditOf, parseYangPatchJson, parseYangPatchXml } from './yang-patch-document.ts';
import { PatchResolution } from './yang-patch-edits.ts';
import { EntryCreateResolver } from './yang-patch-entry-creates.ts';

const MODULE = `module t-yp {
  yang-version 1.1;
  namespace "urn:t:yp";
  prefix yp;
  identity color;
  identity red { base color; }
  identity blue { base color; }
  container top {
    leaf label { type string; }
    list item {
      key name;
      leaf name { type string; }
      leaf n { type uint32; }
      container details { leaf note { type string; } }
    }
    list multi {
      key "a b";
      leaf a { type string; }
      leaf b { type int8; }
      leaf v { type string; }
    }
    list colored {
      key color;
      leaf color { type identityref { base color; } }
      leaf v { type string; }
    }
    list ordered {
      key name;
      ordered-by user;
      leaf name { type string; }
    }
    list coded {
      key code;
      leaf code { type string { length "1..3"; pattern "[a-z]+"; } }
      leaf v { type string; }
    }
    list ro {
      config false;
      key k;
      leaf k { type string; }
    }
  }
}`;

const schema: SchemaTree = restconfTestSchema([], [MODULE]);
const topTarget = parseDataResourcePath('/t-yp:top', schema) as DataNodeTarget;
const datastoreTarget = parseDataResourcePath('', schema) as DatastoreTarget;

type Edit = Record<string, unknown>;

/** How the edits of a patch are read: parsed whole, or (as a long patch's reader does) from each edit's text first. */
let readFromText = false;

const edits = (list: readonly Edit[]): PatchEdit[] => {
  const whole = [
    ...parseYangPatchJson(JSON.stringify({ 'ietf-yang-patch:yang-patch': { 'patch-id': 'p', edit: list } })).edits,
  ];
  return readFromText
    ? list.map((edit, index) => entryCreateEditOf(JSON.stringify(edit)) ?? (whole[index] as PatchEdit))
    : whole;
};

const create = (id: string, target: string, value: unknown): Edit => ({
  'edit-id': id,
  operation: 'create',
  target,
  value,
});

const item = (name: string, n = 1): Edit =>
  create(`c-${name}`, `/item=${encodeURIComponent(name)}`, {
    't-yp:item': [{ name, n, details: { note: `note ${name}` } }],
  });

const items = (names: readonly string[]): Edit[] => names.map((name, index) => item(name, index));

const range = (count: number, prefix = 'e'): string[] =>
  Array.from({ length: count }, (_, index) => `${prefix}${index}`);

const rootOf = (json: unknown): DataTree => decodeJson(schema, json, { schema, config: true });

/** What a patch does: the tree's JSON text, or the error and the edit it was reported for. */
const outcome = (
  root: DataTree,
  patch: readonly PatchEdit[],
  entryRuns: boolean,
  target: DatastoreTarget | DataNodeTarget = topTarget,
): string => {
  let current: string | undefined;
  try {
    // With the runs, the number of edits is known beforehand (as for a long patch read lazily).
    const resolution = new PatchResolution(target, schema, entryRuns ? { editCount: patch.length } : { entryRuns });
    for (const edit of patch) {
      current = edit.editId;
      resolution.add(edit);
    }
    current = undefined;
    const after = resolution.apply(root, (editId) => {
      current = editId;
    });
    return `tree ${encodeJsonString(after, schema)}`;
  } catch (error) {
    if (!isManagementError(error)) throw error;
    return `error at ${current}: ${error.code} ${error.message} (${error.path ?? ''})`;
  }
};

/** Asserts that the patch does the same with the runs as without, and returns what it does. */
const same = (
  root: DataTree,
  patch: readonly PatchEdit[],
  target: DatastoreTarget | DataNodeTarget = topTarget,
): string => {
  const general = outcome(root, patch, false, target);
  assert.equal(outcome(root, patch, true, target), general);
  return general;
};

/** How many of the edits the runs take (the others resolve the general way). */
const taken = (patch: readonly PatchEdit[], target: DataNodeTarget | DatastoreTarget = topTarget): number => {
  const start = target.kind === 'data' ? { start: { parent: target.node as SchemaParent, path: target.path } } : {};
  const resolver = new EntryCreateResolver(
    schema,
    (prefix) => (parseDataResourcePath(prefix, schema, start) as DataNodeTarget).path,
  );
  return patch.filter((edit) => resolver.resolve(edit) !== undefined).length;
};

const empty = rootOf({ 't-yp:top': { label: 'x' } });

for (const fromText of [false, true])
  describe(`YANG Patch runs of list-entry creates match the general resolution (edits ${fromText ? 'read from their text' : 'parsed whole'})`, () => {
    before(() => {
      readFromText = fromText;
    });

    it('reads the creates of one entry from their text when asked', () => {
      const patch = edits(items(range(3)));
      assert.equal(patch.filter((edit) => edit instanceof EntryCreateEdit).length, fromText ? 3 : 0);
    });

    it('creates into an empty list: the same entries in the same order', () => {
      const patch = edits(items(['m', 'b', 'z', 'a', ...range(20)]));
      assert.equal(taken(patch), patch.length);
      assert.match(same(empty, patch), /^tree .*"name":"m".*"name":"b".*"name":"z".*"name":"a"/);
    });

    it('creates into a list with entries, and into an absent parent', () => {
      const stored = rootOf({ 't-yp:top': { item: [{ name: 'x' }, { name: 'y', n: 3 }] } });
      same(stored, edits(items(range(12))));
      same(emptyDataTree(schema), edits(items(range(12))));
      same(rootOf({}), edits(items(range(3))));
      const fromDatastore = edits(
        range(10).map((name) => create(name, `/t-yp:top/item=${name}`, { 't-yp:item': [{ name }] })),
      );
      assert.equal(taken(fromDatastore, datastoreTarget), fromDatastore.length);
      assert.match(same(emptyDataTree(schema), fromDatastore, datastoreTarget), /^tree /);
    });

    it('an entry that exists is data-exists of its edit, whether stored or created earlier in the patch', () => {
      const stored = rootOf({ 't-yp:top': { item: [{ name: 'e7' }] } });
      assert.match(same(stored, edits(items(range(20)))), /^error at c-e7: DATA_EXISTS .*item\[name='e7'\]/);
      const again = create('again', '/item=e3', { 't-yp:item': [{ name: 'e3' }] });
      const repeated = edits([...items(range(15)), again, ...items(range(5, 'f'))]);
      assert.match(same(empty, repeated), /^error at again: DATA_EXISTS/);
      assert.match(same(stored, repeated), /^error at c-e7: DATA_EXISTS/);
      assert.match(
        same(empty, edits([item('a'), { ...item('a'), 'edit-id': 'second' }])),
        /^error at second: DATA_EXISTS/,
      );
    });

    it('typed and multiple keys, key leaves last in the value, percent-encoded keys, ordered-by user', () => {
      const patch = edits([
        create('m1', '/multi=x,5', { 't-yp:multi': [{ a: 'x', b: 5, v: 'one' }] }),
        create('m2', '/multi=y,-3', { 't-yp:multi': [{ v: 'keys last', b: -3, a: 'y' }] }),
        create('m3', '/multi=a%2Cb,0', { 't-yp:multi': [{ a: 'a,b', b: 0 }] }),
        create('c1', '/colored=t-yp:red', { 't-yp:colored': [{ color: 't-yp:red' }] }),
        create('c2', '/colored=t-yp%3Ablue', { 't-yp:colored': [{ color: 't-yp:blue', v: 'blue' }] }),
        create('i1', '/item=with%20space', { 't-yp:item': [{ name: 'with space' }] }),
        create('o1', '/ordered=z', { 't-yp:ordered': [{ name: 'z' }] }),
        create('o2', '/ordered=a', { 't-yp:ordered': [{ name: 'a' }] }),
      ]);
      assert.equal(taken(patch), patch.length);
      assert.match(same(empty, patch), /^tree .*"name":"z".*"name":"a"/);
      const again = create('again', '/multi=y,-3', { 't-yp:multi': [{ a: 'y', b: -3 }] });
      assert.match(same(empty, edits([...patch.map(toEdit), again])), /^error at again: DATA_EXISTS/);
    });

    it('other edits between creates split the runs and apply in order', () => {
      const patch = edits([
        ...items(range(9)),
        { 'edit-id': 'merge', operation: 'merge', target: '/item=e2', value: { 't-yp:item': [{ name: 'e2', n: 99 }] } },
        { 'edit-id': 'delete', operation: 'delete', target: '/item=e4' },
        ...items(range(9, 'g')),
        { 'edit-id': 'label', operation: 'replace', target: '/label', value: { 't-yp:label': 'y' } },
        { ...item('e4'), 'edit-id': 'recreate-e4' },
        create('m', '/multi=x,1', { 't-yp:multi': [{ a: 'x', b: 1 }] }),
        item('h'),
      ]);
      assert.equal(taken(patch), patch.length - 3);
      assert.match(same(empty, patch), /"n":99/);
      const again = create('again', '/item=g3', { 't-yp:item': [{ name: 'g3' }] });
      assert.match(same(empty, edits([...patch.map(toEdit), again])), /^error at again: DATA_EXISTS/);
    });

    it('values and targets of other shapes resolve the general way, with the same answers', () => {
      const bad: Edit[] = [
        create('two-entries', '/item=a', { 't-yp:item': [{ name: 'a' }, { name: 'b' }] }),
        create('no-entry', '/item=a', { 't-yp:item': [] }),
        create('two-members', '/item=a', { 't-yp:item': [{ name: 'a' }], 't-yp:label': 'x' }),
        create('unqualified', '/item=a', { item: [{ name: 'a' }] }),
        create('other-list', '/item=a', { 't-yp:ordered': [{ name: 'a' }] }),
        create('not-array', '/item=a', { 't-yp:item': { name: 'a' } }),
        create('key-differs', '/item=a', { 't-yp:item': [{ name: 'b' }] }),
        create('key-missing', '/item=a', { 't-yp:item': [{ n: 1 }] }),
        create('bad-leaf', '/item=a', { 't-yp:item': [{ name: 'a', n: -1 }] }),
        create('unknown-leaf', '/item=a', { 't-yp:item': [{ name: 'a', nope: 1 }] }),
        create('key-count', '/multi=x', { 't-yp:multi': [{ a: 'x', b: 1 }] }),
        create('key-type', '/multi=x,300', { 't-yp:multi': [{ a: 'x' }] }),
        create('no-keys', '/item', { 't-yp:item': [{ name: 'a' }] }),
        create('config-false', '/ro=a', { 't-yp:ro': [{ k: 'a' }] }),
        create('unknown-list', '/nope=a', { 't-yp:nope': [{ k: 'a' }] }),
        create('deeper', '/item=a/details', { 't-yp:details': { note: 'n' } }),
        create('empty-key', '/item=', { 't-yp:item': [{ name: '' }] }),
        create('slash-key', '/item=a/', { 't-yp:item': [{ name: 'a' }] }),
        create('bad-percent', '/item=%zz', { 't-yp:item': [{ name: 'a' }] }),
        create('annotation', '/item=a', { 't-yp:item': [{ name: 'a' }], '@t-yp:item': {} }),
      ];
      for (const edit of bad) {
        for (const patch of [edits([edit]), edits([...items(range(10)), edit, ...items(range(3, 'f'))])]) {
          same(empty, patch);
          same(rootOf({ 't-yp:top': { item: [{ name: 'a' }] } }), patch);
        }
      }
      // Of these, the runs take only the create of the entry whose key is the empty string.
      assert.equal(taken(edits(bad)), 1);
    });

    it("a key in the target that is the entry's own key value, and every key text that is not", () => {
      const patch = edits([
        create('plain', '/item=a', { 't-yp:item': [{ name: 'a', n: 1 }] }),
        create('space', '/item=with space', { 't-yp:item': [{ name: 'with space' }] }),
        create('encoded', '/item=a%2Cb', { 't-yp:item': [{ name: 'a,b' }] }),
        create('percent-name', '/item=p%2541', { 't-yp:item': [{ name: 'p%41' }] }),
        create('coded', '/coded=abc', { 't-yp:coded': [{ code: 'abc', v: 'x' }] }),
        create('key-last', '/item=z', { 't-yp:item': [{ n: 2, name: 'z' }] }),
      ]);
      assert.equal(taken(patch), patch.length);
      assert.match(same(empty, patch), /"name":"a,b".*"name":"p%41"/);
      const bad: Edit[] = [
        create('comma', '/item=a,b', { 't-yp:item': [{ name: 'a,b' }] }),
        create('percent', '/item=p%41', { 't-yp:item': [{ name: 'p%41' }] }),
        create('bad-escape', '/item=p%4', { 't-yp:item': [{ name: 'p%4' }] }),
        create('too-long', '/coded=abcd', { 't-yp:coded': [{ code: 'abcd' }] }),
        create('pattern', '/coded=AB', { 't-yp:coded': [{ code: 'AB' }] }),
        create('pattern-in-path', '/coded=AB', { 't-yp:coded': [{ code: 'ab' }] }),
        create('control', '/item=a%01', { 't-yp:item': [{ name: 'a\u0001' }] }),
        create('number-key', '/multi=x,5', { 't-yp:multi': [{ a: 'x', b: 6 }] }),
        create('no-key-leaf', '/item=k', { 't-yp:item': [{ n: 3 }] }),
      ];
      for (const edit of bad) {
        const error = same(empty, edits([...items(range(5)), edit, ...items(range(3, 'f'))]));
        assert.match(error, new RegExp(`^error at ${edit['edit-id']}: `));
      }
      // Two creates of one entry in a long run, and a run cut short by another edit.
      const long = edits([
        ...items(range(1500)),
        { 'edit-id': 'label', operation: 'replace', target: '/label', value: { 't-yp:label': 'y' } },
        ...items(range(1200, 'g')),
      ]);
      assert.match(same(empty, long), /^tree .*"label":"y"/);
      const repeated = edits([...items(range(1500)), { ...item('e1499'), 'edit-id': 'last' }]);
      assert.match(same(empty, repeated), /^error at last: DATA_EXISTS/);
    });

    it('XML values resolve the general way', () => {
      const xml = `<yang-patch xmlns="urn:ietf:params:xml:ns:yang:ietf-yang-patch"><patch-id>p</patch-id>
      <edit><edit-id>x1</edit-id><operation>create</operation><target>/item=a</target>
        <value><item xmlns="urn:t:yp"><name>a</name></item></value></edit>
      <edit><edit-id>x2</edit-id><operation>create</operation><target>/item=a</target>
        <value><item xmlns="urn:t:yp"><name>a</name></item></value></edit></yang-patch>`;
      const patch = parseYangPatchXml(xml).edits;
      assert.equal(taken(patch), 0);
      assert.match(same(empty, [...edits(items(range(9))), ...patch]), /^error at x2: DATA_EXISTS/);
    });
  });

/** A resolved patch edit back as the JSON edit it came from. */
const toEdit = (edit: PatchEdit): Edit => ({
  'edit-id': edit.editId,
  operation: edit.operation,
  target: edit.target,
  ...(edit.value?.encoding === 'json' ? { value: edit.value.json } : {}),
});
