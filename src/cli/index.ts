/**
 * @module cli
 * The `idconf` command (entry point: main.ts). May import: everything.
 */
export { addServeCommand } from './serve-command.ts';
