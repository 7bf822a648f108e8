/**
 * @module server/server-options
 * The settings of `idconf serve`, with their defaults. @see DESIGN §5
 */

/** Default management port. */
export const DEFAULT_PORT = 6749;
/** Default listen address. */
export const DEFAULT_HOST = '0.0.0.0';

import type { CheckpointPrefetch } from '../datastore/index.ts';

/** Default data directory, relative to the working directory. */
export const DEFAULT_DATA_DIR = './var/idconf';

/** Everything `idconf serve` can be told. */
export interface ServerOptions {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  /**
   * The shared journal of a cluster, a `postgres://` URL (IDCONF_STORE); the embedded SQLite
   * journal in the data directory when absent. docs/cluster.md
   */
  readonly store?: string;
  /** Extra YANG module directories, searched after the shipped `models/`. */
  readonly yangDirs: readonly string[];
  /** PEM files to use instead of the generated self-signed certificate. */
  readonly tlsCertFile?: string;
  readonly tlsKeyFile?: string;
  /** Serve plain HTTP (loopback hosts only). */
  readonly insecureHttp: boolean;
  /** Request body limit in bytes. */
  readonly bodyLimit?: number;
  /** The first admin account's password (IDCONF_ADMIN_PASSWORD); generated and shown once when absent. */
  readonly adminPassword?: string;
  /**
   * The configuration encryption key (IDCONF_CONFIG_ENCRYPTION_KEY: 32 bytes as hex or base64);
   * when absent, the key file in the data directory (generated on a first start).
   */
  readonly configEncryptionKey?: string;
  /**
   * Reverse proxies (addresses or CIDR networks) whose forwarding header names the client, for
   * login throttling and the log; none when omitted (every client is its TCP peer).
   */
  readonly trustedProxies?: readonly string[];
  /** The header those proxies write the client into (default `x-forwarded-for`). */
  readonly forwardedHeader?: 'x-forwarded-for' | 'forwarded';
  /**
   * The directory of the admin web UI's build (default: `web/dist` of the installation); the UI is
   * served at `/admin` while the configuration has `environments/environment/admin-service/http/web-ui`.
   */
  readonly webUiDir?: string;
  /** Milliseconds in-flight requests get to finish on shutdown. */
  readonly shutdownDeadlineMs?: number;
  /** Event stream subscriptions open at once on this server (default 5,000). */
  readonly maxSubscriptions?: number;
  /** Event stream subscriptions open at once for one user (default 2,000). */
  readonly maxSubscriptionsPerUser?: number;
  /**
   * The latest checkpoint of the data directory's journal as an early read found it (the command
   * line starts it before it loads the server): the journal takes it when it is its own.
   */
  readonly checkpointPrefetch?: CheckpointPrefetch;
}
