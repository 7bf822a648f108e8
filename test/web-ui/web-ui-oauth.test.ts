/**
 * @module test/web-ui/web-ui-oauth.test
 * Signing in to the admin web UI at an OAuth provider, in a real browser (Debian's Chromium,
 * headless, through playwright-core): `idconf serve` over HTTPS, configured through RESTCONF to
 * accept the tokens of a real OpenID Provider (oidc-provider on loopback, its certificate trusted
 * through an http-client) and to offer it on the sign-in screen. The browser clicks "Sign in with
 * …", signs in at the provider's login and consent pages, comes back signed in with the token in
 * memory only (nothing in localStorage, sessionStorage or a cookie of the UI), works under NACM as
 * the token's user and groups (a `groups` claim: an operator sees no keys), commits a change whose
 * rollback file names that user, and signs out at the provider too. Then: an expired token and an
 * idle session bring back the sign-in screen with a message (the page's clock is run forward);
 * the sign-in screen has no serious axe-core violation; no Content-Security-Policy violation.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildWebUi } from '../../scripts/build-web-ui.ts';
import { hashPassword } from '../../src/auth/index.ts';
import { EXAMPLE_NACM, USERS } from '../nacm/nacm-server.ts';
import { send, type TestResponse } from '../support/https-request.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { startServerProcess } from '../support/server-process.ts';
import type { AxeViolation } from './browser.ts';
import { chromiumMissing, launchBrowser, newContext, screenshot, seriousViolations } from './browser.ts';
import { IDCONF_AUDIENCE, startOpenIdProvider, type TestOpenIdProvider, UI_CLIENT_ID } from './openid-provider.ts';
import { CLIENT, CLIENT_PATH, PASSWORD, RESTCONF } from './web-ui-server.ts';

const skip = chromiumMissing();
const PROVIDER_NAME = 'Test OP';
const ACCESS_TOKEN_SECONDS = 600;
const CHEAP = { memoryKiB: 64, iterations: 1, parallelism: 1 } as const;

const describeViolations = (violations: readonly AxeViolation[]): string =>
  violations.map((violation) => `${violation.impact} ${violation.id}: ${violation.help}`).join('\n');

describe('admin web UI: OAuth sign-in in Chromium', { skip }, () => {
  let server: ServerProcess;
  let provider: TestOpenIdProvider;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** The access tokens the provider issued to the browser. */
  const tokens: string[] = [];
  /** Problems the pages reported: CSP violations, uncaught errors. */
  const problems: string[] = [];

  const restconf = (method: string, path: string, body?: unknown): Promise<TestResponse> => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    return send(`${server.url}${RESTCONF}${path}`, {
      method,
      headers: {
        Authorization: `Basic ${Buffer.from(`${USERS.admin}:${PASSWORD}`).toString('base64')}`,
        Accept: 'application/yang-data+json',
        ...(text === undefined ? {} : { 'Content-Type': 'application/yang-data+json' }),
      },
      ...(text === undefined ? {} : { body: text }),
    });
  };
  const expect = async (pending: Promise<TestResponse>, status: number, what: string): Promise<void> => {
    const response = await pending;
    assert.equal(response.status, status, `${what}: ${response.body.slice(0, 500)}`);
  };
  /** A page that reports its problems and whose provider pages load no web fonts (there is no network). */
  const openPage = async (target: BrowserContext): Promise<Page> => {
    await target.route(/fonts\.googleapis\.com/, (route) => route.abort());
    const opened = await target.newPage();
    opened.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text()))
        problems.push(message.text());
    });
    opened.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    opened.on('response', async (response) => {
      if (response.request().method() === 'POST' && response.url() === `${provider.issuer}/token`) {
        const body = (await response.json().catch(() => ({}))) as { access_token?: string };
        if (body.access_token !== undefined) tokens.push(body.access_token);
      }
    });
    return opened;
  };
  /** Signs in at the provider's development pages (any password) and waits to be back, signed in. */
  const signInAtProvider = async (target: Page, user: string): Promise<void> => {
    await target.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).click();
    await target.waitForURL(`${provider.issuer}/**`);
    await target.locator('input[name="login"]').fill(user);
    await target.locator('input[name="password"]').fill('any password will do');
    await target.getByRole('button', { name: 'Sign-in' }).click();
    // The consent page, the first time this user authorizes the UI.
    const signedIn = target.getByRole('heading', { name: 'Configuration', level: 1 });
    const consent = target.getByRole('button', { name: 'Continue' });
    await Promise.race([signedIn.waitFor(), consent.waitFor()]).catch(async (error: unknown) => {
      throw new Error(`not signed in at ${target.url()}: ${(await target.locator('body').innerText()).slice(0, 800)}`, {
        cause: error,
      });
    });
    if (await consent.isVisible()) await consent.click();
    await signedIn.waitFor().catch(async (error: unknown) => {
      throw new Error(`not signed in at ${target.url()}: ${(await target.locator('body').innerText()).slice(0, 800)}`, {
        cause: error,
      });
    });
  };

  before(async () => {
    await buildWebUi(true);
    server = await startServerProcess({ env: { IDCONF_ADMIN_PASSWORD: PASSWORD } });
    provider = await startOpenIdProvider(server.url, { accessTokenSeconds: ACCESS_TOKEN_SECONDS });
    const hash = await hashPassword(PASSWORD, CHEAP);
    await expect(
      restconf('PATCH', '/data', {
        'ietf-restconf:data': {
          ...EXAMPLE_NACM,
          'idconf-aaa:aaa': { authentication: { users: { user: [{ name: USERS.admin, password: hash }] } } },
        },
      }),
      204,
      'NACM',
    );
    await expect(
      restconf('POST', CLIENT_PATH.replace(/\/client=web-app$/, ''), { 'profile-oauth:client': [CLIENT] }),
      201,
      'the OAuth client to edit',
    );
    await expect(
      restconf('POST', '/data/base:facilities/crypto/add-ssl-server-truststore', {
        input: { id: 'test-op', keystore: provider.certificate },
      }),
      200,
      "trusting the provider's certificate",
    );
    await expect(
      restconf('PATCH', '/data/base:facilities/http', {
        'base:http': { client: [{ id: 'test-op', tls: { 'use-truststore': true } }] },
      }),
      204,
      'the http-client',
    );
    await expect(
      restconf('PATCH', '/data/base:environments/environment/admin-service/http', {
        'base:http': {
          restconf: {
            oauth: {
              issuer: provider.issuer,
              'jwks-uri': provider.jwksUri,
              'http-client': 'test-op',
              audience: [IDCONF_AUDIENCE],
              'required-scope': ['idconf'],
              client: [UI_CLIENT_ID],
            },
          },
          'web-ui': {
            'oauth-sign-in': { 'client-id': UI_CLIENT_ID, resource: IDCONF_AUDIENCE, 'display-name': PROVIDER_NAME },
          },
        },
      }),
      204,
      'OAuth for the APIs and the UI',
    );
    browser = await launchBrowser();
    context = await newContext(browser);
    context.setDefaultTimeout(15_000);
    page = await openPage(context);
  });
  after(async () => {
    await browser?.close();
    await provider?.close();
    await server?.stop();
  });

  it('the sign-in options name the provider, and the CSP lets the UI reach exactly its origin', async () => {
    const options = await send(`${server.url}/admin/sign-in-options`);
    assert.equal(options.status, 200);
    assert.equal(options.headers['cache-control'], 'no-store');
    const document = JSON.parse(options.body);
    assert.equal(document.format, 'idconf-sign-in-options/1');
    assert.equal(document.basic, true);
    assert.equal(document.oauth.name, PROVIDER_NAME);
    assert.equal(document.oauth.issuer, provider.issuer);
    assert.equal(document.oauth.client_id, UI_CLIENT_ID);
    assert.equal(document.oauth.scope, 'openid idconf');
    assert.equal(document.oauth.openid, true);
    assert.equal(document.oauth.token_endpoint, `${provider.issuer}/token`);
    const response = await page.goto(`${server.url}/admin/`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    assert.match(csp, new RegExp(`connect-src 'self' ${provider.issuer.replace(/[.]/g, '\\.')};`));
    assert.match(csp, /script-src 'self'; style-src 'self'/);
  });

  it('refuses a UI client whose tokens the APIs would refuse, and UI sign-in without OAuth for the APIs', async () => {
    const signIn = '/data/base:environments/environment/admin-service/http/web-ui/oauth-sign-in';
    const stranger = await restconf('PATCH', signIn, { 'base:oauth-sign-in': { 'client-id': 'stranger' } });
    assert.equal(stranger.status, 412, stranger.body);
    assert.match(stranger.body, /"error-app-tag":"client-not-accepted"/);
    const removeOAuth = await restconf(
      'DELETE',
      '/data/base:environments/environment/admin-service/http/restconf/oauth',
    );
    assert.equal(removeOAuth.status, 412, removeOAuth.body);
    assert.match(removeOAuth.body, /"error-app-tag":"oauth-required"/);
  });

  it('offers both ways to sign in, accessibly', async () => {
    await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).waitFor();
    await page.getByLabel('User name').waitFor();
    const violations = await seriousViolations(page);
    assert.equal(violations.length, 0, describeViolations(violations));
    await screenshot(page, 'sign-in-oauth');
  });

  it('signs in at the provider and comes back signed in, the token in memory only', async () => {
    await signInAtProvider(page, 'oscar');
    assert.match(await page.getByRole('banner').innerText(), /oscar/);
    const url = new URL(page.url());
    assert.equal(url.search, '', 'the code is gone from the address bar');
    assert.equal(tokens.length, 1);
    const token = tokens[0] ?? '';
    const storage = await page.evaluate(() => {
      const global = globalThis as unknown as { localStorage: Storage; sessionStorage: Storage };
      const dump = (store: Storage): string[] =>
        Array.from(
          { length: store.length },
          (_, index) => `${store.key(index)}=${store.getItem(store.key(index) ?? '')}`,
        );
      return { local: dump(global.localStorage), session: dump(global.sessionStorage) };
    });
    assert.deepEqual(storage, { local: [], session: [] });
    assert.deepEqual(await context.cookies(server.url), [], 'the UI has no cookie');
    for (const cookie of await context.cookies()) assert.ok(!cookie.value.includes(token), cookie.name);
  });

  it("works as the token's user under NACM: an operator sees no keys, changes a client, the rollback file names them", async () => {
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await sections.getByRole('link', { name: 'History' }).waitFor();
    assert.equal(await sections.getByRole('link', { name: 'Keys and certificates' }).count(), 0);
    await page.goto(`${server.url}/admin/#/data${CLIENT_PATH.slice(5)}`);
    await page.getByRole('heading', { name: 'client web-app', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'redirect uris', exact: true }).fill('https://app.example.com/oauth');
    await page.getByRole('button', { name: 'Add to redirect uris' }).click();
    await page.getByRole('link', { name: 'Changes (1)' }).click();
    await page.getByLabel('Comment').fill('A second callback, signed in with OAuth');
    await page.getByRole('button', { name: 'Commit the change' }).click();
    await page
      .getByText(/Committed as rollback file \d+/)
      .first()
      .waitFor();
    const files = await restconf('GET', '/data/idconf-rollback:rollback-files');
    const file = (
      JSON.parse(files.body)['idconf-rollback:rollback-files'].file as {
        creator: string;
        via: string;
        comment?: string;
      }[]
    ).find((entry) => entry.comment === 'A second callback, signed in with OAuth');
    assert.equal(file?.creator, 'oscar');
    assert.equal(file?.via, 'webui');
    // The API refuses a crypto write with this token, as NACM says for the operators group.
    const write = await send(`${server.url}${RESTCONF}/data/base:facilities/crypto/signature-verification-keys`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${tokens[0]}`,
        'Content-Type': 'application/yang-data+json',
      },
      body: JSON.stringify({ 'base:signature-verification-key': [{ id: 'sneaky', keystore: 'x' }] }),
    });
    assert.equal(write.status, 403);
  });

  it('signs out, at the provider too, so that the next sign-in asks again', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${provider.issuer}/**`);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/');
    await page.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).click();
    await page.locator('input[name="login"]').waitFor();
    await page.goBack();
  });

  it('an expired token brings back the sign-in screen, saying so', async () => {
    const expiring = await newContext(browser);
    expiring.setDefaultTimeout(15_000);
    const expiringPage = await openPage(expiring);
    await expiringPage.clock.install();
    await expiringPage.goto(`${server.url}/admin/`);
    await signInAtProvider(expiringPage, 'ada');
    // ada is in the admin group: the keys are hers to see.
    await expiringPage
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Keys and certificates' })
      .waitFor();
    await expiringPage.clock.fastForward((ACCESS_TOKEN_SECONDS + 1) * 1000);
    await expiringPage.getByText(`Your sign-in with ${PROVIDER_NAME} has expired. Sign in again.`).waitFor();
    await expiringPage.getByRole('button', { name: `Sign in with ${PROVIDER_NAME}` }).waitFor();
    await expiring.close();
  });

  it('a quarter of an hour without activity signs a password session out, saying so', async () => {
    const idle = await newContext(browser);
    idle.setDefaultTimeout(15_000);
    const idlePage = await openPage(idle);
    await idlePage.clock.install();
    await idlePage.goto(`${server.url}/admin/`);
    await idlePage.getByLabel('User name').fill(USERS.admin);
    await idlePage.getByLabel('Password').fill(PASSWORD);
    await idlePage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await idlePage.getByRole('heading', { name: 'Configuration', level: 1 }).waitFor();
    await idlePage.clock.fastForward(15 * 60_000 + 1000);
    await idlePage.getByText('You were signed out after 15 minutes without activity.').waitFor();
    await idlePage.getByLabel('Password').waitFor();
    assert.equal(await idlePage.getByLabel('Password').inputValue(), '', 'the password is forgotten');
    await idle.close();
  });

  it('had no Content-Security-Policy violation or uncaught error', () => {
    assert.deepEqual(problems, []);
  });
});
