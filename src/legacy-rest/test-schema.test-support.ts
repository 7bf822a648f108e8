/**
 * @module legacy-rest/test-schema.test-support
 * Test support: the identity model of `models/` and small inline modules, compiled once each.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SchemaTree } from '../yang/index.ts';
import { compileSchema, formatDiagnostic, loadModulesFromTexts } from '../yang/index.ts';

const MODELS = join(import.meta.dirname, '../../models');

const modelTexts = (): Record<string, string> => {
  const texts: Record<string, string> = {};
  for (const file of readdirSync(MODELS)) {
    if (file.endsWith('.yang')) texts[file] = readFileSync(join(MODELS, file), 'utf8');
  }
  return texts;
};

/** Compiles the inline `texts` plus the named modules of `models/`; throws with every error. */
export const compileTestSchema = (
  texts: Readonly<Record<string, string>>,
  implement: readonly string[],
): SchemaTree => {
  const set = loadModulesFromTexts({ ...modelTexts(), ...texts }, implement);
  const result = compileSchema(set);
  const errors = [...set.diagnostics, ...result.diagnostics].filter((d) => d.severity === 'error');
  if (result.schema === undefined || errors.length > 0) {
    throw new Error(`test schema does not compile:\n${errors.map(formatDiagnostic).join('\n')}`);
  }
  return result.schema;
};

/** The identity service's modules. */
export const IDENTITY_MODULES = [
  'base',
  'profile-oauth',
  'profile-authentication',
  'profile-user-management',
  'idconf-aaa',
  'idconf-rollback',
  'ietf-netconf-acm',
];

/** A module with one node of every kind a legacy path can address. */
export const LT_MODULE = `module lt {
  yang-version 1.1;
  namespace "urn:lt";
  prefix l;
  identity kind;
  identity alpha { base kind; }
  identity beta { base kind; }
  container top {
    leaf name { type string; }
    leaf count { type uint8; default 3; }
    leaf-list tags { type string; }
    container inner {
      leaf x { type string; }
      container deeper { leaf y { type string; } }
      list items { key id; leaf id { type string; } leaf v { type string; } }
    }
    container pres { presence "on"; leaf z { type string; } container below { leaf q { type string; } } }
    list multi {
      key "name kind";
      leaf name { type string; }
      leaf kind { type identityref { base kind; } }
      leaf v { type string; }
      list sub { key n; leaf n { type int32; } leaf w { type string; } }
      action reset { input { leaf why { type string; } } }
    }
    list single { key id; ordered-by user; leaf id { type string; } leaf v { type string; } }
    list ints { key "a b"; leaf a { type int16; } leaf b { type boolean; } }
    list stats { config false; leaf hits { type uint32; } }
    leaf state { type string; config false; }
    choice mode { leaf fast { type empty; } leaf slow { type uint8; } }
    action restart;
  }
  list roots { key id; leaf id { type string; } leaf v { type string; } list nested { key k; leaf k { type string; } } }
  rpc ping { input { leaf host { type string; } } }
}`;

/** A second module: a colliding top-level name and identity name, an augment into lt. */
export const LT2_MODULE = `module lt2 {
  yang-version 1.1;
  namespace "urn:lt2";
  prefix m;
  import lt { prefix l; }
  identity alpha { base l:kind; }
  container top { leaf other { type string; } }
  augment /l:top { leaf extra { type string; } container more { leaf w { type string; } } }
  rpc ping;
}`;

/** A module without actions: reads of it need no annotation walk. */
export const PLAIN_MODULE = `module plain {
  yang-version 1.1;
  namespace "urn:plain";
  prefix p;
  container box { leaf label { type string; } list item { key id; leaf id { type string; } } }
}`;

let identity: SchemaTree | undefined;
let plain: SchemaTree | undefined;
let inline: SchemaTree | undefined;

/** The identity model (cached). */
export const identitySchema = (): SchemaTree => {
  identity ??= compileTestSchema({}, IDENTITY_MODULES);
  return identity;
};

/** The lt and lt2 modules (cached). */
export const ltSchema = (): SchemaTree => {
  inline ??= compileTestSchema({ 'lt.yang': LT_MODULE, 'lt2.yang': LT2_MODULE }, ['lt', 'lt2']);
  return inline;
};

/** The plain module alone (cached). */
export const plainSchema = (): SchemaTree => {
  plain ??= compileTestSchema({ 'plain.yang': PLAIN_MODULE }, ['plain']);
  return plain;
};
