/**
 * @module data/edit/edit.property.test
 * Property tests (fast-check) of edits: random edit sequences on random trees of the edit test
 * module keep the trees' invariants, leave the old roots unchanged, place ordered-by user entries
 * where asked, and always re-encode to JSON that decodeJson accepts; create then delete gives the
 * tree back; merging or replacing a tree with itself or an equal copy gives the same tree.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isManagementError } from '../../errors/index.ts';
import type { YangValue } from '../../yang/index.ts';
import { toCanonical, yangValuesEqual } from '../../yang/index.ts';
import { entryKeyOf } from '../instance/entry-key.ts';
import type {
  AnydataValue,
  DataTree,
  InstanceNode,
  LeafListValues,
  ListInstance,
  Slot,
} from '../instance/instance-node.ts';
import { emptyInstance, getChild, isEmptyInstance } from '../instance/instance-node.ts';
import type { InstancePath, InstancePathStep } from '../instance/instance-path.ts';
import { entryWithKeys, resolveInstancePath } from '../instance/instance-path.ts';
import { keyValuesOf } from '../instance/list-instance.ts';
import { slotTableOf } from '../instance/slot-table.ts';
import { testSchema } from '../test-schema.test-support.ts';
import { applyEdits } from './apply-edits.ts';
import { EDIT_MODULE, editKit } from './edit.test-support.ts';
import type { DataEdit, EditOperation, EditPlacement } from './edit.ts';
import { applyEdit } from './edit.ts';
import { conflictingSlots } from './edit-cases.ts';

const schema = testSchema([EDIT_MODULE]);
const kit = editKit(schema, 'e');

const key = fc.constantFrom('a', 'b', 'c', 'd');
const text = fc.constantFrom('x', 'y', 'z');
const small = fc.integer({ min: 0, max: 3 });
const optional = { requiredKeys: [] as never[] };

const choice = fc.oneof(
  fc.constant({}),
  fc.record({ c1: text }),
  fc
    .tuple(
      fc.record({ c2: text }, optional),
      fc.oneof(fc.constant({}), fc.record({ d1: text }), fc.record({ d2: fc.record({ e: text }, optional) })),
    )
    .map(([outer, inner]) => ({ ...outer, ...inner })),
);

const topMembers = fc
  .tuple(
    fc.record(
      {
        a: text,
        n: small,
        ull: fc.uniqueArray(key, { maxLength: 4 }),
        sll: fc.uniqueArray(small, { maxLength: 3 }),
        np: fc.record({ x: text, inner: fc.record({ y: text }, optional) }, optional),
        pres: fc.record({ z: text }, optional),
        ul: fc.uniqueArray(
          fc.record({ k: key, v: text, c: fc.record({ w: text }, optional) }, { requiredKeys: ['k'] }),
          { selector: (entry) => entry.k, maxLength: 4 },
        ),
        sl: fc.uniqueArray(fc.record({ k1: small, k2: key, v: text }, { requiredKeys: ['k1', 'k2'] }), {
          selector: (entry) => `${entry.k1},${entry.k2}`,
          maxLength: 3,
        }),
        any: fc.constantFrom({ foo: 1 }, { bar: [true, null] }),
      },
      optional,
    ),
    choice,
  )
  .map(([members, cases]) => ({ ...members, ...cases }));

/** A random configuration tree of the edit module, as RFC 7951 JSON. */
const document = fc.record({ 'e:top': topMembers, 'e:solo': text }, optional);

const target = fc.oneof(
  fc.constantFrom('', 'top', 'top/a', 'top/n', 'solo', 'top/ull', 'top/sll', 'top/ul', 'top/sl', 'top/any'),
  fc.constantFrom('top/np', 'top/np/x', 'top/np/inner', 'top/np/inner/y', 'top/pres', 'top/pres/z'),
  fc.constantFrom('top/c1', 'top/c2', 'top/d1', 'top/d2', 'top/d2/e'),
  key.map((k) => `top/ull=${k}`),
  small.map((n) => `top/sll=${n}`),
  key.chain((k) =>
    fc.constantFrom(`top/ul=${k}`, `top/ul=${k}/v`, `top/ul=${k}/c`, `top/ul=${k}/c/w`, `top/ul=${k}/k`),
  ),
  fc.tuple(small, key).map(([k1, k2]) => `top/sl=${k1},${k2}`),
);

