/**
 * @module cli/program
 * The `idconf` command line as a commander program: every command, `--version`, and the exit
 * codes — 0 for success (and `--help`, `--version`), 1 when a command fails, 2 for a usage
 * error (unknown option, missing or invalid argument), which is printed on one line.
 */
import { Command } from 'commander';
import type { CheckpointPrefetch } from '../datastore/index.ts';
import { addDataCommand } from './data-command.ts';
import { addNacmCommand } from './nacm-command.ts';
import { addOfflineCommands } from './offline-commands.ts';
import { addServeCommand } from './serve-command.ts';
import { addStoreCommand } from './store-command.ts';
import { IDCONF_VERSION } from './version.ts';
import { addWatchCommand } from './watch-command.ts';
import { addYangCommand } from './yang-command.ts';

/** The exit code of a usage error, as for most Unix commands. */
export const USAGE_EXIT_CODE = 2;

/** What the command line may have started before it built the program. */
export interface ProgramContext {
  /** The early read of `serve`'s latest checkpoint (`early-checkpoint-read.ts`). */
  readonly checkpointPrefetch?: CheckpointPrefetch;
}

/** Builds the program; `parseAsync(process.argv)` runs it. */
export const createProgram = (context: ProgramContext = {}): Command => {
  // Set before the commands are added: each subcommand copies these settings when created.
  const program = new Command('idconf')
    .description('idconf: management server of an identity service')
    .version(IDCONF_VERSION, '-V, --version', 'print the version')
    .configureOutput({ outputError: (text, write) => write(`idconf: ${text}`) })
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : USAGE_EXIT_CODE));
  addServeCommand(program, context.checkpointPrefetch);
  addYangCommand(program);
  addDataCommand(program);
  addOfflineCommands(program);
  addNacmCommand(program);
  addWatchCommand(program);
  addStoreCommand(program);
  return program;
};
