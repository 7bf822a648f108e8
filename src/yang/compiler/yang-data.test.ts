/**
 * @module yang/compiler/yang-data.test
 * Data templates: the shipped `ietf-restconf` and `ietf-yang-patch` yang-data compiled into
 * `SchemaTree.yangData` (config false, indexed, out of the datastore tree), found by template
 * or top-level node name; `sx:structure` and `sx:augment-structure`; invalid templates.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadModulesFromDirectories } from '../library/load-modules-from-directories.ts';
import { loadModulesFromTexts } from '../library/load-modules-from-texts.ts';
import { childByName, schemaPath } from '../schema/navigation.ts';
import type { SchemaNode } from '../schema/schema-node.ts';
import type { SchemaTree } from '../schema/schema-tree.ts';
import { findYangData, findYangDataNode } from '../schema/yang-data.ts';
import { compileSchema } from './compile-schema.ts';

const MODELS = join(import.meta.dirname, '../../../models');
const FIXTURES = join(import.meta.dirname, '../../../test/fixtures/yang-compiler');

const RESTCONF_TEXT = readFileSync(join(MODELS, 'ietf-restconf@2017-01-26.yang'), 'utf8');
const STRUCTURE_EXT_TEXT = readFileSync(join(FIXTURES, 'ietf-yang-structure-ext@2020-06-17.yang'), 'utf8');

const shipped = (): SchemaTree => {
  const { schema, diagnostics } = compileSchema(loadModulesFromDirectories([MODELS], ['ietf-yang-patch']));
  assert.deepEqual(
    diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  assert.ok(schema !== undefined);
  return schema;
};

/** Walks data children by local name from a node. */
const walk = (node: SchemaNode, ...names: string[]): SchemaNode => {
  let current: SchemaNode | undefined = node;
  for (const name of names)
    current = current !== undefined && 'children' in current ? childByName(current, undefined, name) : undefined;
  assert.ok(current !== undefined, names.join('/'));
  return current;
};

const everyNode = (nodes: readonly SchemaNode[]): SchemaNode[] =>
  nodes.flatMap((node) => [node, ...('children' in node ? everyNode(node.children) : [])]);

describe('yang-data templates of the shipped modules', () => {
  const schema = shipped();

  it('finds ietf-yang-patch:yang-patch and walks to edit → value (anydata)', () => {
    const found = findYangDataNode(schema, 'ietf-yang-patch:yang-patch');
    assert.ok(found !== undefined);
    assert.equal(found.structure, findYangData(schema, 'ietf-yang-patch', 'yang-patch'));
    assert.equal(found.structure.kind, 'yang-data');
    assert.equal(found.node.kind, 'container');
    assert.equal(childByName(found.structure, 'ietf-yang-patch', 'yang-patch'), found.node);
    const edit = walk(found.node, 'edit');
    assert.equal(edit.kind, 'list');
    if (edit.kind === 'list')
      assert.deepEqual(
        edit.keys.map((key) => key.name),
        ['edit-id'],
      );
    const value = walk(edit, 'value');
    assert.equal(value.kind, 'anydata');
    assert.equal(value.module, 'ietf-yang-patch');
    assert.equal(schemaPath(value), '/ietf-yang-patch:yang-patch/edit/value');
    const operation = walk(edit, 'operation');
    assert.equal(operation.kind === 'leaf' && operation.type.base, 'enumeration');
  });

  it('compiles ietf-restconf:errors from an import-only module, with instance-identifier and anydata', () => {
    assert.equal(schema.modules.get('ietf-restconf')?.implemented, false);
    const found = findYangDataNode(schema, 'ietf-restconf:errors');
    assert.ok(found !== undefined);
    assert.equal(found.structure.name, 'yang-errors');
    const errorPath = walk(found.node, 'error', 'error-path');
    assert.equal(errorPath.kind === 'leaf' && errorPath.type.base, 'instance-identifier');
    assert.equal(walk(found.node, 'error', 'error-info').kind, 'anydata');
    assert.equal(findYangDataNode(schema, 'ietf-restconf:restconf')?.structure.name, 'yang-api');
  });

  it('keeps uses of another module in the using module: yang-patch-status errors are ietf-yang-patch nodes', () => {
    const status = findYangDataNode(schema, 'ietf-yang-patch:yang-patch-status');
    assert.ok(status !== undefined);
    const errors = walk(status.node, 'errors');
    assert.equal(errors.module, 'ietf-yang-patch');
    assert.equal(walk(status.node, 'edit-status', 'edit', 'errors', 'error', 'error-tag').kind, 'leaf');
  });

  it('makes every template node config false and keeps templates out of the datastore tree', () => {
    assert.deepEqual(
      [...schema.yangData.keys()],
      [
        'ietf-restconf:yang-errors',
        'ietf-restconf:yang-api',
        'ietf-yang-patch:yang-patch',
        'ietf-yang-patch:yang-patch-status',
      ],
    );
    for (const structure of schema.yangData.values()) {
      for (const node of everyNode(structure.children)) assert.equal(node.config, false, schemaPath(node));
      assert.equal(structure.children[0]?.parent, undefined);
    }
    assert.equal(schema.dataChildIndex.get('ietf-yang-patch:yang-patch'), undefined);
    assert.equal(
      schema.children.some((node) => node.module === 'ietf-yang-patch'),
      false,
    );
  });

  it('answers undefined for unknown templates and names', () => {
    assert.equal(findYangData(schema, 'ietf-restconf', 'errors'), undefined);
    assert.equal(findYangDataNode(schema, 'ietf-restconf:yang-errors'), undefined);
    assert.equal(findYangDataNode(schema, 'errors'), undefined);
  });
});

