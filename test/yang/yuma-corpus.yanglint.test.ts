/**
 * @module test/yang/yuma-corpus.yanglint.test
 * Oracle test: our tree diagrams against `yanglint -f tree` (libyang 2.1) on the whole of
 * Debian's libyuma-base corpus (`/usr/share/yuma/modules`, and the NMDA revisions in
 * `/usr/share/yuma/nmda-modules` searched before it), read in place. Every module is drawn on
 * its own, then the whole corpus at once, under three feature settings that both tools are
 * given alike:
 * - yanglint's default, every feature of every implemented module (ours: `compileSchema`
 *   with `enableFeaturesOfImplicitlyImplemented`);
 * - idconf's default (`loadSchema`, as `idconf yang tree` and the server load modules): every
 *   feature of the modules asked for, none of the modules implemented only because those
 *   augment or deviate them (yanglint: `-F name:*` for each module asked for);
 * - no feature at all (yanglint: `-F name:`).
 * The diagrams must be identical but for trailing blanks; every difference is listed. The
 * modules yanglint cannot draw are the explained exceptions below (docs/yang.md, "Known
 * differences"). Skipped with a message when yanglint or the corpus is missing, failed under
 * CI=true.
 */
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { SchemaTree } from '../../src/yang/index.ts';
import {
  compileSchema,
  formatDiagnostic,
  loadModulesFromDirectories,
  loadSchema,
  parseYang,
  printTree,
} from '../../src/yang/index.ts';

const YUMA = '/usr/share/yuma/modules';
const YUMA_NMDA = '/usr/share/yuma/nmda-modules';

const missing = ((): string | undefined => {
  if (!existsSync(YUMA)) return `${YUMA} is absent (install libyuma-base)`;
  try {
    execFileSync('yanglint', ['--version'], { stdio: 'ignore' });
  } catch {
    return 'yanglint is not installed (install libyang2-tools)';
  }
  return undefined;
})();
const skip = missing !== undefined && process.env.CI !== 'true' ? missing : false;

/**
 * Modules that cannot be compared, and what we do with them instead. `compiles`: yanglint
 * fails, we must compile the module without errors (compared after all if yanglint draws it).
 * `rejects`: both must refuse it.
 */
const EXCEPTIONS: Readonly<Record<string, { readonly reason: string; readonly ours: 'compiles' | 'rejects' }>> = {
  'ietf-netconf': { reason: 'yanglint 2.1.30 crashes (SIGSEGV) drawing it', ours: 'compiles' },
  'ietf-netconf-with-defaults': { reason: 'yanglint 2.1.30 crashes (SIGSEGV) drawing it', ours: 'compiles' },
  'ietf-origin': { reason: 'yanglint 2.1.30 crashes (SIGSEGV) drawing it', ours: 'compiles' },
  'ietf-if-ethernet-like': {
    reason: 'invalid: it augments if:statistics under if:interface, which ietf-interfaces@2014-05-08 does not have',
    ours: 'rejects',
  },
};

/** A set of modules read in place, with the search path both tools get. */
interface Corpus {
  readonly name: string;
  /** The main modules (submodules are drawn through the module including them). */
  readonly modules: readonly { readonly name: string; readonly file: string }[];
  readonly searchDirs: readonly string[];
}

const yangFiles = (root: string): string[] =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.yang'))
    .sort()
    .map((file) => join(root, file));

const corpusOf = (name: string, root: string, after: readonly string[] = []): Corpus => {
  const files = yangFiles(root);
  const modules = files.flatMap((file) => {
    const { statement } = parseYang(readFileSync(file, 'utf8'), file);
    return statement?.keyword === 'module' ? [{ name: statement.argument ?? '', file }] : [];
  });
  const searchDirs = [...new Set([...files.map((file) => dirname(file)), ...after])];
  return { name, modules, searchDirs };
};

