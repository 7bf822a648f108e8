/**
 * @module server/web-ui-sign-in.test
 * The web UI's sign-in options from the authentication settings: Basic alone; OAuth with the
 * provider's endpoints, `openid` first at an OpenID Provider; a provider whose discovery document
 * cannot be had is reported to the user in general words and to the log, once, with the reason.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AuthorizationServerMetadata } from '../auth/index.ts';
import { MetadataCache, MetadataFetchError } from '../auth/index.ts';
import type { ManagementAuthentication } from '../identity/index.ts';
import type { Logger } from '../util/index.ts';
import { SILENT_LOGGER } from '../util/index.ts';
import { OAUTH_UNAVAILABLE, webUiSignInOptions } from './web-ui-sign-in.ts';

const ISSUER = 'https://login.example.com';
const settings = (basic: boolean, signIn: boolean): ManagementAuthentication =>
  ({
    basic,
    bearer: undefined,
    webUiSignIn: signIn
      ? {
          issuer: ISSUER,
          clientId: 'idconf-ui',
          scopes: ['idconf', 'openid', 'profile'],
          resource: 'https://idconf.example.com',
          displayName: 'Corp login',
          usernameClaim: 'preferred_username',
          client: { verifyHostname: true, timeoutMs: 1000 },
        }
      : undefined,
  }) as ManagementAuthentication;

const metadata = (openid: boolean): AuthorizationServerMetadata => ({
  issuer: ISSUER,
  authorizationEndpoint: `${ISSUER}/authorize`,
  tokenEndpoint: `${ISSUER}/token`,
  endSessionEndpoint: undefined,
  openid,
});

describe('web UI sign-in options', () => {
  it('without oauth-sign-in: HTTP Basic as configured, nothing fetched', async () => {
    let fetched = 0;
    const cache = new MetadataCache({ fetch: async () => (fetched++, metadata(true)) });
    const options = webUiSignInOptions({ settings: () => settings(true, false), metadata: cache, log: SILENT_LOGGER });
    assert.deepEqual(await options(), { format: 'idconf-sign-in-options/1', basic: true });
    assert.equal(fetched, 0);
  });

  it('with it: the endpoints of the discovery document, openid first at an OpenID Provider', async () => {
    for (const openid of [true, false]) {
      const cache = new MetadataCache({ fetch: async () => metadata(openid) });
      const options = webUiSignInOptions({
        settings: () => settings(false, true),
        metadata: cache,
        log: SILENT_LOGGER,
      });
      assert.deepEqual(await options(), {
        format: 'idconf-sign-in-options/1',
        basic: false,
        oauth: {
          name: 'Corp login',
          issuer: ISSUER,
          authorization_endpoint: `${ISSUER}/authorize`,
          token_endpoint: `${ISSUER}/token`,
          client_id: 'idconf-ui',
          scope: openid ? 'openid idconf profile' : 'idconf openid profile',
          resource: 'https://idconf.example.com',
          openid,
          username_claim: 'preferred_username',
        },
      });
    }
  });

  it('a provider that cannot be read: a message for the user, the reason in the log once', async () => {
    const warnings: unknown[] = [];
    const log: Logger = { ...SILENT_LOGGER, warn: (fields) => warnings.push(fields) };
    const cache = new MetadataCache({
      retryDelayMs: 0,
      fetch: async () => {
        throw new MetadataFetchError(
          'fetching the discovery document at https://login.example.com failed: ECONNREFUSED',
        );
      },
    });
    const options = webUiSignInOptions({ settings: () => settings(true, true), metadata: cache, log });
    const first = await options();
    await options();
    assert.deepEqual(first, { format: 'idconf-sign-in-options/1', basic: true, oauth_unavailable: OAUTH_UNAVAILABLE });
    assert.doesNotMatch(OAUTH_UNAVAILABLE, /ECONNREFUSED/);
    assert.equal(warnings.length, 1);
    assert.match(JSON.stringify(warnings[0]), /ECONNREFUSED/);
  });
});
