/**
 * @module server/start-server
 * The composition root: builds every part from the options, wires them together and listens.
 */

import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import type { FirstAdminAccount } from '../auth/index.ts';
import { createFirstAdminAccount, MetadataCache } from '../auth/index.ts';
import type { JournalStore } from '../datastore/index.ts';
import {
  Datastore,
  describeStoreUrl,
  isPostgresUrl,
  PostgresJournalStore,
  SqliteJournalStore,
} from '../datastore/index.ts';
import { ManagementServer, Router, type TlsCredentials, TrustedProxies } from '../http/index.ts';
import type { ConfigKey } from '../identity/index.ts';
import {
  ADMIN_KEYSTORE_LEAF,
  AdminKeystoreReader,
  bindAdminTls,
  bindManagementAuthentication,
  CONFIG_KEY_FILE,
  checkSecretsReadable,
  createConfigKeyFile,
  generateAdminKeystore,
  installIdentityModel,
  ManagementAuthenticationReader,
  resolveConfigKey,
  webUiSwitch,
} from '../identity/index.ts';
import { legacyRestRoutes } from '../legacy-rest/index.ts';
import { ManagementService, resolveDataNode } from '../management/index.ts';
import { RESTCONF_ROOT, restconfDataPathParser, restconfRoutes, restconfSchemaLocation } from '../restconf/index.ts';
import type { Logger } from '../util/index.ts';
import { loadWebUiAssets, WEB_UI_ROOT, webUiRoute } from '../web-ui/index.ts';
import { moduleSetFingerprint, type SchemaTree } from '../yang/index.ts';
import { createBasicAuthenticator } from './basic-authenticator.ts';
import { collectStartUpGarbage } from './collect-start-up-garbage.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { factoryDefaultTree } from './factory-default.ts';
import { isLoopbackHost } from './is-loopback.ts';
import type { ServerOptions } from './server-options.ts';
import { loadServerSchema } from './server-schema.ts';
import { loadOrCreateSelfSignedCredentials, readTlsCredentials } from './tls-certificate.ts';
import { webUiSignInOptions } from './web-ui-sign-in.ts';
import { wellKnownRoute } from './well-known-route.ts';

