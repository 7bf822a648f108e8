/**
 * @module auth/sql/sql-tls
 * TLS for a database connection (`tls required`): the server's certificate must chain to the
 * configured trusted certificates (or the system CA bundle when none are given) and name the
 * host of the url.
 */
import { isIP } from 'node:net';
import type { SecureContextOptions } from 'node:tls';
import type { SqlDataSourceConfig } from '../credential-manager-config.ts';

/** TLS options as both drivers take them. */
export type SqlTlsOptions = SecureContextOptions & {
  readonly rejectUnauthorized: boolean;
  readonly host: string;
  readonly servername?: string;
};

/** The TLS options of a connection to `host`. */
export const tlsOptionsFor = (config: SqlDataSourceConfig, host: string): SqlTlsOptions => ({
  rejectUnauthorized: true,
  // The name the certificate is checked against (drivers that hand TLS a socket give none).
  host,
  minVersion: 'TLSv1.2',
  ...(config.trustedCertificates.length === 0 ? {} : { ca: [...config.trustedCertificates] }),
  ...(isIP(host) === 0 ? { servername: host } : {}),
});
