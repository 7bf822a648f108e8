/**
 * @module test/support/slapd
 * A throwaway OpenLDAP server on loopback for authentication tests: a cn=config directory made
 * with slapadd, the mdb back-end with the memberof overlay (so a user's entry lists its groups
 * in `memberOf`), users, groups and a service account loaded online with ldapadd, and optionally
 * LDAPS and StartTLS with a test CA. It runs in the foreground as a child process and can be
 * stopped and started again (to test a directory that is down).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skipUnlessInstalled } from './external-program.ts';
import { freePort } from './free-port.ts';
import type { TestCertificates } from './test-ca.ts';
import { waitForPort } from './wait-for-port.ts';

/** Skip message for tests that need slapd (false: run them). */
export const slapdMissing = skipUnlessInstalled(
  ['/usr/sbin/slapd', '/usr/sbin/slapadd', 'ldapadd'],
  'apt-get install slapd ldap-utils',
);

/** A person in the directory. */
export interface DirectoryUser {
  readonly uid: string;
  readonly password: string;
  /** Names of the groups (groupOfNames under ou=groups) the user is a member of. */
  readonly groups: readonly string[];
}

/** Options of {@link startSlapd}. */
export interface SlapdOptions {
  readonly users: readonly DirectoryUser[];
  /** Also listen for LDAPS, and offer StartTLS, with this certificate. */
  readonly tls?: TestCertificates;
}

/** A running (or stopped) test directory. */
export interface SlapdServer {
  readonly host: string;
  /** The plain LDAP port (StartTLS too when TLS is configured). */
  readonly port: number;
  /** The LDAPS port, when TLS is configured. */
  readonly ldapsPort: number | undefined;
  readonly baseDn: string;
  /** Where the users are: `ou=people,<base>`. */
  readonly peopleDn: string;
  /** The service account idconf binds as to search. */
  readonly serviceDn: string;
  readonly servicePassword: string;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same ports with the same data. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  close(): Promise<void>;
}

const BASE = 'dc=example,dc=com';
const ROOT_DN = `cn=admin,${BASE}`;
const ROOT_PASSWORD = 'slapd-root-password';
const SERVICE_DN = `cn=idconf,ou=services,${BASE}`;
const SERVICE_PASSWORD = 'idconf-service-password';

const configLdif = (directory: string, tls: TestCertificates | undefined): string => `dn: cn=config
objectClass: olcGlobal
cn: config
olcPidFile: ${directory}/slapd.pid
${tls === undefined ? '' : `olcTLSCACertificateFile: ${tls.caFile}\nolcTLSCertificateFile: ${tls.certFile}\nolcTLSCertificateKeyFile: ${tls.keyFile}\n`}
dn: cn=module{0},cn=config
objectClass: olcModuleList
cn: module{0}
olcModulePath: /usr/lib/ldap
olcModuleLoad: back_mdb
olcModuleLoad: memberof

dn: cn=schema,cn=config
objectClass: olcSchemaConfig
cn: schema

include: file:///etc/ldap/schema/core.ldif
include: file:///etc/ldap/schema/cosine.ldif
include: file:///etc/ldap/schema/inetorgperson.ldif

dn: olcDatabase={-1}frontend,cn=config
objectClass: olcDatabaseConfig
objectClass: olcFrontendConfig
olcDatabase: {-1}frontend

dn: olcDatabase={0}config,cn=config
objectClass: olcDatabaseConfig
olcDatabase: {0}config
olcAccess: {0}to * by * none

dn: olcDatabase={1}mdb,cn=config
objectClass: olcDatabaseConfig
objectClass: olcMdbConfig
olcDatabase: {1}mdb
olcSuffix: ${BASE}
olcRootDN: ${ROOT_DN}
olcRootPW: ${ROOT_PASSWORD}
olcDbDirectory: ${directory}/data
olcDbMaxSize: 104857600
olcDbIndex: objectClass eq
olcDbIndex: uid eq
olcAccess: {0}to attrs=userPassword by self write by anonymous auth by * none
olcAccess: {1}to * by users read by * none

dn: olcOverlay={0}memberof,olcDatabase={1}mdb,cn=config
objectClass: olcOverlayConfig
objectClass: olcMemberOf
olcOverlay: {0}memberof
olcMemberOfGroupOC: groupOfNames
olcMemberOfMemberAD: member
olcMemberOfMemberOfAD: memberOf
olcMemberOfRefInt: FALSE
`;

