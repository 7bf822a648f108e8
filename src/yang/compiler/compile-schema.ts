/**
 * @module yang/compiler/compile-schema
 * The compiler's entry: ModuleSet → SchemaTree. Passes: module tables → features → identities
 * → data trees of implemented modules (uses expanded) → augments → deviations → config/status
 * → keys, indexes and node rules → leafrefs, status references and XPath → data templates (yang-data, structure).
 * Diagnostics are collected, never thrown.
 * @see RFC 7950 §7
 */
import type { LoadedModule, ModuleSet } from '../loaded-module.ts';
import type { NotificationNode, OperationNode, SchemaNode } from '../schema/schema-node.ts';
import type { CompiledModule, SchemaTree } from '../schema/schema-tree.ts';
import type { Diagnostic, Statement } from '../statement.ts';
import { applyAugments } from './augment.ts';
import { indexChildren, indexSubtree, inheritConfigAndStatus } from './config.ts';
import { type CompileContext, type ModuleContext, type Scope, type SourceFile, subArgument, subs } from './context.ts';
import { applyDeviations } from './deviation.ts';
import { resolveFeatures } from './feature.ts';
import { checkGrammar } from './grammar.ts';
import { resolveIdentities } from './identity.ts';
import { resolveLeafrefs } from './leafref.ts';
import { buildChildren, extensionsOf } from './node-builder.ts';
import { checkNode, resolveKeys } from './node-checks.ts';
import './uses.ts';
import { checkStatusReferences } from './status.ts';
import { checkXPath } from './xpath-check.ts';
import { compileYangData } from './yang-data.ts';

/** Options of {@link compileSchema}. */
export interface CompileSchemaOptions {
  /** Check must/when/leafref XPath against the schema (default true). */
  readonly checkXPath?: boolean;
  /**
   * Enable every feature of modules that become implemented only because an implemented module
   * augments, deviates or refers to them (yanglint's behaviour; default false: their
   * `LoadedModule.features` apply).
   */
  readonly enableFeaturesOfImplicitlyImplemented?: boolean;
}

/** The compiled tree (undefined when there are errors) and every diagnostic. */
export interface CompileSchemaResult {
  readonly schema: SchemaTree | undefined;
  readonly diagnostics: Diagnostic[];
}

const fileOf = (statement: Statement, moduleName: string, ownPrefix: string): SourceFile => {
  const prefixes = new Map<string, string>([[ownPrefix, moduleName]]);
  for (const imported of subs(statement, 'import')) {
    const prefix = subArgument(imported, 'prefix');
    if (prefix !== undefined && imported.argument !== undefined) prefixes.set(prefix, imported.argument);
  }
  return {
    statement,
    moduleName,
    prefixes,
    revisions: new Map(),
    yangVersion: subArgument(statement, 'yang-version') ?? '1',
  };
};

/**
 * The module contexts keyed by module name, for the main revision of each name (the implemented
 * one, else the newest in the set), and by `name@revision` for any other revision, which a module
 * imports by `revision-date`. Files using another revision get their `revisions` table filled.
 * @see RFC 7950 §5.6.5
 */
const moduleContextsOf = (set: ModuleSet): Map<string, ModuleContext> => {
  const contexts = set.modules.map(moduleContextOf);
  const main = new Map<string, ModuleContext>();
  for (const module of contexts) {
    const other = main.get(module.name);
    const newer = (module.loaded.revision ?? '') > (other?.loaded.revision ?? '');
    if (other === undefined || (!other.loaded.implemented && (module.loaded.implemented || newer)))
      main.set(module.name, module);
  }
  const keyOf = (module: ModuleContext): string =>
    main.get(module.name) === module ? module.name : `${module.name}@${module.loaded.revision ?? ''}`;
  const modules = new Map(contexts.map((module) => [keyOf(module), module]));
  for (const module of contexts) {
    const own = main.get(module.name) === module ? undefined : module;
    for (const file of module.files) {
      const revisions = file.revisions as Map<string, ModuleContext>;
      if (own !== undefined) {
        revisions.set('', own);
        for (const [prefix, name] of file.prefixes) if (name === module.name) revisions.set(prefix, own);
      }
      for (const imported of subs(file.statement, 'import')) {
        const prefix = subArgument(imported, 'prefix');
        const revision = subArgument(imported, 'revision-date');
        const target = modules.get(`${imported.argument ?? ''}@${revision ?? ''}`);
        if (prefix !== undefined && revision !== undefined && target !== undefined) revisions.set(prefix, target);
      }
    }
  }
  return modules;
};

