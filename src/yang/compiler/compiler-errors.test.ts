/**
 * @module yang/compiler/compiler-errors.test
 * One broken inline module per compile-time rule: the diagnostic's code and line.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadModulesFromTexts } from '../library/load-modules-from-texts.ts';
import { compileSchema } from './compile-schema.ts';

/** Wraps a body in a YANG 1.1 module `m`; the body starts on line 2. */
const yang = (body: string, version = '1.1'): string =>
  `module m { yang-version ${version}; namespace "urn:m"; prefix m;\n${body}\n}`;

interface ErrorCase {
  readonly name: string;
  readonly module: string;
  readonly code: string;
  readonly line: number;
  readonly others?: Readonly<Record<string, string>>;
  /** Enabled features of `m` (default: all). */
  readonly features?: readonly string[];
}

const CASES: readonly ErrorCase[] = [
  {
    name: 'duplicate sibling',
    code: 'duplicate-identifier',
    line: 3,
    module: yang('leaf a { type string; }\nleaf a { type int8; }'),
  },
  {
    name: 'duplicate through choice/case',
    code: 'duplicate-identifier',
    line: 3,
    module: yang('leaf a { type string; }\nchoice c { case x { leaf a { type string; } } }'),
  },
  { name: 'key missing', code: 'key-not-found', line: 2, module: yang('list l { key k; leaf x { type string; } }') },
  { name: 'key not a leaf', code: 'key-not-leaf', line: 3, module: yang('list l { key k;\ncontainer k; }') },
  {
    name: 'empty key in YANG 1.0',
    code: 'key-type-empty',
    line: 3,
    module: yang('list l { key k;\nleaf k { type empty; } }', '1'),
  },
  {
    name: 'key config mismatch',
    code: 'key-config-mismatch',
    line: 3,
    module: yang('list l { key k;\nleaf k { type string; config false; } }'),
  },
  {
    name: 'config list without key',
    code: 'list-without-key',
    line: 2,
    module: yang('list l { leaf x { type string; } }'),
  },
  { name: 'unknown prefix', code: 'unknown-prefix', line: 2, module: yang('leaf a { type x:t; }') },
  { name: 'unknown typedef', code: 'unknown-typedef', line: 2, module: yang('leaf a { type no-such-type; }') },
  { name: 'unknown grouping', code: 'unknown-grouping', line: 2, module: yang('uses g;') },
  { name: 'unknown identity', code: 'unknown-identity', line: 2, module: yang('identity i { base nothing; }') },
  {
    name: 'unknown feature',
    code: 'unknown-feature',
    line: 2,
    module: yang('leaf a { if-feature nope; type string; }'),
  },
  {
    name: 'bad default for type',
    code: 'invalid-default',
    line: 2,
    module: yang('leaf a { type uint8; default 300; }'),
  },
  {
    name: 'bad enum default',
    code: 'invalid-default',
    line: 2,
    module: yang('leaf a { type enumeration { enum x; } default y; }'),
  },
  {
    name: 'default on key',
    code: 'key-default',
    line: 3,
    module: yang('list l { key k;\nleaf k { type string; default x; } }'),
  },
  {
    name: 'default on mandatory leaf',
    code: 'default-on-mandatory',
    line: 2,
    module: yang('leaf a { type string; mandatory true; default x; }'),
  },
  {
    name: 'mandatory node augmented into another module',
    code: 'mandatory-augment',
    line: 4,
    others: { 'o.yang': 'module o { namespace "urn:o"; prefix o; container c; }' },
    module: yang('import o { prefix o; }\naugment /o:c {\nleaf x { type string; mandatory true; } }'),
  },
  {
    name: 'config true under config false',
    code: 'config-under-config-false',
    line: 3,
    module: yang('container c { config false;\nleaf x { type string; config true; } }'),
  },
  {
    name: 'circular grouping',
    code: 'circular-grouping',
    line: 2,
    module: yang('grouping g { container c { uses g; } }\nuses g;'),
  },
  {
    name: 'circular typedef',
    code: 'circular-typedef',
    line: 2,
    module: yang('typedef t { type u; }\ntypedef u { type t; }\nleaf a { type t; }'),
  },
  {
    name: 'circular identity',
    code: 'circular-identity',
    line: 2,
    module: yang('identity a { base b; }\nidentity b { base a; }'),
  },
  {
    name: 'circular if-feature',
    code: 'circular-feature',
    line: 2,
    module: yang('feature f { if-feature g; }\nfeature g { if-feature f; }\nleaf a { if-feature f; type string; }'),
  },
  {
    name: 'unique on nonexistent node',
    code: 'unique-not-leaf',
    line: 3,
    module: yang('list l { key k; leaf k { type string; }\nunique "nope"; }'),
  },
  {
    name: 'unique on non-leaf',
    code: 'unique-not-leaf',
    line: 3,
    module: yang('list l { key k; leaf k { type string; } container c;\nunique "c"; }'),
  },
  {
    name: 'min-elements > max-elements',
    code: 'min-greater-than-max',
    line: 2,
    module: yang('leaf-list a { type string; min-elements 3; max-elements 2; }'),
  },
  {
    name: 'duplicate enum',
    code: 'duplicate-enum',
    line: 3,
    module: yang('leaf a { type enumeration { enum x;\nenum x; } }'),
  },
  {
    name: 'duplicate enum value',
    code: 'duplicate-enum-value',
    line: 3,
    module: yang('leaf a { type enumeration { enum x { value 1; }\nenum y { value 1; } } }'),
  },
  {
    name: 'duplicate bit position',
    code: 'duplicate-bit-position',
    line: 3,
    module: yang('leaf a { type bits { bit x;\nbit y { position 0; } } }'),
  },
  {
    name: 'range widening its parent',
    code: 'invalid-restriction',
    line: 3,
    module: yang('typedef t { type int8 { range "1..10"; } }\nleaf a { type t { range "0..20"; } }'),
  },
  {
    name: 'length on an integer',
    code: 'invalid-restriction',
    line: 2,
    module: yang('leaf a { type int8 { length 1; } }'),
  },
  {
    name: 'derived enum adds a member',
    code: 'enum-not-in-base',
    line: 4,
    module: yang('typedef t { type enumeration { enum x; } }\nleaf a { type t {\nenum y; } }'),
  },
  {
    name: 'leaf with two types',
    code: 'duplicate-substatement',
    line: 3,
    module: yang('leaf a { type string;\ntype int8; }'),
  },
  {
    name: 'unknown core keyword',
    code: 'unknown-statement',
    line: 2,
    module: yang('leaf a { type string; colour blue; }'),
  },
  { name: 'leaf without type', code: 'missing-substatement', line: 2, module: yang('leaf a { description "x"; }') },
  {
    name: 'keyword in the wrong place',
    code: 'unexpected-substatement',
    line: 2,
    module: yang('leaf a { type string; key x; }'),
  },
  {
    name: 'leafref to nonexistent node',
    code: 'leafref-target-not-found',
    line: 2,
    module: yang('leaf a { type leafref { path "../nope"; } }'),
  },
  {
    name: 'augment target missing',
    code: 'augment-target-not-found',
    line: 3,
    others: { 'o.yang': 'module o { namespace "urn:o"; prefix o; container c; }' },
    module: yang('import o { prefix o; }\naugment /o:nope { leaf x { type string; } }'),
  },
  {
    name: 'refine target missing',
    code: 'refine-target-not-found',
    line: 4,
    module: yang('grouping g { leaf x { type string; } }\nuses g {\nrefine nope { description "d"; } }'),
  },
  {
    name: 'deviation target missing',
    code: 'deviation-target-not-found',
    line: 2,
    module: yang('deviation /m:nope { deviate not-supported; }'),
  },
  {
    name: 'decimal64 without fraction-digits',
    code: 'missing-substatement',
    line: 2,
    module: yang('leaf a { type decimal64; }'),
  },
  {
    name: 'default case that does not exist',
    code: 'unknown-default-case',
    line: 2,
    module: yang('choice c { default z; leaf a { type string; } }'),
  },
  {
    name: 'mandatory node in the default case',
    code: 'mandatory-in-default-case',
    line: 3,
    module: yang('choice c { default a;\ncase a { leaf x { type string; mandatory true; } } leaf b { type string; } }'),
  },
  {
    name: 'must with bad XPath syntax',
    code: 'invalid-xpath',
    line: 2,
    module: yang('leaf a { type string; must "../b ="; }'),
  },
  {
    name: 'must naming a missing node (warning)',
    code: 'xpath-node-not-found',
    line: 2,
    module: yang('leaf a { type string; must "../nope = 1"; }'),
  },
  {
    name: 'current leaf of a deprecated typedef',
    code: 'invalid-status-reference',
    line: 3,
    module: yang('typedef t { type string; status deprecated; }\nleaf a { type t; }'),
  },
  {
    name: 'deprecated leaf of an obsolete typedef through a typedef chain',
    code: 'invalid-status-reference',
    line: 4,
    module: yang(
      'typedef t { type string; status obsolete; }\ntypedef u { type t; status deprecated; }\nleaf a { status deprecated; type u; }',
    ),
  },
  {
    name: 'current leaf of a deprecated typedef in a union',
    code: 'invalid-status-reference',
    line: 3,
    module: yang('typedef t { type string; status deprecated; }\nleaf a { type union { type t; type int8; } }'),
  },
  {
    name: 'current uses of a deprecated grouping',
    code: 'invalid-status-reference',
    line: 4,
    module: yang(
      'grouping g { leaf x { type string; } status deprecated; }\ncontainer c { status deprecated;\nuses g; }',
    ),
  },
  {
    name: 'current uses of a deprecated grouping inside an unused grouping',
    code: 'invalid-status-reference',
    line: 3,
    module: yang('grouping g { leaf x { type string; } status deprecated; }\ngrouping h { uses g; }'),
  },
  {
    name: 'current leafref to a deprecated leaf',
    code: 'invalid-status-reference',
    line: 3,
    module: yang('leaf b { type string; status deprecated; }\nleaf a { type leafref { path "../b"; } }'),
  },
  {
    name: 'deprecated leafref to an obsolete leaf through a typedef',
    code: 'invalid-status-reference',
    line: 4,
    module: yang(
      'typedef t { type leafref { path "/m:b"; } }\nleaf b { type string; status obsolete; }\nleaf a { type t; status deprecated; }',
    ),
  },
  {
    name: 'current node under a deprecated parent',
    code: 'status-conflict',
    line: 3,
    module: yang('container c { status deprecated;\nleaf x { type string; status current; } }'),
  },
  {
    name: 'submodule path using a prefix only its module imports',
    code: 'leafref-target-not-found',
    line: 3,
    others: {
      'o.yang': 'module o { namespace "urn:o"; prefix o; leaf b { type string; } }',
      's.yang':
        'submodule s { yang-version 1.1; belongs-to m { prefix m; }\n\nleaf a { type leafref { path "/x:b"; } } }',
    },
    module: yang('import o { prefix x; }\ninclude s;'),
  },
  {
    name: 'refine target missing behind a nested uses',
    code: 'refine-target-not-found',
    line: 5,
    module: yang(
      'grouping h { container d { leaf y { type string; } } }\ngrouping g { uses h; }\ncontainer c { uses g {\nrefine d/nope { description "x"; } } }',
    ),
  },
  {
    name: 'refine target missing at the level of a nested uses',
    code: 'refine-target-not-found',
    line: 5,
    module: yang(
      'grouping h { container d { leaf y { type string; } } }\ngrouping g { uses h; }\ncontainer c { uses g {\nrefine nope { description "x"; } } }',
    ),
  },
  {
    name: 'augment target missing behind a nested uses',
    code: 'augment-target-not-found',
    line: 5,
    module: yang(
      'grouping h { container d { leaf y { type string; } } }\ngrouping g { uses h; }\ncontainer c { uses g {\naugment d/nope { leaf z { type string; } } } }',
    ),
  },
  {
    name: 'augment of a leaf disabled by if-feature',
    code: 'augment-target-not-found',
    line: 4,
    features: [],
    module: yang(
      'feature f;\ngrouping g { leaf d { if-feature f; type string; } }\nuses g { augment d {\nleaf z { type string; } } }',
    ),
  },
  {
    name: 'when on a key',
    code: 'key-when',
    line: 3,
    module: yang('list l { key k;\nleaf k { type string; when "1"; } }'),
  },
  {
    name: 'when on a key through uses',
    code: 'key-when',
    line: 3,
    module: yang('grouping g { leaf k { type string; } }\nlist l { key k; uses g { when "1"; } }'),
  },
  {
    name: 'deviation making a key config false',
    code: 'key-config-mismatch',
    line: 2,
    module: yang('list l { key k; leaf k { type string; } }\ndeviation /m:l/m:k { deviate add { config false; } }'),
  },
  {
    name: 'deviation removing a key',
    code: 'key-not-found',
    line: 2,
    module: yang('list l { key k; leaf k { type string; } }\ndeviation /m:l/m:k { deviate not-supported; }'),
  },
  {
    name: 'must naming a deprecated node (warning)',
    code: 'xpath-deprecated-node',
    line: 3,
    module: yang('container b { status deprecated; leaf c { type string; } }\nleaf a { type string; must "../b/c"; }'),
  },
  {
    name: 'when of a deprecated node naming an obsolete node (warning)',
    code: 'xpath-deprecated-node',
    line: 3,
    module: yang('leaf b { type string; status obsolete; }\nleaf a { type string; status deprecated; when "../b"; }'),
  },
];