const placement: fc.Arbitrary<EditPlacement | null> = fc.option(
  fc.oneof(
    fc.constantFrom<EditPlacement>({ insert: 'first' }, { insert: 'last' }),
    fc.tuple(fc.constantFrom('before' as const, 'after' as const), key).map(([insert, point]) => ({ insert, point })),
  ),
  { freq: 2 },
);

const OPERATIONS: readonly EditOperation[] = ['create', 'delete', 'remove', 'merge', 'replace', 'insert', 'move'];

/** An edit in data form: a target, an operation, a donor document for the value, a placement. */
const anyEditSpec = fc.record({
  operation: fc.constantFrom(...OPERATIONS),
  target,
  donor: document,
  placement,
});

/** An edit that places an entry of an ordered-by user list or leaf-list (so that placements mostly apply). */
const orderedEditSpec = fc.record({
  operation: fc.constantFrom<EditOperation>('create', 'insert', 'move', 'merge', 'replace'),
  target: key.chain((k) => fc.constantFrom(`top/ull=${k}`, `top/ul=${k}`)),
  donor: document,
  placement,
});

const editSpec = fc.oneof({ arbitrary: anyEditSpec, weight: 2 }, { arbitrary: orderedEditSpec, weight: 1 });
type EditSpec = typeof editSpec extends fc.Arbitrary<infer T> ? T : never;

/** The value of an edit of `path`: the donor's instance there, else a small instance of the right shape. */
const valueFor = (path: InstancePath, donor: DataTree): Slot => {
  const step = path[path.length - 1];
  if (step === undefined) return donor;
  const found = resolveInstancePath(donor, path);
  if (found !== undefined) return found;
  const { schema: node } = step;
  switch (node.kind) {
    case 'leaf':
      return node.type.base === 'string' ? 'x' : 1;
    case 'leaf-list':
      return step.value;
    case 'container':
      return emptyInstance(node);
    case 'list':
      return step.keys === undefined ? undefined : entryWithKeys(node, step.keys);
    case 'anydata':
    case 'anyxml':
      return { foo: 2 } satisfies AnydataValue;
  }
};

const toEdit = (spec: EditSpec): DataEdit => {
  const path = kit.path(spec.target);
  return {
    operation: spec.operation,
    target: path,
    value: valueFor(path, kit.tree(spec.donor)),
    ...(spec.placement === null ? {} : { placement: spec.placement }),
  };
};

const EXPECTED_CODES = new Set([
  'DATA_EXISTS',
  'DATA_MISSING',
  'MISSING_INSTANCE',
  'INVALID_VALUE',
  'BAD_ELEMENT',
  'MISSING_ELEMENT',
]);

/** Applies an edit; undefined when it fails with one of the errors an edit may raise. */
const tryEdit = <N extends InstanceNode>(root: N, edit: DataEdit): N | undefined => {
  try {
    return applyEdit(root, edit);
  } catch (error) {
    if (isManagementError(error) && EXPECTED_CODES.has(error.code)) return undefined;
    throw error;
  }
};

const encoded = (node: InstanceNode): string => JSON.stringify(kit.json(node));

/** The stored-form invariants: frozen slots, nothing vacant, list keys that match their entries. */
const checkStored = (node: InstanceNode): void => {
  const table = slotTableOf(node.schema);
  assert.ok(Object.isFrozen(node.slots));
  if (node.slots.length > 0) assert.notEqual(node.slots[node.slots.length - 1], undefined, 'no trailing hole');
  for (let index = 0; index < node.slots.length; index++) {
    const slot = node.slots[index];
    const child = table.nodes[index];
    if (slot === undefined || child === undefined) continue;
    if (child.kind === 'container') {
      if (child.presence === undefined) assert.ok(!isEmptyInstance(slot as InstanceNode), 'no empty np container');
      checkStored(slot as InstanceNode);
    } else if (child.kind === 'list') {
      const list = slot as ListInstance;
      assert.ok(list.entries.size > 0, 'no empty list');
      for (const [entryKey, entry] of list.entries) {
        assert.equal(entryKey, entryKeyOf(child, keyValuesOf(entry)));
        checkStored(entry);
      }
    } else if (child.kind === 'leaf-list') {
      const values = slot as LeafListValues;
      assert.ok(values.length > 0, 'no empty leaf-list');
      assert.equal(new Set(values.map((value) => toCanonical(child.type, value))).size, values.length);
    }
  }
};

