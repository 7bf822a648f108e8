/**
 * @module yang/library/load-modules
 * The module library: finds the requested modules in a `ModuleSource`, follows `import` and `include`,
 * and returns a `ModuleSet` in dependency order (every module after the modules it imports), with
 * implemented vs import-only status, enabled features and deviation modules. @see RFC 8525 §3, RFC 7950 §5.6
 */

import type { LoadedModule, LoadedSubmodule, ModuleSet } from '../loaded-module.ts';
import { parseYang } from '../parser.ts';
import type { Diagnostic, DiagnosticSeverity, SourceLocation, Statement } from '../statement.ts';
import type { ImplementFile, ImplementRequest } from './implement-request.ts';
import type { ModuleHeader } from './module-header.ts';
import { readModuleHeader } from './module-header.ts';
import type { ModuleCandidate, ModuleSource } from './module-source.ts';

/** Choices for `loadModules`. */
export interface LoadModulesOptions {
  /**
   * Enabled features per implemented module (a list or `all`). Implemented modules not listed get `all`;
   * import-only modules never have features enabled. @see RFC 7950 §7.20.1, RFC 8525 §3
   */
  readonly features?: Readonly<Record<string, readonly string[] | 'all'>>;
}

/** The location given to problems with the caller's request itself (the `implement` list or `features`). */
export const REQUEST_LOCATION: SourceLocation = { file: '<request>', line: 1, column: 1 };

interface ParsedFile {
  readonly candidate: ModuleCandidate;
  readonly text: string;
  readonly statement: Statement;
  readonly header: ModuleHeader;
}

interface ModuleEntry {
  readonly parsed: ParsedFile;
  readonly submodules: readonly ParsedFile[];
  /** Per file of the module (itself and its submodules): import prefix → imported module. */
  readonly prefixes: Map<ParsedFile, Map<string, ModuleEntry>>;
  implemented: boolean;
  state: 'new' | 'visiting' | 'done';
}

/**
 * Finds, parses and links the modules to implement and everything they import. Only the requested
 * modules are implemented; the others are import-only. @see RFC 8525 §3, RFC 7950 §5.6.5
 */
