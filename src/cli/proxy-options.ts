/**
 * @module cli/proxy-options
 * `idconf serve --trusted-proxy <address/CIDR>` (repeatable; env `IDCONF_TRUSTED_PROXIES`,
 * comma-separated) and `--forwarded-header x-forwarded-for|forwarded` (env
 * `IDCONF_FORWARDED_HEADER`): the reverse proxies whose header names the real client, which
 * login throttling counts failures by. docs/authentication.md explains them.
 */
import { InvalidArgumentError, Option } from 'commander';
import type { ForwardedHeader } from '../http/index.ts';
import { TrustedProxies } from '../http/index.ts';
import { ServerConfigurationError } from '../server/index.ts';

const FORWARDED_HEADERS: readonly ForwardedHeader[] = ['x-forwarded-for', 'forwarded'];

const collectProxy = (value: string, previous: readonly string[]): string[] => {
  try {
    new TrustedProxies([value]);
  } catch (error) {
    throw new InvalidArgumentError(`${(error as Error).message}.`);
  }
  return [...previous, value];
};

/** `--trusted-proxy <address/CIDR>`, repeatable. */
export const trustedProxyOption = (): Option =>
  new Option(
    '--trusted-proxy <address/CIDR>',
    'a reverse proxy whose forwarding header names the client, e.g. 10.0.0.5 or 10.0.0.0/24 (repeatable)',
  )
    .argParser(collectProxy)
    .default([], 'none, or IDCONF_TRUSTED_PROXIES (comma-separated)');

/** `--forwarded-header <name>`. */
export const forwardedHeaderOption = (): Option =>
  new Option('--forwarded-header <name>', 'the header the trusted proxies write the client into')
    .choices(FORWARDED_HEADERS)
    .default(process.env.IDCONF_FORWARDED_HEADER || 'x-forwarded-for', 'x-forwarded-for, or IDCONF_FORWARDED_HEADER');

/** The proxy settings of `serve`: the flags, else the environment. @throws ServerConfigurationError for a bad variable */
export const proxySettings = (flags: {
  readonly trustedProxy: readonly string[];
  readonly forwardedHeader: string;
}): { trustedProxies: readonly string[]; forwardedHeader: ForwardedHeader } => {
  const trustedProxies =
    flags.trustedProxy.length > 0
      ? flags.trustedProxy
      : (process.env.IDCONF_TRUSTED_PROXIES ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
  // Only a value from the environment can be outside the choices commander checks.
  const forwardedHeader = FORWARDED_HEADERS.find((name) => name === flags.forwardedHeader.toLowerCase());
  if (forwardedHeader === undefined)
    throw new ServerConfigurationError(
      `IDCONF_FORWARDED_HEADER must be ${FORWARDED_HEADERS.join(' or ')}, not ${JSON.stringify(flags.forwardedHeader)}`,
    );
  return { trustedProxies, forwardedHeader };
};
