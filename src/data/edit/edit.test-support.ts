/**
 * @module data/edit/edit.test-support
 * Test support for edits: a module with one node of each kind an edit can target (ordered-by user
 * and system lists and leaf-lists, presence and non-presence containers, nested choices, anydata,
 * a default, state data), and helpers that build trees, paths and values from JSON and text.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ErrorCode } from '../../errors/index.ts';
import { isManagementError } from '../../errors/index.ts';
import type {
  ContainerNode,
  InteriorNode,
  LeafListNode,
  LeafNode,
  ListNode,
  SchemaTree,
  YangValue,
} from '../../yang/index.ts';
import { decodeJson } from '../codec/json/json-decode.ts';
import { encodeJsonString } from '../codec/json/json-encode.ts';
import type { DataTree, InstanceNode, Slot } from '../instance/instance-node.ts';
import { getChild } from '../instance/instance-node.ts';
import type { InstancePath, InstancePathStep } from '../instance/instance-path.ts';
import type { DataSchemaNode, InnerSchemaNode } from '../instance/slot-table.ts';
import type { DataEdit, EditOperation, EditPlacement } from './edit.ts';
import { applyEdit } from './edit.ts';

/** A module with every kind of edit target. */
export const EDIT_MODULE = `module e {
  yang-version 1.1;
  namespace "urn:e";
  prefix e;
  container top {
    leaf a { type string; }
    leaf n { type uint8; default 3; }
    leaf-list ull { type string; ordered-by user; }
    leaf-list sll { type uint8; }
    container np {
      leaf x { type string; }
      container inner { leaf y { type string; } }
    }
    container pres { presence "on"; leaf z { type string; } }
    list ul {
      key k;
      ordered-by user;
      leaf k { type string; }
      leaf v { type string; }
      container c { leaf w { type string; } }
    }
    list sl { key "k1 k2"; leaf k1 { type uint8; } leaf k2 { type string; } leaf v { type string; } }
    choice ch {
      case one { leaf c1 { type string; } }
      case two {
        leaf c2 { type string; }
        choice inner {
          case i1 { leaf d1 { type string; } }
          case i2 { container d2 { leaf e { type string; } } }
        }
      }
    }
    anydata any;
    leaf state { type string; config false; }
  }
  leaf solo { type string; }
}`;

const isNumeric = (node: LeafNode | LeafListNode): boolean => /^u?int(8|16|32)$/.test(node.type.base);

const typed = (node: LeafNode | LeafListNode, text: string): YangValue => (isNumeric(node) ? Number(text) : text);

/** A tool kit bound to one schema and the module whose names paths use. */
export const editKit = (schema: SchemaTree, module: string) => {
  const childOf = (parent: InnerSchemaNode | InteriorNode | SchemaTree, name: string): DataSchemaNode => {
    const node = parent.dataChildIndex.get(`${module}:${name}`);
    if (node === undefined) throw new Error(`no node ${name}`);
    return node as DataSchemaNode;
  };

  /** An instance path from RESTCONF-like text: `top/ul=a/c/w`, `top/sl=1,x`, `top/ull=p`; '' is the root. */
  const path = (text: string): InstancePath => {
    const steps: InstancePathStep[] = [];
    let parent: InnerSchemaNode = schema;
    for (const segment of text === '' ? [] : text.split('/')) {
      const [name = '', keyText] = segment.split('=');
      const node = childOf(parent, name);
      if (node.kind === 'list' && keyText !== undefined) {
        const texts = keyText.split(',');
        steps.push({ schema: node, keys: node.keys.map((key, index) => typed(key, texts[index] ?? '')) });
      } else if (node.kind === 'leaf-list' && keyText !== undefined) {
        steps.push({ schema: node, value: typed(node, keyText) });
      } else {
        steps.push({ schema: node });
      }
      if (node.kind === 'container' || node.kind === 'list') parent = node;
    }
    return steps;
  };

  /** A tree decoded from RFC 7951 JSON (configuration). */
  const tree = (json: unknown): DataTree => decodeJson(schema, json, { schema, config: true });

  /** The compact RFC 7951 JSON of a tree, parsed back to a plain value. */
  const json = (node: InstanceNode): unknown => JSON.parse(encodeJsonString(node as DataTree, schema));

  /**
   * The value of an edit of `target`, as a front-end gets it: the body `{"member": …}` decoded into
   * the target's parent, and the target's member taken out (a list keeps its one-entry list).
   */
  const value = (target: string, member: unknown): Slot => {
    const steps = path(target);
    const last = steps[steps.length - 1];
    if (last === undefined) return tree(member);
    const parentSchema = (steps.length === 1 ? schema : steps[steps.length - 2]?.schema) as InnerSchemaNode;
    const node = last.schema;
    const name = steps.length === 1 ? `${module}:${node.name}` : node.name;
    // State data is decoded too, so that tests can try to edit it.
    const decoded = decodeJson(parentSchema, { [name]: member }, { schema, qualifiedTop: steps.length === 1 });
    return getChild(decoded, node);
  };

  return { path, tree, json, value, childOf };
};

