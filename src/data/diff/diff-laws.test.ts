/**
 * @module data/diff/diff-laws.test
 * Property tests (fast-check) of diffs over random documents of the diff test module:
 * apply(a, diff(a, b)) = b; apply(b, reverse(diff(a, b))) = a (user order included); the encode/decode
 * round trip; reverse(reverse(d)) = d; and the same laws for trees that share structure (one derived from
 * the other by edits), where lists are compared through their B+trees.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { ListNode } from '../../yang/index.ts';
import { yangValuesEqual } from '../../yang/index.ts';
import { decodeJson } from '../codec/json/json-decode.ts';
import { encodeJsonString } from '../codec/json/json-encode.ts';
import type { DataTree, ListEntry, ListInstance, Slot } from '../instance/instance-node.ts';
import type { InstancePath, InstancePathStep } from '../instance/instance-path.ts';
import { entryWithKeys, resolveInstancePath, updateAt } from '../instance/instance-path.ts';
import { slotChildByName } from '../instance/slot-table.ts';
import { testSchema } from '../test-schema.test-support.ts';
import type { DataChange, DataDiff, EntryPosition } from './diff.ts';
import { isEmptyDiff, reverseDiff } from './diff.ts';
import { applyDiff } from './diff-apply.ts';
import { decodeDiff, encodeDiff } from './diff-codec.ts';
import { instancesEqual, slotsEqual } from './diff-equal.ts';
import { DIFF_MODULE, diffDocument } from './diff-test-modules.test-support.ts';
import { renderDiffText } from './diff-text.ts';
import { diffTrees } from './diff-trees.ts';

const schema = testSchema([DIFF_MODULE]);
const decode = (json: unknown): DataTree => decodeJson(schema, json, { schema });
const show = (tree: DataTree): string => encodeJsonString(tree, schema);

const sameStep = (left: InstancePathStep, right: InstancePathStep): boolean =>
  left.schema === right.schema &&
  (left.keys === undefined) === (right.keys === undefined) &&
  (left.keys ?? []).every((key, index) => yangValuesEqual(key, right.keys?.[index] ?? null)) &&
  (left.value === undefined
    ? right.value === undefined
    : right.value !== undefined && yangValuesEqual(left.value, right.value));

const samePath = (left: InstancePath, right: InstancePath): boolean =>
  left.length === right.length && left.every((step, index) => sameStep(step, right[index] as InstancePathStep));

const sameValue = (path: InstancePath, left: Slot, right: Slot): boolean => {
  const step = path.at(-1) as InstancePathStep;
  if (step.value !== undefined || step.keys !== undefined) {
    if (step.value !== undefined) return yangValuesEqual(left as never, right as never);
    return instancesEqual(left as ListEntry, right as ListEntry);
  }
  return slotsEqual(step.schema, left, right);
};

const samePosition = (left: EntryPosition | undefined, right: EntryPosition | undefined): boolean => {
  if (left === undefined || right === undefined) return left === right;
  if (left.after === null || right.after === null) return left.after === right.after;
  const l = Array.isArray(left.after) ? left.after : [left.after];
  const r = Array.isArray(right.after) ? right.after : [right.after];
  return l.length === r.length && l.every((value, index) => yangValuesEqual(value, r[index]));
};

const sameChange = (left: DataChange, right: DataChange): boolean => {
  if (left.kind !== right.kind || !samePath(left.path, right.path)) return false;
  switch (left.kind) {
    case 'create':
      return (
        right.kind === 'create' &&
        sameValue(left.path, left.value, right.value) &&
        samePosition(left.position, right.position)
      );
    case 'delete':
      return (
        right.kind === 'delete' &&
        sameValue(left.path, left.old, right.old) &&
        samePosition(left.position, right.position)
      );
    case 'modify':
      return (
        right.kind === 'modify' &&
        sameValue(left.path, left.old, right.old) &&
        sameValue(left.path, left.value, right.value)
      );
    case 'move':
      return right.kind === 'move' && samePosition(left.from, right.from) && samePosition(left.to, right.to);
  }
};

/** Two diffs with the same changes, compared by value. */
const assertSameDiff = (actual: DataDiff, expected: DataDiff, what: string): void => {
  assert.equal(actual.changes.length, expected.changes.length, `${what}: number of changes`);
  actual.changes.forEach((change, index) => {
    assert.ok(sameChange(change, expected.changes[index] as DataChange), `${what}: change ${index} differs`);
  });
};

