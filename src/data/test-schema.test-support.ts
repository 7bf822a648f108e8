/**
 * @module data/test-schema.test-support
 * Test support: compiles inline YANG module texts, plus any module of `models/` and
 * `test/fixtures/yang/` they import, into a SchemaTree; throws on any compile error.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SchemaTree } from '../yang/index.ts';
import { compileSchema, formatDiagnostic, loadModulesFromTexts } from '../yang/index.ts';

const ROOT = join(import.meta.dirname, '../..');
const MODULE_DIRS = [join(ROOT, 'models'), join(ROOT, 'test/fixtures/yang')];

let diskModules: Readonly<Record<string, string>> | undefined;

const readDiskModules = (): Readonly<Record<string, string>> => {
  if (diskModules !== undefined) return diskModules;
  const texts: Record<string, string> = {};
  for (const dir of MODULE_DIRS) {
    for (const file of readdirSync(dir)) {
      if (file.endsWith('.yang')) texts[file] = readFileSync(join(dir, file), 'utf8');
    }
  }
  diskModules = texts;
  return texts;
};

const moduleNameOf = (text: string): string => {
  const match = /^\s*(?:module|submodule)\s+([A-Za-z_][\w.-]*)/m.exec(text);
  if (match?.[1] === undefined) throw new Error('inline text declares no module');
  return match[1];
};

/**
 * Compiles `texts` (inline modules, all implemented) and `implement` (names of modules from
 * `models/` or the YANG fixtures) into a schema; throws with every diagnostic on failure.
 */
export const testSchema = (texts: readonly string[], implement: readonly string[] = []): SchemaTree => {
  const inline: Record<string, string> = {};
  const names: string[] = [...implement];
  for (const text of texts) {
    const name = moduleNameOf(text);
    inline[`${name}.yang`] = text;
    names.push(name);
  }
  const set = loadModulesFromTexts({ ...readDiskModules(), ...inline }, names);
  const result = compileSchema(set);
  const errors = [...set.diagnostics, ...result.diagnostics].filter((d) => d.severity === 'error');
  if (result.schema === undefined || errors.length > 0) {
    throw new Error(`test schema does not compile:\n${errors.map(formatDiagnostic).join('\n')}`);
  }
  return result.schema;
};
