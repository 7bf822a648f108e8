/**
 * @module yang/compiler/refine.test
 * `refine` results: a leaf-list's several defaults all kept, replacing the grouping's.
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

describe('refine', () => {
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
