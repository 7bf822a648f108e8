/**
 * @module yang/library/module-directory-requests
 * A directory whose modules are all implemented (`idconf serve --yang-dir`): each file of the
 * directory itself becomes a request for its module's newest revision; submodules are skipped by
 * the library, since they come in through `include`. @see RFC 8525 §3, RFC 7950 §5.6.5
 */
import type { Diagnostic } from '../statement.ts';
import type { ImplementFile } from './implement-request.ts';
import { listModuleFiles } from './list-module-files.ts';

/**
 * The requests to implement the modules of `directory` (not of its subdirectories), less the
 * `importOnly` names. A directory that cannot be listed is an error: its modules were asked for.
 */
export const moduleDirectoryRequests = (
  directory: string,
  importOnly: ReadonlySet<string> = new Set(),
): { readonly requests: readonly ImplementFile[]; readonly diagnostics: readonly Diagnostic[] } => {
  const { candidates, problem } = listModuleFiles(directory, false);
  return {
    requests: candidates
      .filter((file) => !importOnly.has(file.expectedName))
      .map((file) => ({ file, use: 'newest-revision' as const })),
    diagnostics:
      problem === undefined
        ? []
        : [
            {
              severity: 'error',
              code: 'unreadable-directory',
              message: `cannot list YANG module directory: ${problem}`,
              location: { file: directory, line: 1, column: 1 },
            },
          ],
  };
};
