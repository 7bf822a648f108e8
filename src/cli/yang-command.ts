/**
 * @module cli/yang-command
 * `idconf yang tree` prints RFC 8340 tree diagrams; `idconf yang check` prints diagnostics
 * (`file:line:column: severity: message`) and exits non-zero when any is an error.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { formatDiagnostic, loadSchema, printTree } from '../yang/index.ts';
import { repeatableOption } from './repeatable-option.ts';

/** The shipped models directory. */
export const MODELS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'models');

interface YangFlags {
  readonly yangDir: string[];
}

const load = (modules: readonly string[], flags: YangFlags) =>
  loadSchema({ searchDirs: [...flags.yangDir, ...(existsSync(MODELS_DIR) ? [MODELS_DIR] : [])], modules });

/** Adds `yang tree` and `yang check` to the program. */
export const addYangCommand = (program: Command): void => {
  const yang = program.command('yang').description('inspect YANG modules');
  yang
    .command('tree')
    .description('print RFC 8340 tree diagrams of modules (names or .yang files)')
    .argument('<modules...>')
    .addOption(repeatableOption('--yang-dir <dir>', 'extra module directory'))
    .action((modules: string[], flags: YangFlags) => {
      const result = load(modules, flags);
      for (const diagnostic of result.diagnostics) process.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
      if (result.schema === undefined) {
        process.exitCode = 1;
        return;
      }
      const names = result.moduleSet.modules.filter((module) => module.implemented).map((module) => module.name);
      process.stdout.write(printTree(result.schema, names));
    });
  yang
    .command('check')
    .description('compile modules (names or .yang files) and print every diagnostic')
    .argument('<modules...>')
    .addOption(repeatableOption('--yang-dir <dir>', 'extra module directory'))
    .action((modules: string[], flags: YangFlags) => {
      const result = load(modules, flags);
      for (const diagnostic of result.diagnostics) process.stdout.write(`${formatDiagnostic(diagnostic)}\n`);
      const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
      if (errors > 0 || result.schema === undefined) {
        process.stderr.write(`idconf: ${errors} error(s)\n`);
        process.exitCode = 1;
      }
    });
};
