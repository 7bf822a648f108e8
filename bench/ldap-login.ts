/**
 * @module bench/ldap-login
 * GET one entry as an LDAP user against the same request as the local admin (the step
 * `npm run bench` runs after the list sizes, alone): starts slapd and idconf, configures the
 * LDAP credential manager through RESTCONF, and prints both rates and their ratio. Skipped with
 * a message when slapd is not installed.
 *
 * Run: `node bench/ldap-login.ts [--sizes 1000,100000] [--duration 3] [--runs 3] [--data-root DIR]`.
 */
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { ldapLoginUnavailable, measureLdapLogin } from './measure-ldap-login.ts';
import { checkTargets, rowsTable, targetsTable } from './report.ts';
import { Results } from './results.ts';
import { ensureWrk } from './wrk.ts';

const { values: flags } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '3' },
    runs: { type: 'string', default: '3' },
    'data-root': { type: 'string', default: tmpdir() },
  },
});
const sizes = (flags.sizes ?? '')
  .split(',')
  .map((text) => Number(text.replaceAll('_', '')))
  .filter((size) => Number.isInteger(size) && size > 0);
const log = (line: string): void => {
  process.stderr.write(`[ldap-login] ${line}\n`);
};
const unavailable = ldapLoginUnavailable();
if (unavailable !== undefined) {
  process.stdout.write(`${unavailable}\n`);
  process.exit(0);
}
ensureWrk(log);
const results = new Results();
const context = { results, runs: Math.max(1, Math.floor(Number(flags.runs))), duration: Number(flags.duration), log };
for (const size of sizes) await measureLdapLogin(context, size, flags['data-root']);
process.stdout.write(`\n${rowsTable(results, sizes)}\n`);
const checks = checkTargets(results, sizes).filter((check) => check.target.includes('LDAP'));
process.stdout.write(`\n${targetsTable(checks)}\n`);
for (const note of results.notes) process.stdout.write(`- ${note}\n`);
