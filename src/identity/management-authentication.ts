/**
 * @module server/identity/management-authentication
 * How the management APIs authenticate, read from the configuration
 * (`environments/environment/admin-service/http/restconf`): whether HTTP Basic is on
 * (`basic-authentication`), and the `oauth` container as {@link BearerTokenSettings} — the
 * signature key from `facilities/crypto/signature-verification-keys`, or the `jwks-uri` fetched
 * with the `facilities/http/client` it names (its truststore, client keystore, Basic credentials
 * and timeout), and the web UI's sign-in at that issuer (`http/web-ui/oauth-sign-in`). A commit
 * that changes any of it is checked first (an unusable key, JWKS URL or HTTP client vetoes it);
 * the next request uses the new settings, without a restart.
 */
import type { Authenticator, BearerTokenSettings, HttpClientSettings, TokenKeySource } from '../auth/index.ts';
import { algorithmsForKey, BearerTokenAuthenticator, jwksUriProblem, SchemeAuthenticator } from '../auth/index.ts';
import type { DataTree } from '../data/index.ts';
import { formatInstancePath } from '../data/index.ts';
import type { Datastore, PendingCommit } from '../datastore/index.ts';
import { InvalidValueError } from '../errors/index.ts';
import type { Logger } from '../util/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { ConfigCipher } from './config-cipher.ts';
import { ConfigDecryptionError, isEncryptedValue } from './config-cipher.ts';
import type { CryptoList } from './crypto-lists.ts';
import {
  readStoredValue,
  SIGNATURE_VERIFICATION_KEYS,
  SSL_CLIENT_KEYSTORES,
  SSL_SERVER_TRUSTSTORE,
} from './crypto-lists.ts';
import { KeyMaterialError } from './key-material.ts';
import { instancePathOf } from './model-paths.ts';
import { sameNodes, topLevelJson, topLevelNodes } from './top-level-json.ts';

/** The schema path of the container that configures the management APIs. */
export const RESTCONF_CONTAINER = '/base:environments/environment/admin-service/http/restconf';

/** The top-level nodes the settings are read from (`base:environments`, `base:facilities`). */
const SOURCES = [
  ['base', 'environments'],
  ['base', 'facilities'],
] as const;

/** The model's defaults of the leaves read here. */
const DEFAULTS = { usernameClaim: 'sub', groupClaim: 'groups', clockSkewSeconds: 60, timeoutMs: 10_000 } as const;

/** How the management APIs authenticate now. */
export interface ManagementAuthentication {
  /** HTTP Basic is accepted. */
  readonly basic: boolean;
  /** Bearer tokens are accepted with these settings; undefined without `oauth`. */
  readonly bearer: BearerTokenSettings | undefined;
  /** The web UI signs in at the issuer with these settings; undefined without `oauth-sign-in`. */
  readonly webUiSignIn: WebUiOAuthSignIn | undefined;
}

/** How the web UI signs in at the issuer of the bearer tokens (authorization code with PKCE). */
export interface WebUiOAuthSignIn {
  readonly issuer: string;
  /** The UI's (public) client at the provider. */
  readonly clientId: string;
  /** The scopes to request: the required ones, then the configured extra ones (`openid` not included). */
  readonly scopes: readonly string[];
  /** The resource indicator to send (RFC 8707), if any. */
  readonly resource: string | undefined;
  /** The provider's name on the sign-in button. */
  readonly displayName: string;
  /** The claim of the access token that names the user. */
  readonly usernameClaim: string;
  /** How the server reaches the provider's discovery document: the JWKS's HTTP client, else a default one. */
  readonly client: HttpClientSettings;
}

type Json = Record<string, unknown>;

/** Everything in a tree that decides the authentication settings, as JSON (cheap to compare). */
interface ConfigSource {
  readonly restconf: Json | undefined;
  readonly webUi: Json | undefined;
  readonly key: { readonly id: string; readonly keystore: unknown } | undefined;
  readonly client: Json | undefined;
  readonly clientKeystore: unknown;
  readonly truststore: readonly unknown[] | undefined;
}

