/**
 * @module cli/offline-commands
 * Commands that work on a stopped server's data directory: `idconf backup FILE`, `idconf restore
 * FILE`, and `idconf rollback list|show|apply`. Each takes the data directory's lock, so they
 * refuse to run beside a live server (which owns the datastore; use its API instead). With
 * `--store` they work on a cluster's PostgreSQL journal, beside its running nodes. Every
 * change is a commit with `via` = `cli` and its own rollback file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Command, Option } from 'commander';
import type { DataTree } from '../data/index.ts';
import { encodeXmlString, renderDiffText } from '../data/index.ts';
import type { CommitAttribution } from '../datastore/index.ts';
import {
  applyRollback,
  Datastore,
  fixedNumberOfRollbackId,
  listRollbackFiles,
  readRollbackFile,
  treeToText,
} from '../datastore/index.ts';
import { isManagementError } from '../errors/index.ts';
import { readableDiff, secretFreeReader } from '../nacm/index.ts';
import { configWriteTransforms, DEFAULT_DATA_DIR, loadServerSchema } from '../server/index.ts';
import type { ApiTarget } from './api-client.ts';
import { describeFailure, restconfRequest } from './api-client.ts';
import { decodeDocument, formatError } from './data-command.ts';
import { COUNT_RANGE, integerOption } from './integer-option.ts';
import { journalOf, storeOption } from './journal-option.ts';
import { repeatableOption } from './repeatable-option.ts';

interface OfflineFlags {
  readonly dataDir: string;
  /** A cluster's PostgreSQL journal instead of the data directory's. */
  readonly store?: string;
  readonly yangDir: string[];
  readonly comment?: string;
  readonly label?: string;
  /** A running server's URL: work through its RESTCONF API instead of the data directory. */
  readonly url?: string;
  readonly user: string;
  readonly ca?: string;
  readonly insecure?: boolean;
}

const apiTarget = (flags: OfflineFlags & { readonly url: string }): ApiTarget => {
  const password = process.env.IDCONF_PASSWORD;
  if (password === undefined) throw new Error('set IDCONF_PASSWORD to the password of --user for --url');
  return {
    url: flags.url,
    user: flags.user,
    password,
    ...(flags.ca === undefined ? {} : { ca: flags.ca }),
    ...(flags.insecure === true ? { insecure: true } : {}),
  };
};

const isXmlFile = (file: string): boolean => /\.xml$/i.test(file);
const RESTCONF_DATA = 'ietf-restconf:data';

