/**
 * @module yang/compiler/disabled-target.test
 * Augments and deviations whose target a false if-feature left out (in the target module, in an
 * rpc's input, behind a shorthand case, or among the nodes of an augment that is itself
 * disabled) are disabled with it, as libyang does: no error, nothing added, and the augment
 * still printed as written. An augment disabled by its own if-feature still needs its target.
 * @see RFC 7950 §7.17, §7.20.2, §7.20.3
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadModulesFromTexts } from '../library/load-modules-from-texts.ts';
import { childByName } from '../schema/navigation.ts';
import type { SchemaTree } from '../schema/schema-tree.ts';
import { printTree } from '../tree-printer.ts';
import { compileSchema } from './compile-schema.ts';

const TARGET = `module a { yang-version 1.1; namespace "urn:a"; prefix a;
  feature f;
  container c { if-feature f; leaf l { type string; } container d { leaf m { type string; } } }
  rpc r { if-feature f; input { container src { choice cs { leaf x { type empty; } } } } }
  container top { leaf z { if-feature f; type string; } choice ch { leaf y { if-feature f; type string; } } }
}`;

const AUGMENTER = `module b { yang-version 1.1; namespace "urn:b"; prefix b; import a { prefix a; }
  feature g;
  augment /a:top { if-feature g; container added { leaf q { type string; } } }
  augment /a:top/b:added { leaf q2 { type string; } }
  augment /a:c/a:d { container e { leaf q { type string; } } }
  augment /a:c/a:d/b:e { leaf q3 { type string; } }
  augment /a:r/a:input/a:src/a:cs { leaf w { type string; } }
  augment /a:r/a:input/a:src/a:cs/a:x { leaf v { type string; } }
  augment /a:top/a:ch/a:y { leaf u { type string; } }
  deviation /a:c/a:l { deviate not-supported; }
  deviation /a:top/a:z { deviate replace { type int8; } }
}`;

/** `a`, `b` and any other module given implemented, with the features listed. */
const compile = (features: Readonly<Record<string, readonly string[]>>, texts: Record<string, string> = {}) =>
  compileSchema(
    loadModulesFromTexts({ 'a.yang': TARGET, 'b.yang': AUGMENTER, ...texts }, Object.keys(features), { features }),
  );

const okSchema = (result: ReturnType<typeof compile>): SchemaTree => {
  assert.deepEqual(
    result.diagnostics.map((d) => `${d.code}: ${d.message}`),
    [],
  );
  assert.ok(result.schema !== undefined);
  return result.schema;
};

// `yanglint -F a: -F b: -f tree b.yang` (libyang 2.1.30): every augment printed as written.
const B_TREE = `module: b

  augment /a:top:
    +--rw added
       +--rw q?   string
  augment /a:top/b:added:
    +--rw q2?   string
  augment /a:c/a:d:
    +--rw e
       +--rw q?   string
  augment /a:c/a:d/b:e:
    +--rw q3?   string
  augment /a:r/a:input/a:src/a:cs:
    +--rw w?   string
  augment /a:r/a:input/a:src/a:cs/a:x:
    +--rw v?   string
  augment /a:top/a:ch/a:y:
    +--rw u?   string
`;

describe('targets left out by if-feature', () => {
  it('disable the augments and deviations that reach them', () => {
    const schema = okSchema(compile({ a: [], b: [] }));
    assert.equal(childByName(schema, 'a', 'c'), undefined);
    assert.equal(
      schema.rpcs.find((rpc) => rpc.name === 'r'),
      undefined,
    );
    const top = childByName(schema, 'a', 'top');
    assert.ok(top !== undefined && 'children' in top);
    assert.deepEqual(
      top.children.map((child) => child.name),
      ['ch'],
    );
    assert.equal(printTree(schema, ['b']), B_TREE);
  });

  it('apply them all when the features are enabled', () => {
    const schema = okSchema(compile({ a: ['f'], b: ['g'] }));
    const top = childByName(schema, 'a', 'top');
    assert.ok(top !== undefined && 'children' in top);
    assert.deepEqual(
      top.children.map((child) => `${child.module}:${child.name}`),
      ['a:z', 'a:ch', 'b:added'],
    );
    const z = top.children[0];
    assert.ok(z?.kind === 'leaf');
    assert.equal(z.type.base, 'int8');
    const c = childByName(schema, 'a', 'c');
    assert.ok(c !== undefined && 'children' in c);
    assert.deepEqual(
      c.children.map((child) => child.name),
      ['d'],
    );
    assert.equal(printTree(schema, ['b']), B_TREE);
  });

  it('the target module implemented only by the augment: its features off by default', () => {
    const result = compileSchema(loadModulesFromTexts({ 'a.yang': TARGET, 'b.yang': AUGMENTER }, ['b']));
    assert.equal(printTree(okSchema(result), ['b']), B_TREE);
  });

  it('an augment disabled by its own if-feature still needs its target', () => {
    const result = compile(
      { a: [], b: [], c: [] },
      {
        'c.yang': `module c { yang-version 1.1; namespace "urn:c"; prefix c; import a { prefix a; }
  feature h;
  augment /a:nosuch { if-feature h; leaf q { type string; } }
}`,
      },
    );
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.code}@${d.location.file}:${d.location.line}`),
      ['augment-target-not-found@c.yang:3'],
    );
  });

  it('an augment of a disabled leaf is still an error', () => {
    const result = compile(
      { a: [], b: [], c: [] },
      {
        'c.yang': `module c { yang-version 1.1; namespace "urn:c"; prefix c; import a { prefix a; }
  augment /a:top/a:z { leaf q { type string; } }
}`,
      },
    );
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.code}@${d.location.file}:${d.location.line}`),
      ['augment-target-not-found@c.yang:2'],
    );
  });

  it('in a uses: a refine of what a disabled augment would add is ignored; a missing target is not', () => {
    const module = (augment: string): string => `module u { yang-version 1.1; namespace "urn:u"; prefix u;
  feature f;
  grouping g { container d { leaf y { type string; } } }
  container c { uses g { ${augment} refine d/z/q { description "r"; } } }
}`;
    const disabled = compileSchema(
      loadModulesFromTexts(
        { 'u.yang': module('augment d { if-feature f; container z { leaf q { type string; } } }') },
        ['u'],
        { features: { u: [] } },
      ),
    );
    assert.deepEqual(disabled.diagnostics, []);
    const missing = compileSchema(
      loadModulesFromTexts(
        { 'u.yang': module('augment nosuch { if-feature f; container z { leaf q { type string; } } }') },
        ['u'],
        { features: { u: [] } },
      ),
    );
    assert.deepEqual(
      missing.diagnostics.map((d) => d.code),
      ['augment-target-not-found', 'refine-target-not-found'],
    );
  });
});
