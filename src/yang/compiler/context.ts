/**
 * @module yang/compiler/context
 * The state shared by the compiler's passes: per-module tables, lexical scopes for typedefs and
 * groupings, and the diagnostics list (collected, never thrown).
 * @see RFC 7950 §5.5, §6.2.1
 */
import type { LoadedModule } from '../loaded-module.ts';
import type { Diagnostic, DiagnosticSeverity, SourceLocation, Statement } from '../statement.ts';
import type { Identity } from '../type-spec.ts';

/** A module or submodule file with its own prefix table (submodules declare their own imports). */
export interface SourceFile {
  readonly statement: Statement;
  /** The module the file belongs to (the parent module for a submodule). */
  readonly moduleName: string;
  /** prefix → module name; the module's own prefix maps to itself. */
  readonly prefixes: Map<string, string>;
  /**
   * prefix (`''` for none) → the module when it is another revision than the set's main one of
   * its name (see {@link moduleContextOfPrefix}); absent when every prefix names a main revision.
   */
  readonly revisions?: ReadonlyMap<string, ModuleContext>;
  readonly yangVersion: string;
}

/** A typedef or grouping with the scope it was defined in. @see RFC 7950 §5.5 */
export interface ScopedDefinition {
  readonly statement: Statement;
  readonly scope: Scope;
}

/** A lexical scope: a module/submodule body or a node with nested typedefs and groupings. */
export interface Scope {
  readonly file: SourceFile;
  readonly parent: Scope | undefined;
  readonly typedefs: Map<string, ScopedDefinition>;
  readonly groupings: Map<string, ScopedDefinition>;
}

/** Everything the compiler knows about one module. */
export interface ModuleContext {
  readonly loaded: LoadedModule;
  readonly name: string;
  readonly files: readonly SourceFile[];
  /** The module-level scope of each file; module-level definitions of all files are shared. */
  readonly scopes: ReadonlyMap<SourceFile, Scope>;
  readonly typedefs: Map<string, ScopedDefinition>;
  readonly groupings: Map<string, ScopedDefinition>;
  readonly featureStatements: Map<string, { statement: Statement; file: SourceFile }>;
  readonly identityStatements: Map<string, { statement: Statement; file: SourceFile }>;
  readonly extensionNames: Set<string>;
  readonly features: Map<string, boolean>;
  readonly identities: Map<string, Identity>;
  /** Set when every feature is enabled regardless of `loaded.features`. */
  allFeatures?: boolean;
}

/** The compiler's shared state and diagnostic sink. */
export interface CompileContext {
  readonly modules: ReadonlyMap<string, ModuleContext>;
  readonly diagnostics: Diagnostic[];
  /** Compiled typedefs of this compilation. */
  readonly typedefCache: WeakMap<Statement, unknown>;
  /** Modules found to be needed (leafref targets) but not implemented; the compiler then retries. */
  readonly missingModules: Set<string>;
}

/** Records a diagnostic at a statement's location. */
export const report = (
  context: CompileContext,
  severity: DiagnosticSeverity,
  code: string,
  message: string,
  location: SourceLocation,
): void => {
  context.diagnostics.push({ severity, code, message, location });
};

/** The substatements with a given core keyword. */
export const subs = (statement: Statement, keyword: string): Statement[] =>
  statement.substatements.filter((sub) => sub.prefix === undefined && sub.keyword === keyword);

/** The first substatement with a given core keyword. */
export const sub = (statement: Statement, keyword: string): Statement | undefined =>
  statement.substatements.find((sub) => sub.prefix === undefined && sub.keyword === keyword);

/** The argument of the first substatement with a given core keyword. */
export const subArgument = (statement: Statement, keyword: string): string | undefined =>
  sub(statement, keyword)?.argument;

/** Splits `prefix:name` into its parts. @see RFC 7950 §6.4.1 */
export const splitQualifiedName = (text: string): { prefix: string | undefined; name: string } => {
  const colon = text.indexOf(':');
  return colon < 0 ? { prefix: undefined, name: text } : { prefix: text.slice(0, colon), name: text.slice(colon + 1) };
};

/** Resolves a prefix in a file's prefix table; undefined prefix means the file's own module. */
export const moduleOfPrefix = (file: SourceFile, prefix: string | undefined): string | undefined =>
  prefix === undefined ? file.moduleName : file.prefixes.get(prefix);

/**
 * The module whose definitions (typedefs, groupings, identities, features) a prefix of a file
 * refers to: the revision the file imports by `revision-date`, or that the file belongs to, when
 * the module set holds several revisions of the module; else the module of that name.
 * @see RFC 7950 §5.6.5
 */
export const moduleContextOfPrefix = (
  context: CompileContext,
  file: SourceFile,
  prefix: string | undefined,
): ModuleContext | undefined => {
  const revision = file.revisions?.get(prefix ?? '');
  if (revision !== undefined) return revision;
  const moduleName = moduleOfPrefix(file, prefix);
  return moduleName === undefined ? undefined : context.modules.get(moduleName);
};

const scopeCache = new WeakMap<Statement, Scope>();

/** The scope of a statement's body: a new scope when it defines typedefs or groupings. @see RFC 7950 §5.5 */
export const innerScope = (statement: Statement, scope: Scope): Scope => {
  const typedefStatements = subs(statement, 'typedef');
  const groupingStatements = subs(statement, 'grouping');
  if (typedefStatements.length === 0 && groupingStatements.length === 0) return scope;
  const cached = scopeCache.get(statement);
  if (cached !== undefined && cached.parent === scope) return cached;
  const inner: Scope = { file: scope.file, parent: scope, typedefs: new Map(), groupings: new Map() };
  for (const typedef of typedefStatements)
    inner.typedefs.set(typedef.argument ?? '', { statement: typedef, scope: inner });
  for (const grouping of groupingStatements) {
    inner.groupings.set(grouping.argument ?? '', { statement: grouping, scope: inner });
  }
  scopeCache.set(statement, inner);
  return inner;
};

/** Finds a typedef or grouping by (possibly prefixed) name from a scope. @see RFC 7950 §5.5 */
export const lookupDefinition = (
  context: CompileContext,
  scope: Scope,
  kind: 'typedefs' | 'groupings',
  qualifiedName: string,
): ScopedDefinition | undefined | 'unknown-prefix' => {
  const { prefix, name } = splitQualifiedName(qualifiedName);
  const moduleName = moduleOfPrefix(scope.file, prefix);
  if (moduleName === undefined) return 'unknown-prefix';
  if (moduleName === scope.file.moduleName) {
    for (let current: Scope | undefined = scope; current !== undefined; current = current.parent) {
      const found = current[kind].get(name);
      if (found !== undefined) return found;
    }
  }
  return moduleContextOfPrefix(context, scope.file, prefix)?.[kind].get(name);
};
