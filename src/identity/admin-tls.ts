/**
 * @module identity/admin-tls
 * The management port's TLS key comes from the configuration: the server keystore that
 * `environments/environment/admin-service/http/ssl-server-keystore` references. A commit that
 * changes the reference or that entry is checked first (a keystore the TLS stack refuses vetoes
 * the commit, so an operator cannot lock themselves out), then the server's credentials are
 * swapped for new connections without a restart.
 */
import { createSecureContext } from 'node:tls';
import type { DataTree, InstancePath } from '../data/index.ts';
import { formatInstancePath, resolveInstancePath } from '../data/index.ts';
import type { Datastore, PendingCommit } from '../datastore/index.ts';
import { InvalidValueError } from '../errors/index.ts';
import type { TlsCredentials } from '../http/index.ts';
import type { Logger } from '../util/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { ConfigCipher } from './config-cipher.ts';
import { ConfigDecryptionError } from './config-cipher.ts';
import { readStoredValue, SSL_SERVER_KEYSTORES, storedValueOf } from './crypto-lists.ts';
import { generateSelfSigned } from './key-generation.ts';
import { KeyMaterialError } from './key-material.ts';
import { instancePathOf } from './model-paths.ts';

/** The schema path of the leaf naming the management port's keystore. */
export const ADMIN_KEYSTORE_LEAF = '/base:environments/environment/admin-service/http/ssl-server-keystore';

/** What the configuration says the management port presents. */
export type AdminKeystore =
  | { readonly kind: 'none' }
  | { readonly kind: 'credentials'; readonly id: string; readonly stored: string; readonly credentials: TlsCredentials }
  | { readonly kind: 'unusable'; readonly id: string; readonly stored: string | undefined; readonly problem: string };

/** The reference and the stored value it leads to: what decides the credentials. */
export interface AdminKeystoreSource {
  readonly id: string | undefined;
  readonly stored: string | undefined;
}

const sameSource = (left: AdminKeystoreSource, right: AdminKeystoreSource): boolean =>
  left.id === right.id && left.stored === right.stored;

const sourceOfKeystore = (keystore: AdminKeystore): AdminKeystoreSource =>
  keystore.kind === 'none' ? { id: undefined, stored: undefined } : { id: keystore.id, stored: keystore.stored };

/** Reads the management port's keystore from configuration trees. */
export class AdminKeystoreReader {
  readonly #schema: SchemaTree;
  readonly #cipher: ConfigCipher;
  readonly #leafPath: InstancePath;

  constructor(schema: SchemaTree, cipher: ConfigCipher) {
    this.#schema = schema;
    this.#cipher = cipher;
    this.#leafPath = instancePathOf(schema, ADMIN_KEYSTORE_LEAF);
  }

  /** The error-path of the reference leaf. */
  get leafPath(): string {
    return formatInstancePath(this.#leafPath);
  }

  /** The reference in `root` and the stored keystore it names (cheap: no decryption). */
  sourceOf(root: DataTree): AdminKeystoreSource {
    const id = resolveInstancePath(root, this.#leafPath);
    if (typeof id !== 'string') return { id: undefined, stored: undefined };
    const keystorePath = instancePathOf(this.#schema, `${SSL_SERVER_KEYSTORES.path}/keystore`, [[id]]);
    const stored = resolveInstancePath(root, keystorePath);
    return { id, stored: typeof stored === 'string' ? stored : undefined };
  }

  /** What `root` configures. */
  read(root: DataTree): AdminKeystore {
    const { id, stored } = this.sourceOf(root);
    if (id === undefined) return { kind: 'none' };
    if (stored === undefined)
      return { kind: 'unusable', id, stored: undefined, problem: 'the keystore does not exist' };
    try {
      const material = readStoredValue(SSL_SERVER_KEYSTORES, stored, this.#cipher);
      if (material.privateKey === undefined)
        throw new KeyMaterialError('keystore', 'the keystore holds no private key');
      const credentials: TlsCredentials = {
        key: material.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        cert: material.certificates.map((certificate) => certificate.toString()).join('\n'),
      };
      createSecureContext(credentials);
      return { kind: 'credentials', id, stored, credentials };
    } catch (error) {
      if (error instanceof KeyMaterialError || error instanceof ConfigDecryptionError)
        return { kind: 'unusable', id, stored, problem: error.message };
      return { kind: 'unusable', id, stored, problem: `the TLS stack refuses it (${(error as Error).message})` };
    }
  }
}

/** Options of {@link bindAdminTls}. */
export interface AdminTlsOptions {
  readonly datastore: Datastore;
  readonly reader: AdminKeystoreReader;
  /** Installs new credentials on the listening server. */
  readonly apply: (credentials: TlsCredentials) => void;
  readonly log: Logger;
}

/**
 * Keeps the management port's credentials in step with the configuration: a commit hook checks
 * and applies a changed keystore; after the commit settles, the server re-reads the running
 * configuration, so a commit that failed after the hook does not leave its key in place. It also
 * re-reads it after every commit readers see, so a change another node of a cluster made applies here.
 */
export const bindAdminTls = (options: AdminTlsOptions): void => {
  const { datastore, reader, apply, log } = options;
  let current = reader.sourceOf(datastore.snapshot.root);
  const install = (next: AdminKeystore): void => {
    const source = sourceOfKeystore(next);
    if (sameSource(source, current)) return;
    current = source;
    if (next.kind === 'credentials') {
      apply(next.credentials);
      log.info({ keystore: next.id }, 'the management port now presents the configured keystore');
    }
  };
  const resync = (): void => {
    if (!sameSource(reader.sourceOf(datastore.snapshot.root), current)) install(reader.read(datastore.snapshot.root));
  };
  datastore.addCommitHook((pending: PendingCommit) => {
    if (sameSource(reader.sourceOf(pending.after), reader.sourceOf(pending.before))) return;
    const next = reader.read(pending.after);
    if (next.kind === 'none')
      throw new InvalidValueError('the management port serves TLS: its ssl-server-keystore cannot be removed', {
        path: reader.leafPath,
      });
    if (next.kind === 'unusable')
      throw new InvalidValueError(`the management port cannot use keystore ${next.id}: ${next.problem}`, {
        path: reader.leafPath,
      });
    install(next);
    void datastore.idle().then(resync);
  });
  // Commits of other nodes sharing the journal run no hooks here: follow what readers see.
  datastore.addCommitListener(resync);
};

/**
 * A fresh self-signed TLS keystore for the management port, in stored (encrypted) form: ECDSA
 * P-256, valid ten years, for the host's names and the loopback addresses.
 */
export const generateAdminKeystore = async (cipher: ConfigCipher, dnsNames: readonly string[]): Promise<string> => {
  const names = [...new Set(dnsNames)];
  const material = await generateSelfSigned({
    type: 'ec',
    curve: 'P-256',
    subject: `CN=${names[0] ?? 'localhost'}, O=idconf self-signed`,
    dnsNames: names,
    ipAddresses: ['127.0.0.1', '::1'],
    validityDays: 10 * 365,
    serverAuth: true,
  });
  return storedValueOf(SSL_SERVER_KEYSTORES, material, cipher);
};
