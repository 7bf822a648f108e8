/**
 * @module yang/loaded-module
 * The hand-over between the module library and the compiler: parsed modules with their
 * submodules, source text and implementation status. @see RFC 8525 §3
 */
import type { Diagnostic, Statement } from './statement.ts';

/** A submodule as read from disk. */
export interface LoadedSubmodule {
  readonly name: string;
  readonly revision: string | undefined;
  readonly statement: Statement;
  readonly file: string;
  readonly text: string;
}

/** A module as read from disk, with everything the compiler and the YANG library need. */
export interface LoadedModule {
  readonly name: string;
  /** The newest `revision` statement's date, if any. */
  readonly revision: string | undefined;
  readonly namespace: string;
  readonly prefix: string;
  /** The `module` statement. */
  readonly statement: Statement;
  /** Every submodule the module includes, transitively. */
  readonly submodules: readonly LoadedSubmodule[];
  readonly file: string;
  /** The source text, served as the module's `schema` download. */
  readonly text: string;
  /** True when the server implements the module (its data nodes exist); false for import-only. */
  readonly implemented: boolean;
  /** The features enabled in this module: a list, or `all`. */
  readonly features: readonly string[] | 'all';
  /** Names of the modules whose deviations apply to this one. */
  readonly deviatedBy: readonly string[];
}

/** The result of loading a set of modules: every module reachable by import, and all diagnostics. */
export interface ModuleSet {
  readonly modules: readonly LoadedModule[];
  readonly diagnostics: readonly Diagnostic[];
}