describe('sx:structure and sx:augment-structure', () => {
  it('compiles a structure and adds augment-structure nodes in the augmenting namespace', () => {
    const texts = {
      's.yang': `module s { yang-version 1.1; namespace "urn:s"; prefix s;
        import ietf-yang-structure-ext { prefix sx; }
        sx:structure address { container addr { leaf street { type string; } } leaf-list tag { type string; } } }`,
      't.yang': `module t { yang-version 1.1; namespace "urn:t"; prefix t;
        import ietf-yang-structure-ext { prefix sx; } import s { prefix s; }
        sx:augment-structure "/s:address/s:addr" { leaf zip { type string; } } }`,
    };
    const { schema, diagnostics } = compileSchema(
      loadModulesFromTexts({ ...texts, 'ietf-yang-structure-ext.yang': STRUCTURE_EXT_TEXT }, ['s', 't']),
    );
    assert.deepEqual(
      diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
    assert.ok(schema !== undefined);
    const address = findYangData(schema, 's', 'address');
    assert.equal(address?.kind, 'structure');
    assert.deepEqual(
      address?.children.map((node) => node.name),
      ['addr', 'tag'],
    );
    const zip = findYangDataNode(schema, 's:addr')?.node;
    assert.ok(zip !== undefined && 'children' in zip);
    assert.equal(zip.dataChildIndex.get('t:zip')?.config, false);
  });
});

describe('invalid templates', () => {
  const cases = [
    {
      name: 'a leaf at the top of a yang-data',
      body: 'rc:yang-data d { leaf x { type string; } }',
      code: 'invalid-yang-data',
    },
    {
      name: 'two containers in a yang-data',
      body: 'rc:yang-data d { container a; container b; }',
      code: 'invalid-yang-data',
    },
    { name: 'an rpc in a yang-data', body: 'rc:yang-data d { container a; rpc r; }', code: 'invalid-yang-data' },
    {
      name: 'a duplicate yang-data name',
      body: 'rc:yang-data d { container a; } rc:yang-data d { container b; }',
      code: 'duplicate-identifier',
    },
    { name: 'an unknown grouping', body: 'rc:yang-data d { uses nope; }', code: 'unknown-grouping' },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      const text = `module v { yang-version 1.1; namespace "urn:v"; prefix v; import ietf-restconf { prefix rc; } ${testCase.body} }`;
      const { schema, diagnostics } = compileSchema(
        loadModulesFromTexts({ 'v.yang': text, 'ietf-restconf.yang': RESTCONF_TEXT }, ['v']),
      );
      assert.equal(schema, undefined);
      assert.ok(
        diagnostics.some((d) => d.code === testCase.code),
        JSON.stringify(diagnostics),
      );
    });
  }
});
