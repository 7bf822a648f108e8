/**
 * @module test/identity/identity-server
 * Test support: `idconf serve` as a child process with the shipped models and a known admin
 * password, a RESTCONF request helper that records every response body (so tests can grep them
 * for secrets), and key material made with node:crypto and the openssl command.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import type { KeyObject } from 'node:crypto';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestResponse } from '../support/https-request.ts';
import { send } from '../support/https-request.ts';
import type { ServerProcess, ServerProcessOptions } from '../support/server-process.ts';
import { startServerProcess } from '../support/server-process.ts';

export const ADMIN_PASSWORD = 'Adm1n-Test-Passw0rd';
const AUTHORIZATION = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;

export const JSON_TYPE = 'application/yang-data+json';
export const XML_TYPE = 'application/yang-data+xml';
export const BASE_NS = 'urn:idconf:yang:base';
export const CRYPTO = '/data/base:facilities/crypto';

/** A running server and what it answered. */
export interface IdentityServer {
  readonly process: ServerProcess;
  /** Every response body so far. */
  readonly bodies: string[];
  request(
    method: string,
    path: string,
    options?: { readonly body?: unknown; readonly type?: string; readonly accept?: string },
  ): Promise<TestResponse>;
  stop(): Promise<number | string>;
}

/** Starts `idconf serve` with the admin password set (and `env` on top). */
export const startIdentityServer = async (options: ServerProcessOptions = {}): Promise<IdentityServer> => {
  const process = await startServerProcess({
    ...options,
    env: { IDCONF_ADMIN_PASSWORD: ADMIN_PASSWORD, ...options.env },
  });
  const bodies: string[] = [];
  return {
    process,
    bodies,
    request: async (method, path, requestOptions = {}) => {
      const { body, type, accept } = requestOptions;
      const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
      const response = await send(`${process.url}/admin/api/restconf${path}`, {
        method,
        headers: {
          Authorization: AUTHORIZATION,
          Accept: accept ?? type ?? JSON_TYPE,
          ...(text === undefined ? {} : { 'Content-Type': type ?? JSON_TYPE }),
        },
        ...(text === undefined ? {} : { body: text }),
      });
      bodies.push(response.body);
      return response;
    },
    stop: () => process.stop(),
  };
};

/** The first RESTCONF error of a JSON error body. */
export const firstError = (response: TestResponse): Record<string, unknown> => {
  const parsed = JSON.parse(response.body) as { 'ietf-restconf:errors': { error: Record<string, unknown>[] } };
  return parsed['ietf-restconf:errors'].error[0] ?? {};
};

/** True when the openssl command is there (CI installs it; elsewhere tests that need it skip). */
export const opensslMissing = ((): string | false => {
  if (spawnSync('openssl', ['version']).status === 0) return false;
  if (process.env.CI === 'true') return false;
  return 'openssl is not installed (apt-get install openssl)';
})();

/** A key pair with its PEM forms. */
export interface TestKey {
  readonly privateKey: KeyObject;
  readonly privatePem: string;
  readonly publicPem: string;
}

/** A fresh key pair. */
export const makeKey = (
  type: 'rsa' | 'ec' | 'ed25519',
  options: { readonly bits?: number; readonly curve?: string } = {},
): TestKey => {
  const pair =
    type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: options.bits ?? 2048 })
      : type === 'ec'
        ? generateKeyPairSync('ec', { namedCurve: options.curve ?? 'prime256v1' })
        : generateKeyPairSync('ed25519');
  return {
    privateKey: pair.privateKey,
    privatePem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

const workDir = mkdtempSync(join(tmpdir(), 'idconf-keys-'));
let fileCounter = 0;
const tempFile = (name: string, content?: string | Buffer): string => {
  const file = join(workDir, `${fileCounter++}-${name}`);
  if (content !== undefined) writeFileSync(file, content, { mode: 0o600 });
  return file;
};

/** A self-signed certificate for `key`, made by `openssl req -x509`. */
export const makeCertificate = (key: TestKey, subject: string): string => {
  const keyFile = tempFile('key.pem', key.privatePem);
  const certFile = tempFile('cert.pem');
  execFileSync('openssl', ['req', '-x509', '-key', keyFile, '-subj', subject, '-days', '30', '-out', certFile], {
    stdio: 'ignore',
  });
  return readFileSync(certFile, 'utf8');
};

/** A PKCS#12 keystore (base64) of `key` and `certificate`, made by `openssl pkcs12 -export`. */
export const makePkcs12 = (
  key: TestKey,
  certificate: string,
  password: string,
  extra: readonly string[] = [],
): string => {
  const keyFile = tempFile('key.pem', key.privatePem);
  const certFile = tempFile('cert.pem', certificate);
  const out = tempFile('store.p12');
  execFileSync(
    'openssl',
    ['pkcs12', '-export', '-inkey', keyFile, '-in', certFile, '-passout', `pass:${password}`, '-out', out, ...extra],
    { stdio: 'ignore' },
  );
  return readFileSync(out).toString('base64');
};

/** The base64 DER of a PEM certificate. */
export const derBase64 = (certificate: string): string => new X509Certificate(certificate).raw.toString('base64');

/** The body of a PEM block without its armour and line breaks (what must never leak). */
export const pemBody = (pem: string): string =>
  pem
    .replace(/-----[A-Z ]+-----/g, '')
    .replace(/\s+/g, '')
    .slice(0, 64);

/** The SHA-256 fingerprint and validity of a PEM certificate. */
export const certificateFacts = (
  certificate: string,
): { readonly fingerprint: string; readonly notAfter: string; readonly notBefore: string } => {
  const parsed = new X509Certificate(certificate);
  const text = (date: Date): string => date.toISOString().replace(/\.000Z$/, 'Z');
  return {
    fingerprint: parsed.fingerprint256,
    notAfter: text(parsed.validToDate),
    notBefore: text(parsed.validFromDate),
  };
};
