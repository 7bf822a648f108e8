/**
 * @module test/web-ui/openid-provider
 * Test support: a real OpenID Provider — `oidc-provider` — on loopback over HTTPS with its own
 * self-signed certificate, for the web UI's sign-in: one public client (no secret, PKCE required)
 * whose redirect URI and post-logout redirect URI are the UI's address; the provider's development
 * login and consent pages, which accept any user name and password; JWT access tokens (RFC 9068)
 * for the idconf API chosen by resource indicator, with the user's groups in a `groups` claim;
 * RP-Initiated Logout. Its issuer is named `localhost`, so that its cookies are not the UI's
 * (cookies ignore ports; the UI is reached at 127.0.0.1).
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { exportJWK } from 'jose';
import Provider from 'oidc-provider';
import { createSelfSignedCredentials } from '../../src/server/index.ts';
import { IDCONF_AUDIENCE, MemoryAdapter } from '../auth/oauth-provider.ts';

export { IDCONF_AUDIENCE };

/** The UI's client at the provider. */
export const UI_CLIENT_ID = 'idconf-web-ui';

/** The groups of each user who signs in at the provider (anyone else has none). */
export const PROVIDER_GROUPS: Readonly<Record<string, readonly string[]>> = {
  oscar: ['operators'],
  ada: ['admin'],
};

/** A running provider. */
export interface TestOpenIdProvider {
  readonly issuer: string;
  readonly jwksUri: string;
  /** The PEM certificate of its TLS listener (to trust it). */
  readonly certificate: string;
  close(): Promise<void>;
}

/** Starts the provider for a UI served at `uiOrigin` (`https://127.0.0.1:port`). */
export const startOpenIdProvider = async (
  uiOrigin: string,
  options: { readonly accessTokenSeconds?: number } = {},
): Promise<TestOpenIdProvider> => {
  const tls = await createSelfSignedCredentials(['localhost']);
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-op-es256', use: 'sig', alg: 'ES256' };
  const server: Server = createServer({ key: tls.key, cert: tls.cert });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `https://localhost:${(server.address() as AddressInfo).port}`;
  const accessTokenTTL = options.accessTokenSeconds ?? 600;
  const redirectUri = `${uiOrigin}/admin/`;
  const provider = new Provider(issuer, {
    adapter: MemoryAdapter,
    clients: [
      {
        client_id: UI_CLIENT_ID,
        client_name: 'idconf admin web UI',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [redirectUri],
        id_token_signed_response_alg: 'ES256',
      },
    ],
    scopes: ['openid', 'idconf'],
    jwks: { keys: [jwk] },
    findAccount: (_context, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    // Its session cookies are signed.
    cookies: { keys: ['a test cookie key that is long enough'] },
    ttl: {
      AccessToken: accessTokenTTL,
      IdToken: accessTokenTTL,
      AuthorizationCode: 60,
      Interaction: 3600,
      Session: 3600,
      Grant: 3600,
    },
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => IDCONF_AUDIENCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_context, resourceIndicator) => ({
          scope: 'idconf',
          audience: resourceIndicator,
          accessTokenTTL,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
    extraTokenClaims: (_context, token) =>
      'accountId' in token && typeof token.accountId === 'string'
        ? { groups: [...(PROVIDER_GROUPS[token.accountId] ?? [])] }
        : undefined,
  });
  // The provider runs behind no proxy, on https itself.
  server.on('request', provider.callback());
  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    certificate: tls.cert,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