/** The position of the target entry in its list or leaf-list, with the keys or values in order. */
const orderAt = (root: InstanceNode, path: InstancePath): { readonly names: string[]; readonly index: number } => {
  const step = path[path.length - 1] as InstancePathStep;
  const parent = resolveInstancePath(root, path.slice(0, -1)) ?? root;
  if (step.schema.kind === 'list') {
    const list = getChild(parent as InstanceNode, step.schema) as ListInstance;
    const names = [...list.entries.keys()];
    return { names, index: names.indexOf(entryKeyOf(step.schema, step.keys ?? [])) };
  }
  const values = getChild(parent as InstanceNode, step.schema) as LeafListValues;
  const names = values.map(String);
  return { names, index: values.findIndex((value) => yangValuesEqual(value, step.value as YangValue)) };
};

/** Checks that an entry created or moved with a placement stands where the placement says. */
const checkPlacement = (root: InstanceNode, edit: DataEdit): void => {
  const { placement } = edit;
  const step = edit.target[edit.target.length - 1];
  if (placement === undefined || step === undefined) return;
  const { names, index } = orderAt(root, edit.target);
  assert.ok(index >= 0, 'the placed entry exists');
  if (!('point' in placement)) {
    assert.equal(index, placement.insert === 'first' ? 0 : names.length - 1);
    return;
  }
  const point = String(placement.point);
  if (point !== names[index]) assert.equal(names[placement.insert === 'before' ? index + 1 : index - 1], point);
};

/** The post-conditions of one successful edit. */
const checkEdit = (before: DataTree, beforeText: string, after: DataTree, edit: DataEdit): void => {
  assert.equal(encoded(before), beforeText, 'the old root is unchanged');
  checkStored(after);
  const text = encoded(after);
  assert.equal(encoded(kit.tree(JSON.parse(text))), text, 'the result re-decodes to itself');
  const present = edit.target.length === 0 ? after : resolveInstancePath(after, edit.target);
  switch (edit.operation) {
    case 'delete':
    case 'remove':
      assert.ok(edit.target.length === 0 ? isEmptyInstance(after) : present === undefined, 'the target is gone');
      break;
    case 'insert':
    case 'move':
      assert.notEqual(present, undefined);
      checkPlacement(after, edit);
      break;
    default:
      if (edit.placement !== undefined) checkPlacement(after, edit);
  }
};

/** True when creating `path` in `root` adds exactly the target: no ancestor entry or presence container, no other case. */
const createIsReversible = (root: InstanceNode, path: InstancePath): boolean => {
  let node: Slot = root;
  for (let depth = 0; depth < path.length; depth++) {
    const step = path[depth] as InstancePathStep;
    if (node === undefined) {
      // The ancestor at depth - 1 is missing: only a non-presence container vanishes again once emptied.
      const missing = (path[depth - 1] as InstancePathStep).schema;
      if (missing.kind !== 'container' || missing.presence !== undefined) return false;
      continue;
    }
    const parent = node as InstanceNode;
    const table = slotTableOf(parent.schema);
    const index = table.indexOf.get(step.schema) as number;
    if ((conflictingSlots(table)[index] ?? []).some((other) => parent.slots[other] !== undefined)) return false;
    node = resolveInstancePath(parent, [step]);
  }
  return true;
};