export const loadModules = (
  source: ModuleSource,
  implement: readonly ImplementRequest[],
  options: LoadModulesOptions = {},
): ModuleSet => {
  const diagnostics: Diagnostic[] = [];
  const report = (
    code: string,
    message: string,
    location: SourceLocation,
    severity: DiagnosticSeverity = 'error',
  ): void => {
    diagnostics.push({ severity, code, message, location });
  };
  const parsedByFile = new Map<string, ParsedFile | undefined>();
  const entries = new Map<ParsedFile, ModuleEntry>();
  const implementedByName = new Map<string, ModuleEntry>();
  const order: ModuleEntry[] = [];
  const reportedDuplicates = new Set<string>();
  /** Files named to be implemented as they are: found before the source's files of the same name. */
  const pinned = new Map<string, ModuleCandidate[]>();
  const pinnedFiles = new Set(
    implement.flatMap((request) =>
      typeof request !== 'string' && request.use === 'this-file' ? [request.file.file] : [],
    ),
  );

  const parseCandidate = (candidate: ModuleCandidate): ParsedFile | undefined => {
    if (parsedByFile.has(candidate.file)) return parsedByFile.get(candidate.file);
    let parsed: ParsedFile | undefined;
    try {
      const text = candidate.read();
      const result = parseYang(text, candidate.file);
      diagnostics.push(...result.diagnostics);
      if (result.statement !== undefined) {
        const header = readModuleHeader(result.statement);
        parsed = { candidate, text, statement: result.statement, header };
        checkFileName(parsed);
      }
    } catch (error) {
      report('unreadable-file', `cannot read: ${error instanceof Error ? error.message : String(error)}`, {
        file: candidate.file,
        line: 1,
        column: 1,
      });
    }
    parsedByFile.set(candidate.file, parsed);
    return parsed;
  };

  /**
   * RFC 7950 §5.2: a file is named after the module it holds, with that module's newest revision.
   * A file named by the caller is not found by its name, so a wrong name is only a warning there.
   */
  const checkFileName = ({ candidate, header, statement }: ParsedFile): void => {
    if (header.name !== candidate.expectedName) {
      report(
        'file-name-mismatch',
        `file name announces "${candidate.expectedName}" but the file holds ${header.kind} "${header.name}"`,
        statement.location,
        pinnedFiles.has(candidate.file) ? 'warning' : 'error',
      );
    } else if (candidate.expectedRevision !== undefined && candidate.expectedRevision !== header.revision) {
      report(
        'file-revision-mismatch',
        `file name announces revision ${candidate.expectedRevision} but the newest revision is ${header.revision ?? 'absent'}`,
        statement.location,
        'warning',
      );
    }
  };

  /** The file holding `name` at `revision` (or its newest revision), and the revisions on offer. */
  const find = (name: string, revision: string | undefined): { found: ParsedFile | undefined; available: string[] } => {
    const byRevision = new Map<string, ParsedFile>();
    for (const candidate of [...(pinned.get(name) ?? []), ...source.findCandidates(name)]) {
      const file = parseCandidate(candidate);
      if (file === undefined || file.header.name !== name) continue;
      const key = file.header.revision ?? '';
      const first = byRevision.get(key);
      if (first === undefined) {
        byRevision.set(key, file);
      } else if (first.text !== file.text && !reportedDuplicates.has(file.candidate.file)) {
        reportedDuplicates.add(file.candidate.file);
        report(
          'duplicate-module',
          `${file.header.kind} "${name}"${key === '' ? '' : ` revision ${key}`} is also in ${first.candidate.file}, which is used`,
          file.statement.location,
          'warning',
        );
      }
    }
    const available = [...byRevision.keys()].sort();
    // Without a revision-date the newest one is used; a file without any revision counts as the oldest.
    const chosen = revision ?? available.at(-1);
    return { found: chosen === undefined ? undefined : byRevision.get(chosen), available };
  };

  const reportMissing = (
    kind: string,
    name: string,
    revision: string | undefined,
    available: string[],
    at: SourceLocation,
  ): void => {
    if (available.length === 0 || revision === undefined) {
      report(`${kind}-not-found`, `${kind} "${name}" not found in the search path`, at);
    } else {
      const offered = available.map((date) => (date === '' ? 'no revision' : date)).join(', ');
      report('revision-not-found', `${kind} "${name}" revision ${revision} not found (available: ${offered})`, at);
    }
  };

  const loadSubmodules = (module: ParsedFile): ParsedFile[] => {
    const loaded: ParsedFile[] = [];
    const walk = (file: ParsedFile, chain: readonly string[]): void => {
      for (const link of file.header.includes) {
        if (chain.includes(link.submodule)) {
          report('circular-include', `circular include: ${[...chain, link.submodule].join(' → ')}`, link.location);
          continue;
        }
        if (loaded.some((submodule) => submodule.header.name === link.submodule)) continue;
        const { found, available } = find(link.submodule, link.revisionDate);
        if (found === undefined) {
          reportMissing('submodule', link.submodule, link.revisionDate, available, link.location);
        } else if (found.header.kind !== 'submodule') {
          report('not-a-submodule', `"${link.submodule}" is a module and cannot be included`, link.location);
        } else if (found.header.belongsTo?.module !== module.header.name) {
          report(
            'wrong-belongs-to',
            `submodule "${link.submodule}" belongs to "${found.header.belongsTo?.module ?? ''}", not to "${module.header.name}"`,
            found.header.belongsTo?.location ?? found.statement.location,
          );
        } else {
          loaded.push(found);
          walk(found, [...chain, link.submodule]);
        }
      }
    };
    walk(module, [module.header.name]);
    return loaded;
  };

  const entryFor = (parsed: ParsedFile): ModuleEntry => {
    const known = entries.get(parsed);
    if (known !== undefined) return known;
    const { header, statement } = parsed;
    if (header.namespace === undefined)
      report('missing-namespace', `module "${header.name}" has no namespace`, statement.location);
    if (header.prefix === undefined)
      report('missing-prefix', `module "${header.name}" has no prefix`, statement.location);
    const entry: ModuleEntry = {
      parsed,
      submodules: loadSubmodules(parsed),
      prefixes: new Map(),
      implemented: false,
      state: 'new',
    };
    entries.set(parsed, entry);
    return entry;
  };

  const lookupModule = (name: string, revision: string | undefined, at: SourceLocation): ModuleEntry | undefined => {
    // RFC 7950 §5.6.5: an import without revision-date uses the implemented revision when there is one.
    const implemented = revision === undefined ? implementedByName.get(name) : undefined;
    if (implemented !== undefined) return implemented;
    const { found, available } = find(name, revision);
    if (found === undefined) {
      reportMissing('module', name, revision, available, at);
      return undefined;
    }
    if (found.header.kind !== 'module') {
      report('not-a-module', `"${name}" is a submodule and cannot be imported or implemented`, at);
      return undefined;
    }
    return entryFor(found);
  };

  const path: string[] = [];
  const visit = (entry: ModuleEntry): void => {
    if (entry.state !== 'new') return;
    entry.state = 'visiting';
    path.push(entry.parsed.header.name);
    for (const file of [entry.parsed, ...entry.submodules]) {
      const prefixes = new Map<string, ModuleEntry>();
      entry.prefixes.set(file, prefixes);
      for (const link of file.header.imports) {
        const target = lookupModule(link.module, link.revisionDate, link.location);
        if (target === undefined) continue;
        if (link.prefix !== undefined) prefixes.set(link.prefix, target);
        if (target.state === 'visiting') {
          report('circular-import', `circular import: ${[...path, link.module].join(' → ')}`, link.location);
        } else {
          visit(target);
        }
      }
    }
    path.pop();
    entry.state = 'done';
    order.push(entry);
  };

  const implementByName = (name: string, revision: string | undefined): void => {
    const already = implementedByName.get(name);
    if (already !== undefined) {
      if (revision !== undefined && revision !== already.parsed.header.revision) {
        report('duplicate-module', `cannot implement two revisions of module "${name}"`, REQUEST_LOCATION);
      }
      return;
    }
    const entry = lookupModule(name, revision, REQUEST_LOCATION);
    if (entry === undefined) return;
    entry.implemented = true;
    implementedByName.set(name, entry);
  };

  const implementFile = (request: ImplementFile, parsed: ParsedFile): void => {
    const { header, statement, candidate } = parsed;
    if (header.kind === 'submodule') {
      if (request.use === 'this-file') {
        const fileName = candidate.file.slice(candidate.file.lastIndexOf('/') + 1);
        report('not-a-module', `${fileName} is a submodule; name the module that includes it`, statement.location);
      }
      return;
    }
    if (request.use === 'newest-revision') {
      // A misnamed file cannot be found by its module's name; its file-name-mismatch says why.
      if (header.name !== candidate.expectedName) return;
      implementByName(header.name, undefined);
      const chosen = implementedByName.get(header.name)?.parsed;
      if (chosen !== undefined && chosen.header.revision !== header.revision) {
        report(
          'revision-not-implemented',
          `module "${header.name}" revision ${header.revision ?? '(none)'} is not implemented: revision ${chosen.header.revision ?? '(none)'} in ${chosen.candidate.file} is; this one stays available to imports by revision-date`,
          statement.location,
          'warning',
        );
      }
      return;
    }
    const already = implementedByName.get(header.name);
    if (already === undefined) {
      const entry = entryFor(parsed);
      entry.implemented = true;
      implementedByName.set(header.name, entry);
    } else if (already.parsed !== parsed) {
      report('duplicate-module', `cannot implement two revisions of module "${header.name}"`, statement.location);
    }
  };

  // Files named as they are are found first, so that they win over other files of the same module;
  // the files of a directory come last, so that a module named otherwise wins over them.
  const parsedFiles = new Map<ImplementFile, ParsedFile | undefined>();
  for (const request of implement) {
    if (typeof request === 'string') continue;
    const parsed = parseCandidate(request.file);
    parsedFiles.set(request, parsed);
    if (parsed === undefined || request.use !== 'this-file' || parsed.header.kind !== 'module') continue;
    pinned.set(parsed.header.name, [...(pinned.get(parsed.header.name) ?? []), request.file]);
  }
  for (const request of implement) {
    if (typeof request === 'string') {
      const [name = '', revision] = request.split('@');
      implementByName(name, revision);
      continue;
    }
    const parsed = parsedFiles.get(request);
    if (parsed !== undefined && request.use === 'this-file') implementFile(request, parsed);
  }
  for (const [request, parsed] of parsedFiles) {
    if (parsed !== undefined && request.use === 'newest-revision') implementFile(request, parsed);
  }
  for (const entry of implementedByName.values()) visit(entry);

  const deviatedBy = findDeviations(order);
  const features = options.features ?? {};
  for (const name of Object.keys(features)) {
    if (!implementedByName.has(name)) {
      report(
        'unknown-module',
        `features are given for "${name}", which is not an implemented module`,
        REQUEST_LOCATION,
        'warning',
      );
    }
  }

  const modules = order.map((entry): LoadedModule => {
    const { header, statement, candidate, text } = entry.parsed;
    const enabled = entry.implemented ? (features[header.name] ?? 'all') : [];
    if (enabled !== 'all') {
      const defined = new Set([entry.parsed, ...entry.submodules].flatMap((file) => file.header.features));
      for (const feature of enabled.filter((name) => !defined.has(name))) {
        report('unknown-feature', `feature "${feature}" is not defined in module "${header.name}"`, statement.location);
      }
    }
    return {
      name: header.name,
      revision: header.revision,
      namespace: header.namespace ?? '',
      prefix: header.prefix ?? '',
      statement,
      submodules: entry.submodules.map(
        (submodule): LoadedSubmodule => ({
          name: submodule.header.name,
          revision: submodule.header.revision,
          statement: submodule.statement,
          file: submodule.candidate.file,
          text: submodule.text,
        }),
      ),
      file: candidate.file,
      text,
      implemented: entry.implemented,
      features: enabled,
      deviatedBy: deviatedBy.get(entry) ?? [],
    };
  });
  return { modules, diagnostics: [...source.diagnostics(), ...diagnostics] };
};

/** The first prefix of a schema-nodeid (`/pfx:a/pfx:b`). @see RFC 7950 §6.5 */
const FIRST_PREFIX = /^\s*\/\s*([A-Za-z_][A-Za-z0-9_.-]*):/;

/**
 * Maps each module to the implemented modules whose `deviation` statements target it.
 * Only implemented modules' deviations apply. @see RFC 7950 §5.6.3, §7.20.3
 */
const findDeviations = (order: readonly ModuleEntry[]): Map<ModuleEntry, string[]> => {
  const result = new Map<ModuleEntry, string[]>();
  for (const entry of order.filter((candidate) => candidate.implemented)) {
    for (const file of [entry.parsed, ...entry.submodules]) {
      for (const deviation of file.header.deviations) {
        const prefix = FIRST_PREFIX.exec(deviation.target)?.[1];
        const target = prefix === undefined ? undefined : entry.prefixes.get(file)?.get(prefix);
        if (target === undefined || target === entry) continue;
        const list = result.get(target) ?? [];
        if (!list.includes(entry.parsed.header.name)) list.push(entry.parsed.header.name);
        result.set(target, list);
      }
    }
  }
  return result;
};
