/**
 * @module yang/library/directory-module-source
 * A `ModuleSource` over search directories (the shipped `models/` and each `--yang-dir`), like yanglint's `-p`.
 */
import type { Diagnostic } from '../statement.ts';
import { listModuleFiles } from './list-module-files.ts';
import type { ModuleCandidate, ModuleSource } from './module-source.ts';

/** How directories are searched. */
export interface DirectoryModuleSourceOptions {
  /** Also search subdirectories, as libyang does with its search directories (default false: each directory's own files only). */
  readonly recursive?: boolean;
}

/**
 * Lists the `*.yang` files of the directories once, on first use; earlier directories take priority.
 * @see RFC 7950 §5.2 (file naming)
 */
export const createDirectoryModuleSource = (
  directories: readonly string[],
  options: DirectoryModuleSourceOptions = {},
): ModuleSource => {
  let index: Map<string, ModuleCandidate[]> | undefined;
  const diagnostics: Diagnostic[] = [];
  const build = (): Map<string, ModuleCandidate[]> => {
    const byName = new Map<string, ModuleCandidate[]>();
    for (const directory of directories) {
      const { candidates, problem } = listModuleFiles(directory, options.recursive ?? false);
      if (problem !== undefined) {
        diagnostics.push({
          severity: 'warning',
          code: 'unreadable-directory',
          message: `cannot list YANG search directory: ${problem}`,
          location: { file: directory, line: 1, column: 1 },
        });
      }
      for (const candidate of candidates) {
        const list = byName.get(candidate.expectedName);
        if (list === undefined) byName.set(candidate.expectedName, [candidate]);
        else list.push(candidate);
      }
    }
    return byName;
  };
  return {
    findCandidates: (name) => {
      index ??= build();
      return index.get(name) ?? [];
    },
    diagnostics: () => {
      index ??= build();
      return diagnostics;
    },
  };
};
