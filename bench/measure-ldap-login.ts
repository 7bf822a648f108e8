/**
 * @module bench/measure-ldap-login
 * GET one entry logged in through an LDAP credential manager against the same request logged
 * in as the local admin. Starts a throwaway slapd (the test harness's, memberof overlay) and
 * `idconf serve` over plain HTTP, configures the data source, the credential manager and the
 * reference through RESTCONF as docs/authentication.md shows, loads the entries, and runs wrk
 * with each user's Basic credentials, interleaved: kept-alive connections (1 and 16, as the
 * GET-one measurement), and 16 connections that close after every request (`Connection:
 * close`), where no per-connection reuse of a login can help and every request goes through
 * the remembered-login lookup. Counts the LDAP user's audit lines, which say how many requests
 * were authenticated in full rather than reused on their connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { hasProgram } from '../test/support/external-program.ts';
import { type SlapdServer, startSlapd } from '../test/support/slapd.ts';
import type { ServerProcess } from './child-process.ts';
import { BenchClient } from './http-client.ts';
import { ADMIN, startIdconf } from './idconf-server.ts';
import { type BenchContext, row } from './measure-api.ts';
import { loadDocument, RESTCONF, RESTCONF_REQUESTS } from './workload.ts';
import { runWrk, type WrkRequest } from './wrk.ts';

/** The directory user of the measurement. */
export const LDAP_USER = { uid: 'bench-ldap', password: 'bench-Ldap-Passw0rd', groups: ['ops'] } as const;

const JSON_TYPE = 'application/yang-data+json';
const WARM_UP_SECONDS = 1;

/** Why the LDAP measurement cannot run here (undefined: it can). */
export const ldapLoginUnavailable = (): string | undefined => {
  const missing = ['/usr/sbin/slapd', '/usr/sbin/slapadd', 'ldapadd'].filter((command) => !hasProgram(command));
  return missing.length === 0
    ? undefined
    : `LDAP login rows skipped: ${missing.join(', ')} not installed (apt-get install slapd ldap-utils)`;
};

/** The three requests of docs/authentication.md that make admin logins use a directory. */
const configureLdap = async (client: BenchClient, slapd: SlapdServer): Promise<void> => {
  await client.send('PUT', `${RESTCONF}/data/base:facilities/data-sources/data-source=bench-ldap`, {
    body: JSON.stringify({
      'base:data-source': [
        {
          id: 'bench-ldap',
          ldap: {
            hosts: [slapd.host],
            port: slapd.port,
            tls: 'none',
            'bind-dn': slapd.serviceDn,
            password: slapd.servicePassword,
            'search-base': slapd.peopleDn,
            'user-filter': '(&(objectClass=inetOrgPerson)(uid={username}))',
            'group-attribute': 'memberOf',
          },
        },
      ],
    }),
    headers: { 'Content-Type': JSON_TYPE },
    expected: [201, 204],
  });
  await client.send(
    'PUT',
    `${RESTCONF}/data/base:processing/credential-managers/credential-manager=bench-ldap-admins`,
    {
      body: JSON.stringify({ 'base:credential-manager': [{ id: 'bench-ldap-admins', 'data-source': 'bench-ldap' }] }),
      headers: { 'Content-Type': JSON_TYPE },
      expected: [201, 204],
    },
  );
  await client.send('PATCH', `${RESTCONF}/data/base:environments/environment/admin-service/authentication`, {
    body: JSON.stringify({ 'base:authentication': { 'credential-manager': 'bench-ldap-admins' } }),
    headers: { 'Content-Type': JSON_TYPE },
    expected: [201, 204],
  });
};

/** Counts the audit lines of `user`'s successful logins in the server's output from now on. */
const auditCounter = (server: ServerProcess, user: string): (() => number) => {
  let count = 0;
  let pending = '';
  const marker = `"user":${JSON.stringify(user)}`;
  const onText = (chunk: string): void => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines)
      if (line.includes('"audit":"authentication"') && line.includes(marker) && line.includes('"outcome":"success"'))
        count++;
  };
  server.child.stdout?.on('data', onText);
  server.child.stderr?.on('data', onText);
  return () => count;
};

/** One wrk variant: connections, and whether each request uses a new connection. */
interface Variant {
  readonly name: string;
  readonly connections: number;
  readonly close: boolean;
  readonly label: string;
}

