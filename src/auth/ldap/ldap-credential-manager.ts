/**
 * @module auth/ldap/ldap-credential-manager
 * Password checks against an LDAP directory (`ldapts`): bind as the service account (or search
 * anonymously), find the one entry under the search base that the user filter matches with the
 * escaped login name, then bind as that entry's DN with the password. The groups are the CNs of
 * the DNs in the entry's group attribute (`memberOf` by default). Hosts are tried in order: a
 * host that cannot be reached, or stops answering, hands over to the next; a directory that
 * answers decides. An empty password is refused before any bind, because an LDAP simple bind
 * with an empty password is an unauthenticated bind that servers accept.
 * @see RFC 4511 §4.2 (bind), RFC 4513 §5.1.2 (unauthenticated binds), RFC 4515 (filters)
 */
import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import type { Client, Entry } from 'ldapts';
import type { Logger } from '../../util/index.ts';
import type { CredentialCheck, CredentialManager } from '../credential-manager.ts';
import type { LdapDataSourceConfig } from '../credential-manager-config.ts';
import { groupNameOf } from './ldap-dn.ts';
import { describeLdapFailure, isHostFailure, resultCodeOf } from './ldap-failure.ts';
import { userFilterFor } from './ldap-filter.ts';

type Ldapts = typeof import('ldapts');

/** Loaded on first use, so that a server without an LDAP data source never loads the library. */
let ldapts: Promise<Ldapts> | undefined;
const loadLdapts = (): Promise<Ldapts> => {
  ldapts ??= import('ldapts');
  return ldapts;
};

/** The URL of `host` with the configured scheme and port (IPv6 addresses in brackets). */
const urlOf = (config: LdapDataSourceConfig, host: string): string => {
  const scheme = config.tls === 'ldaps' ? 'ldaps' : 'ldap';
  const port = config.port ?? (config.tls === 'ldaps' ? 636 : 389);
  return `${scheme}://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
};

/** TLS options for `host`: the configured trust anchors (else the system's) and the name to check. */
const tlsOptionsOf = (config: LdapDataSourceConfig, host: string): ConnectionOptions => ({
  minVersion: 'TLSv1.2',
  ...(config.trustedCertificates.length === 0 ? {} : { ca: [...config.trustedCertificates] }),
  ...(isIP(host) === 0 ? { servername: host } : {}),
});

/** The values of `attribute` (matched case-insensitively, as LDAP attribute names are) as strings. */
const valuesOf = (entry: Entry, attribute: string): string[] => {
  const wanted = attribute.toLowerCase();
  const key = Object.keys(entry).find((name) => name.toLowerCase() === wanted && name !== 'dn');
  const value = key === undefined ? undefined : entry[key];
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => (typeof item === 'string' ? item : item.toString('utf8')));
};

/** The result code of a failed bind with a wrong DN or password. @see RFC 4511 Appendix A.2 */
const INVALID_CREDENTIALS = 49;

/** A step of the check that failed, so the log says where. */
type Phase = 'connect' | 'service bind' | 'search' | 'user bind';

/** What one host answered. `next` means: this host failed, try the next one. */
type HostAnswer = CredentialCheck | { readonly outcome: 'next'; readonly reason: string };

/** Verifies passwords by binding to an LDAP directory. */
export class LdapCredentialManager implements CredentialManager {
  readonly #config: LdapDataSourceConfig;
  readonly #log: Logger;

  constructor(config: LdapDataSourceConfig, log: Logger) {
    this.#config = config;
    this.#log = log;
  }

  get dataSource(): string {
    return this.#config.id;
  }

  async verify(user: string, password: string): Promise<CredentialCheck> {
    if (password === '') return { outcome: 'rejected', reason: 'empty-password' };
    const library = await loadLdapts();
    const filter = userFilterFor(this.#config.userFilter, user);
    try {
      library.FilterParser.parseString(filter);
    } catch {
      return { outcome: 'unavailable', reason: 'the user-filter is not a valid LDAP filter' };
    }
    const problems: string[] = [];
    for (const host of this.#config.hosts) {
      const answer = await this.#tryHost(library, host, filter, user, password);
      if (answer.outcome !== 'next') return answer;
      problems.push(`${host}: ${answer.reason}`);
    }
    return { outcome: 'unavailable', reason: problems.join('; ') };
  }

  async close(): Promise<void> {
    // Every check opens and closes its own connection: nothing is left open.
  }

  async #tryHost(library: Ldapts, host: string, filter: string, user: string, password: string): Promise<HostAnswer> {
    const config = this.#config;
    const tlsOptions = tlsOptionsOf(config, host);
    const client: Client = new library.Client({
      url: urlOf(config, host),
      connectTimeout: config.connectTimeoutMs,
      timeout: config.operationTimeoutMs,
      // ldapts speaks TLS from the start whenever tlsOptions are given, even for an ldap:// URL.
      ...(config.tls === 'ldaps' ? { tlsOptions } : {}),
      strictDN: false,
    });
    let phase: Phase = 'connect';
    try {
      if (config.tls === 'starttls') await client.startTLS(tlsOptions);
      if (config.bindDn !== undefined) {
        phase = 'service bind';
        try {
          await client.bind(config.bindDn, config.bindPassword ?? '');
        } catch (error) {
          if (resultCodeOf(error) === INVALID_CREDENTIALS)
            return { outcome: 'unavailable', reason: `${host}: the directory refused the service account` };
          throw error;
        }
      }
      phase = 'search';
      const { searchEntries } = await client.search(config.searchBase, {
        scope: 'sub',
        filter,
        attributes: [config.groupAttribute],
        sizeLimit: 2,
      });
      if (searchEntries.length === 0) return { outcome: 'rejected', reason: 'unknown-user' };
      if (searchEntries.length > 1) {
        this.#log.warn(
          { dataSource: config.id, user },
          'the user filter matches more than one directory entry for this user; the login is refused',
        );
        return { outcome: 'rejected', reason: 'ambiguous-user' };
      }
      const entry = searchEntries[0] as Entry;
      // A bind with an empty DN would be anonymous whatever the password (RFC 4513 §5.1.1).
      if (entry.dn.trim() === '') return { outcome: 'rejected', reason: 'unknown-user' };
      phase = 'user bind';
      try {
        await client.bind(entry.dn, password);
      } catch (error) {
        const resultCode = resultCodeOf(error);
        if (resultCode === INVALID_CREDENTIALS) return { outcome: 'rejected', reason: 'wrong-password' };
        // Another result code for the user's own bind (account locked, password expired, …).
        if (resultCode !== undefined && !isHostFailure(error)) {
          this.#log.info(
            { dataSource: config.id, user, resultCode },
            'the directory refused the user’s bind with a result code other than invalid credentials',
          );
          return { outcome: 'rejected', reason: 'refused-by-directory' };
        }
        throw error;
      }
      const groups = valuesOf(entry, config.groupAttribute)
        .map(groupNameOf)
        .filter((name): name is string => name !== undefined);
      return { outcome: 'verified', groups: [...new Set(groups)] };
    } catch (error) {
      // A directory that answered with a result code has decided for every host (they are replicas).
      if (!isHostFailure(error))
        return { outcome: 'unavailable', reason: `${host}: ${phase}: ${describeLdapFailure(error)}` };
      return { outcome: 'next', reason: `${phase}: ${describeLdapFailure(error)}` };
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }
}
