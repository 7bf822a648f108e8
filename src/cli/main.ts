/**
 * @module cli/main
 * The `idconf` command line.
 */
import { createProgram } from './program.ts';

// A reader that goes away early (`idconf data convert … | head`) is no error of ours: stop
// writing and exit quietly, as a command killed by SIGPIPE would (Node ignores SIGPIPE).
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  });

await createProgram().parseAsync(process.argv);