/** True for the main revision of a module name (see {@link moduleContextsOf}). */
const isMain = (modules: ReadonlyMap<string, ModuleContext>, module: ModuleContext): boolean =>
  modules.get(module.name) === module;

const moduleContextOf = (loaded: LoadedModule): ModuleContext => {
  const main = fileOf(loaded.statement, loaded.name, loaded.prefix);
  const files = [main];
  for (const submodule of loaded.submodules) {
    const belongsTo = subs(submodule.statement, 'belongs-to')[0];
    files.push(
      fileOf(
        submodule.statement,
        loaded.name,
        subArgument(belongsTo ?? submodule.statement, 'prefix') ?? loaded.prefix,
      ),
    );
  }
  const module: ModuleContext = {
    loaded,
    name: loaded.name,
    files,
    scopes: new Map(),
    typedefs: new Map(),
    groupings: new Map(),
    featureStatements: new Map(),
    identityStatements: new Map(),
    extensionNames: new Set(),
    features: new Map(),
    identities: new Map(),
  };
  for (const file of files) {
    const scope: Scope = { file, parent: undefined, typedefs: module.typedefs, groupings: module.groupings };
    (module.scopes as Map<SourceFile, Scope>).set(file, scope);
    for (const typedef of subs(file.statement, 'typedef'))
      module.typedefs.set(typedef.argument ?? '', { statement: typedef, scope });
    for (const grouping of subs(file.statement, 'grouping'))
      module.groupings.set(grouping.argument ?? '', { statement: grouping, scope });
    for (const feature of subs(file.statement, 'feature'))
      module.featureStatements.set(feature.argument ?? '', { statement: feature, file });
    for (const identity of subs(file.statement, 'identity'))
      module.identityStatements.set(identity.argument ?? '', { statement: identity, file });
    for (const extension of subs(file.statement, 'extension')) module.extensionNames.add(extension.argument ?? '');
  }
  return module;
};

/** Prefixes of absolute paths in augment/deviation targets and leafref paths of a file. */
const referencedPrefixes = (statement: Statement, out: Set<string>): void => {
  for (const child of statement.substatements) {
    if (child.prefix !== undefined) continue;
    if (child.keyword === 'augment' || child.keyword === 'deviation' || child.keyword === 'path') {
      const text = child.argument ?? '';
      if (
        /^\s*\//.test(text) &&
        (child.keyword !== 'augment' || statement.keyword === 'module' || statement.keyword === 'submodule')
      ) {
        for (const match of text.matchAll(/([A-Za-z_][\w.-]*):[A-Za-z_]/g))
          if (match[1] !== undefined) out.add(match[1]);
      }
    }
    referencedPrefixes(child, out);
  }
};

/**
 * The implemented modules plus, as libyang does, every module whose tree they augment, deviate
 * or refer to by an absolute leafref path (those must be implemented for the references to exist).
 * @see RFC 7950 §5.6.5
 */
const implementedModules = (
  modules: ReadonlyMap<string, ModuleContext>,
  extra: ReadonlySet<string>,
): ModuleContext[] => {
  const result = new Set(
    [...modules.values()].filter(
      (module) => isMain(modules, module) && (module.loaded.implemented || extra.has(module.name)),
    ),
  );
  const queue = [...result];
  for (let module = queue.pop(); module !== undefined; module = queue.pop()) {
    for (const file of module.files) {
      const prefixes = new Set<string>();
      referencedPrefixes(file.statement, prefixes);
      for (const prefix of prefixes) {
        const target = modules.get(file.prefixes.get(prefix) ?? '');
        if (target !== undefined && !result.has(target)) {
          result.add(target);
          queue.push(target);
        }
      }
    }
  }
  return [...modules.values()].filter((module) => result.has(module));
};

/**
 * Compiles a module set into a schema tree. The tree is returned only when no diagnostic
 * (the module set's included) is an error.
 * @see RFC 7950 §7
 */
export const compileSchema = (set: ModuleSet, options: CompileSchemaOptions = {}): CompileSchemaResult => {
  // A leafref may need a module that nothing else made implemented (e.g. a typedef's path into
  // an imported module); libyang then implements it, so compile again with it implemented.
  const extra = new Set<string>();
  for (;;) {
    const { result, missing } = compileOnce(set, options, extra);
    const added = [...missing].filter((name) => !extra.has(name));
    if (added.length === 0) return result;
    for (const name of added) extra.add(name);
  }
};

