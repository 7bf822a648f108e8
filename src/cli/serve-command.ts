/**
 * @module cli/serve-command
 * `idconf serve`: runs the management server until SIGINT/SIGTERM, then stops gracefully.
 */
import { type Command, Option } from 'commander';
import type { CheckpointPrefetch } from '../datastore/index.ts';
import { isManagementError } from '../errors/index.ts';
import { DEFAULT_BODY_LIMIT } from '../http/index.ts';
import { DEFAULT_MAX_SUBSCRIPTIONS, DEFAULT_MAX_SUBSCRIPTIONS_PER_USER } from '../management/index.ts';
import {
  createLogger,
  DataDirInUseError,
  DEFAULT_DATA_DIR,
  DEFAULT_HOST,
  DEFAULT_PORT,
  type RunningServer,
  ServerConfigurationError,
  startServer,
} from '../server/index.ts';
import { integerOption, PORT_RANGE } from './integer-option.ts';
import { forwardedHeaderOption, proxySettings, trustedProxyOption } from './proxy-options.ts';
import { repeatableOption } from './repeatable-option.ts';

/**
 * The largest body limit accepted: a body is held in memory and decoded into one string, and
 * V8's strings stop short of 512 MiB.
 */
const MAX_BODY_LIMIT = 256 * 1024 * 1024;

/**
 * Adds the `serve` command to the program. `checkpointPrefetch`: the latest checkpoint's early
 * read, which the server's journal takes when it is its own.
 */
export const addServeCommand = (program: Command, checkpointPrefetch?: CheckpointPrefetch): void => {
  program
    .command('serve')
    .description('run the management server (RESTCONF and legacy REST on one HTTPS port)')
    .option('--host <address>', 'address to listen on', DEFAULT_HOST)
    .option('--port <number>', 'port to listen on (0: any free port)', integerOption(PORT_RANGE), DEFAULT_PORT)
    .option('--data-dir <dir>', 'data directory (env IDCONF_DATA_DIR)', process.env.IDCONF_DATA_DIR ?? DEFAULT_DATA_DIR)
    .option(
      '--store <url>',
      // Not commander's default: --help would show the URL, password and all.
      'a PostgreSQL database shared by the nodes of a cluster, postgres://user:password@host:port/database (env IDCONF_STORE; default: the journal in the data directory)',
    )
    .addOption(repeatableOption('--yang-dir <dir>', 'extra YANG module directory'))
    .option(
      '--tls-cert <file>',
      'PEM certificate for the management port, with --tls-key (default: the configured keystore, else a generated self-signed certificate)',
    )
    .option('--tls-key <file>', 'PEM private key of --tls-cert (default: none)')
    .option('--insecure-http', 'serve plain HTTP (loopback addresses only)', false)
    .addOption(
      new Option('--body-limit <bytes>', `request body limit in bytes, at most ${MAX_BODY_LIMIT}`)
        .argParser(integerOption({ min: 1, max: MAX_BODY_LIMIT }))
        .default(DEFAULT_BODY_LIMIT, `${DEFAULT_BODY_LIMIT} (${DEFAULT_BODY_LIMIT / 1024 / 1024} MiB)`),
    )
    .addOption(
      new Option('--max-subscriptions <count>', 'event stream subscriptions open at once on this server')
        .argParser(integerOption({ min: 1, max: 1_000_000 }))
        .default(DEFAULT_MAX_SUBSCRIPTIONS),
    )
    .addOption(
      new Option('--max-subscriptions-per-user <count>', 'event stream subscriptions open at once for one user')
        .argParser(integerOption({ min: 1, max: 1_000_000 }))
        .default(DEFAULT_MAX_SUBSCRIPTIONS_PER_USER),
    )
    .option('--web-ui-dir <dir>', 'directory of the built admin web UI (default: web/dist of this installation)')
    .addOption(trustedProxyOption())
    .addOption(forwardedHeaderOption())
    .action(async (flags: ServeFlags) => {
      const log = createLogger();
      // Signal handlers go in before anything starts, so that a signal during start-up (or
      // right after the listening line) still ends in a graceful stop rather than a kill.
      let server: RunningServer | undefined;
      let stopRequested: string | undefined;
      const stop = (signal: string): void => {
        if (stopRequested !== undefined && server === undefined) return;
        stopRequested = signal;
        if (server === undefined) return;
        const running = server;
        server = undefined;
        log.info({ signal }, 'stopping: finishing in-flight requests');
        running.close().then(
          () => {
            log.info({}, 'stopped');
            log.flush();
            process.exit(0);
          },
          (error: unknown) => {
            log.error({ err: String(error) }, 'error while stopping');
            log.flush();
            process.exit(1);
          },
        );
      };
      process.on('SIGINT', () => stop('SIGINT'));
      process.on('SIGTERM', () => stop('SIGTERM'));
      try {
        server = await startServer(
          {
            ...proxySettings(flags),
            host: flags.host,
            port: flags.port,
            dataDir: flags.dataDir,
            ...storeOf(flags),
            yangDirs: flags.yangDir,
            insecureHttp: flags.insecureHttp,
            ...(flags.tlsCert === undefined ? {} : { tlsCertFile: flags.tlsCert }),
            ...(flags.tlsKey === undefined ? {} : { tlsKeyFile: flags.tlsKey }),
            bodyLimit: flags.bodyLimit,
            ...(checkpointPrefetch === undefined ? {} : { checkpointPrefetch }),
            maxSubscriptions: flags.maxSubscriptions,
            maxSubscriptionsPerUser: flags.maxSubscriptionsPerUser,
            ...(flags.webUiDir === undefined ? {} : { webUiDir: flags.webUiDir }),
            ...(process.env.IDCONF_ADMIN_PASSWORD === undefined
              ? {}
              : { adminPassword: process.env.IDCONF_ADMIN_PASSWORD }),
            ...(process.env.IDCONF_CONFIG_ENCRYPTION_KEY === undefined
              ? {}
              : { configEncryptionKey: process.env.IDCONF_CONFIG_ENCRYPTION_KEY }),
          },
          log,
        );
        if (stopRequested !== undefined) stop(stopRequested);
      } catch (error) {
        const message =
          error instanceof ServerConfigurationError || error instanceof DataDirInUseError || isManagementError(error)
            ? error.message
            : (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
              ? `port ${flags.port} on ${flags.host} is already in use`
              : (error as NodeJS.ErrnoException).code === 'EACCES'
                ? `not allowed to listen on ${flags.host}:${flags.port} or to write ${flags.dataDir}`
                : String(error);
        log.error({}, `cannot start: ${message}`);
        log.flush();
        process.stderr.write(`idconf: cannot start: ${message}\n`);
        process.exit(1);
      }
    });
};

/** The shared store from `--store`, else IDCONF_STORE (an empty variable counts as unset). */
const storeOf = (flags: ServeFlags): { readonly store?: string } => {
  const store = flags.store ?? (process.env.IDCONF_STORE || undefined);
  return store === undefined ? {} : { store };
};

interface ServeFlags {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly store?: string;
  readonly yangDir: string[];
  readonly tlsCert?: string;
  readonly tlsKey?: string;
  readonly insecureHttp: boolean;
  readonly bodyLimit: number;
  readonly maxSubscriptions: number;
  readonly maxSubscriptionsPerUser: number;
  readonly webUiDir?: string;
  readonly trustedProxy: readonly string[];
  readonly forwardedHeader: string;
}
