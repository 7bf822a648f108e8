/**
 * @module data/edit/edit-ordered.test
 * Every edit operation on list entries, leaf-list values and whole lists and leaf-lists, ordered
 * by user (placements: first, last, before and after a point) and by system, with key checks.
 * @see RFC 8040 §4.8.5–4.8.6, RFC 8072 §2.5, RFC 7950 §7.7.7, §7.8.6, §15.7
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ListEntry, ListInstance } from '../instance/instance-node.ts';
import { instanceFromSlots } from '../instance/instance-node.ts';
import { testSchema } from '../test-schema.test-support.ts';
import type { EditCase } from './edit.test-support.ts';
import { EDIT_BASE, EDIT_MODULE, editKit, runEditCases, baseWith as top } from './edit.test-support.ts';
import { applyEdit } from './edit.ts';

const schema = testSchema([EDIT_MODULE]);
const kit = editKit(schema, 'e');

const ul = (...entries: readonly (string | Record<string, unknown>)[]) =>
  top({ ul: entries.map((entry) => (typeof entry === 'string' ? { k: entry } : entry)) });
const A = { k: 'a', v: '1' };

// biome-ignore format: one case per line reads as a table
const CASES: readonly EditCase[] = [
  { name: 'user leaf-list: create appends', operation: 'create', target: 'top/ull=s', body: ['s'], after: top({ ull: ['p', 'q', 'r', 's'] }) },
  { name: 'user leaf-list: create first', operation: 'create', target: 'top/ull=s', body: ['s'], placement: { insert: 'first' }, after: top({ ull: ['s', 'p', 'q', 'r'] }) },
  { name: 'user leaf-list: create before', operation: 'create', target: 'top/ull=s', body: ['s'], placement: { insert: 'before', point: 'q' }, after: top({ ull: ['p', 's', 'q', 'r'] }) },
  { name: 'user leaf-list: create after', operation: 'create', target: 'top/ull=s', body: ['s'], placement: { insert: 'after', point: ['q'] }, after: top({ ull: ['p', 'q', 's', 'r'] }) },
  { name: 'user leaf-list: create of a present value', operation: 'create', target: 'top/ull=p', body: ['p'], error: { code: 'DATA_EXISTS', path: "/e:top/ull[.='p']" } },
  { name: 'user leaf-list: point absent', operation: 'create', target: 'top/ull=s', body: ['s'], placement: { insert: 'after', point: 'zz' }, error: { code: 'MISSING_INSTANCE', appTag: 'missing-instance', path: "/e:top/ull[.='s']" } },
  { name: 'user leaf-list: value differs from the path', operation: 'create', target: 'top/ull=s', body: ['t'], error: { code: 'INVALID_VALUE', path: "/e:top/ull[.='s']" } },
  { name: 'user leaf-list: insert after', operation: 'insert', target: 'top/ull=s', body: ['s'], placement: { insert: 'after', point: 'p' }, after: top({ ull: ['p', 's', 'q', 'r'] }) },
  { name: 'user leaf-list: insert defaults to last', operation: 'insert', target: 'top/ull=s', body: ['s'], after: top({ ull: ['p', 'q', 'r', 's'] }) },
  { name: 'user leaf-list: insert of a present value', operation: 'insert', target: 'top/ull=q', body: ['q'], error: { code: 'DATA_EXISTS', path: "/e:top/ull[.='q']" } },
  { name: 'user leaf-list: move first', operation: 'move', target: 'top/ull=r', placement: { insert: 'first' }, after: top({ ull: ['r', 'p', 'q'] }) },
  { name: 'user leaf-list: move before', operation: 'move', target: 'top/ull=r', placement: { insert: 'before', point: 'q' }, after: top({ ull: ['p', 'r', 'q'] }) },
  { name: 'user leaf-list: move defaults to last', operation: 'move', target: 'top/ull=p', after: top({ ull: ['q', 'r', 'p'] }) },
  { name: 'user leaf-list: move after itself', operation: 'move', target: 'top/ull=q', placement: { insert: 'after', point: 'q' }, after: 'same' },
  { name: 'user leaf-list: move to where it is', operation: 'move', target: 'top/ull=r', placement: { insert: 'last' }, after: 'same' },
  { name: 'user leaf-list: move of an absent value', operation: 'move', target: 'top/ull=s', placement: { insert: 'first' }, error: { code: 'DATA_MISSING', path: "/e:top/ull[.='s']" } },
  { name: 'user leaf-list: move to an absent point', operation: 'move', target: 'top/ull=p', placement: { insert: 'before', point: 'zz' }, error: { code: 'MISSING_INSTANCE', appTag: 'missing-instance', path: "/e:top/ull[.='p']" } },
  { name: 'user leaf-list: delete', operation: 'delete', target: 'top/ull=q', after: top({ ull: ['p', 'r'] }) },
  { name: 'user leaf-list: delete of an absent value', operation: 'delete', target: 'top/ull=s', error: { code: 'DATA_MISSING', path: "/e:top/ull[.='s']" } },
  { name: 'user leaf-list: remove of an absent value', operation: 'remove', target: 'top/ull=s', after: 'same' },
  { name: 'user leaf-list: deleting the last value removes the leaf-list', before: top({ ull: ['p'] }), operation: 'delete', target: 'top/ull=p', after: top({ ull: undefined }) },
  { name: 'user leaf-list: merge of a present value', operation: 'merge', target: 'top/ull=q', body: ['q'], after: 'same' },
  { name: 'user leaf-list: replace with a placement moves', operation: 'replace', target: 'top/ull=q', body: ['q'], placement: { insert: 'first' }, after: top({ ull: ['q', 'p', 'r'] }) },
  { name: 'user leaf-list: merge of a new value at a placement', operation: 'merge', target: 'top/ull=s', body: ['s'], placement: { insert: 'before', point: 'p' }, after: top({ ull: ['s', 'p', 'q', 'r'] }) },
  { name: 'user leaf-list: delete with a placement', operation: 'delete', target: 'top/ull=q', placement: { insert: 'first' }, error: { code: 'INVALID_VALUE', path: "/e:top/ull[.='q']" } },

  { name: 'system leaf-list: create', operation: 'create', target: 'top/sll=3', body: [3], after: top({ sll: [1, 2, 3] }) },
  { name: 'system leaf-list: placement', operation: 'create', target: 'top/sll=3', body: [3], placement: { insert: 'first' }, error: { code: 'INVALID_VALUE', path: "/e:top/sll[.='3']" } },
  { name: 'system leaf-list: insert', operation: 'insert', target: 'top/sll=3', body: [3], error: { code: 'BAD_ELEMENT', path: "/e:top/sll[.='3']" } },
  { name: 'system leaf-list: move', operation: 'move', target: 'top/sll=1', error: { code: 'BAD_ELEMENT', path: "/e:top/sll[.='1']" } },
  { name: 'whole leaf-list: merge unites', operation: 'merge', target: 'top/sll', body: [2, 5], after: top({ sll: [1, 2, 5] }) },
  { name: 'whole leaf-list: replace', operation: 'replace', target: 'top/sll', body: [7], after: top({ sll: [7] }) },
  { name: 'whole leaf-list: create of a present one', operation: 'create', target: 'top/sll', body: [7], error: { code: 'DATA_EXISTS', path: '/e:top/sll' } },
  { name: 'whole leaf-list: delete', operation: 'delete', target: 'top/sll', after: top({ sll: undefined }) },
  { name: 'whole leaf-list: placement', operation: 'merge', target: 'top/ull', body: ['z'], placement: { insert: 'first' }, error: { code: 'INVALID_VALUE', path: '/e:top/ull' } },

  { name: 'user list: create appends', operation: 'create', target: 'top/ul=d', body: [{ k: 'd' }], after: ul(A, 'b', 'c', 'd') },
  { name: 'user list: create first', operation: 'create', target: 'top/ul=d', body: [{ k: 'd' }], placement: { insert: 'first' }, after: ul('d', A, 'b', 'c') },
  { name: 'user list: create before', operation: 'create', target: 'top/ul=d', body: [{ k: 'd' }], placement: { insert: 'before', point: ['b'] }, after: ul(A, 'd', 'b', 'c') },
  { name: 'user list: create after (bare key point)', operation: 'create', target: 'top/ul=d', body: [{ k: 'd' }], placement: { insert: 'after', point: 'a' }, after: ul(A, 'd', 'b', 'c') },
  { name: 'user list: create of a present entry', operation: 'create', target: 'top/ul=a', body: [{ k: 'a' }], error: { code: 'DATA_EXISTS', path: "/e:top/ul[k='a']" } },
  { name: 'user list: point absent', operation: 'create', target: 'top/ul=d', body: [{ k: 'd' }], placement: { insert: 'before', point: ['zz'] }, error: { code: 'MISSING_INSTANCE', appTag: 'missing-instance', path: "/e:top/ul[k='d']" } },
  { name: 'user list: point absent in an absent list', before: top({ ul: undefined }), operation: 'insert', target: 'top/ul=d', body: [{ k: 'd' }], placement: { insert: 'after', point: ['a'] }, error: { code: 'MISSING_INSTANCE', appTag: 'missing-instance', path: "/e:top/ul[k='d']" } },
  { name: 'user list: point with too many keys', operation: 'create', target: 'top/ul=d', body: [{ k: 'd' }], placement: { insert: 'before', point: ['a', 'b'] }, error: { code: 'INVALID_VALUE', path: "/e:top/ul[k='d']" } },
  { name: 'user list: insert after', operation: 'insert', target: 'top/ul=d', body: [{ k: 'd', v: 'D' }], placement: { insert: 'after', point: ['a'] }, after: ul(A, { k: 'd', v: 'D' }, 'b', 'c') },
  { name: 'user list: insert of a present entry', operation: 'insert', target: 'top/ul=b', body: [{ k: 'b' }], placement: { insert: 'first' }, error: { code: 'DATA_EXISTS', path: "/e:top/ul[k='b']" } },
  { name: 'user list: move first', operation: 'move', target: 'top/ul=c', placement: { insert: 'first' }, after: ul('c', A, 'b') },
  { name: 'user list: move after', operation: 'move', target: 'top/ul=a', placement: { insert: 'after', point: ['c'] }, after: ul('b', 'c', A) },
  { name: 'user list: move before itself', operation: 'move', target: 'top/ul=b', placement: { insert: 'before', point: ['b'] }, after: 'same' },
  { name: 'user list: move of an absent entry', operation: 'move', target: 'top/ul=d', placement: { insert: 'first' }, error: { code: 'DATA_MISSING', path: "/e:top/ul[k='d']" } },
  { name: 'user list: move to an absent point', operation: 'move', target: 'top/ul=a', placement: { insert: 'after', point: ['zz'] }, error: { code: 'MISSING_INSTANCE', appTag: 'missing-instance', path: "/e:top/ul[k='a']" } },
  { name: 'user list: merge keeps the position', operation: 'merge', target: 'top/ul=a', body: [{ k: 'a', c: { w: 'W' } }], after: ul({ ...A, c: { w: 'W' } }, 'b', 'c') },
  { name: 'user list: merge of a new entry at a placement', operation: 'merge', target: 'top/ul=d', body: [{ k: 'd' }], placement: { insert: 'first' }, after: ul('d', A, 'b', 'c') },
  { name: 'user list: merge of an existing entry at a placement moves it', operation: 'merge', target: 'top/ul=c', body: [{ k: 'c', v: 'C' }], placement: { insert: 'before', point: ['a'] }, after: ul({ k: 'c', v: 'C' }, A, 'b') },
  { name: 'user list: replace keeps the position', operation: 'replace', target: 'top/ul=a', body: [{ k: 'a', c: { w: 'W' } }], after: ul({ k: 'a', c: { w: 'W' } }, 'b', 'c') },
  { name: 'user list: replace with a placement moves', operation: 'replace', target: 'top/ul=a', body: [{ k: 'a' }], placement: { insert: 'last' }, after: ul('b', 'c', 'a') },
  { name: 'user list: key in the body differs from the path', operation: 'replace', target: 'top/ul=b', body: [{ k: 'z' }], error: { code: 'INVALID_VALUE', path: "/e:top/ul[k='b']" } },
  { name: 'user list: two entries for one', operation: 'create', target: 'top/ul=d', body: [{ k: 'd' }, { k: 'e' }], error: { code: 'INVALID_VALUE', path: "/e:top/ul[k='d']" } },
  { name: 'user list: delete', operation: 'delete', target: 'top/ul=b', after: ul(A, 'c') },
  { name: 'user list: deleting the last entry removes the list', before: ul('a'), operation: 'delete', target: 'top/ul=a', after: top({ ul: undefined }) },
  { name: 'user list: delete below an absent entry', operation: 'delete', target: 'top/ul=zz/v', error: { code: 'DATA_MISSING', path: "/e:top/ul[k='zz']/v" } },
  { name: 'user list: remove below an absent entry', operation: 'remove', target: 'top/ul=zz/v', after: 'same' },
  { name: 'user list: merge below creates the entry, last', operation: 'merge', target: 'top/ul=e/c/w', body: 'W', after: ul(A, 'b', 'c', { k: 'e', c: { w: 'W' } }) },
  { name: 'key leaf: merge of the same value', operation: 'merge', target: 'top/ul=a/k', body: 'a', after: 'same' },
  { name: 'key leaf: replace with another value', operation: 'replace', target: 'top/ul=a/k', body: 'z', error: { code: 'INVALID_VALUE', path: "/e:top/ul[k='a']/k" } },
  { name: 'key leaf: delete', operation: 'delete', target: 'top/ul=a/k', error: { code: 'BAD_ELEMENT', path: "/e:top/ul[k='a']/k" } },
  { name: 'key leaf: create', operation: 'create', target: 'top/ul=a/k', body: 'a', error: { code: 'DATA_EXISTS', path: "/e:top/ul[k='a']/k" } },

  { name: 'system list: create', operation: 'create', target: 'top/sl=2,y', body: [{ k1: 2, k2: 'y' }], after: top({ sl: [{ k1: 1, k2: 'x', v: 'v' }, { k1: 2, k2: 'y' }] }) },
  { name: 'system list: placement', operation: 'create', target: 'top/sl=2,y', body: [{ k1: 2, k2: 'y' }], placement: { insert: 'first' }, error: { code: 'INVALID_VALUE', path: "/e:top/sl[k1='2'][k2='y']" } },
  { name: 'system list: insert', operation: 'insert', target: 'top/sl=2,y', body: [{ k1: 2, k2: 'y' }], error: { code: 'BAD_ELEMENT', path: "/e:top/sl[k1='2'][k2='y']" } },
  { name: 'system list: move', operation: 'move', target: 'top/sl=1,x', error: { code: 'BAD_ELEMENT', path: "/e:top/sl[k1='1'][k2='x']" } },
  { name: 'system list: merge a leaf', operation: 'merge', target: 'top/sl=1,x/v', body: 'w', after: top({ sl: [{ k1: 1, k2: 'x', v: 'w' }] }) },
  { name: 'system list: one key differs', operation: 'replace', target: 'top/sl=1,x', body: [{ k1: 1, k2: 'y' }], error: { code: 'INVALID_VALUE', path: "/e:top/sl[k1='1'][k2='x']" } },
  { name: 'system list: delete', operation: 'delete', target: 'top/sl=1,x', after: top({ sl: undefined }) },
  { name: 'whole list: merge by key', operation: 'merge', target: 'top/ul', body: [{ k: 'b', v: '9' }, { k: 'z' }], after: ul(A, { k: 'b', v: '9' }, 'c', 'z') },
  { name: 'whole list: replace', operation: 'replace', target: 'top/ul', body: [{ k: 'z' }], after: ul('z') },
  { name: 'whole list: create of a present one', operation: 'create', target: 'top/ul', body: [{ k: 'z' }], error: { code: 'DATA_EXISTS', path: '/e:top/ul' } },
  { name: 'whole list: delete', operation: 'delete', target: 'top/ul', after: top({ ul: undefined }) },
  { name: 'whole list: insert', operation: 'insert', target: 'top/ul', body: [{ k: 'z' }], error: { code: 'BAD_ELEMENT', path: '/e:top/ul' } },
];

describe('applyEdit: lists and leaf-lists', () => {
  runEditCases(kit, EDIT_BASE, CASES);

  it('takes the key leaves a new entry lacks from the path', () => {
    const decoded = kit.value('top/ul=z', [{ k: 'z', v: 'x' }]) as ListInstance;
    const [, entry] = decoded.entries.at(0) as [string, ListEntry];
    const keyless = instanceFromSlots(entry.schema, [undefined, ...entry.slots.slice(1)]);
    const after = applyEdit(kit.tree(EDIT_BASE), { operation: 'create', target: kit.path('top/ul=z'), value: keyless });
    assert.deepEqual(kit.json(after), ul(A, 'b', 'c', { k: 'z', v: 'x' }));
  });
});
