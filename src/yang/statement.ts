/**
 * @module yang/statement
 * The syntax stage: a YANG module as a generic tree of statements, exactly as written.
 * Nothing is resolved here (no uses, typedefs or augments); the compiler does that.
 * @see RFC 7950 §6.3, §14
 */

/** Where a statement or diagnostic starts in a source file (1-based line and column). */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/**
 * One YANG statement: `keyword [argument] (";" | "{" substatements "}")`.
 * An extension statement keeps its prefix (`prefix:keyword`); core keywords have none.
 */
export interface Statement {
  /** The keyword without prefix, e.g. `leaf`, or the extension's name. */
  readonly keyword: string;
  /** The prefix of an extension keyword (`md` in `md:annotation`); undefined for core keywords. */
  readonly prefix: string | undefined;
  /** The argument after quoting, escapes and `+` concatenation are resolved; undefined when absent. */
  readonly argument: string | undefined;
  readonly substatements: readonly Statement[];
  readonly location: SourceLocation;
}

/** How bad a load-time diagnostic is. */
export type DiagnosticSeverity = 'error' | 'warning';

/** A load-time problem (lexing, parsing, compiling), with its place in the source. */
export interface Diagnostic {
  readonly severity: DiagnosticSeverity;
  /** A stable kebab-case identifier of the rule, e.g. `duplicate-identifier`. */
  readonly code: string;
  readonly message: string;
  readonly location: SourceLocation;
}

/** Formats a diagnostic as `file:line:column: severity: message`. */
export const formatDiagnostic = (diagnostic: Diagnostic): string =>
  `${diagnostic.location.file}:${diagnostic.location.line}:${diagnostic.location.column}: ${diagnostic.severity}: ${diagnostic.message}`;

/** Thrown at the end of a load when any diagnostic has severity `error`. */
export class SchemaLoadError extends Error {
  readonly diagnostics: readonly Diagnostic[];
  constructor(diagnostics: readonly Diagnostic[]) {
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    super(`${errors.length} error(s) loading YANG modules:\n${errors.map(formatDiagnostic).join('\n')}`);
    this.name = 'SchemaLoadError';
    this.diagnostics = diagnostics;
  }
}
