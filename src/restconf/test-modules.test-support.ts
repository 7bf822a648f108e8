/**
 * @module restconf/test-modules.test-support
 * Test support: small inline modules with the shapes URI parsing must handle (multi-key lists,
 * leaf-lists, keyless lists, choices, identityref keys defined across modules, a top-level
 * name that two modules share) and the schema of them with the jukebox and identity models.
 */
import type { SchemaTree } from '../yang/index.ts';
import { restconfTestSchema } from './test-schema.test-support.ts';

/** Shapes of every kind below one container `top`, and a top-level `jukebox` clashing with example-jukebox's. */
export const PATHS_MODULE = `module t-paths {
  yang-version 1.1;
  namespace "urn:t:paths";
  prefix tp;
  identity color;
  identity red { base color; }
  container top {
    leaf-list tags { type string; ordered-by user; }
    leaf-list numbers { type uint8; }
    list multi {
      key "a b c";
      leaf a { type string; }
      leaf b { type int8; }
      leaf c { type string; }
      leaf v { type string; }
    }
    list keyless { config false; leaf x { type string; } }
    list colored {
      key color;
      ordered-by user;
      leaf color { type identityref { base color; } }
      list shade { key name; ordered-by user; leaf name { type string; } }
      action paint { input { leaf input { type string; } leaf how { type string; } } }
    }
    choice ch { case one { leaf in-case { type string; } } }
    anydata blob;
    leaf flag { type empty; }
    notification changed { leaf what { type string; } }
  }
  container jukebox { presence "a name example-jukebox also has at the top"; }
  notification top-event;
}`;

/** Identities `red` and `blue` of base `tp:color`, in another module with prefix `to`. */
export const OTHER_MODULE = `module t-other {
  yang-version 1.1;
  namespace "urn:t:other";
  prefix to;
  import t-paths { prefix tp; }
  identity red { base tp:color; }
  identity blue { base tp:color; }
}`;

/** A second `blue`, which makes the bare name ambiguous. */
export const THIRD_MODULE = `module t-third {
  yang-version 1.1;
  namespace "urn:t:third";
  prefix tt;
  import t-paths { prefix tp; }
  identity blue { base tp:color; }
  identity violet { base tp:color; }
}`;

/** The identity model's modules. */
export const IDENTITY_MODULES: readonly string[] = [
  'base',
  'profile-oauth',
  'profile-authentication',
  'profile-user-management',
  'idconf-rollback',
];

let cached: SchemaTree | undefined;

/**
 * The jukebox, the RFC 8040 operation examples, the YANG library, the identity model and the
 * modules above, compiled once.
 */
export const pathsTestSchema = (): SchemaTree => {
  cached ??= restconfTestSchema(
    ['example-jukebox', 'example-actions', 'example-ops', 'ietf-yang-library', ...IDENTITY_MODULES],
    [PATHS_MODULE, OTHER_MODULE, THIRD_MODULE],
  );
  return cached;
};