/** Our side: the diagram, or the errors. */
interface Drawn {
  readonly tree: string | undefined;
  readonly errors: readonly string[];
  /** The modules implemented at our request, in the module set's order. */
  readonly implemented: readonly { readonly name: string; readonly file: string }[];
}

/** A feature setting, given alike to both tools. */
interface Setting {
  readonly name: string;
  /** yanglint's `-F` options for the modules asked for. */
  readonly yanglint: (names: readonly string[]) => string[];
  readonly ours: (corpus: Corpus, files: readonly string[], names: readonly string[]) => Drawn;
}

const drawn = (
  schema: SchemaTree | undefined,
  diagnostics: readonly Parameters<typeof formatDiagnostic>[0][],
  modules: readonly { readonly name: string; readonly file: string; readonly implemented: boolean }[],
  names: readonly string[],
): Drawn => {
  const implemented = modules.filter((module) => module.implemented && names.includes(module.name));
  return {
    tree:
      schema === undefined
        ? undefined
        : printTree(
            schema,
            implemented.map((module) => module.name),
          ),
    errors: diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map(formatDiagnostic),
    implemented: implemented.map((module) => ({ name: module.name, file: module.file })),
  };
};

const SETTINGS: readonly Setting[] = [
  {
    name: "yanglint's default: every feature of every implemented module",
    yanglint: () => [],
    ours: (corpus, files, names) => {
      const dirs = [...new Set([...files.map((file) => dirname(file)), ...corpus.searchDirs])];
      const set = loadModulesFromDirectories(dirs, names);
      const { schema, diagnostics } = compileSchema(set, { enableFeaturesOfImplicitlyImplemented: true });
      return drawn(schema, diagnostics, set.modules, names);
    },
  },
  {
    name: "idconf's default: every feature of the modules asked for, none of the others",
    yanglint: (names) => names.flatMap((name) => ['-F', `${name}:*`]),
    ours: (corpus, files, names) => {
      const { schema, diagnostics, moduleSet } = loadSchema({ searchDirs: corpus.searchDirs, modules: files });
      return drawn(schema, diagnostics, moduleSet.modules, names);
    },
  },
  {
    name: 'no feature at all',
    yanglint: (names) => names.flatMap((name) => ['-F', `${name}:`]),
    ours: (corpus, files, names) => {
      const features = Object.fromEntries(names.map((name) => [name, []]));
      const { schema, diagnostics, moduleSet } = loadSchema({
        searchDirs: corpus.searchDirs,
        modules: files,
        features,
      });
      return drawn(schema, diagnostics, moduleSet.modules, names);
    },
  },
];

/** yanglint's verdict: the diagram, or why there is none. */
type Theirs = { readonly tree: string } | { readonly failure: string };

const MAX_RUNNING = Math.max(2, availableParallelism());
let running = 0;
const queue: (() => void)[] = [];

/** Runs yanglint (a few at a time); `-D`: the working directory is not searched. */
const yanglint = async (args: readonly string[]): Promise<Theirs> => {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => queue.push(resolve));
  running++;
  try {
    return await new Promise<Theirs>((resolve) => {
      execFile('yanglint', ['-D', ...args], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error === null) resolve({ tree: stdout });
        else resolve({ failure: error.signal ?? (stderr.trim().split('\n')[0] || `exit ${error.code}`) });
      });
    });
  } finally {
    running--;
    queue.shift()?.();
  }
};

const normalize = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();

/** The first line where two diagrams differ, with its neighbours. */
const firstDifference = (theirs: string, ours: string): string => {
  const a = theirs.split('\n');
  const b = ours.split('\n');
  let line = 0;
  while (line < Math.max(a.length, b.length) && a[line] === b[line]) line++;
  const around = (lines: readonly string[]): string =>
    lines
      .slice(Math.max(0, line - 2), line + 3)
      .map((text) => `      ${text}`)
      .join('\n');
  return `at line ${line + 1}\n    yanglint:\n${around(a)}\n    ours:\n${around(b)}`;
};