const VARIANTS: readonly Variant[] = [
  { name: 'c1', connections: 1, close: false, label: '1 kept-alive connection' },
  { name: 'c16', connections: 16, close: false, label: '16 kept-alive connections' },
  { name: 'c16-close', connections: 16, close: true, label: '16 connections, a new one per request' },
];

/** Measures GET one entry with the local admin and with an LDAP user at `size` entries. */
export const measureLdapLogin = async (context: BenchContext, size: number, dataRoot: string): Promise<void> => {
  const { results, log } = context;
  const dataDir = mkdtempSync(join(dataRoot, 'idconf-ldap-bench-'));
  const slapd = await startSlapd({ users: [LDAP_USER] });
  try {
    const server = await startIdconf({ dataDir, timeoutMs: 60_000 + size / 10 });
    const admin = new BenchClient(server.url, ADMIN.user, ADMIN.password);
    const ldap = new BenchClient(server.url, LDAP_USER.uid, LDAP_USER.password);
    const audits = auditCounter(server, LDAP_USER.uid);
    try {
      log(`${size}: LDAP login: configuring the directory through RESTCONF, loading ${size} entries`);
      await configureLdap(admin, slapd);
      await admin.send('PUT', `${RESTCONF}/data/bench:bench`, {
        body: loadDocument(size),
        headers: { 'Content-Type': JSON_TYPE },
        expected: [201, 204],
      });
      const sample = RESTCONF_REQUESTS.getOne.replace('{i}', String(Math.floor(size / 2)));
      // The LDAP user reads the same entry as the admin (a 401 or 403 here stops the measurement).
      await ldap.send('GET', sample, { headers: { Accept: JSON_TYPE }, expected: [200] });
      const request = (client: BenchClient, variant: Variant): WrkRequest => ({
        origin: server.url,
        method: 'GET',
        path: RESTCONF_REQUESTS.getOne,
        headers: {
          Authorization: client.authorization,
          Accept: JSON_TYPE,
          ...(variant.close ? { Connection: 'close' } : {}),
        },
        count: size,
      });
      const logins = [
        { who: 'local', client: admin, text: 'the local admin' },
        { who: 'ldap', client: ldap, text: 'an LDAP user' },
      ] as const;
      for (const login of logins) await runWrk(request(login.client, VARIANTS[1] as Variant), 16, WARM_UP_SECONDS);
      log(
        `${size}: LDAP login: GET one entry, local admin and LDAP user interleaved (wrk, ${context.runs} × ${context.duration} s × ${VARIANTS.length * 2})`,
      );
      for (let run = 0; run < context.runs; run++) {
        for (const variant of VARIANTS) {
          const rates = new Map<string, number>();
          for (const login of logins) {
            const before = audits();
            const result = await runWrk(request(login.client, variant), variant.connections, context.duration);
            if (result.errors > 0)
              results.note(
                `GET one entry as ${login.text} (${variant.label}): ${result.errors} failed requests at ${size}`,
              );
            rates.set(login.who, result.requestsPerSecond);
            results.add(
              row(
                'restconf',
                `get-one-login-${login.who}`,
                variant.name,
                'http',
                'req/s',
                `GET one entry as ${login.text}, ${variant.label}`,
              ),
              size,
              [result.requestsPerSecond],
            );
            if (login.who === 'ldap' && result.requests > 0) {
              // Audit lines are written asynchronously: give the last ones a moment.
              await new Promise((resolve) => setTimeout(resolve, 200));
              results.add(
                row(
                  'restconf',
                  'get-one-login-ldap-full',
                  variant.name,
                  'http',
                  'ratio',
                  `LDAP user: share of requests authenticated in full (audit lines ÷ requests), ${variant.label}`,
                ),
                size,
                [(audits() - before) / result.requests],
              );
            }
          }
          results.add(
            row(
              'restconf',
              'get-one-login-ldap-ratio',
              variant.name,
              'http',
              'ratio',
              `GET one entry, LDAP user ÷ local admin, ${variant.label}`,
            ),
            size,
            [(rates.get('ldap') ?? 0) / (rates.get('local') ?? Number.NaN)],
          );
        }
      }
    } finally {
      admin.close();
      ldap.close();
      await server.stop();
    }
  } finally {
    await slapd.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};
