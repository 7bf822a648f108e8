/**
 * @module yang/compiler/compile-schema.test
 * What the compiled tree holds: namespaces through uses and augment, keys, enum values,
 * features, choices, deviations, leafref targets, lookups; and compile time.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { loadModulesFromDirectories } from '../library/load-modules-from-directories.ts';
import { loadModulesFromTexts } from '../library/load-modules-from-texts.ts';
import { childByName, dataChildren, schemaPath } from '../schema/navigation.ts';
import type { SchemaNode } from '../schema/schema-node.ts';
import type { SchemaTree } from '../schema/schema-tree.ts';
import { compileSchema } from './compile-schema.ts';

const BASE = `module a { yang-version 1.1; namespace "urn:a"; prefix a;
  feature on; feature off;
  typedef color { type enumeration { enum red; enum green { value 5; } enum blue; } default blue; }
  grouping endpoint { leaf host { type string; } leaf port { type uint16; default 830; } }
  container top {
    list item { key "id"; leaf name { type string; } leaf id { type uint32; } leaf c { type color; } }
    uses endpoint;
    leaf gone { if-feature off; type string; }
    leaf kept { if-feature "on and not off"; type string; }
    choice mode { default fast; leaf fast { type empty; } case slow { leaf delay { type uint8; } } }
    leaf ref { type leafref { path "../item/id"; } }
    leaf state { type string; config false; }
  }
}`;
const AUGMENTER = `module b { yang-version 1.1; namespace "urn:b"; prefix b; import a { prefix a; }
  augment /a:top { leaf extra { type string; } }
  augment /a:top/a:mode { leaf medium { type string; } }
  deviation /a:top/a:state { deviate not-supported; }
}`;

const compile = (): SchemaTree => {
  const { schema, diagnostics } = compileSchema(
    loadModulesFromTexts({ 'a.yang': BASE, 'b.yang': AUGMENTER }, ['a', 'b'], { features: { a: ['on'] } }),
  );
  assert.deepEqual(diagnostics, []);
  assert.ok(schema !== undefined);
  return schema;
};

const at = (schema: SchemaTree, ...names: string[]): SchemaNode => {
  let node: SchemaNode | undefined = childByName(schema, 'a', names[0] ?? '');
  for (const name of names.slice(1))
    node = node !== undefined && 'children' in node ? childByName(node, undefined, name) : undefined;
  assert.ok(node !== undefined, names.join('/'));
  return node;
};

describe('compileSchema', () => {
  const schema = compile();
  const cases: readonly { name: string; check: () => void }[] = [
    {
      name: 'list keys come first, in key order',
      check: () => {
        const item = at(schema, 'top', 'item');
        assert.equal(item.kind, 'list');
        if (item.kind === 'list') {
          assert.deepEqual(
            item.keys.map((key) => key.name),
            ['id'],
          );
          assert.deepEqual(
            item.children.map((child) => child.name),
            ['id', 'name', 'c'],
          );
        }
      },
    },
    {
      name: 'enum values are assigned automatically; the typedef default is inherited',
      check: () => {
        const leaf = at(schema, 'top', 'item', 'c');
        assert.ok(leaf.kind === 'leaf' && leaf.type.base === 'enumeration');
        if (leaf.kind === 'leaf' && leaf.type.base === 'enumeration') {
          assert.deepEqual(
            leaf.type.enums.map((member) => [member.name, member.value]),
            [
              ['red', 0],
              ['green', 5],
              ['blue', 6],
            ],
          );
          assert.equal(leaf.default, 'blue');
          assert.deepEqual(leaf.type.typedefs, ['a:color']);
        }
      },
    },
    {
      name: 'grouping nodes take the using module; defaults kept',
      check: () => {
        const port = at(schema, 'top', 'port');
        assert.equal(port.module, 'a');
        assert.ok(port.kind === 'leaf' && port.default === '830');
      },
    },
    {
      name: 'if-feature: disabled nodes are removed, enabled ones keep the expression',
      check: () => {
        assert.equal(childByName(at(schema, 'top') as never, undefined, 'gone'), undefined);
        assert.deepEqual(at(schema, 'top', 'kept').ifFeatures, ['on and not off']);
      },
    },
    {
      name: 'choice: shorthand cases, default case, augmented case in the augmenting namespace',
      check: () => {
        const mode =
          at(schema, 'top').kind === 'container'
            ? (at(schema, 'top') as { children: readonly SchemaNode[] }).children.find((c) => c.name === 'mode')
            : undefined;
        assert.ok(mode?.kind === 'choice');
        if (mode?.kind === 'choice') {
          assert.deepEqual(
            mode.children.map((c) => `${c.module}:${c.name}:${c.kind}`),
            ['a:fast:case', 'a:slow:case', 'b:medium:case'],
          );
          assert.equal(mode.defaultCase?.name, 'fast');
        }
        assert.equal(at(schema, 'top', 'delay').parent?.kind, 'case');
      },
    },
    {
      name: 'augmented nodes belong to the augmenting module; data children look through choices',
      check: () => {
        const top = at(schema, 'top');
        assert.ok('children' in top);
        if ('children' in top) {
          assert.equal(childByName(top, 'b', 'extra')?.module, 'b');
          assert.deepEqual(
            dataChildren(top).map((node) => node.name),
            ['item', 'host', 'port', 'kept', 'fast', 'delay', 'medium', 'ref', 'extra'],
          );
        }
        assert.equal(schemaPath(at(schema, 'top', 'medium')), '/a:top/b:medium');
      },
    },
    {
      name: 'deviation not-supported removes the node',
      check: () => {
        const top = at(schema, 'top');
        assert.ok('children' in top && childByName(top, undefined, 'state') === undefined);
      },
    },
    {
      name: 'leafref target type is resolved',
      check: () => {
        const ref = at(schema, 'top', 'ref');
        assert.ok(ref.kind === 'leaf' && ref.type.base === 'leafref' && ref.type.target?.base === 'uint32');
      },
    },
    {
      name: 'lookup tables',
      check: () => {
        assert.equal(schema.modulesByNamespace.get('urn:b')?.name, 'b');
        assert.equal(schema.modules.get('a')?.features.get('off'), false);
        assert.equal(schema.modules.get('b')?.augments.length, 2);
      },
    },
  ];
  for (const testCase of cases) it(testCase.name, testCase.check);

  // Compile time is measured by bench/yang-compile.ts, never asserted here.
  it('compiles a set of ~20 real modules from the yuma corpus', (t) => {
    const corpus = '/usr/share/yuma/modules';
    if (!existsSync(corpus)) {
      if (process.env.CI === 'true') assert.fail(`${corpus} is missing (apt-get install libyuma-base)`);
      t.skip(`${corpus} is missing (apt-get install libyuma-base)`);
      return;
    }
    const set = loadModulesFromDirectories(
      [corpus],
      ['yangcli', 'ietf-system', 'ietf-alarms', 'ietf-routing', 'ietf-ip'],
      { recursive: true },
    );
    assert.ok(set.modules.length >= 15);
    const { schema: compiled, diagnostics } = compileSchema(set);
    assert.deepEqual(
      diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
      [],
    );
    assert.ok(compiled !== undefined);
  });
});