const object = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const entries = (list: unknown): Json[] =>
  Array.isArray(list) ? list.map(object).filter((entry) => entry !== undefined) : [];
const entryWithId = (list: unknown, id: unknown): Json | undefined => entries(list).find((entry) => entry.id === id);

const basicOf = (source: ConfigSource): boolean => source.restconf?.['basic-authentication'] !== false;

/** The client that fetches a discovery document when the JWKS has none: the system's CA bundle, 10 s. */
const DEFAULT_CLIENT: HttpClientSettings = { verifyHostname: true, timeoutMs: DEFAULTS.timeoutMs };

const webUiSignInOf = (signIn: Json, bearer: BearerTokenSettings): WebUiOAuthSignIn => ({
  issuer: bearer.issuer,
  clientId: typeof signIn['client-id'] === 'string' ? signIn['client-id'] : '',
  scopes: [...new Set([...bearer.requiredScopes, ...strings(signIn.scope)])],
  resource: typeof signIn.resource === 'string' ? signIn.resource : undefined,
  displayName: typeof signIn['display-name'] === 'string' ? signIn['display-name'] : 'OAuth',
  usernameClaim: bearer.usernameClaim,
  client: bearer.keys.kind === 'jwks' ? bearer.keys.client : DEFAULT_CLIENT,
});

/** Reads {@link ManagementAuthentication} from configuration trees. */
export class ManagementAuthenticationReader {
  readonly #schema: SchemaTree;
  readonly #cipher: ConfigCipher;

  constructor(schema: SchemaTree, cipher: ConfigCipher) {
    this.#schema = schema;
    this.#cipher = cipher;
  }

  /**
   * The objects of the top-level nodes the settings are read from: when two trees hold the same
   * ones, their settings are equal (trees are persistent), and nothing needs to be read again.
   */
  nodesOf(root: DataTree): readonly unknown[] {
    return topLevelNodes(root, SOURCES);
  }

  /** What in `root` decides the settings, as a string: equal strings, equal settings. */
  sourceOf(root: DataTree): string {
    return JSON.stringify(this.#gather(root));
  }

  /**
   * The settings `root` configures.
   * @throws InvalidValueError (with the path of the culprit) when the configured key, JWKS URL or
   *   HTTP client cannot be used
   */
  read(root: DataTree): ManagementAuthentication {
    const source = this.#gather(root);
    const oauth = object(source.restconf?.oauth);
    const bearer = oauth === undefined ? undefined : this.#bearer(oauth, source);
    const signIn = object(source.webUi?.['oauth-sign-in']);
    return {
      basic: basicOf(source),
      bearer,
      webUiSignIn: bearer === undefined || signIn === undefined ? undefined : webUiSignInOf(signIn, bearer),
    };
  }

  /** Whether `root` turns HTTP Basic on (it is on unless `basic-authentication` is false). */
  basicOf(root: DataTree): boolean {
    return basicOf(this.#gather(root));
  }

  #gather(root: DataTree): ConfigSource {
    const environment = object(topLevelJson(root, 'base', 'environments')?.environment);
    const http = object(object(environment?.['admin-service'])?.http);
    const restconf = object(http?.restconf);
    const webUi = object(http?.['web-ui']);
    const oauth = object(restconf?.oauth);
    if (oauth === undefined)
      return { restconf, webUi, key: undefined, client: undefined, clientKeystore: undefined, truststore: undefined };
    const facilities = topLevelJson(root, 'base', 'facilities');
    const crypto = object(facilities?.crypto);
    const ssl = object(crypto?.ssl);
    const keyId = oauth['signature-verification-key'];
    const keyEntry =
      typeof keyId === 'string'
        ? entryWithId(object(crypto?.['signature-verification-keys'])?.['signature-verification-key'], keyId)
        : undefined;
    const client =
      typeof oauth['jwks-uri'] === 'string' && typeof oauth['http-client'] === 'string'
        ? entryWithId(object(facilities?.http)?.client, oauth['http-client'])
        : undefined;
    const tls = object(client?.tls);
    const clientKeystoreId = tls?.['client-keystore'];
    return {
      restconf,
      webUi,
      key: typeof keyId === 'string' ? { id: keyId, keystore: keyEntry?.keystore } : undefined,
      client,
      clientKeystore:
        typeof clientKeystoreId === 'string'
          ? entryWithId(object(ssl?.['client-keystores'])?.['client-keystore'], clientKeystoreId)?.keystore
          : undefined,
      truststore:
        tls?.['use-truststore'] === true
          ? entries(object(ssl?.['server-truststore'])?.['server-certificate']).map((entry) => entry.keystore)
          : undefined,
    };
  }

  #bearer(oauth: Json, source: ConfigSource): BearerTokenSettings {
    return {
      issuer: typeof oauth.issuer === 'string' ? oauth.issuer : '',
      keys: this.#keys(oauth, source),
      audiences: strings(oauth.audience),
      requiredScopes: strings(oauth['required-scope']),
      clients: strings(oauth.client),
      usernameClaim: typeof oauth['username-claim'] === 'string' ? oauth['username-claim'] : DEFAULTS.usernameClaim,
      groupClaim: typeof oauth['group-claim'] === 'string' ? oauth['group-claim'] : DEFAULTS.groupClaim,
      clockSkewSeconds: typeof oauth['clock-skew'] === 'number' ? oauth['clock-skew'] : DEFAULTS.clockSkewSeconds,
    };
  }

