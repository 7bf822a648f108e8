/**
 * @module restconf/test-schema.test-support
 * Test support: compiles modules of `models/` and `test/fixtures/yang/` by name, plus inline
 * module texts, into one SchemaTree; throws with every diagnostic when it does not compile.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SchemaTree } from '../yang/index.ts';
import { compileSchema, formatDiagnostic, loadModulesFromTexts } from '../yang/index.ts';

const ROOT = join(import.meta.dirname, '../..');

const diskModules = (): Record<string, string> => {
  const texts: Record<string, string> = {};
  for (const dir of [join(ROOT, 'models'), join(ROOT, 'test/fixtures/yang')]) {
    for (const file of readdirSync(dir))
      if (file.endsWith('.yang')) texts[file] = readFileSync(join(dir, file), 'utf8');
  }
  return texts;
};

/** Compiles `implement` (module names on disk) and the inline `texts` (each implemented). */
export const restconfTestSchema = (implement: readonly string[], texts: readonly string[] = []): SchemaTree => {
  const inline: Record<string, string> = {};
  const names = [...implement];
  for (const text of texts) {
    const name = /^\s*module\s+([A-Za-z_][\w.-]*)/m.exec(text)?.[1];
    if (name === undefined) throw new Error('an inline text declares no module');
    inline[`${name}.yang`] = text;
    names.push(name);
  }
  const set = loadModulesFromTexts({ ...diskModules(), ...inline }, names);
  const result = compileSchema(set);
  const errors = [...set.diagnostics, ...result.diagnostics].filter((d) => d.severity === 'error');
  if (result.schema === undefined || errors.length > 0) {
    throw new Error(`the test schema does not compile:\n${errors.map(formatDiagnostic).join('\n')}`);
  }
  return result.schema;
};
