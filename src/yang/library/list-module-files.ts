/**
 * @module yang/library/list-module-files
 * The YANG files of one directory (`name.yang`, `name@revision.yang`), as module candidates:
 * what a search directory offers and what `--yang-dir` implements. @see RFC 7950 §5.2
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseModuleFileName } from './module-file-name.ts';
import type { ModuleCandidate } from './module-source.ts';

/** The files found, sorted by path, or why the directory cannot be listed. */
export interface ModuleFiles {
  readonly candidates: readonly ModuleCandidate[];
  readonly problem: string | undefined;
}

/**
 * A file of the file system as a module candidate, expected to hold what its name announces (a
 * name outside the convention announces itself, less any `.yang`).
 */
export const fileCandidate = (file: string): ModuleCandidate => {
  const fileName = file.slice(file.lastIndexOf('/') + 1);
  const parsed = parseModuleFileName(fileName);
  return {
    file,
    expectedName: parsed?.name ?? fileName.replace(/\.yang$/, ''),
    expectedRevision: parsed?.revision,
    read: () => readFileSync(file, 'utf8'),
  };
};

/** Lists the YANG files of `directory` (and of its subdirectories when `recursive`); never throws. */
export const listModuleFiles = (directory: string, recursive: boolean): ModuleFiles => {
  let files: string[];
  try {
    files = readdirSync(directory, { withFileTypes: true, recursive })
      .filter((entry) => entry.isFile() || entry.isSymbolicLink())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
  } catch (error) {
    return { candidates: [], problem: error instanceof Error ? error.message : String(error) };
  }
  const candidates = files
    .filter((file) => parseModuleFileName(file.slice(file.lastIndexOf('/') + 1)) !== undefined)
    .map(fileCandidate);
  return { candidates, problem: undefined };
};