  #keys(oauth: Json, source: ConfigSource): TokenKeySource {
    const uri = oauth['jwks-uri'];
    if (typeof uri === 'string') {
      const problem = jwksUriProblem(uri);
      if (problem !== undefined)
        throw new InvalidValueError(`the jwks-uri cannot be used: ${problem}`, { path: this.#path('oauth/jwks-uri') });
      return { kind: 'jwks', uri, client: this.#httpClient(source) };
    }
    const key = source.key;
    const path = this.#path('oauth/signature-verification-key');
    if (key === undefined)
      throw new InvalidValueError('oauth needs a jwks-uri or a signature-verification-key', {
        path: this.#path('oauth'),
      });
    if (typeof key.keystore !== 'string')
      throw new InvalidValueError(`the signature-verification-key ${key.id} does not exist`, { path });
    const material = this.#material(
      SIGNATURE_VERIFICATION_KEYS,
      key.keystore,
      path,
      `signature-verification-key ${key.id}`,
    );
    if (algorithmsForKey(material.publicKey).length === 0)
      throw new InvalidValueError(`the signature-verification-key ${key.id} is of a kind that cannot verify JWTs`, {
        path,
      });
    return { kind: 'key', id: key.id, key: material.publicKey };
  }

  #httpClient(source: ConfigSource): HttpClientSettings {
    const client = source.client;
    const tls = object(client?.tls);
    const authn = object(client?.['http-basic-authn']);
    const path = this.#path('oauth/http-client');
    const name = `http-client ${String(client?.id)}`;
    let clientCertificate: HttpClientSettings['clientCertificate'];
    if (typeof source.clientKeystore === 'string') {
      const material = this.#material(
        SSL_CLIENT_KEYSTORES,
        source.clientKeystore,
        path,
        `the client-keystore of ${name}`,
      );
      if (material.privateKey !== undefined)
        clientCertificate = {
          privateKey: material.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
          certificateChain: material.certificates.map((certificate) => certificate.toString()).join('\n'),
        };
    }
    const trustedCertificates = source.truststore?.flatMap((stored) =>
      typeof stored === 'string'
        ? this.#material(
            SSL_SERVER_TRUSTSTORE,
            stored,
            path,
            `the server truststore (used by ${name})`,
          ).certificates.map((certificate) => certificate.toString())
        : [],
    );
    const password = authn?.password;
    return {
      verifyHostname: tls?.['disable-hostname-verification'] !== true,
      timeoutMs: typeof client?.timeout === 'number' ? client.timeout : DEFAULTS.timeoutMs,
      ...(trustedCertificates === undefined ? {} : { trustedCertificates }),
      ...(clientCertificate === undefined ? {} : { clientCertificate }),
      ...(authn === undefined
        ? {}
        : {
            basicCredentials: {
              username: typeof authn.username === 'string' ? authn.username : '',
              password: typeof password === 'string' ? this.#secret(password, path, name) : '',
            },
          }),
    };
  }

  #material(list: CryptoList, stored: string, path: string, what: string) {
    try {
      return readStoredValue(list, stored, this.#cipher);
    } catch (error) {
      if (error instanceof KeyMaterialError || error instanceof ConfigDecryptionError)
        throw new InvalidValueError(`${what} cannot be used: ${error.message}`, { path });
      throw error;
    }
  }

  #secret(value: string, path: string, name: string): string {
    if (!isEncryptedValue(value)) return value;
    try {
      return this.#cipher.decryptText(value);
    } catch (error) {
      if (error instanceof ConfigDecryptionError)
        throw new InvalidValueError(`the password of ${name} cannot be decrypted: ${error.message}`, { path });
      throw error;
    }
  }

  #path(relative: string): string {
    return formatInstancePath(instancePathOf(this.#schema, `${RESTCONF_CONTAINER}/${relative}`));
  }
}