describe('edit properties', () => {
  it('random edit sequences keep every invariant and never change an old root', () => {
    fc.assert(
      fc.property(document, fc.array(editSpec, { maxLength: 12 }), (json, specs) => {
        let tree = kit.tree(json);
        for (const spec of specs) {
          const edit = toEdit(spec);
          const text = encoded(tree);
          const next = tryEdit(tree, edit);
          if (next === undefined) continue;
          checkEdit(tree, text, next, edit);
          tree = next;
        }
      }),
      { numRuns: 150 },
    );
  });

  it('create then delete of the same target gives the tree back', () => {
    fc.assert(
      fc.property(document, editSpec, (json, spec) => {
        const tree = kit.tree(json);
        const edit = { ...toEdit(spec), operation: 'create' as const };
        if (edit.target.length === 0) return;
        const created = tryEdit(tree, edit);
        if (created === undefined || resolveInstancePath(created, edit.target) === undefined) return;
        if (!createIsReversible(tree, edit.target)) return;
        const deleted = applyEdit(created, { operation: 'delete', target: edit.target });
        assert.equal(encoded(deleted), encoded(tree));
      }),
      { numRuns: 300 },
    );
  });

  it('merge or replace of a tree with itself or an equal copy is the identity', () => {
    fc.assert(
      fc.property(document, (json) => {
        const tree = kit.tree(json);
        const copy = kit.tree(kit.json(tree));
        assert.equal(applyEdit(tree, { operation: 'merge', target: [], value: tree }), tree);
        assert.equal(applyEdit(tree, { operation: 'merge', target: [], value: copy }), tree);
        assert.equal(encoded(applyEdit(tree, { operation: 'replace', target: [], value: copy })), encoded(tree));
        const top = kit.path('top');
        const topValue = resolveInstancePath(copy, top);
        if (topValue !== undefined)
          assert.equal(applyEdit(tree, { operation: 'merge', target: top, value: topValue }), tree);
      }),
      { numRuns: 150 },
    );
  });

  it('applyEdits is the sequential fold of applyEdit', () => {
    fc.assert(
      fc.property(document, fc.array(editSpec, { maxLength: 6 }), (json, specs) => {
        const tree = kit.tree(json);
        const edits = specs.map(toEdit);
        let folded: DataTree | undefined = tree;
        for (const edit of edits) folded = folded === undefined ? undefined : tryEdit(folded, edit);
        let all: DataTree | undefined;
        try {
          all = applyEdits(tree, edits);
        } catch (error) {
          if (!isManagementError(error)) throw error;
        }
        assert.equal(all === undefined ? undefined : encoded(all), folded === undefined ? undefined : encoded(folded));
      }),
      { numRuns: 100 },
    );
  });

  it('applyEdits of long runs of entry edits (applied in one batch) is the sequential fold too', () => {
    // Mostly edits of one list, so that long runs form; now and then one of the other list.
    const runSpec = (main: 'ul' | 'sl') =>
      fc.record({
        operation: fc.constantFrom<EditOperation>('create', 'delete', 'remove', 'merge', 'replace'),
        target: fc.oneof(
          {
            arbitrary:
              main === 'ul'
                ? key.map((k) => `top/ul=${k}`)
                : fc.tuple(small, key).map(([k1, k2]) => `top/sl=${k1},${k2}`),
            weight: 15,
          },
          { arbitrary: fc.constantFrom('top/ul=a', 'top/sl=1,b', 'top/a'), weight: 1 },
        ),
        donor: document,
        placement: fc.constant(null),
      });
    const runs = fc
      .constantFrom<'ul' | 'sl'>('ul', 'sl')
      .chain((main) => fc.array(runSpec(main), { minLength: 8, maxLength: 40 }));
    const outcome = (apply: () => DataTree): string => {
      try {
        return encoded(apply());
      } catch (error) {
        if (!isManagementError(error)) throw error;
        return `${error.code} ${error.message} @ ${error.path ?? ''}`;
      }
    };
    fc.assert(
      fc.property(document, runs, (json, specs) => {
        const tree = kit.tree(json);
        const edits = specs.map(toEdit);
        const sequential = outcome(() => edits.reduce((root, edit) => applyEdit(root, edit), tree));
        const seen: number[] = [];
        const batched = outcome(() =>
          applyEdits(tree, edits, (index) => {
            seen.push(index);
          }),
        );
        assert.equal(batched, sequential);
        assert.deepEqual(seen, [...seen.keys()], 'every edit is announced, in order');
      }),
      { numRuns: 300 },
    );
  });
});
