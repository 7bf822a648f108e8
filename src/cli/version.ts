/**
 * @module cli/version
 * The version of idconf: the one in package.json, which is shipped beside the sources.
 */
import { readFileSync } from 'node:fs';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  readonly version?: unknown;
};

/** `idconf --version` prints this. */
export const IDCONF_VERSION: string = typeof packageJson.version === 'string' ? packageJson.version : 'unknown';
