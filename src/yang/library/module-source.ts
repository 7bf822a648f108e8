/**
 * @module yang/library/module-source
 * Where the library looks for YANG files: an interface with a file-system and an in-memory implementation.
 */
import type { Diagnostic } from '../statement.ts';

/** A file that may hold the module or submodule being looked for. */
export interface ModuleCandidate {
  /** The path (or, in memory, the key) used in diagnostics and `LoadedModule.file`. */
  readonly file: string;
  /** The name this file is expected to hold (from its file name). */
  readonly expectedName: string;
  /** The revision the file name announces (`name@revision.yang`), if any. */
  readonly expectedRevision: string | undefined;
  /** Reads the source text; may throw an I/O error, which the library reports as a diagnostic. */
  readonly read: () => string;
}

/** A searchable collection of YANG files, in priority order. */
export interface ModuleSource {
  /** Every file that may hold a module or submodule named `name`, highest priority first. */
  readonly findCandidates: (name: string) => readonly ModuleCandidate[];
  /** Problems met while listing the files (e.g. a missing search directory). */
  readonly diagnostics: () => readonly Diagnostic[];
}