const compileOnce = (
  set: ModuleSet,
  options: CompileSchemaOptions,
  extra: ReadonlySet<string>,
): { result: CompileSchemaResult; missing: ReadonlySet<string> } => {
  const modules = moduleContextsOf(set);
  const mainModules = [...modules.values()].filter((module) => isMain(modules, module));
  const context: CompileContext = {
    modules,
    diagnostics: [...set.diagnostics],
    typedefCache: new WeakMap(),
    missingModules: new Set(),
  };
  for (const module of modules.values()) for (const file of module.files) checkGrammar(context, file.statement);
  const implemented = implementedModules(modules, extra);
  if (options.enableFeaturesOfImplicitlyImplemented === true) {
    for (const module of implemented) if (!module.loaded.implemented) module.allFeatures = true;
  }
  resolveFeatures(context);
  resolveIdentities(context);

  let data: SchemaNode[] = [];
  let rpcs: OperationNode[] = [];
  let notifications: NotificationNode[] = [];
  for (const module of implemented) {
    for (const file of module.files) {
      const scope = module.scopes.get(file);
      if (scope === undefined) continue;
      for (const node of buildChildren(context, file.statement.substatements, undefined, {
        module: module.name,
        scope,
        whens: [],
        groupings: new Set(),
        topLevel: module,
      })) {
        if (node.kind === 'rpc' || node.kind === 'action') rpcs.push(node);
        else if (node.kind === 'notification') notifications.push(node);
        else data.push(node);
      }
    }
  }
  const roots = (): SchemaNode[] => [...data, ...rpcs, ...notifications];
  const augments = applyAugments(context, roots, implemented);
  applyDeviations(
    context,
    roots,
    (node) => {
      data = data.filter((other) => other !== node);
      rpcs = rpcs.filter((other) => other !== node);
      notifications = notifications.filter((other) => other !== node);
    },
    implemented,
  );

  const all = roots();
  const walk = (nodes: readonly SchemaNode[], visit: (node: SchemaNode) => void): void => {
    for (const node of nodes) {
      visit(node);
      if ('children' in node) walk(node.children, visit);
    }
  };
  walk(all, (node) => {
    if (node.kind === 'list') resolveKeys(context, node);
  });
  for (const node of all) inheritConfigAndStatus(context, node, true, 'current', false);
  const top = {
    children: all,
    childIndex: new Map<string, SchemaNode>(),
    dataChildIndex: new Map<string, SchemaNode>(),
  };
  indexChildren(context, top);
  for (const node of all) indexSubtree(context, node);
  walk(all, (node) => checkNode(context, node));

  const compiledModules = new Map<string, CompiledModule>();
  for (const module of mainModules) {
    const mainFile = module.files[0];
    if (mainFile === undefined) continue;
    compiledModules.set(module.name, {
      name: module.name,
      namespace: module.loaded.namespace,
      prefix: module.loaded.prefix,
      revision: module.loaded.revision,
      implemented: implemented.includes(module),
      prefixes: mainFile.prefixes,
      features: module.features,
      identities: module.identities,
      augments: augments.get(module.name) ?? [],
      extensions: extensionsOf(
        module.loaded.statement,
        module.scopes.get(mainFile) ?? { file: mainFile, parent: undefined, typedefs: new Map(), groupings: new Map() },
      ),
      statement: module.loaded.statement,
    });
  }
  const tree: Omit<SchemaTree, 'yangData'> = {
    children: data,
    dataChildIndex: top.dataChildIndex,
    rpcs,
    notifications,
    modules: compiledModules,
    modulesByNamespace: new Map([...compiledModules.values()].map((module) => [module.namespace, module])),
    identities: new Map(
      mainModules.flatMap((module) =>
        [...module.identities].map(([name, identity]) => [`${module.name}:${name}`, identity] as const),
      ),
    ),
  };
  const schema: SchemaTree = {
    ...tree,
    yangData: compileYangData(context, mainModules, tree, options.checkXPath !== false),
  };
  resolveLeafrefs(context, schema, all);
  checkStatusReferences(context, schema, implemented, all);
  if (options.checkXPath !== false) checkXPath(context, schema, all);
  const failed = context.diagnostics.some((diagnostic) => diagnostic.severity === 'error');
  return {
    result: { schema: failed ? undefined : schema, diagnostics: context.diagnostics },
    missing: context.missingModules,
  };
};
