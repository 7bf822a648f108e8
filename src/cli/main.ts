/**
 * @module cli/main
 * The `idconf` command line. Node's compile cache is switched on first (its directory in the
 * system's temporary directory, shared with the threads the server starts): the sources are
 * TypeScript, and without it every process and thread strips their types again at every start,
 * which costs start-up time and 20–40 MiB of memory per thread.
 * @see https://nodejs.org/api/module.html#module-compile-cache
 */
import { enableCompileCache } from 'node:module';

const cache = enableCompileCache();
// Worker threads read the setting from the environment when they start.
if (cache.directory !== undefined) process.env['NODE_COMPILE_CACHE'] ??= cache.directory;

// `idconf serve` reads its latest checkpoint on a thread while the rest of the server loads.
const { startEarlyCheckpointRead } = await import('./early-checkpoint-read.ts');
const checkpointPrefetch = startEarlyCheckpointRead(process.argv, process.env);

const { createProgram } = await import('./program.ts');

// A reader that goes away early (`idconf data convert … | head`) is no error of ours: stop
// writing and exit quietly, as a command killed by SIGPIPE would (Node ignores SIGPIPE).
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  });

await createProgram(checkpointPrefetch === undefined ? {} : { checkpointPrefetch }).parseAsync(process.argv);
