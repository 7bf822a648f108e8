/**
 * @module yang/library/implement-request
 * What the library is asked to implement: a module by name, a file named on the command line,
 * or a file of a directory whose modules are all implemented. @see RFC 8525 §3
 */
import type { ModuleCandidate } from './module-source.ts';

/**
 * A file to implement.
 * - `this-file`: the module this very file holds, whatever other revisions the search path offers
 *   (a file named on the command line, as yanglint takes it); a submodule is an error.
 * - `newest-revision`: the newest revision on the search path of the module the file holds; a
 *   submodule is skipped, since it comes in through the `include` of its module (the files of a
 *   `--yang-dir`).
 */
export interface ImplementFile {
  readonly file: ModuleCandidate;
  readonly use: 'this-file' | 'newest-revision';
}

/** A module to implement: `name` (its newest revision on the search path), `name@revision`, or a file. */
export type ImplementRequest = string | ImplementFile;