/** Runs `work` against a running server; prints errors and sets the exit code. */
const withApi = async (flags: OfflineFlags & { readonly url: string }, work: (target: ApiTarget) => Promise<void>) => {
  try {
    await work(apiTarget(flags));
  } catch (error) {
    process.stderr.write(`idconf: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
};

/** GET /data (configuration, explicit defaults) into FILE: the same format as an offline backup. */
const backupOnline = async (target: ApiTarget, file: string): Promise<void> => {
  const xml = isXmlFile(file);
  const response = await restconfRequest(target, 'GET', '/data?content=config&with-defaults=explicit', {
    accept: xml ? 'application/yang-data+xml' : 'application/yang-data+json',
  });
  if (response.status !== 200) throw new Error(`backup failed: ${describeFailure(response)}`);
  const text = xml
    ? response.body
    : JSON.stringify((JSON.parse(response.body) as Record<string, unknown>)[RESTCONF_DATA] ?? {});
  writeFileSync(file, `${text}\n`, { mode: 0o600 });
  process.stdout.write(`wrote the configuration of ${target.url} to ${file}\n`);
};

/** PUT /data with FILE: one commit replacing the whole configuration. */
const restoreOnline = async (target: ApiTarget, file: string, flags: OfflineFlags): Promise<void> => {
  const text = readFileSync(file, 'utf8');
  const xml = isXmlFile(file) || text.trimStart().startsWith('<');
  const parsed = xml ? undefined : (JSON.parse(text) as Record<string, unknown>);
  const body = xml ? text : JSON.stringify(RESTCONF_DATA in (parsed ?? {}) ? parsed : { [RESTCONF_DATA]: parsed });
  const query = new URLSearchParams({
    'rollback-id': 'true',
    ...(flags.comment === undefined ? {} : { 'rollback-comment': flags.comment }),
    ...(flags.label === undefined ? {} : { 'rollback-label': flags.label }),
  });
  const response = await restconfRequest(target, 'PUT', `/data?${query.toString().replaceAll('+', '%20')}`, {
    contentType: xml ? 'application/yang-data+xml' : 'application/yang-data+json',
    accept: 'application/yang-data+json',
    body,
  });
  if (response.status >= 300) throw new Error(`restore failed: ${describeFailure(response)}`);
  const id = (JSON.parse(response.body || '{}') as { 'idconf-restconf:result'?: { rollback?: { id?: number } } })[
    'idconf-restconf:result'
  ]?.rollback?.id;
  process.stdout.write(`restored ${file} on ${target.url}${id === undefined ? '' : ` as commit ${id}`}\n`);
};

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
    const opened = journalOf({ ...flags, dataDir });
    unlock = opened.unlock;
    datastore = await Datastore.open({ schema, journal: opened.journal });
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
    .addOption(storeOption())
    .addOption(repeatableOption('--yang-dir <dir>', 'extra module directory the server runs with'));

const onlineOptions = (command: Command): Command =>
  command
    .option(
      '--url <url>',
      'a running server (e.g. https://localhost:6749): use its RESTCONF API (default: none, work on --data-dir)',
    )
    .option('--user <name>', 'the account for --url (password from IDCONF_PASSWORD)', 'admin')
    .option('--ca <file>', 'PEM certificate to trust for --url (default: the system’s certificate authorities)')
    .option('--insecure', 'accept any certificate for --url (the generated self-signed one)', false);

const changeOptions = (command: Command): Command =>
  command
    .option('--comment <text>', 'rollback comment (default: none)')
    .option('--label <text>', 'rollback label (default: none)');

const countArgument = integerOption(COUNT_RANGE);

/** Adds `backup`, `restore` and `rollback` to the program. */
export const addOfflineCommands = (program: Command): void => {
  onlineOptions(commonOptions(program.command('backup')))
    .description('write the whole configuration to FILE (JSON, or XML for a .xml name)')
    .argument('<file>')
    .action((file: string, flags: OfflineFlags) =>
      flags.url !== undefined
        ? withApi({ ...flags, url: flags.url }, (target) => backupOnline(target, file))
        : withDatastore(flags, async (datastore) => {
            writeFileSync(file, `${exportText(datastore.snapshot.root, file)}\n`, { mode: 0o600 });
            process.stdout.write(`wrote commit ${datastore.snapshot.fixedNumber} to ${file}\n`);
          }),
    );
  onlineOptions(changeOptions(commonOptions(program.command('restore'))))
    .description('replace the whole configuration with FILE (JSON or XML) in one commit')
    .argument('<file>')
    .action((file: string, flags: OfflineFlags) =>
      flags.url !== undefined
        ? withApi({ ...flags, url: flags.url }, (target) => restoreOnline(target, file, flags))
        : withDatastore(flags, async (datastore) => {
            const tree = decodeDocument(file, readFileSync(file, 'utf8'), datastore.schema, 'config');
            // Secrets in clear in the file are encrypted, as a write through the API would.
            const transforms = await configWriteTransforms(resolve(flags.dataDir), datastore.schema);
            const outcome = await datastore.commit((root) => transforms.apply(root, tree), attribution(flags));
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
    .addOption(new Option('--limit <n>', 'at most this many').argParser(countArgument).default(50))
    .action((flags: OfflineFlags & { readonly limit: number }) =>
      withDatastore(flags, async (datastore) => {
        const files = await listRollbackFiles(datastore, { limit: flags.limit });
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
    .argument('<fixed-number>', 'the commit whose rollback file to show', countArgument)
    .option('--show-secrets', 'print password hashes, private keys and other secrets too', false)
    .action((fixedNumber: number, flags: OfflineFlags & { readonly showSecrets?: boolean }) =>
      withDatastore(flags, async (datastore) => {
        const { file, diff } = await readRollbackFile(datastore, fixedNumber);
        process.stdout.write(
          `# rollback file of commit ${file.fixedNumber} by ${file.user} via ${file.via} at ${file.timestamp}\n`,
        );
        // Secrets (nodes marked nacm:default-deny-all) stay off the terminal unless asked for.
        const full = renderDiffText(diff, datastore.schema);
        const shown =
          flags.showSecrets === true
            ? full
            : renderDiffText(readableDiff(secretFreeReader(datastore.schema), diff), datastore.schema);
        if (shown !== full) process.stdout.write('# secrets left out (--show-secrets prints them)\n');
        process.stdout.write(`${shown}\n`);
      }),
    );
  changeOptions(commonOptions(rollback.command('apply')))
    .description('roll back to before commit N (every newer commit too), or only N with --selective')
    .argument('<fixed-number>', 'the commit to roll back (its rolling index with --id)', countArgument)
    .option('--selective', 'undo only this commit', false)
    .option('--id', 'the argument is the rolling index (0 = newest), not the fixed number', false)
    .action((given: number, flags: OfflineFlags & { readonly selective: boolean; readonly id: boolean }) =>
      withDatastore(flags, async (datastore) => {
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
