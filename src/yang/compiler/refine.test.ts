/**
 * @module yang/compiler/refine.test
 * `refine` results: a leaf-list's several defaults all kept, replacing the grouping's; refines
 * and augments of targets a false if-feature removed ignored.
 * @see RFC 7950 §7.13.2
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadModulesFromTexts } from '../library/load-modules-from-texts.ts';
import { childByName } from '../schema/navigation.ts';
import type { SchemaNode } from '../schema/schema-node.ts';
import { compileSchema } from './compile-schema.ts';

const compileLeafList = (body: string): SchemaNode | undefined => {
  const text = `module m { yang-version 1.1; namespace "urn:m"; prefix m;\n${body}\n}`;
  const { schema, diagnostics } = compileSchema(loadModulesFromTexts({ 'm.yang': text }, ['m']));
  assert.deepEqual(diagnostics, []);
  assert.ok(schema !== undefined);
  const container = childByName(schema, 'm', 'c');
  return container !== undefined && 'children' in container ? childByName(container, undefined, 'x') : undefined;
};

/** Refines and augments whose target a false if-feature removed: libyang ignores them. */
const DISABLED_TARGETS: readonly { readonly name: string; readonly body: string }[] = [
  {
    name: 'refine of a disabled leaf in a nested grouping',
    body: 'grouping h { container d { leaf y { if-feature f; type string; } } }',
  },
  { name: 'refine of a leaf of a disabled nested uses', body: 'grouping h { uses k { if-feature f; } }' },
  {
    name: 'refine of a disabled top-level container of a nested grouping',
    body: 'grouping h { container d { if-feature f; leaf y { type string; } } }',
  },
];

describe('refine', () => {
  for (const testCase of DISABLED_TARGETS) {
    it(`ignores a ${testCase.name}`, () => {
      const text = `module m { yang-version 1.1; namespace "urn:m"; prefix m;
feature f;
grouping k { container d { leaf y { type string; } } }
${testCase.body}
grouping g { uses h; }
container c { uses g { refine d/y { description "x"; } augment d { leaf z { type string; } } } }
container e { uses g { refine d { description "x"; } } }
}`;
      const { diagnostics } = compileSchema(loadModulesFromTexts({ 'm.yang': text }, ['m'], { features: { m: [] } }));
      assert.deepEqual(diagnostics, []);
    });
  }

  it('keeps every default of a leaf-list', () => {
    const node = compileLeafList(
      'grouping g { leaf-list x { type string; } }\ncontainer c { uses g { refine x { default a; default b; } } }',
    );
    assert.equal(node?.kind, 'leaf-list');
    if (node?.kind === 'leaf-list') assert.deepEqual(node.defaults, ['a', 'b']);
  });

  it("replaces the grouping's defaults as a whole", () => {
    const node = compileLeafList(
      'grouping g { leaf-list x { type string; default z; default y; } }\n' +
        'container c { uses g { refine x { default a; default b; default c; } } }',
    );
    if (node?.kind === 'leaf-list') assert.deepEqual(node.defaults, ['a', 'b', 'c']);
    else assert.fail('x is not a leaf-list');
  });
});
