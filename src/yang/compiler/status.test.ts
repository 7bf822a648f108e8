/**
 * @module yang/compiler/status.test
 * Status references libyang accepts: a referrer at least as old as the reference, references
 * into other modules, identity bases and if-features.
 * @see RFC 7950 §7.21.2
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadModulesFromTexts } from '../library/load-modules-from-texts.ts';
import { compileSchema } from './compile-schema.ts';

const OTHER = `module o { namespace "urn:o"; prefix o;
  typedef t { type string; status deprecated; }
  grouping g { leaf x { type string; } status obsolete; }
  leaf b { type string; status deprecated; }
}`;

const ACCEPTED: readonly { readonly name: string; readonly body: string }[] = [
  {
    name: 'a leaf inheriting deprecated from its parent',
    body: 'typedef t { type string; status deprecated; } container c { status deprecated; leaf a { type t; } }',
  },
  {
    name: 'only the leaf is checked against each typedef of the chain',
    body: 'typedef t { type string; status deprecated; } typedef u { type t; } leaf a { type u; status deprecated; }',
  },
  { name: 'an unused typedef', body: 'typedef t { type string; status deprecated; } typedef u { type t; }' },
  {
    name: 'a deprecated uses of a deprecated grouping',
    body: 'grouping g { leaf x { type string; } status deprecated; } container c { uses g { status deprecated; } }',
  },
  { name: 'an identity base', body: 'identity b { status deprecated; } identity i { base b; }' },
  { name: 'an identityref base', body: 'identity b { status obsolete; } leaf a { type identityref { base b; } }' },
  { name: 'an if-feature', body: 'feature f { status deprecated; } leaf a { if-feature f; type string; }' },
  {
    name: 'a deprecated must naming a deprecated node',
    body: 'leaf b { type string; status deprecated; } leaf a { type string; status deprecated; must "../b"; }',
  },
  {
    name: 'definitions of another module',
    body: 'import o { prefix o; } leaf a { type o:t; } uses o:g; leaf c { type leafref { path "/o:b"; } }',
  },
];

describe('status references accepted', () => {
  for (const testCase of ACCEPTED) {
    it(testCase.name, () => {
      const text = `module m { yang-version 1.1; namespace "urn:m"; prefix m;\n${testCase.body}\n}`;
      const { diagnostics } = compileSchema(loadModulesFromTexts({ 'm.yang': text, 'o.yang': OTHER }, ['m']));
      assert.deepEqual(diagnostics, []);
    });
  }
});
