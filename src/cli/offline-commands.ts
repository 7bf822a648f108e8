/**
 * @module cli/offline-commands
 * Commands that work on a stopped server's data directory: `idconf backup FILE`, `idconf restore
 * FILE`, and `idconf rollback list|show|apply`. Each takes the data directory's lock, so they
 * refuse to run beside a live server (which owns the datastore; use its API instead). Every
 * change is a commit with `via` = `cli` and its own rollback file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { DataTree } from '../data/index.ts';
import { encodeXmlString, renderDiffText } from '../data/index.ts';
import type { CommitAttribution } from '../datastore/index.ts';
import {
  applyRollback,
  Datastore,
  fixedNumberOfRollbackId,
  listRollbackFiles,
  readRollbackFile,
  SqliteJournalStore,
  treeToText,
} from '../datastore/index.ts';
import { isManagementError } from '../errors/index.ts';
import { DEFAULT_DATA_DIR, loadServerSchema, lockDataDir } from '../server/index.ts';
import { decodeDocument, formatError } from './data-command.ts';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

interface OfflineFlags {
  readonly dataDir: string;
  readonly yangDir: string[];
  readonly comment?: string;
  readonly label?: string;
}

const attribution = (flags: OfflineFlags): CommitAttribution => ({
  user: process.env.USER ?? 'cli',
  via: 'cli',
  ...(flags.label === undefined ? {} : { label: flags.label }),
  ...(flags.comment === undefined ? {} : { comment: flags.comment }),
});

/** Opens the datastore of a stopped server, runs `work`, closes it; prints errors and sets the exit code. */
const withDatastore = async (flags: OfflineFlags, work: (datastore: Datastore) => Promise<void>): Promise<void> => {
  const dataDir = resolve(flags.dataDir);
  let unlock: (() => void) | undefined;
  let datastore: Datastore | undefined;
  try {
    const { schema } = loadServerSchema(flags.yangDir);
    unlock = lockDataDir(dataDir);
    datastore = await Datastore.open({ schema, journal: new SqliteJournalStore({ dataDir }) });
    await work(datastore);
  } catch (error) {
    process.stderr.write(
      `idconf: ${isManagementError(error) ? formatError(dataDir, error) : error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  } finally {
    await datastore?.close();
    unlock?.();
  }
};

const exportText = (root: DataTree, file: string): string =>
  /\.xml$/i.test(file)
    ? encodeXmlString(root, root.schema, {
        content: 'config',
        wrapper: { name: 'data', namespace: 'urn:ietf:params:xml:ns:yang:ietf-restconf' },
      })
    : treeToText(root);

const commonOptions = (command: Command): Command =>
  command
    .option(
      '--data-dir <dir>',
      'the stopped server’s data directory (env IDCONF_DATA_DIR)',
      process.env.IDCONF_DATA_DIR || DEFAULT_DATA_DIR,
    )
    .option('--yang-dir <dir>', 'extra module directory the server runs with (repeatable)', collect, []);

const changeOptions = (command: Command): Command =>
  command.option('--comment <text>', 'rollback comment').option('--label <text>', 'rollback label');

const parseNumber = (text: string, what: string): number => {
  if (!/^\d+$/.test(text)) throw new Error(`${what} must be a non-negative integer, not ${text}`);
  return Number(text);
};

/** Adds `backup`, `restore` and `rollback` to the program. */
export const addOfflineCommands = (program: Command): void => {
  commonOptions(program.command('backup'))
    .description('write the whole configuration to FILE (JSON, or XML for a .xml name)')
    .argument('<file>')
    .action((file: string, flags: OfflineFlags) =>
      withDatastore(flags, async (datastore) => {
        writeFileSync(file, `${exportText(datastore.snapshot.root, file)}\n`, { mode: 0o600 });
        process.stdout.write(`wrote commit ${datastore.snapshot.fixedNumber} to ${file}\n`);
      }),
    );
  changeOptions(commonOptions(program.command('restore')))
    .description('replace the whole configuration with FILE (JSON or XML) in one commit')
    .argument('<file>')
    .action((file: string, flags: OfflineFlags) =>
      withDatastore(flags, async (datastore) => {
        const tree = decodeDocument(file, readFileSync(file, 'utf8'), datastore.schema, 'config');
        const outcome = await datastore.commit(() => tree, attribution(flags));
        process.stdout.write(
          outcome.fixedNumber === undefined
            ? 'the configuration already equals the file: nothing changed\n'
            : `restored ${file} as commit ${outcome.fixedNumber} (${outcome.diff.changes.length} change(s))\n`,
        );
      }),
    );
  const rollback = program.command('rollback').description('list, show and apply rollback files');
  commonOptions(rollback.command('list'))
    .description('list the rollback files, newest first')
    .option('--limit <n>', 'at most this many', '50')
    .action((flags: OfflineFlags & { readonly limit: string }) =>
      withDatastore(flags, async (datastore) => {
        const files = await listRollbackFiles(datastore, { limit: parseNumber(flags.limit, '--limit') });
        for (const file of files) {
          const extra = [file.label && `label=${file.label}`, file.comment && `comment=${JSON.stringify(file.comment)}`]
            .filter(Boolean)
            .join(' ');
          process.stdout.write(
            `${file.id}\tfixed-number=${file.fixedNumber}\t${file.timestamp}\t${file.user}\tvia=${file.via}\t${extra}\n`,
          );
        }
      }),
    );
  commonOptions(rollback.command('show'))
    .description('print the content of one rollback file (what applying it would change)')
    .argument('<fixed-number>')
    .action((number: string, flags: OfflineFlags) =>
      withDatastore(flags, async (datastore) => {
        const { file, diff } = await readRollbackFile(datastore, parseNumber(number, 'the fixed number'));
        process.stdout.write(
          `# rollback file of commit ${file.fixedNumber} by ${file.user} via ${file.via} at ${file.timestamp}\n`,
        );
        process.stdout.write(`${renderDiffText(diff, datastore.schema)}\n`);
      }),
    );
  changeOptions(commonOptions(rollback.command('apply')))
    .description('roll back to before commit N (every newer commit too), or only N with --selective')
    .argument('<fixed-number>')
    .option('--selective', 'undo only this commit')
    .option('--id', 'the argument is the rolling index (0 = newest), not the fixed number')
    .action((number: string, flags: OfflineFlags & { readonly selective?: boolean; readonly id?: boolean }) =>
      withDatastore(flags, async (datastore) => {
        const given = parseNumber(number, 'the rollback file');
        const fixedNumber = flags.id === true ? await fixedNumberOfRollbackId(datastore, given) : given;
        const outcome = await applyRollback(
          datastore,
          { fixedNumber, ...(flags.selective === true ? { selective: true } : {}) },
          attribution(flags),
        );
        process.stdout.write(
          outcome.fixedNumber === undefined
            ? 'nothing to roll back: the configuration already matches\n'
            : `rolled back ${flags.selective === true ? 'commit' : 'to before commit'} ${fixedNumber} as commit ${outcome.fixedNumber}\n`,
        );
      }),
    );
};