const dataLdif = (users: readonly DirectoryUser[]): string => {
  const parts = [
    `dn: ${BASE}\nobjectClass: dcObject\nobjectClass: organization\ndc: example\no: Example\n`,
    `dn: ou=people,${BASE}\nobjectClass: organizationalUnit\nou: people\n`,
    `dn: ou=groups,${BASE}\nobjectClass: organizationalUnit\nou: groups\n`,
    `dn: ou=services,${BASE}\nobjectClass: organizationalUnit\nou: services\n`,
    `dn: ${SERVICE_DN}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: idconf\nuserPassword: ${SERVICE_PASSWORD}\n`,
  ];
  // Base64 values (::) so that any uid, also one with LDIF-special characters, is loaded as it is.
  const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
  for (const user of users) {
    parts.push(
      `dn:: ${b64(`uid=${escapeDnValue(user.uid)},ou=people,${BASE}`)}\nobjectClass: inetOrgPerson\nuid:: ${b64(user.uid)}\ncn:: ${b64(user.uid)}\nsn: test\nuserPassword:: ${b64(user.password)}\n`,
    );
  }
  const groups = [...new Set(users.flatMap((user) => user.groups))];
  for (const group of groups) {
    const members = users
      .filter((user) => user.groups.includes(group))
      .map((user) => `member:: ${b64(`uid=${escapeDnValue(user.uid)},ou=people,${BASE}`)}`);
    parts.push(`dn: cn=${group},ou=groups,${BASE}\nobjectClass: groupOfNames\ncn: ${group}\n${members.join('\n')}\n`);
  }
  return parts.join('\n');
};

/** An attribute value escaped for a DN string (RFC 4514 §2.4). */
const escapeDnValue = (value: string): string =>
  value
    .replace(/[,+"\\<>;=]/g, (character) => `\\${character}`)
    .replace(/^[ #]|[ ]$/g, (character) => `\\${character}`);

/** Starts a test directory with `options.users`; resolves when it accepts connections and holds the data. */
export const startSlapd = async (options: SlapdOptions): Promise<SlapdServer> => {
  const directory = mkdtempSync(join(tmpdir(), 'idconf-slapd-'));
  mkdirSync(join(directory, 'slapd.d'));
  mkdirSync(join(directory, 'data'));
  writeFileSync(join(directory, 'config.ldif'), configLdif(directory, options.tls));
  execFileSync('/usr/sbin/slapadd', ['-n0', '-F', join(directory, 'slapd.d'), '-l', join(directory, 'config.ldif')], {
    stdio: 'ignore',
  });
  const port = await freePort();
  const ldapsPort = options.tls === undefined ? undefined : await freePort();
  const urls = [`ldap://127.0.0.1:${port}/`, ...(ldapsPort === undefined ? [] : [`ldaps://127.0.0.1:${ldapsPort}/`])];
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const start = async (): Promise<void> => {
    const output: string[] = [];
    let exitCode: number | string | undefined;
    const started = spawn('/usr/sbin/slapd', ['-d', '0', '-h', urls.join(' '), '-F', join(directory, 'slapd.d')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    exited = new Promise((resolve) =>
      started.on('exit', (code, signal) => {
        exitCode = code ?? signal ?? 'unknown';
        resolve();
      }),
    );
    child = started;
    await waitForPort(port, {
      timeoutMs: 15_000,
      gone: () => (exitCode === undefined ? undefined : `slapd exited (${exitCode}): ${output.join('')}`),
    });
  };
  const stop = async (): Promise<void> => {
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  try {
    execFileSync('ldapadd', ['-x', '-H', `ldap://127.0.0.1:${port}`, '-D', ROOT_DN, '-w', ROOT_PASSWORD], {
      input: dataLdif(options.users),
      stdio: ['pipe', 'ignore', 'pipe'],
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    host: '127.0.0.1',
    port,
    ldapsPort,
    baseDn: BASE,
    peopleDn: `ou=people,${BASE}`,
    serviceDn: SERVICE_DN,
    servicePassword: SERVICE_PASSWORD,
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};
