/**
 * @module yang/library/directory-module-source
 * A `ModuleSource` over search directories (the shipped `models/` and each `--yang-dir`), like yanglint's `-p`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../statement.ts';
import { parseModuleFileName } from './module-file-name.ts';
import type { ModuleCandidate, ModuleSource } from './module-source.ts';

/** How directories are searched. */
export interface DirectoryModuleSourceOptions {
  /** Also search subdirectories (default false: each directory's own files only). */
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
      let files: string[];
      try {
        files = readdirSync(directory, { withFileTypes: true, recursive: options.recursive ?? false })
          .filter((entry) => entry.isFile() || entry.isSymbolicLink())
          .map((entry) => join(entry.parentPath, entry.name))
          .sort();
      } catch (error) {
        diagnostics.push({
          severity: 'warning',
          code: 'unreadable-directory',
          message: `cannot list YANG search directory: ${error instanceof Error ? error.message : String(error)}`,
          location: { file: directory, line: 1, column: 1 },
        });
        continue;
      }
      for (const file of files) {
        const parsed = parseModuleFileName(file.slice(file.lastIndexOf('/') + 1));
        if (parsed === undefined) continue;
        const candidate: ModuleCandidate = {
          file,
          expectedName: parsed.name,
          expectedRevision: parsed.revision,
          read: () => readFileSync(file, 'utf8'),
        };
        const list = byName.get(parsed.name);
        if (list === undefined) byName.set(parsed.name, [candidate]);
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
