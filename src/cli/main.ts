/**
 * @module cli/main
 * The `idconf` command line.
 */
import { Command } from 'commander';
import { addDataCommand } from './data-command.ts';
import { addNacmCommand } from './nacm-command.ts';
import { addOfflineCommands } from './offline-commands.ts';
import { addServeCommand } from './serve-command.ts';
import { addYangCommand } from './yang-command.ts';

const program = new Command('idconf').description('idconf: management server of an identity service');
addServeCommand(program);
addYangCommand(program);
addDataCommand(program);
addOfflineCommands(program);
addNacmCommand(program);
await program.parseAsync(process.argv);
