/**
 * @module data/validation/validate.test-support
 * Test support: runs both validators and asserts that they agree — `validateChange(before, after,
 * diffTrees(before, after))` reports exactly what `validateTree(after)` reports whenever `before`
 * is valid — and an inline test module exercising every kind of constraint.
 */
import assert from 'node:assert/strict';
import type { ManagementError } from '../../errors/index.ts';
import { diffTrees } from '../diff/diff-trees.ts';
import type { DataTree } from '../instance/instance-node.ts';
import { validateChange } from './validate-change.ts';
import { validateTree } from './validate-tree.ts';
import type { ValidationOptions } from './validator.ts';

/** One line per error: code, app-tag, path and message, sorted. */
export const errorLines = (errors: readonly ManagementError[]): string[] =>
  errors.map((error) => `${error.code} ${error.appTag ?? '-'} ${error.path ?? '-'} ${error.message}`).sort();

/**
 * Validates `after` fully and, for every valid tree in `befores`, incrementally from it;
 * asserts that the incremental runs report the same errors. Returns the full run's errors.
 */
export const validateBoth = (
  after: DataTree,
  befores: readonly DataTree[],
  options: ValidationOptions = {},
): ManagementError[] => {
  const full = validateTree(after, options);
  const expected = errorLines(full);
  for (const before of befores) {
    if (validateTree(before, options).length > 0) continue;
    const incremental = validateChange(before, after, diffTrees(before, after), options);
    assert.deepEqual(errorLines(incremental), expected, 'validateChange agrees with validateTree');
  }
  return full;
};

/** A module with one constraint of each kind. */
export const CONSTRAINTS_MODULE = `module v {
  yang-version 1.1;
  namespace "urn:v";
  prefix v;
  identity base-id;
  identity a { base base-id; }
  identity b { base a; }
  identity other { base base-id; }
  container top {
    must "not(items/item[label = 'forbidden'])" { error-message "no forbidden label"; }
    leaf limit { type uint8 { range "1..10"; } default 5; }
    leaf name { type string { pattern '[a-z]+'; length "1..8"; } }
    leaf mode { type enumeration { enum fast; enum slow; } default fast; }
    leaf ref { type leafref { path "../items/item/id"; } }
    leaf loose { type leafref { path "../items/item/id"; require-instance false; } }
    leaf kind { type identityref { base base-id; } }
    container np {
      when "../mode = 'fast'";
      must "../name" { error-app-tag "name-needed"; }
      leaf d { type uint8; default 7; }
    }
    container items {
      list item {
        key id;
        unique "label";
        max-elements 3;
        leaf id { type string; }
        leaf label { type string; }
        leaf size {
          type uint8;
          must ". <= ../../../limit" { error-message "too big"; error-app-tag "size-limit"; }
        }
        leaf-list tags { type string; max-elements 2; }
      }
    }
    container pres {
      presence "enables";
      leaf req { type string; mandatory true; }
      choice how {
        mandatory true;
        case one { leaf x { type string; } }
        case two { leaf y { type string; } }
      }
    }
    container extra {
      when "derived-from-or-self(../kind, 'v:a')";
      presence "p";
      leaf z { type string; }
    }
    leaf slowness { when "../mode = 'slow'"; type uint8; }
    choice ch {
      default c1;
      case c1 { leaf c1a { type uint8; default 3; must ". > 1"; } }
      case c2 { leaf c2a { type string; } leaf-list c2l { type uint8; min-elements 1; } }
    }
    leaf iid { type instance-identifier; }
    leaf state { type string; config false; }
    list users {
      key "first last";
      leaf first { type string; }
      leaf last { type string; }
      leaf group { type leafref { path "/v:groups/v:group/v:name"; } }
      leaf peer {
        type leafref { path "../../users[first = current()/../peer-first][last = current()/../peer-last]/first"; }
      }
      leaf peer-first { type string; }
      leaf peer-last { type string; }
    }
  }
  container groups {
    list group { key name; leaf name { type string; } leaf-list members { type string; } }
    leaf total { type uint32; must ". >= count(../group)"; }
  }
}`;

/** Deterministic random choices from a 32-bit seed (xorshift32), so that a failing case replays. */
export class SeededRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0 || 0x9e3779b9;
  }

  /** An integer in [0, bound). */
  below(bound: number): number {
    let x = this.#state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.#state = x >>> 0;
    return Math.floor((this.#state / 4294967296) * bound);
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)] as T;
  }
}
