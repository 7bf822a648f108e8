/**
 * @module test/support/external-program
 * Tests that need a real external server (slapd, PostgreSQL, MariaDB) start it from the Debian
 * packages. Outside CI a test whose program is missing is skipped with a message saying what to
 * install; with CI=true (where `.ci/run` installs the packages) it runs, and fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** True when `command` can be found: an absolute path that exists, or a name on PATH. */
export const hasProgram = (command: string): boolean =>
  command.startsWith('/') ? existsSync(command) : spawnSync('sh', ['-c', `command -v "${command}"`]).status === 0;

/**
 * The skip message for a test that needs `commands`: false when all are there, or under CI=true
 * (so that the test runs and fails rather than being skipped silently).
 */
export const skipUnlessInstalled = (commands: readonly string[], install: string): string | false => {
  if (process.env.CI === 'true') return false;
  const missing = commands.filter((command) => !hasProgram(command));
  return missing.length === 0 ? false : `${missing.join(', ')} not installed (${install})`;
};
