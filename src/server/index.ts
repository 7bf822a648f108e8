/**
 * @module server
 * The composition root: builds and wires every part. May import: everything.
 */

export { configWriteTransforms } from './config-write-transforms.ts';
export { DataDirInUseError, LOCK_FILE_NAME, lockDataDir } from './data-dir-lock.ts';
export { factoryDefaultJson, factoryDefaultTree } from './factory-default.ts';
export { isLoopbackHost } from './is-loopback.ts';
export { createLogger, REDACTED_PATHS } from './logger.ts';
export type { ServerOptions } from './server-options.ts';
export { DEFAULT_DATA_DIR, DEFAULT_HOST, DEFAULT_PORT } from './server-options.ts';
export { loadServerSchema, MODELS_DIR } from './server-schema.ts';
export type { RunningServer } from './start-server.ts';
export { ServerConfigurationError, startServer } from './start-server.ts';
export { createSelfSignedCredentials, loadOrCreateSelfSignedCredentials } from './tls-certificate.ts';
export { wellKnownRoute } from './well-known-route.ts';
