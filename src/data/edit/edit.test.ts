/**
 * @module data/edit/edit.test
 * Every edit operation on leaves, containers (presence and non-presence), anydata, choices and
 * the root, with the result tree or the error's code and error-path; the tree before must be
 * unchanged after each. Lists and leaf-lists are in `edit-ordered.test.ts`.
 * @see RFC 6241 §7.2, RFC 8040 §4.4–4.6, RFC 8072 §2.5, RFC 7950 §7.9
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyDataTree } from '../instance/instance-node.ts';
import { testSchema } from '../test-schema.test-support.ts';
import { applyEdits } from './apply-edits.ts';
import type { EditCase } from './edit.test-support.ts';
import { EDIT_BASE, EDIT_MODULE, editKit, failsWith, runEditCases, baseWith as top } from './edit.test-support.ts';
import type { DataEdit } from './edit.ts';
import { applyEdit } from './edit.ts';

const schema = testSchema([EDIT_MODULE]);
const kit = editKit(schema, 'e');
const { path, tree, json } = kit;

// biome-ignore format: one case per line reads as a table
const CASES: readonly EditCase[] = [
  { name: 'leaf: create', before: top({ a: undefined }), operation: 'create', target: 'top/a', body: 'N', after: top({ a: 'N' }) },
  { name: 'leaf: create of a present leaf', operation: 'create', target: 'top/a', body: 'N', error: { code: 'DATA_EXISTS', path: '/e:top/a' } },
  { name: 'leaf: delete', operation: 'delete', target: 'top/a', after: top({ a: undefined }) },
  { name: 'leaf: delete of an absent leaf', before: top({ a: undefined }), operation: 'delete', target: 'top/a', error: { code: 'DATA_MISSING', path: '/e:top/a' } },
  { name: 'leaf: delete of a default that is not set', operation: 'delete', target: 'top/n', error: { code: 'DATA_MISSING', path: '/e:top/n' } },
  { name: 'leaf: remove of an absent leaf changes nothing', operation: 'remove', target: 'top/n', after: 'same' },
  { name: 'leaf: remove', operation: 'remove', target: 'top/a', after: top({ a: undefined }) },
  { name: 'leaf: merge overwrites', operation: 'merge', target: 'top/a', body: 'M', after: top({ a: 'M' }) },
  { name: 'leaf: merge creates', before: top({ a: undefined }), operation: 'merge', target: 'top/a', body: 'M', after: top({ a: 'M' }) },
  { name: 'leaf: replace', operation: 'replace', target: 'top/a', body: 'R', after: top({ a: 'R' }) },
  { name: 'leaf: replace with the same value', operation: 'replace', target: 'top/a', body: 'A', after: 'same' },
  { name: 'leaf: a default set explicitly is stored', operation: 'merge', target: 'top/n', body: 3, after: top({ n: 3 }) },
  { name: 'leaf: insert', operation: 'insert', target: 'top/a', body: 'I', error: { code: 'BAD_ELEMENT', path: '/e:top/a' } },
  { name: 'leaf: move', operation: 'move', target: 'top/a', error: { code: 'BAD_ELEMENT', path: '/e:top/a' } },
  { name: 'leaf: placement', operation: 'merge', target: 'top/a', body: 'P', placement: { insert: 'first' }, error: { code: 'INVALID_VALUE', path: '/e:top/a' } },
  { name: 'leaf: merge without a value', operation: 'merge', target: 'top/a', error: { code: 'MISSING_ELEMENT', path: '/e:top/a' } },
  { name: 'leaf: config false', operation: 'merge', target: 'top/state', body: 'S', error: { code: 'INVALID_VALUE', path: '/e:top/state' } },
  { name: 'leaf: config false, remove', operation: 'remove', target: 'top/state', error: { code: 'INVALID_VALUE', path: '/e:top/state' } },
  { name: 'leaf: a top-level leaf', operation: 'create', target: 'solo', body: 'S', after: { ...EDIT_BASE, 'e:solo': 'S' } },

  { name: 'np container: create of a present one', operation: 'create', target: 'top/np', body: { x: 'Y' }, error: { code: 'DATA_EXISTS', path: '/e:top/np' } },
  { name: 'np container: create', before: top({ np: undefined }), operation: 'create', target: 'top/np', body: { x: 'Y' }, after: top({ np: { x: 'Y' } }) },
  { name: 'np container: create of an empty one changes nothing', before: top({ np: undefined }), operation: 'create', target: 'top/np', body: {}, after: 'same' },
  { name: 'np container: merge', operation: 'merge', target: 'top/np', body: { inner: { y: 'Y' } }, after: top({ np: { x: 'X', inner: { y: 'Y' } } }) },
  { name: 'np container: replace', operation: 'replace', target: 'top/np', body: { inner: { y: 'Y' } }, after: top({ np: { inner: { y: 'Y' } } }) },
  { name: 'np container: replace with an empty one deletes it', operation: 'replace', target: 'top/np', body: {}, after: top({ np: undefined }) },
  { name: 'np container: delete', operation: 'delete', target: 'top/np', after: top({ np: undefined }) },
  { name: 'np container: delete of an absent one', before: top({ np: undefined }), operation: 'delete', target: 'top/np', error: { code: 'DATA_MISSING', path: '/e:top/np' } },
  { name: 'np container: deleting its last child removes it', operation: 'delete', target: 'top/np/x', after: top({ np: undefined }) },
  { name: 'np container: merge below creates the ancestors', before: top({ np: undefined }), operation: 'merge', target: 'top/np/inner/y', body: 'Y', after: top({ np: { inner: { y: 'Y' } } }) },
  { name: 'np container: a delete empties the spine up to the root', before: { 'e:top': { np: { inner: { y: 'Y' } } } }, operation: 'delete', target: 'top/np/inner/y', after: {} },
  { name: 'np container: insert', operation: 'insert', target: 'top/np', body: {}, error: { code: 'BAD_ELEMENT', path: '/e:top/np' } },

  { name: 'presence container: create of a present one', operation: 'create', target: 'top/pres', body: {}, error: { code: 'DATA_EXISTS', path: '/e:top/pres' } },
  { name: 'presence container: create an empty one', before: top({ pres: undefined }), operation: 'create', target: 'top/pres', body: {}, after: 'base' },
  { name: 'presence container: delete', operation: 'delete', target: 'top/pres', after: top({ pres: undefined }) },
  { name: 'presence container: deleting its last child keeps it', before: top({ pres: { z: 'Z' } }), operation: 'delete', target: 'top/pres/z', after: 'base' },
  { name: 'presence container: merge below creates it', before: top({ pres: undefined }), operation: 'merge', target: 'top/pres/z', body: 'Z', after: top({ pres: { z: 'Z' } }) },
  { name: 'presence container: move', operation: 'move', target: 'top/pres', error: { code: 'BAD_ELEMENT', path: '/e:top/pres' } },

  { name: 'anydata: create of a present one', operation: 'create', target: 'top/any', body: { bar: true }, error: { code: 'DATA_EXISTS', path: '/e:top/any' } },
  { name: 'anydata: merge replaces the whole value', operation: 'merge', target: 'top/any', body: { bar: true }, after: top({ any: { bar: true } }) },
  { name: 'anydata: merge of an equal value', operation: 'merge', target: 'top/any', body: { foo: [1] }, after: 'same' },
  { name: 'anydata: replace', operation: 'replace', target: 'top/any', body: { bar: [2] }, after: top({ any: { bar: [2] } }) },
  { name: 'anydata: delete', operation: 'delete', target: 'top/any', after: top({ any: undefined }) },
  { name: 'anydata: insert', operation: 'insert', target: 'top/any', body: {}, error: { code: 'BAD_ELEMENT', path: '/e:top/any' } },

  { name: 'choice: a node of another case removes the old case', operation: 'merge', target: 'top/c2', body: 'two', after: top({ c1: undefined, c2: 'two' }) },
  { name: 'choice: a nested case activates its outer case', operation: 'create', target: 'top/d2/e', body: 'E', after: top({ c1: undefined, d2: { e: 'E' } }) },
  { name: 'choice: a nested case removes its sibling case only', before: top({ c1: undefined, c2: 'two', d1: 'D' }), operation: 'merge', target: 'top/d2', body: { e: 'E' }, after: top({ c1: undefined, c2: 'two', d2: { e: 'E' } }) },
  { name: 'choice: an outer case removes the nested cases', before: top({ c1: undefined, c2: 'two', d2: { e: 'E' } }), operation: 'replace', target: 'top/c1', body: 'one', after: 'base' },
  { name: 'choice: merging a container value switches cases', operation: 'merge', target: 'top', body: { d1: 'D' }, after: top({ c1: undefined, d1: 'D' }) },
  { name: 'choice: an empty non-presence container does not switch cases', operation: 'merge', target: 'top/d2', body: {}, after: 'same' },
  { name: 'choice: deleting a case node leaves the others alone', before: top({ c1: undefined, c2: 'two', d1: 'D' }), operation: 'delete', target: 'top/d1', after: top({ c1: undefined, c2: 'two' }) },

  { name: 'root: merge', operation: 'merge', target: '', body: { 'e:solo': 'S', 'e:top': { a: 'B' } }, after: { ...(top({ a: 'B' }) as object), 'e:solo': 'S' } },
  { name: 'root: merge of itself', operation: 'merge', target: '', body: EDIT_BASE, after: 'same' },
  { name: 'root: replace', operation: 'replace', target: '', body: { 'e:solo': 'S' }, after: { 'e:solo': 'S' } },
  { name: 'root: create of a non-empty root', operation: 'create', target: '', body: { 'e:solo': 'S' }, error: { code: 'DATA_EXISTS', path: '/' } },
  { name: 'root: create of an empty root', before: {}, operation: 'create', target: '', body: { 'e:solo': 'S' }, after: { 'e:solo': 'S' } },
  { name: 'root: delete', operation: 'delete', target: '', after: {} },
  { name: 'root: delete of an empty root', before: {}, operation: 'delete', target: '', error: { code: 'DATA_MISSING', path: '/' } },
  { name: 'root: remove of an empty root', before: {}, operation: 'remove', target: '', after: 'same' },
  { name: 'root: move', operation: 'move', target: '', error: { code: 'BAD_ELEMENT', path: '/' } },
  { name: 'root: placement', operation: 'merge', target: '', body: {}, placement: { insert: 'first' }, error: { code: 'INVALID_VALUE', path: '/' } },
];

describe('applyEdit: leaves, containers, anydata, choices, the root', () => {
  runEditCases(kit, EDIT_BASE, CASES);
});

describe('applyEdit: details', () => {
  it('applyEdits applies in order; on an error the root is as it was', () => {
    const root = tree(EDIT_BASE);
    const edits: DataEdit[] = [
      { operation: 'delete', target: path('top/a') },
      { operation: 'create', target: path('top/a'), value: 'again' },
    ];
    assert.deepEqual(json(applyEdits(root, edits)), top({ a: 'again' }));
    assert.throws(
      () => applyEdits(root, [...edits, edits[1] as DataEdit]),
      failsWith({ code: 'DATA_EXISTS', path: '/e:top/a' }),
    );
    assert.deepEqual(json(root), EDIT_BASE);
  });
  it('an edit of an empty tree creates the spine', () => {
    const after = applyEdit(emptyDataTree(schema), { operation: 'merge', target: path('top/ul=a/c/w'), value: 'W' });
    assert.deepEqual(json(after), { 'e:top': { ul: [{ k: 'a', c: { w: 'W' } }] } });
  });
  it('a target below a leaf is a programming error', () => {
    const target = [...path('top/a'), ...path('top/a').slice(1)];
    assert.throws(() => applyEdit(tree(EDIT_BASE), { operation: 'merge', target, value: 'x' }), TypeError);
  });
  it('a value of the wrong shape is a programming error', () => {
    assert.throws(
      () => applyEdit(tree(EDIT_BASE), { operation: 'merge', target: path('top/np'), value: 'x' }),
      TypeError,
    );
  });
});
