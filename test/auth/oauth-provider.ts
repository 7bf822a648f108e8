/**
 * @module test/auth/oauth-provider
 * Test support: a real OAuth 2.0 authorization server — `oidc-provider` — on loopback over HTTPS
 * with its own self-signed certificate. It issues JWT access tokens (RFC 9068) by the client
 * credentials grant, with scopes, an audience chosen by resource indicator (RFC 8707) and a
 * `groups` claim per client; it counts the requests for its JWKS. The signing key is exposed so
 * that tests can also make tokens by hand with the issuer's own key.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { exportJWK } from 'jose';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';
import { createSelfSignedCredentials } from '../../src/server/index.ts';
import { send } from '../support/https-request.ts';

/** The resource indicator and audience of the idconf API at the provider. */
export const IDCONF_AUDIENCE = 'https://idconf.test';
/** Another API of the same issuer. */
export const OTHER_AUDIENCE = 'https://other.test';

/** The provider's clients: secret, allowed scopes and the groups its tokens carry. */
export const CLIENTS = {
  'ops-cli': { secret: 'ops-secret', groups: ['admin'] },
  'reader-cli': { secret: 'reader-secret', groups: ['readers'] },
  stranger: { secret: 'stranger-secret', groups: ['admin'] },
} as const;
export type ClientId = keyof typeof CLIENTS;

/** A running provider. */
export interface TestOAuthProvider {
  readonly issuer: string;
  readonly jwksUri: string;
  /** The PEM certificate of its TLS listener (to trust it). */
  readonly certificate: string;
  /** Its token signing key (ES256) and the key id it publishes. */
  readonly signingKey: KeyObject;
  readonly publicKey: KeyObject;
  readonly kid: string;
  /** How many times its JWKS was requested so far. */
  readonly jwksRequests: number;
  /** An access token by the client credentials grant. */
  token(client: ClientId, options?: { readonly scope?: string; readonly resource?: string }): Promise<string>;
  close(): Promise<void>;
}

/** Stores the provider's artifacts in memory (this silences its warning about the built-in one). */
export class MemoryAdapter implements Adapter {
  static readonly store = new Map<string, AdapterPayload>();
  readonly #name: string;
  constructor(name: string) {
    this.#name = name;
  }
  #key(id: string): string {
    return `${this.#name}:${id}`;
  }
  async upsert(id: string, payload: AdapterPayload): Promise<void> {
    MemoryAdapter.store.set(this.#key(id), payload);
  }
  async find(id: string): Promise<AdapterPayload | undefined> {
    return MemoryAdapter.store.get(this.#key(id));
  }
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }
  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    for (const [key, payload] of MemoryAdapter.store)
      if (key.startsWith(`${this.#name}:`) && payload.uid === uid) return payload;
    return undefined;
  }
  async consume(id: string): Promise<void> {
    const payload = MemoryAdapter.store.get(this.#key(id));
    if (payload !== undefined) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string): Promise<void> {
    MemoryAdapter.store.delete(this.#key(id));
  }
  async revokeByGrantId(): Promise<void> {}
}

/** Starts the provider on 127.0.0.1 with a fresh key and certificate. */
export const startOAuthProvider = async (): Promise<TestOAuthProvider> => {
  const tls = await createSelfSignedCredentials(['localhost']);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const kid = 'test-op-es256';
  const jwk = { ...(await exportJWK(privateKey)), kid, use: 'sig', alg: 'ES256' };
  const server: Server = createServer({ key: tls.key, cert: tls.cert });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    adapter: MemoryAdapter,
    clients: Object.entries(CLIENTS).map(([clientId, client]) => ({
      client_id: clientId,
      client_secret: client.secret,
      grant_types: ['client_credentials'],
      redirect_uris: [],
      response_types: [],
      id_token_signed_response_alg: 'ES256',
      scope: 'idconf other',
    })),
    scopes: ['idconf', 'other'],
    jwks: { keys: [jwk] },
    ttl: { ClientCredentials: 300 },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => IDCONF_AUDIENCE,
        getResourceServerInfo: (_context, resourceIndicator) => ({
          scope: 'idconf other',
          audience: resourceIndicator,
          accessTokenTTL: 300,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
    extraTokenClaims: (_context, token) => {
      const client = CLIENTS[token.clientId as ClientId];
      return client === undefined ? undefined : { groups: [...client.groups] };
    },
  });
  let jwksRequests = 0;
  const handle = provider.callback();
  server.on('request', (request, response) => {
    if (request.url?.startsWith('/jwks') === true) jwksRequests++;
    handle(request, response);
  });
  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    certificate: tls.cert,
    signingKey: privateKey,
    publicKey,
    kid,
    get jwksRequests() {
      return jwksRequests;
    },
    token: async (client, options = {}) => {
      const body = new URLSearchParams({
        grant_type: 'client_credentials',
        scope: options.scope ?? 'idconf',
        resource: options.resource ?? IDCONF_AUDIENCE,
      });
      const response = await send(`${issuer}/token`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${client}:${CLIENTS[client].secret}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: body.toString(),
      });
      if (response.status !== 200) throw new Error(`the provider refused a token: ${response.status} ${response.body}`);
      return (JSON.parse(response.body) as { access_token: string }).access_token;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