/** Options of {@link bindManagementAuthentication}. */
export interface ManagementAuthenticationOptions {
  readonly datastore: Datastore;
  readonly reader: ManagementAuthenticationReader;
  /** The HTTP Basic back-end (local accounts or a credential manager). */
  readonly basic: Authenticator;
  readonly log: Logger;
}

/** What {@link bindManagementAuthentication} gives. */
export interface BoundManagementAuthentication {
  /** The management APIs' authenticator. */
  readonly authenticator: Authenticator;
  /** The settings the running configuration makes (read again after each commit that changes them). */
  readonly settings: () => ManagementAuthentication;
}

/**
 * The management APIs' authenticator: HTTP Basic and OAuth bearer tokens as the running
 * configuration enables them. Installs a commit hook that refuses authentication settings the
 * server could not use.
 */
export const bindManagementAuthentication = (
  options: ManagementAuthenticationOptions,
): BoundManagementAuthentication => {
  const { datastore, reader, log } = options;
  let cachedRoot: DataTree | undefined;
  let cachedNodes: readonly unknown[] = [];
  let cachedSource = '';
  let current: ManagementAuthentication = { basic: true, bearer: undefined, webUiSignIn: undefined };
  const settings = (): ManagementAuthentication => {
    const root = datastore.snapshot.root;
    if (root === cachedRoot) return current;
    cachedRoot = root;
    // A commit elsewhere in the tree (most of them) leaves the nodes read here as they were.
    const nodes = reader.nodesOf(root);
    if (sameNodes(nodes, cachedNodes)) return current;
    cachedNodes = nodes;
    const source = reader.sourceOf(root);
    if (source === cachedSource) return current;
    cachedSource = source;
    try {
      current = reader.read(root);
    } catch (error) {
      // Only a configuration stored before these checks existed can get here: refuse tokens.
      log.error(
        { problem: (error as Error).message },
        'the oauth configuration cannot be used: bearer tokens are refused',
      );
      current = { basic: reader.basicOf(root), bearer: undefined, webUiSignIn: undefined };
    }
    return current;
  };
  datastore.addCommitHook((pending: PendingCommit) => {
    if (sameNodes(reader.nodesOf(pending.after), reader.nodesOf(pending.before))) return;
    if (reader.sourceOf(pending.after) === reader.sourceOf(pending.before)) return;
    reader.read(pending.after);
  });
  const bearer = new BearerTokenAuthenticator({ settings: () => settings().bearer, log });
  const authenticator = new SchemeAuthenticator({
    basic: options.basic,
    bearer,
    enabled: () => {
      const now = settings();
      return { basic: now.basic, bearer: now.bearer !== undefined };
    },
  });
  return { authenticator, settings };
};
