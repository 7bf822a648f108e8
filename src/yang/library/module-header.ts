/**
 * @module yang/library/module-header
 * The linkage statements of a module or submodule (name, revision, namespace, prefix, import, include,
 * belongs-to, feature, deviation): what the library needs to find and connect files, read straight off
 * the statement tree. @see RFC 7950 §7.1, §7.2
 */
import type { SourceLocation, Statement } from '../statement.ts';

/** One `import` statement. @see RFC 7950 §7.1.5 */
export interface ImportLink {
  readonly module: string;
  readonly prefix: string | undefined;
  readonly revisionDate: string | undefined;
  readonly location: SourceLocation;
}

/** One `include` statement. @see RFC 7950 §7.1.6 */
export interface IncludeLink {
  readonly submodule: string;
  readonly revisionDate: string | undefined;
  readonly location: SourceLocation;
}

/** The linkage of one module or submodule file. */
export interface ModuleHeader {
  readonly kind: 'module' | 'submodule';
  readonly name: string;
  /** The newest `revision` date, if any. @see RFC 7950 §7.1.9 */
  readonly revision: string | undefined;
  readonly namespace: string | undefined;
  /** The module's own prefix, or for a submodule the prefix in its `belongs-to`. */
  readonly prefix: string | undefined;
  readonly belongsTo: { readonly module: string; readonly location: SourceLocation } | undefined;
  readonly imports: readonly ImportLink[];
  readonly includes: readonly IncludeLink[];
  /** Names of the `feature` statements defined in this file. @see RFC 7950 §7.20.1 */
  readonly features: readonly string[];
  /** The `deviation` statements' target paths, with their locations. @see RFC 7950 §7.20.3 */
  readonly deviations: readonly { readonly target: string; readonly location: SourceLocation }[];
}

const core = (statement: Statement, keyword: string): Statement[] =>
  statement.substatements.filter((sub) => sub.keyword === keyword && sub.prefix === undefined);

const argumentOf = (statement: Statement, keyword: string): string | undefined => core(statement, keyword)[0]?.argument;

/** Reads the linkage of a `module` or `submodule` statement produced by the parser. */
export const readModuleHeader = (statement: Statement): ModuleHeader => {
  const belongsTo = core(statement, 'belongs-to')[0];
  const revisions = core(statement, 'revision')
    .map((revision) => revision.argument ?? '')
    .filter((date) => date !== '')
    .sort();
  return {
    kind: statement.keyword === 'submodule' ? 'submodule' : 'module',
    name: statement.argument ?? '',
    revision: revisions.at(-1),
    namespace: argumentOf(statement, 'namespace'),
    prefix: belongsTo === undefined ? argumentOf(statement, 'prefix') : argumentOf(belongsTo, 'prefix'),
    belongsTo: belongsTo === undefined ? undefined : { module: belongsTo.argument ?? '', location: belongsTo.location },
    imports: core(statement, 'import').map((link) => ({
      module: link.argument ?? '',
      prefix: argumentOf(link, 'prefix'),
      revisionDate: argumentOf(link, 'revision-date'),
      location: link.location,
    })),
    includes: core(statement, 'include').map((link) => ({
      submodule: link.argument ?? '',
      revisionDate: argumentOf(link, 'revision-date'),
      location: link.location,
    })),
    features: core(statement, 'feature').map((feature) => feature.argument ?? ''),
    deviations: core(statement, 'deviation').map((deviation) => ({
      target: deviation.argument ?? '',
      location: deviation.location,
    })),
  };
};