describe('compiler diagnostics', () => {
  for (const testCase of CASES) {
    it(testCase.name, () => {
      const set = loadModulesFromTexts(
        { 'm.yang': testCase.module, ...testCase.others },
        ['m'],
        testCase.features === undefined ? {} : { features: { m: testCase.features } },
      );
      const { schema, diagnostics } = compileSchema(set);
      const found = diagnostics.filter((d) => d.code === testCase.code);
      assert.ok(
        found.length > 0,
        `expected ${testCase.code}; got ${diagnostics.map((d) => `${d.code}@${d.location.line}`).join(', ')}`,
      );
      assert.ok(
        found.some((d) => d.location.line === testCase.line),
        `${testCase.code} at line ${found.map((d) => d.location.line).join(',')}, expected ${testCase.line}`,
      );
      if (found.some((d) => d.severity === 'error')) assert.equal(schema, undefined);
    });
  }

  it('a valid module compiles without diagnostics', () => {
    const set = loadModulesFromTexts(
      { 'm.yang': yang('list l { key k; leaf k { type string; } leaf v { type uint8; default 3; } }') },
      ['m'],
    );
    const { schema, diagnostics } = compileSchema(set);
    assert.deepEqual(diagnostics, []);
    assert.ok(schema !== undefined);
  });
});