/** The container `top` of the edit module. */
export const topOf = (schema: SchemaTree): ContainerNode => schema.dataChildIndex.get('e:top') as ContainerNode;

/** The list `ul` of the edit module. */
export const userListOf = (schema: SchemaTree): ListNode => topOf(schema).dataChildIndex.get('e:ul') as ListNode;

/** The error an edit case expects. */
export interface ExpectedError {
  readonly code: ErrorCode;
  readonly path: string;
  readonly appTag?: string;
}

/** One row of an edit table. */
export interface EditCase {
  readonly name: string;
  /** The tree before, as RFC 7951 JSON (default: the table's base). */
  readonly before?: unknown;
  readonly operation: EditOperation;
  /** The target as RESTCONF-like text (see `editKit().path`). */
  readonly target: string;
  /** The target's member in a body, decoded into the target's parent. */
  readonly body?: unknown;
  readonly placement?: EditPlacement;
  /** The tree after, as JSON; 'same' = the very same root object, 'base' = the table's base. */
  readonly after?: unknown;
  readonly error?: ExpectedError;
}

/** An assert.throws predicate for a ManagementError with the expected code, error-path and app-tag. */
export const failsWith =
  (expected: ExpectedError) =>
  (error: unknown): boolean => {
    assert.ok(isManagementError(error), `not a ManagementError: ${String(error)}`);
    assert.equal(error.code, expected.code, error.message);
    assert.equal(error.path, expected.path);
    if (expected.appTag !== undefined) assert.equal(error.appTag, expected.appTag);
    return true;
  };

/**
 * Runs each case as a test: the edit gives the expected tree (which re-decodes to itself) or
 * error, and the tree before is unchanged afterwards.
 */
export const runEditCases = (kit: ReturnType<typeof editKit>, base: unknown, cases: readonly EditCase[]): void => {
  for (const test of cases) {
    it(test.name, () => {
      const before: DataTree = kit.tree(test.before ?? base);
      const snapshot = kit.json(before);
      const edit: DataEdit = {
        operation: test.operation,
        target: kit.path(test.target),
        ...(test.body === undefined ? {} : { value: kit.value(test.target, test.body) }),
        ...(test.placement === undefined ? {} : { placement: test.placement }),
      };
      if (test.error !== undefined) {
        assert.throws(() => applyEdit(before, edit), failsWith(test.error));
      } else if (test.after === 'same') {
        assert.equal(applyEdit(before, edit), before);
      } else {
        const after = applyEdit(before, edit);
        assert.deepEqual(kit.json(after), test.after === 'base' ? base : test.after);
        assert.deepEqual(kit.json(kit.tree(kit.json(after))), kit.json(after), 'the result re-decodes to itself');
      }
      assert.deepEqual(kit.json(before), snapshot, 'the tree before is unchanged');
    });
  }
};

/** The tree the edit tables start from (unless a case says otherwise). */
export const EDIT_BASE = {
  'e:top': {
    a: 'A',
    ull: ['p', 'q', 'r'],
    sll: [1, 2],
    np: { x: 'X' },
    pres: {},
    ul: [{ k: 'a', v: '1' }, { k: 'b' }, { k: 'c' }],
    sl: [{ k1: 1, k2: 'x', v: 'v' }],
    c1: 'one',
    any: { foo: [1] },
  },
};

/** EDIT_BASE with some members of `top` changed (undefined deletes one). */
export const baseWith = (changes: Readonly<Record<string, unknown>>): unknown => {
  const members: Record<string, unknown> = { ...EDIT_BASE['e:top'], ...changes };
  for (const [name, member] of Object.entries(changes)) if (member === undefined) delete members[name];
  return { 'e:top': members };
};
