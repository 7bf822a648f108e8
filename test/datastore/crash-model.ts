/**
 * @module test/datastore/crash-model
 * The model of the crash test: a counter and a list whose content after commit N is known.
 */

import type { DataTree } from '../../src/data/index.ts';
import { decodeJson, encodeJsonString } from '../../src/data/index.ts';
import type { SchemaTree } from '../../src/yang/index.ts';
import { testSchema } from '../support/test-schema.ts';

const MODULE = `
module crash {
  yang-version 1.1;
  namespace "urn:test:crash";
  prefix c;
  container log {
    leaf counter { type uint32; }
    list entry {
      key name;
      leaf name { type string; }
      leaf payload { type string; }
      must "number(substring(name, 2)) <= ../counter";
    }
  }
}`;

export const crashSchema = (): SchemaTree => testSchema([MODULE]);

/** What a tree holds: the counter and the number of entries. */
export const stateOf = (root: DataTree): { readonly counter: number; readonly entries: number } => {
  const json = JSON.parse(encodeJsonString(root, root.schema)) as {
    readonly 'crash:log'?: { readonly counter?: number; readonly entry?: readonly unknown[] };
  };
  return { counter: json['crash:log']?.counter ?? 0, entries: json['crash:log']?.entry?.length ?? 0 };
};

/** The tree after commit `n`, from the tree after commit n - 1: counter n, one more entry (with some bulk). */
export const withCommit = (root: DataTree, n: number): DataTree => {
  const json = JSON.parse(encodeJsonString(root, root.schema)) as Record<string, { entry?: unknown[] }>;
  const log = json['crash:log'] ?? {};
  const entry = [...(log.entry ?? []), { name: `e${n}`, payload: 'x'.repeat(200) }];
  return decodeJson(root.schema, { 'crash:log': { ...log, counter: n, entry } }, { schema: root.schema, config: true });
};