/** The admin web UI's build in this installation. */
export const DEFAULT_WEB_UI_DIR = join(import.meta.dirname, '..', '..', 'web', 'dist');

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
  const trustedProxies = readTrustedProxies(options);
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // Certificate files given on the command line win over the configured keystore.
  let fileTls: TlsCredentials | undefined;
  if (!options.insecureHttp && options.tlsCertFile !== undefined && options.tlsKeyFile !== undefined) {
    fileTls = await readTlsCredentials(options.tlsCertFile, options.tlsKeyFile).catch(
      (error: NodeJS.ErrnoException) => {
        throw new ServerConfigurationError(`cannot read the TLS certificate or key: ${error.code ?? error.message}`);
      },
    );
  }
  const { schema, modules, result: loaded } = loadServerSchema(options.yangDirs);
  // Warnings only (errors stop the start), once each: a grouping used many times repeats them.
  const warnings = new Map(
    loaded.diagnostics.map(({ location, message }) => [
      `${location.file}:${location.line}:${location.column}: ${message}`,
      { module: `${location.file}:${location.line}:${location.column}`, message },
    ]),
  );
  for (const { module, message } of warnings.values()) log.warn({ module }, `YANG: ${message}`);
  if (options.store !== undefined && !isPostgresUrl(options.store)) {
    throw new ServerConfigurationError(
      `--store (IDCONF_STORE) takes a postgres:// or postgresql:// URL, not ${JSON.stringify(options.store.slice(0, 40))}; leave it out for the journal in the data directory`,
    );
  }
  const unlock = lockDataDir(dataDir);
  const fingerprint = moduleSetFingerprint(loaded.moduleSet.modules);
  const { datastore, configKey, firstAdmin } = await openDatastore(options, dataDir, schema, fingerprint, log).catch(
    (error: unknown) => {
      unlock();
      throw error;
    },
  );
  // On a shared journal another node may have made the first commit: only its maker announces it.
  if (firstAdmin !== undefined && datastore.initialCommit !== undefined) {
    log.info({ user: 'admin' }, 'first start: loaded the factory default configuration with the admin account');
    if (firstAdmin.generatedPassword !== undefined) announce(firstAdmin.generatedPassword);
  }
  const adminKeystore = hasAdminKeystoreLeaf(schema) ? new AdminKeystoreReader(schema, configKey.cipher) : undefined;
  let tls: TlsCredentials | undefined = fileTls;
  if (!options.insecureHttp && tls === undefined) {
    const configured = adminKeystore?.read(datastore.snapshot.root);
    if (configured?.kind === 'credentials') tls = configured.credentials;
    else {
      const fallback = await loadOrCreateSelfSignedCredentials(dataDir);
      log.warn(
        { problem: configured?.kind === 'unusable' ? configured.problem : 'no keystore is configured', dataDir },
        'the management port cannot use the configured ssl-server-keystore: serving the self-signed certificate of the data directory',
      );
      tls = fallback.credentials;
    }
  }
  const authLog = log.child({ component: 'auth' });
  const { authenticator: basicAuthenticator, credentialManagers } = createBasicAuthenticator({
    datastore,
    cipher: configKey.cipher,
    log: authLog,
  });
  const { authenticator, settings: authenticationSettings } = bindManagementAuthentication({
    datastore,
    reader: new ManagementAuthenticationReader(schema, configKey.cipher),
    basic: basicAuthenticator,
    log: authLog,
  });
  const management = ManagementService.create({
    datastore,
    modules,
    schemaLocation: restconfSchemaLocation(RESTCONF_ROOT),
    dataPathParser: restconfDataPathParser(schema),
    eventStreams: {
      ...(options.maxSubscriptions === undefined ? {} : { maxSubscriptions: options.maxSubscriptions }),
      ...(options.maxSubscriptionsPerUser === undefined
        ? {}
        : { maxSubscriptionsPerUser: options.maxSubscriptionsPerUser }),
    },
  });
  installIdentityModel(management, configKey.cipher);
  const router = new Router().mount(wellKnownRoute);
  for (const route of restconfRoutes({ management, authenticator })) router.mount(route);
  for (const route of legacyRestRoutes({ management, authenticator })) router.mount(route);
  const webUiDir = resolve(options.webUiDir ?? DEFAULT_WEB_UI_DIR);
  const webUiAssets = loadWebUiAssets(webUiDir);
  const webUiEnabled = webUiSwitch(schema);
  router.mount(
    webUiRoute({
      assets: webUiAssets,
      enabled: () => webUiEnabled(datastore.snapshot.root),
      signInOptions: webUiSignInOptions({
        settings: authenticationSettings,
        metadata: new MetadataCache(),
        log: log.child({ component: 'web-ui' }),
      }),
    }),
  );
  const server = new ManagementServer({
    router,
    log,
    tls,
    responseHeaders: () => staleHeaders(datastore),
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(trustedProxies.empty ? {} : { trustedProxies }),
  });
  if (tls !== undefined && fileTls === undefined && adminKeystore !== undefined)
    bindAdminTls({
      datastore,
      reader: adminKeystore,
      apply: (credentials) => server.setTlsCredentials(credentials),
      log: log.child({ component: 'tls' }),
    });
  const collected = collectStartUpGarbage();
  if (collected !== undefined)
    log.debug(
      {
        heapUsedMiB: Math.round(collected.before / 2 ** 20),
        afterMiB: Math.round(collected.after / 2 ** 20),
        ms: Math.round(collected.ms),
      },
      'collected the garbage of start-up',
    );
  const address = await server.listen(options.port, options.host).catch(async (error: unknown) => {
    await datastore.close();
    unlock();
    throw error;
  });
  const scheme = tls === undefined ? 'http' : 'https';
  const displayHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `${scheme}://${displayHost}:${address.port}`;
  if (webUiEnabled(datastore.snapshot.root))
    if (webUiAssets === undefined)
      log.warn({ webUiDir }, 'the admin web UI is enabled but not built: run `npm run build:web-ui`');
    else log.info({ url: `${url}${WEB_UI_ROOT}/` }, `admin web UI at ${url}${WEB_UI_ROOT}/`);
  log.info(
    {
      url,
      node: process.version,
      dataDir,
      yangDirs: options.yangDirs,
      store: options.store === undefined ? 'sqlite' : describeStoreUrl(options.store),
      fixedNumber: datastore.snapshot.fixedNumber,
    },
    `idconf listening on ${url} (Node.js ${process.version})`,
  );
  return {
    url,
    port: address.port,
    datastore,
    close: async () => {
      // Event streams end first, each with its final event, so that they do not hold up the stop.
      management.events.close();
      await server.close(options.shutdownDeadlineMs ?? 10_000);
      await credentialManagers.close();
      await datastore.close();
      unlock();
    },
  };
};