/** The verdict on one comparison: undefined when it holds, else what differs. */
const judge = (label: string, theirs: Theirs, ours: Drawn, names: readonly string[]): string | undefined => {
  const exceptions = names.flatMap((name) => {
    const exception = EXCEPTIONS[name];
    return exception === undefined ? [] : [{ name, ...exception }];
  });
  if ('failure' in theirs) {
    const exception = exceptions[0];
    if (exception === undefined) {
      return `${label}: yanglint fails (${theirs.failure}), we ${ours.tree === undefined ? 'fail too' : 'draw it'}`;
    }
    if (exception.ours === 'compiles' && ours.tree === undefined) {
      return `${label}: ${exception.reason}, and we reject it:\n    ${ours.errors.join('\n    ')}`;
    }
    if (exception.ours === 'rejects' && ours.tree !== undefined) return `${label}: ${exception.reason}, yet we draw it`;
    return undefined;
  }
  if (ours.tree === undefined) return `${label}: yanglint draws it, we reject it:\n    ${ours.errors.join('\n    ')}`;
  const a = normalize(theirs.tree);
  const b = normalize(ours.tree);
  return a === b ? undefined : `${label}: the diagrams differ ${firstDifference(a, b)}`;
};

/** One diagram to compare: a module alone, or a whole corpus. */
interface Job {
  readonly label: string;
  readonly corpus: Corpus;
  readonly modules: readonly { readonly name: string; readonly file: string }[];
}

const yieldToEvents = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Draws every job with both tools under one setting; returns the differences. */
const compare = async (setting: Setting, jobs: readonly Job[]): Promise<string[]> => {
  // Our module set decides the order yanglint gets the files in (see docs/yang.md).
  const ours: Drawn[] = [];
  const theirs: Promise<Theirs>[] = [];
  for (const job of jobs) {
    const files = job.modules.map((module) => module.file);
    const names = job.modules.map((module) => module.name);
    const drawnByUs = setting.ours(job.corpus, files, names);
    ours.push(drawnByUs);
    const ordered = drawnByUs.implemented.length === names.length ? drawnByUs.implemented : job.modules;
    theirs.push(
      yanglint([
        ...setting.yanglint(names),
        '-f',
        'tree',
        ...job.corpus.searchDirs.flatMap((dir) => ['-p', dir]),
        ...ordered.map((module) => module.file),
      ]),
    );
    await yieldToEvents();
  }
  const verdicts = await Promise.all(
    jobs.map(async (job, index) => {
      const drawnByUs = ours[index];
      const promised = theirs[index];
      if (drawnByUs === undefined || promised === undefined) return 'internal: no result';
      return judge(
        job.label,
        await promised,
        drawnByUs,
        job.modules.map((module) => module.name),
      );
    }),
  );
  return verdicts.filter((verdict): verdict is string => verdict !== undefined);
};

describe('tree diagrams agree with yanglint -f tree on the yuma corpus', { skip }, () => {
  let jobs: Job[] = [];
  before(() => {
    const yuma = corpusOf('yuma', YUMA);
    const nmda = corpusOf('yuma nmda', YUMA_NMDA, yuma.searchDirs);
    const corpora = existsSync(YUMA_NMDA) ? [yuma, nmda] : [yuma];
    jobs = corpora.flatMap((corpus) => [
      ...corpus.modules.map((module) => ({ label: `${corpus.name} ${module.name}`, corpus, modules: [module] })),
      {
        label: `${corpus.name}, every module at once`,
        corpus,
        modules: corpus.modules.filter((module) => EXCEPTIONS[module.name] === undefined),
      },
    ]);
  });

  for (const setting of SETTINGS) {
    it(setting.name, async () => {
      assert.ok(jobs.length > 70, `only ${jobs.length} diagrams to compare`);
      const differences = await compare(setting, jobs);
      assert.deepEqual(differences, [], `${differences.length} difference(s):\n${differences.join('\n')}`);
    });
  }
});
