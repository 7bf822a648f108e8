/**
 * @module server/start-server
 * The composition root: builds every part from the options, wires them together and listens.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FirstAdminAccount } from '../auth/index.ts';
import { createFirstAdminAccount, LocalUserAuthenticator } from '../auth/index.ts';
import { Datastore, SqliteJournalStore } from '../datastore/index.ts';
import { ManagementServer, Router, type TlsCredentials } from '../http/index.ts';
import { legacyRestRoutes } from '../legacy-rest/index.ts';
import { ManagementService } from '../management/index.ts';
import { RESTCONF_ROOT, restconfDataPathParser, restconfRoutes, restconfSchemaLocation } from '../restconf/index.ts';
import type { Logger } from '../util/index.ts';
import { aaaUserDirectory } from './aaa-user-directory.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { factoryDefaultTree } from './factory-default.ts';
import { isLoopbackHost } from './is-loopback.ts';
import type { ServerOptions } from './server-options.ts';
import { loadServerSchema } from './server-schema.ts';
import { loadOrCreateSelfSignedCredentials, readTlsCredentials } from './tls-certificate.ts';
import { wellKnownRoute } from './well-known-route.ts';

/** A running server. */
export interface RunningServer {
  /** The base URL clients reach it at, e.g. `https://127.0.0.1:6749`. */
  readonly url: string;
  readonly port: number;
  /** The running datastore. */
  readonly datastore: Datastore;
  /** Graceful stop: stop accepting, finish in-flight requests, close the store. */
  close(): Promise<void>;
}

/** A configuration error found before anything starts (bad flags, unreadable files). */
export class ServerConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerConfigurationError';
  }
}

/**
 * Shows the generated admin password once, on the terminal (never in the log, which may be
 * shipped elsewhere).
 */
const announce = (password: string): void => {
  process.stderr.write(
    `\nidconf: first start — created the account "admin" with the generated password:\n\n    ${password}\n\n` +
      'It is shown only this once. Set IDCONF_ADMIN_PASSWORD before the first start to choose it.\n\n',
  );
};

/** Starts the management server. */
export const startServer = async (options: ServerOptions, log: Logger): Promise<RunningServer> => {
  if (options.insecureHttp && !isLoopbackHost(options.host)) {
    throw new ServerConfigurationError(
      `--insecure-http serves plain HTTP and is allowed only on a loopback address (127.0.0.1, ::1, localhost), not on ${options.host}`,
    );
  }
  if ((options.tlsCertFile === undefined) !== (options.tlsKeyFile === undefined)) {
    throw new ServerConfigurationError('--tls-cert and --tls-key must be given together');
  }
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  let tls: TlsCredentials | undefined;
  if (!options.insecureHttp) {
    if (options.tlsCertFile !== undefined && options.tlsKeyFile !== undefined) {
      tls = await readTlsCredentials(options.tlsCertFile, options.tlsKeyFile).catch((error: NodeJS.ErrnoException) => {
        throw new ServerConfigurationError(`cannot read the TLS certificate or key: ${error.code ?? error.message}`);
      });
    } else {
      const loaded = await loadOrCreateSelfSignedCredentials(dataDir);
      if (loaded.generated) log.info({ dataDir }, 'generated a self-signed TLS certificate for the management port');
      tls = loaded.credentials;
    }
  }
  const { schema, result: loaded } = loadServerSchema(options.yangDirs);
  const unlock = lockDataDir(dataDir);
  let firstAdmin: FirstAdminAccount | undefined;
  const datastore = await Datastore.open({
    schema,
    journal: new SqliteJournalStore({ dataDir }),
    logger: log.child({ component: 'datastore' }),
    initial: async () => {
      firstAdmin = await createFirstAdminAccount(options.adminPassword);
      return factoryDefaultTree(schema, {
        adminPasswordHash: firstAdmin.passwordHash,
        ...(tls === undefined ? {} : { certificatePem: tls.cert }),
      });
    },
  }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  if (firstAdmin !== undefined) {
    log.info({ user: 'admin' }, 'first start: loaded the factory default configuration with the admin account');
    if (firstAdmin.generatedPassword !== undefined) announce(firstAdmin.generatedPassword);
  }
  const authenticator = new LocalUserAuthenticator({
    directory: aaaUserDirectory(() => datastore.snapshot.root),
    log: log.child({ component: 'auth' }),
  });
  const management = ManagementService.create({
    datastore,
    modules: loaded.moduleSet.modules,
    schemaLocation: restconfSchemaLocation(RESTCONF_ROOT),
    dataPathParser: restconfDataPathParser(schema),
  });
  const router = new Router().mount(wellKnownRoute);
  for (const route of restconfRoutes({ management, authenticator })) router.mount(route);
  for (const route of legacyRestRoutes({ management, authenticator })) router.mount(route);
  const server = new ManagementServer({
    router,
    log,
    tls,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
  });
  const address = await server.listen(options.port, options.host).catch(async (error: unknown) => {
    await datastore.close();
    unlock();
    throw error;
  });
  const scheme = tls === undefined ? 'http' : 'https';
  const displayHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `${scheme}://${displayHost}:${address.port}`;
  log.info(
    { url, node: process.version, dataDir, yangDirs: options.yangDirs },
    `idconf listening on ${url} (Node.js ${process.version})`,
  );
  return {
    url,
    port: address.port,
    datastore,
    close: async () => {
      await server.close(options.shutdownDeadlineMs ?? 10_000);
      await datastore.close();
      unlock();
    },
  };
};
