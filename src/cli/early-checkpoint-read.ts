/**
 * @module cli/early-checkpoint-read
 * Before the command line loads the rest of the server, `idconf serve` starts reading the latest
 * checkpoint of its data directory's journal on a thread of its own (`CheckpointPrefetch`), so
 * that the read overlaps module loading and the YANG schema's compilation. The data directory is
 * read from the arguments as `serve` will parse them (`--data-dir DIR`, `--data-dir=DIR`, else
 * `IDCONF_DATA_DIR`, else the default); the journal store checks that the file and the
 * checkpoint are its own before it takes what was read, so a guess that differs from what
 * commander parses costs only the read. Not started for a shared store (`--store`, `IDCONF_STORE`)
 * or for help.
 */
import { join } from 'node:path';
import { CheckpointPrefetch, JOURNAL_FILE_NAME } from '../datastore/index.ts';

/** The server's default data directory (as `server/server-options.ts` has it). */
export const EARLY_DEFAULT_DATA_DIR = './var/idconf';

/** The data directory `idconf serve ARGS` will use, or undefined when it will use none of its own. */
export const serveDataDir = (args: readonly string[], env: NodeJS.ProcessEnv): string | undefined => {
  if (env.IDCONF_STORE !== undefined && env.IDCONF_STORE !== '') return undefined;
  let dataDir = env.IDCONF_DATA_DIR ?? EARLY_DEFAULT_DATA_DIR;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '--') break;
    if (arg === '--help' || arg === '-h' || arg === '--store' || arg.startsWith('--store=')) return undefined;
    if (arg === '--data-dir') {
      const value = args[index + 1];
      if (value === undefined) return undefined;
      dataDir = value;
      index++;
    } else if (arg.startsWith('--data-dir=')) dataDir = arg.slice('--data-dir='.length);
  }
  return dataDir;
};

/** Starts the early read for a command line `argv` (as `process.argv`), when it is `serve`. */
export const startEarlyCheckpointRead = (
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): CheckpointPrefetch | undefined => {
  if (argv[2] !== 'serve') return undefined;
  const dataDir = serveDataDir(argv.slice(3), env);
  return dataDir === undefined ? undefined : CheckpointPrefetch.start(join(dataDir, JOURNAL_FILE_NAME));
};