/** The header that says since when reads may be stale: the shared journal cannot be followed since then. */
export const STALE_SINCE_HEADER = 'Idconf-Stale-Since';

/** {@link STALE_SINCE_HEADER} while the datastore may be stale, else nothing. */
const staleHeaders = (datastore: Datastore): Record<string, string> | undefined => {
  const since = datastore.staleSince;
  return since === undefined ? undefined : { [STALE_SINCE_HEADER]: since.toUTCString() };
};

/** The configured reverse proxies; a bad entry is a configuration error. */
const readTrustedProxies = (options: ServerOptions): TrustedProxies => {
  try {
    return new TrustedProxies(options.trustedProxies ?? [], {
      ...(options.forwardedHeader === undefined ? {} : { header: options.forwardedHeader }),
    });
  } catch (error) {
    throw new ServerConfigurationError(
      `a trusted proxy (--trusted-proxy, IDCONF_TRUSTED_PROXIES) is ${(error as Error).message}`,
    );
  }
};

/** True when the schema has the identity model's management keystore reference. */
const hasAdminKeystoreLeaf = (schema: SchemaTree): boolean => {
  try {
    resolveDataNode(schema, ADMIN_KEYSTORE_LEAF);
    return true;
  } catch {
    return false;
  }
};

/**
 * Opens the datastore with the configuration key: on a first start the factory default (with a
 * generated admin account and management keystore) becomes commit 1, encrypted with a new key
 * unless one was given; on later starts the key must open every stored secret.
 */
const openDatastore = async (
  options: ServerOptions,
  dataDir: string,
  schema: SchemaTree,
  schemaFingerprint: string,
  log: Logger,
): Promise<{ datastore: Datastore; configKey: ConfigKey; firstAdmin: FirstAdminAccount | undefined }> => {
  let configKey = await resolveConfigKey({ dataDir, fromEnvironment: options.configEncryptionKey }).catch(
    (error: unknown) => {
      throw new ServerConfigurationError((error as Error).message);
    },
  );
  let journal: JournalStore = new SqliteJournalStore({
    dataDir,
    ...(options.checkpointPrefetch === undefined ? {} : { prefetch: options.checkpointPrefetch }),
  });
  if (options.store !== undefined) {
    // Every node must open the secrets the others write: a key generated here would fit no other.
    if (configKey === undefined)
      throw new ServerConfigurationError(
        `a shared store (${describeStoreUrl(options.store)}) needs the same configuration key on every node: set ` +
          `IDCONF_CONFIG_ENCRYPTION_KEY (e.g. openssl rand -base64 32) on each, or copy one ${CONFIG_KEY_FILE} into each data directory`,
      );
    journal = new PostgresJournalStore({ url: options.store, logger: log.child({ component: 'journal' }) });
  }
  let firstAdmin: FirstAdminAccount | undefined;
  const datastore = await Datastore.open({
    schema,
    schemaFingerprint,
    journal,
    logger: log.child({ component: 'datastore' }),
    initial: async () => {
      firstAdmin = await createFirstAdminAccount(options.adminPassword);
      configKey ??= await createConfigKeyFile(dataDir);
      const adminKeystore = hasAdminKeystoreLeaf(schema)
        ? await generateAdminKeystore(configKey.cipher, [hostname(), 'localhost'])
        : undefined;
      return factoryDefaultTree(schema, {
        adminPasswordHash: firstAdmin.passwordHash,
        ...(adminKeystore === undefined ? {} : { adminKeystore }),
      });
    },
  });
  try {
    const summary = checkSecretsReadable(
      schema,
      datastore.snapshot.root,
      configKey?.cipher,
      configKey?.origin ?? join(dataDir, CONFIG_KEY_FILE),
    );
    if (summary.clear > 0)
      log.warn({ count: summary.clear }, 'some secrets are stored in clear: write them again to have them encrypted');
    configKey ??= await createConfigKeyFile(dataDir);
  } catch (error) {
    await datastore.close();
    throw new ServerConfigurationError((error as Error).message);
  }
  return { datastore, configKey, firstAdmin };
};
