/**
 * @module cli/nacm-command
 * `idconf nacm recover`: when the NACM rules lock every administrator out, restores on a
 * stopped server's data directory the group `admin` (with the account named by `--user`) and,
 * first of all rule-lists, the rule-list `admin` that permits everything — one commit (`via`
 * cli) with its own rollback file. Like every offline command it takes the data directory's
 * lock, so it refuses to run beside a live server; with `--store` it works on a cluster's
 * PostgreSQL journal while the nodes run (they apply the commit at once). Working on the
 * journal directly is the recovery session of RFC 8341: it is not subject to access control.
 * @see RFC 8341 §3.4.4 step 2, §3.4.5 step 2 (recovery session)
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { Datastore } from '../datastore/index.ts';
import { ADMIN_GROUP, recoverAdminAccess } from '../nacm/index.ts';
import { DEFAULT_DATA_DIR, loadServerSchema } from '../server/index.ts';
import { journalOf, storeOption } from './journal-option.ts';
import { repeatableOption } from './repeatable-option.ts';

interface RecoverFlags {
  readonly dataDir: string;
  readonly store?: string;
  readonly yangDir: string[];
  readonly user: string;
  readonly comment?: string;
}

const recover = async (flags: RecoverFlags): Promise<void> => {
  const dataDir = resolve(flags.dataDir);
  let unlock: (() => void) | undefined;
  let datastore: Datastore | undefined;
  try {
    const { schema } = loadServerSchema(flags.yangDir);
    if (!schema.dataChildIndex.has('ietf-netconf-acm:nacm'))
      throw new Error('the server does not implement ietf-netconf-acm: there is no access control to recover');
    const opened = journalOf({ ...flags, dataDir });
    unlock = opened.unlock;
    datastore = await Datastore.open({ schema, journal: opened.journal });
    const outcome = await datastore.commit((root) => recoverAdminAccess(root, flags.user), {
      user: process.env.USER ?? 'cli',
      via: 'cli',
      label: 'nacm-recover',
      comment: flags.comment ?? `restored the ${ADMIN_GROUP} group and rule-list for ${flags.user}`,
    });
    process.stdout.write(
      outcome.fixedNumber === undefined
        ? `${flags.user} is already in group ${ADMIN_GROUP} and its permit-all rule-list comes first: nothing changed\n`
        : `restored administrator access for ${flags.user} as commit ${outcome.fixedNumber}` +
            ` (undo with: idconf rollback apply ${outcome.fixedNumber} --selective)\n`,
    );
  } catch (error) {
    process.stderr.write(`idconf: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await datastore?.close();
    unlock?.();
  }
};

/** Adds `nacm recover` to the program. */
export const addNacmCommand = (program: Command): void => {
  const nacm = program.command('nacm').description('access control (NACM, RFC 8341) of a stopped server');
  nacm
    .command('recover')
    .description(`put --user in group ${ADMIN_GROUP} and restore its permit-all rule-list, first of all (one commit)`)
    .option(
      '--data-dir <dir>',
      'the stopped server’s data directory (env IDCONF_DATA_DIR)',
      process.env.IDCONF_DATA_DIR || DEFAULT_DATA_DIR,
    )
    .addOption(storeOption())
    .addOption(repeatableOption('--yang-dir <dir>', 'extra module directory the server runs with'))
    .option('--user <name>', 'the account that gets administrator access back', 'admin')
    .option('--comment <text>', 'rollback comment (default: none)')
    .action((flags: RecoverFlags) => recover(flags));
};
