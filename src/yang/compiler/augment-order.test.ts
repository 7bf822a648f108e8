/**
 * @module yang/compiler/augment-order.test
 * The order of the nodes several modules add to one target, as libyang 2.1 makes it (checked
 * against `yanglint -f tree -p . t.yang aaa.yang bbb.yang ccc.yang`): the target module's own
 * nodes first, then each augmenting module's by module name, and within a module the order
 * libyang applies its augments in; nodes of other modules printed with their prefix.
 * @see RFC 7950 §7.17, RFC 8340 §2.6
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadModulesFromTexts } from '../library/load-modules-from-texts.ts';
import { printTree } from '../tree-printer.ts';
import { compileSchema } from './compile-schema.ts';

const MODULES: Readonly<Record<string, string>> = {
  't.yang': `module t { yang-version 1.1; namespace "urn:t"; prefix t;
  container c { leaf own { type string; } choice ch { leaf x { type string; } } list l { key k; leaf k { type string; } } }
  container d { leaf dd { type string; } }
  augment /t:c { leaf s1 { type string; } }
  augment /t:d { leaf sd1 { type string; } }
  augment /t:c { leaf s2 { type string; } }
  augment /t:c/t:l { leaf sl { type string; } }
  augment /t:c { leaf s3 { type string; } }
  rpc r { input { leaf i { type string; } } }
  notification n { leaf nl { type string; } }
}`,
  'aaa.yang': `module aaa { yang-version 1.1; namespace "urn:aaa"; prefix a; import t { prefix t; }
  augment /t:c { container ac { leaf a1 { type string; } } }
  augment /t:c/t:l { leaf al1 { type string; } }
  augment /t:d { leaf a2 { type string; } }
  augment /t:c { leaf a3 { type string; } }
  augment /t:c/t:ch { case ay { leaf ay { type string; } } }
  augment /t:c/t:l { leaf al2 { type string; } }
  augment /t:r/t:input { leaf ai { type string; } }
}`,
  'bbb.yang': `module bbb { yang-version 1.1; namespace "urn:bbb"; prefix b; import t { prefix t; } import aaa { prefix a; }
  augment /t:c { leaf b1 { type string; } container bc { leaf x { type string; } } }
  augment /t:c/a:ac { leaf b-in-a { type string; } }
  augment /t:d { leaf b2 { type string; } }
  augment /t:c/t:ch { leaf bx { type string; } }
  augment /t:r/t:input { leaf bi { type string; } }
  augment /t:c/t:l { leaf bl { type string; } }
  augment /t:c { leaf b3 { type string; } }
  augment /t:n { leaf bn { type string; } }
}`,
  'ccc.yang': `module ccc { yang-version 1.1; namespace "urn:ccc"; prefix cc; import t { prefix t; } import bbb { prefix b; }
  augment /t:c/b:bc { leaf c1 { type string; } }
  augment /t:c { leaf c2 { type string; } }
  augment /t:c/t:l { leaf cl { type string; } }
  augment /t:c/b:bc { leaf c3 { type string; } }
}`,
};

// yanglint 2.1.30 (libyang 2.1), the modules given in this order.
const EXPECTED = `module: t
  +--rw c
  |  +--rw own?    string
  |  +--rw (ch)?
  |  |  +--:(x)
  |  |  |  +--rw x?   string
  |  |  +--:(a:ay)
  |  |  |  +--rw a:ay?   string
  |  |  +--:(b:bx)
  |  |     +--rw b:bx?   string
  |  +--rw l* [k]
  |  |  +--rw k       string
  |  |  +--rw sl?     string
  |  |  +--rw a:al1?   string
  |  |  +--rw a:al2?   string
  |  |  +--rw b:bl?    string
  |  |  +--rw cc:cl?   string
  |  +--rw s1?     string
  |  +--rw s2?     string
  |  +--rw s3?     string
  |  +--rw a:ac
  |  |  +--rw a:a1?       string
  |  |  +--rw b:b-in-a?   string
  |  +--rw a:a3?    string
  |  +--rw b:b3?    string
  |  +--rw b:b1?    string
  |  +--rw b:bc
  |  |  +--rw b:x?     string
  |  |  +--rw cc:c1?   string
  |  |  +--rw cc:c3?   string
  |  +--rw cc:c2?   string
  +--rw d
     +--rw dd?    string
     +--rw sd1?   string
     +--rw a:a2?   string
     +--rw b:b2?   string

  rpcs:
    +---x r
       +---w input
          +---w i?     string
          +---w a:ai?   string
          +---w b:bi?   string

  notifications:
    +---n n
       +---- nl?    string
       +---- b:bn?   string
`;

describe('augmenting nodes of several modules', () => {
  it('are ordered and printed as libyang does', () => {
    const { schema, diagnostics } = compileSchema(loadModulesFromTexts(MODULES, ['t', 'aaa', 'bbb', 'ccc']));
    assert.deepEqual(diagnostics, []);
    assert.ok(schema !== undefined);
    assert.equal(printTree(schema, ['t']), EXPECTED);
  });
});
