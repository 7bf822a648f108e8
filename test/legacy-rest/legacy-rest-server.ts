/**
 * @module test/legacy-rest/legacy-rest-server
 * Test support for the legacy REST API end to end: `idconf serve` started as a child process
 * (the real composition root, HTTPS with its generated certificate, the factory default
 * configuration), requests to both front-ends over HTTPS, the legacy error envelope in JSON and
 * XML, and curl. The admin's password hash is swapped for a cheap one once the server is up, so
 * that the hundreds of requests of a test file do not each spend 50 ms in argon2.
 */
import { execFile, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { TestContext } from 'node:test';
import { hashPassword } from '../../src/auth/index.ts';
import type { TestResponse } from '../support/https-request.ts';
import { send } from '../support/https-request.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { startServerProcess } from '../support/server-process.ts';

export const USER = 'admin';
export const PASSWORD = 'legacy-rest-test-password';
export const AUTHORIZATION = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

/** The legacy API root and the RESTCONF root. */
export const REST = '/admin/api/rest';
export const RESTCONF = '/admin/api/restconf';

/** The legacy media types, by kind and format. */
export const TYPE = {
  api: { json: 'application/vnd.yang.api+json', xml: 'application/vnd.yang.api+xml' },
  datastore: { json: 'application/vnd.yang.datastore+json', xml: 'application/vnd.yang.datastore+xml' },
  data: { json: 'application/vnd.yang.data+json', xml: 'application/vnd.yang.data+xml' },
  collection: { json: 'application/vnd.yang.collection+json', xml: 'application/vnd.yang.collection+xml' },
  operation: { json: 'application/vnd.yang.operation+json', xml: 'application/vnd.yang.operation+xml' },
  errors: { json: 'application/vnd.yang.errors+json', xml: 'application/vnd.yang.errors+xml' },
} as const;

export type Format = 'json' | 'xml';
export const FORMATS: readonly Format[] = ['json', 'xml'];

/** Options of one request. */
export interface RequestOptions {
  readonly body?: string;
  readonly type?: string;
  readonly accept?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly anonymous?: boolean;
}

/** A running server and ways to talk to it. */
export interface LegacyTestServer {
  readonly url: string;
  readonly process: ServerProcess;
  /** A request to a path below `/admin/api/rest` (or an absolute path starting with `/admin`). */
  rest(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  /** A request to a path below `/admin/api/restconf`. */
  restconf(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  /** How many rollback files there are (read over RESTCONF). */
  rollbackCount(): Promise<number>;
  /** The whole configuration as RESTCONF JSON with `with-defaults=explicit`: what "nothing changed" compares. */
  configuration(): Promise<string>;
  stop(): Promise<void>;
}

const CHEAP = { memoryKiB: 64, iterations: 1, parallelism: 1 } as const;

const request = (base: string, method: string, path: string, options: RequestOptions): Promise<TestResponse> => {
  const { body } = options;
  return send(`${base}${path}`, {
    method,
    headers: {
      ...(options.anonymous === true ? {} : { Authorization: AUTHORIZATION }),
      ...(options.type === undefined ? {} : { 'Content-Type': options.type }),
      ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
      ...(options.accept === undefined ? {} : { Accept: options.accept }),
      ...options.headers,
    },
    ...(body === undefined ? {} : { body }),
  });
};

/** Options of {@link startLegacyServer}. */
export interface LegacyServerOptions {
  /** Extra `idconf serve` arguments, such as `--yang-dir`. */
  readonly args?: readonly string[];
  /** Extra environment variables. */
  readonly env?: Readonly<Record<string, string>>;
}

/** Starts `idconf serve` on a fresh data directory. */
export const startLegacyServer = async (options: LegacyServerOptions = {}): Promise<LegacyTestServer> => {
  const child = await startServerProcess({
    args: options.args ?? [],
    env: { IDCONF_ADMIN_PASSWORD: PASSWORD, ...options.env },
  });
  const { url } = child;
  const rest = (method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> =>
    request(url, method, path.startsWith('/admin/') ? path : `${REST}${path}`, options);
  const restconf = (method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> =>
    request(url, method, `${RESTCONF}${path}`, options);
  const hash = await hashPassword(PASSWORD, CHEAP);
  const swapped = await rest('PATCH', '/running/aaa/authentication/users/user/admin', {
    type: TYPE.data.json,
    body: JSON.stringify({ 'idconf-aaa:user': { name: USER, password: hash } }),
  });
  if (swapped.status !== 204) throw new Error(`could not set a cheap password hash: ${swapped.status} ${swapped.body}`);
  return {
    url,
    process: child,
    rest,
    restconf,
    rollbackCount: async () => {
      const response = await restconf('GET', '/data/idconf-rollback:rollback-files');
      const body = JSON.parse(response.body) as { 'idconf-rollback:rollback-files': { file?: unknown[] } };
      return body['idconf-rollback:rollback-files'].file?.length ?? 0;
    },
    configuration: async () => (await restconf('GET', '/data?content=config&with-defaults=explicit')).body,
    stop: async () => {
      await child.stop();
      rmSync(child.dataDir, { recursive: true, force: true });
    },
  };
};

/** One error of the legacy envelope, whichever the encoding. */
export interface LegacyError {
  readonly 'error-type': string;
  readonly 'error-tag': string;
  readonly 'error-app-tag'?: string;
  readonly 'error-urlpath': string;
  readonly 'error-path'?: string;
  readonly 'error-message': string;
}

const XML_ERRORS = /^<errors xmlns="http:\/\/tail-f\.com\/ns\/tailf-rest-error">(<error>.*<\/error>)<\/errors>\n?$/s;

const unescapeXml = (text: string): string =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

/**
 * The errors of a legacy error response, checking the envelope's shape in its encoding (and
 * its Content-Type): JSON `{"errors": {"error": [...]}}`, XML `<errors xmlns="…tailf-rest-error">`.
 */
export const legacyErrors = (response: TestResponse): LegacyError[] => {
  const type = response.headers['content-type'];
  if (type === TYPE.errors.json) {
    const body = JSON.parse(response.body) as { errors: { error: LegacyError[] } };
    if (Object.keys(body).join() !== 'errors' || !Array.isArray(body.errors.error))
      throw new Error(`not the legacy envelope: ${response.body}`);
    return body.errors.error;
  }
  if (type !== TYPE.errors.xml) throw new Error(`not a legacy error response (${type}): ${response.body}`);
  const inner = XML_ERRORS.exec(response.body)?.[1];
  if (inner === undefined) throw new Error(`not the legacy XML envelope: ${response.body}`);
  return [...inner.matchAll(/<error>(.*?)<\/error>/gs)].map((match) => {
    const fields: Record<string, string> = {};
    for (const field of (match[1] as string).matchAll(/<([a-z-]+)>(.*?)<\/\1>/gs))
      fields[field[1] as string] = unescapeXml(field[2] as string);
    return fields as unknown as LegacyError;
  });
};

/** True when curl is installed; outside CI a test without it is skipped, under CI=true it fails. */
export const requireCurl = (t: TestContext): boolean => {
  if (spawnSync('curl', ['--version']).status === 0) return true;
  if (process.env.CI === 'true') throw new Error('curl is not installed (apt-get install curl)');
  t.skip('curl is not installed (apt-get install curl)');
  return false;
};

/** What curl printed: status, headers (lower-case names), body. */
export interface CurlResult {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Runs `curl -sk -i -u admin:… <args>` and parses what it printed; with `-o <file>` the body goes
 * to the file and the headers (`-D -`) to the result.
 */
export const curl = async (args: readonly string[]): Promise<CurlResult> => {
  const headersFlag = args.includes('-o') ? ['-D', '-'] : ['-i'];
  const text = await new Promise<string>((resolve, reject) => {
    execFile(
      'curl',
      ['-sk', ...headersFlag, '-u', `${USER}:${PASSWORD}`, ...args],
      { encoding: 'utf8', timeout: 20_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error !== null) reject(new Error(`curl failed: ${error.message} ${stderr}`));
        else resolve(stdout);
      },
    );
  });
  // A 100 Continue comes before the real head when curl sends a large body.
  const rest = text.replace(/^HTTP\/[\d.]+ 100[^\r]*\r\n\r\n/, '');
  const split = rest.indexOf('\r\n\r\n');
  const head = split < 0 ? rest : rest.slice(0, split);
  const body = split < 0 ? '' : rest.slice(split + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
};
