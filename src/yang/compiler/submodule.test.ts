/**
 * @module yang/compiler/submodule.test
 * A submodule's leafref paths and must/when expressions resolve prefixes through the
 * submodule's own imports, even where its module binds the same prefix to another module.
 * @see RFC 7950 §7.1.5, §7.2.2
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadModulesFromTexts } from '../library/load-modules-from-texts.ts';
import { childByName } from '../schema/navigation.ts';
import { compileSchema } from './compile-schema.ts';

const TEXTS: Readonly<Record<string, string>> = {
  'o.yang': 'module o { namespace "urn:o"; prefix o; leaf b { type uint8; } }',
  'p.yang': 'module p { namespace "urn:p"; prefix p; leaf z { type string; } }',
  'm.yang': `module m { yang-version 1.1; namespace "urn:m"; prefix m;
  import o { prefix x; }
  import p { prefix y; }
  include s;
}`,
  's.yang': `submodule s { yang-version 1.1; belongs-to m { prefix sm; }
  import o { prefix y; }
  typedef ref { type leafref { path "/y:b"; } }
  leaf a { type leafref { path "/y:b"; } }
  leaf c { type string; must "/y:b = 3"; when "/y:b"; }
  leaf d { type ref; }
  leaf e { type leafref { path "/sm:c"; } }
}`,
};

describe('submodule prefixes', () => {
  const { schema, diagnostics } = compileSchema(loadModulesFromTexts(TEXTS, ['m']));

  it('compiles without diagnostics', () => {
    assert.deepEqual(diagnostics, []);
    assert.ok(schema !== undefined);
  });

  it('resolves leafref targets through the submodule imports', () => {
    for (const name of ['a', 'd']) {
      const node = schema === undefined ? undefined : childByName(schema, 'm', name);
      assert.ok(node?.kind === 'leaf' && node.type.base === 'leafref', name);
      assert.equal(node.type.target?.base, 'uint8', name);
    }
  });

  it('keeps the submodule prefix table on must and when', () => {
    const node = schema === undefined ? undefined : childByName(schema, 'm', 'c');
    assert.ok(node?.kind === 'leaf');
    assert.equal(node.must[0]?.prefixes?.get('y'), 'o');
    assert.equal(node.when[0]?.prefixes?.get('sm'), 'm');
  });
});