/** Checks every law for the pair (before, after); returns the diff. */
const checkLaws = (before: DataTree, after: DataTree): DataDiff => {
  const diff = diffTrees(before, after);
  const context = () => `\nbefore: ${show(before)}\nafter:  ${show(after)}\ndiff:\n${renderDiffText(diff, schema)}`;
  const applied = applyDiff(before, diff);
  assert.ok(instancesEqual(applied, after), `apply(diff) differs:${context()}\ngot:    ${show(applied)}`);
  const reverse = reverseDiff(diff);
  const restored = applyDiff(after, reverse);
  assert.ok(instancesEqual(restored, before), `apply(reverse) differs:${context()}\ngot:    ${show(restored)}`);
  assert.equal(isEmptyDiff(diff), instancesEqual(before, after), `empty diff iff equal trees:${context()}`);
  assertSameDiff(reverseDiff(reverse), diff, 'reverse(reverse(d))');
  const text = encodeDiff(diff, schema);
  const decoded = decodeDiff(text, schema);
  assertSameDiff(decoded, diff, 'decode(encode(d))');
  assert.equal(encodeDiff(decoded, schema), text);
  // A decoded diff holds copies: strict application compares values, not references.
  assert.ok(instancesEqual(applyDiff(before, decoded), after), `apply(decoded diff) differs:${context()}`);
  assert.ok(
    instancesEqual(applyDiff(after, reverseDiff(decoded)), before),
    `apply(decoded reverse) differs:${context()}`,
  );
  return diff;
};

describe('diff laws', () => {
  it('hold for random pairs of documents (fast-check)', () => {
    fc.assert(
      fc.property(diffDocument(), diffDocument(), (left, right) => {
        checkLaws(decode(left), decode(right));
      }),
      { numRuns: 300 },
    );
  });

  it('hold for a document and a variation of it: members dropped, entries swapped (fast-check)', () => {
    const swap = (items: unknown, at: number, to: number): unknown => {
      if (!Array.isArray(items) || items.length === 0) return items;
      const copy = [...items];
      const [i, j] = [at % copy.length, to % copy.length];
      [copy[i], copy[j]] = [copy[j], copy[i]];
      return copy;
    };
    const names = fc.constantFrom<string>('s', 'usr', 'ul', 'sl', 'np', 'pres', 'c1', 'any', 'ml');
    fc.assert(
      fc.property(
        diffDocument(10, 0, 10),
        fc.array(names, { maxLength: 3 }),
        fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
        (doc, drop, [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0]) => {
          const top = (doc['dt:top'] ?? {}) as Record<string, unknown>;
          const kept = Object.fromEntries(Object.entries(top).filter(([name]) => !drop.includes(name)));
          const variant = {
            ...doc,
            'dt:top': {
              ...kept,
              ...(kept.ul === undefined ? {} : { ul: swap(swap(kept.ul, a, b), c, d) }),
              ...(kept.usr === undefined ? {} : { usr: swap(kept.usr, e, f) }),
            },
          };
          checkLaws(decode(doc), decode(variant));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('hold for pairs of documents with long user-ordered lists (changes applied in batches) (fast-check)', () => {
    fc.assert(
      fc.property(diffDocument(300, 60, 150), diffDocument(300, 60, 150), (left, right) => {
        checkLaws(decode(left), decode(right));
      }),
      { numRuns: 25 },
    );
  });

  it('hold for trees that share structure: long user-ordered lists edited in place (fast-check)', () => {
    const top = slotChildByName(schema, 'dt', 'top');
    if (top === undefined || top.kind !== 'container') throw new Error('no dt:top');
    const ul = slotChildByName(top, 'dt', 'ul') as ListNode;
    const v = slotChildByName(ul, 'dt', 'v');
    if (v === undefined) throw new Error('no ul/v');
    const listPath: InstancePath = [{ schema: top }, { schema: ul }];
    const edit = fc.record({
      kind: fc.constantFrom('move', 'insert', 'delete', 'set'),
      at: fc.nat(),
      to: fc.nat(),
      first: fc.boolean(),
    });
    let fresh = 0;
    fc.assert(
      fc.property(diffDocument(400, 100, 200), fc.array(edit, { maxLength: 12 }), (doc, edits) => {
        const before = decode(doc);
        let after = before;
        for (const step of edits) {
          const list = resolveInstancePath(after, listPath) as ListInstance | undefined;
          const entries = list?.entries;
          const size = entries?.size ?? 0;
          const keyAt = (index: number): string => (entries?.at(index % size) ?? ['', undefined])[0];
          const placement =
            size === 0 || step.first
              ? { insert: 'first' as const }
              : { insert: 'after' as const, point: keyAt(step.to) };
          let next: ListInstance['entries'];
          if (step.kind === 'insert' || entries === undefined || size === 0) {
            const name = `new${fresh++}`;
            const entry = entryWithKeys(ul, [name]);
            if (entries === undefined || size === 0) {
              after = updateAt(after, [{ schema: top }, { schema: ul, keys: [name] }], () => entry);
              continue;
            }
            next = entries.insert(name, entry, placement);
          } else if (step.kind === 'delete') next = entries.delete(keyAt(step.at));
          else if (step.kind === 'move') {
            const key = keyAt(step.at);
            if ('point' in placement && placement.point === key) continue;
            next = entries.move(key, placement);
          } else {
            const path: InstancePath = [{ schema: top }, { schema: ul, keys: [keyAt(step.at)] }, { schema: v }];
            after = updateAt(after, path, () => step.to % 3);
            continue;
          }
          after = updateAt(after, listPath, () => ({ schema: ul, entries: next }));
        }
        checkLaws(before, after);
        checkLaws(after, before);
        // Diffing against a version rebuilt from scratch gives the same result as a tree comparison.
        checkLaws(before, decode(JSON.parse(show(after))));
      }),
      { numRuns: 40 },
    );
  });
});
