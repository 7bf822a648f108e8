/**
 * @module test/web-ui/web-ui.test
 * The admin web UI in a real browser (Debian's Chromium, headless, through playwright-core)
 * against `idconf serve` over HTTPS: sign in; go to an OAuth client and change a redirect URI;
 * see the diff; commit it with a comment; find its rollback file in the history and roll it back;
 * see the old value again; a server validation error shown on its field; a plug-in list of
 * 100,000 entries paged, sorted and searched; an operator whose access rules forbid crypto sees
 * no keys and cannot write them; no serious or critical axe-core violation on the main screens;
 * no Content-Security-Policy violation anywhere. Saves screenshots of the main screens.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildWebUi } from '../../scripts/build-web-ui.ts';
import type { AxeViolation } from './browser.ts';
import { chromiumMissing, launchBrowser, newContext, screenshot, seriousViolations } from './browser.ts';
import type { WebUiServer } from './web-ui-server.ts';
import { BENCH_ENTRIES, CLIENT_PATH, PASSWORD, startWebUiServer, USERS } from './web-ui-server.ts';

const skip = chromiumMissing();

const describeViolations = (violations: readonly AxeViolation[]): string =>
  violations
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} at ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    )
    .join('\n');

describe('admin web UI in Chromium', { skip }, () => {
  let server: WebUiServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Problems the page reported: CSP violations, uncaught errors. */
  const problems: string[] = [];

  const watch = (target: Page): void => {
    target.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text()))
        problems.push(message.text());
    });
    target.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  };
  const signIn = async (target: Page, user: string): Promise<void> => {
    await target.goto(`${server.url}/admin/`);
    await target.getByLabel('User name').fill(user);
    await target.getByLabel('Password').fill(PASSWORD);
    await target.getByRole('button', { name: 'Sign in' }).click();
    await target.getByRole('heading', { name: 'Configuration', level: 1 }).waitFor();
  };
  const accessible = async (target: Page, screen: string): Promise<void> => {
    const violations = await seriousViolations(target);
    assert.equal(violations.length, 0, `${screen}:\n${describeViolations(violations)}`);
  };

  before(async () => {
    // The server reads the build when it starts: make it first if it is missing or stale.
    await buildWebUi(true);
    server = await startWebUiServer();
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    context.setDefaultTimeout(15_000);
    watch(page);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves the UI with a strict Content-Security-Policy and no cookie', async () => {
    const response = await page.goto(`${server.url}/admin/`);
    const headers = response?.headers() ?? {};
    assert.match(headers['content-security-policy'] ?? '', /script-src 'self'; style-src 'self'/);
    assert.match(headers['content-security-policy'] ?? '', /frame-ancestors 'none'/);
    assert.equal(headers['set-cookie'], undefined);
    await page.getByRole('heading', { name: 'idconf' }).waitFor();
    await accessible(page, 'sign-in');
    await screenshot(page, 'sign-in');
  });

  it('refuses a wrong password, then signs in', async () => {
    await page.getByLabel('User name').fill(USERS.admin);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'wrong' }).waitFor();
    await signIn(page, USERS.admin);
    assert.equal(await context.cookies().then((cookies) => cookies.length), 0, 'no cookie carries authority');
    await accessible(page, 'overview');
    await screenshot(page, 'overview');
  });

  it('navigates to an OAuth client, changes a redirect URI and shows the diff', async () => {
    await page.getByRole('main').getByRole('link', { name: 'profiles', exact: true }).click();
    await page.getByRole('link', { name: 'token-service' }).click();
    await page.getByRole('heading', { name: /profile token-service/, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'web-app' }).click();
    await page.getByRole('heading', { name: 'client web-app', level: 1 }).waitFor();
    await accessible(page, 'client page');
    await screenshot(page, 'oauth-client');
    const uris = page.getByRole('list', { name: 'redirect uris' });
    await uris.getByText('https://app.example.com/callback').waitFor();
    await page.getByRole('button', { name: 'Remove https://app.example.com/callback from redirect uris' }).click();
    await page.getByRole('textbox', { name: 'redirect uris', exact: true }).fill('https://app.example.com/signed-in');
    await page.getByRole('button', { name: 'Add to redirect uris' }).click();
    await uris.getByText('https://app.example.com/signed-in').waitFor();
    await page.getByRole('link', { name: 'Changes (2)' }).click();
    const diff = page.getByRole('table', { name: 'Staged changes' });
    // What goes, struck out; what comes, inserted.
    await diff.locator('del', { hasText: 'https://app.example.com/callback' }).waitFor();
    await diff.locator('ins', { hasText: 'https://app.example.com/signed-in' }).waitFor();
    await accessible(page, 'changes');
    await screenshot(page, 'changes');
  });

  it('commits the change as one YANG Patch with a comment and a label', async () => {
    await page.getByLabel('Comment').fill('Move the callback of the web app');
    await page.getByLabel('Label').fill('web-app');
    await page.getByRole('button', { name: 'Commit 2 changes' }).click();
    await page
      .getByText(/Committed as rollback file \d+/)
      .first()
      .waitFor();
    const stored = await server.restconf(USERS.admin, 'GET', `${CLIENT_PATH}/redirect-uris`);
    assert.deepEqual(JSON.parse(stored.body), { 'profile-oauth:redirect-uris': ['https://app.example.com/signed-in'] });
  });

  it('shows the rollback file with its creator, via, label and comment, and its change', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'History' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Move the callback of the web app' });
    await row.waitFor();
    const text = await row.innerText();
    assert.match(text, /admin/);
    assert.match(text, /webui/);
    assert.match(text, /web-app/);
    await row.getByRole('button', { name: /Show change/ }).click();
    await page
      .getByText(/https:\/\/app\.example\.com\/callback/)
      .first()
      .waitFor();
    await accessible(page, 'history');
    await screenshot(page, 'history');
  });

  it('rolls it back after a confirmation, and the old value is back', async () => {
    const row = page.getByRole('row').filter({ hasText: 'Move the callback of the web app' });
    await row.getByRole('button', { name: /Roll back to here/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Roll back to here?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Roll back' }).click();
    await page
      .getByText(/Rolled back to before commit/)
      .first()
      .waitFor();
    const stored = await server.restconf(USERS.admin, 'GET', `${CLIENT_PATH}/redirect-uris`);
    assert.deepEqual(JSON.parse(stored.body), { 'profile-oauth:redirect-uris': ['https://app.example.com/callback'] });
    await page.goto(`${server.url}/admin/#/data${CLIENT_PATH.slice(5)}`);
    await page.getByRole('list', { name: 'redirect uris' }).getByText('https://app.example.com/callback').waitFor();
  });

  it('places a validation error of the server on its field', async () => {
    await page.getByRole('textbox', { name: 'scope', exact: true }).fill('no-such-scope');
    await page.getByRole('button', { name: 'Add to scope' }).click();
    await page.getByRole('link', { name: 'Changes (1)' }).click();
    await page.getByRole('button', { name: 'Commit the change' }).click();
    await page.getByRole('alert').filter({ hasText: 'refused the commit' }).waitFor();
    // Nothing was committed; the error names the field, and the field shows it.
    const stored = await server.restconf(USERS.admin, 'GET', `${CLIENT_PATH}/scope`);
    assert.deepEqual(JSON.parse(stored.body), { 'profile-oauth:scope': ['openid'] });
    await page.getByRole('region', { name: 'Errors' }).getByRole('link').first().click();
    const field = page.locator('.field.invalid').filter({ hasText: 'scope' });
    await field.waitFor();
    await page.getByRole('textbox', { name: 'scope', exact: true }).and(page.locator(':focus')).waitFor();
    assert.match(await field.innerText(), /no-such-scope|instance|exist/i);
    await screenshot(page, 'validation-error');
    await page.getByRole('link', { name: 'Changes (1)' }).click();
    await page.getByRole('button', { name: 'Discard all' }).click();
  });

  it('detects a concurrent change by someone else and does not overwrite it', async () => {
    await page.goto(`${server.url}/admin/#/data${CLIENT_PATH.slice(5)}`);
    await page.getByRole('heading', { name: 'client web-app', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'description' }).fill('changed in the browser');
    // Meanwhile, a script changes the same client.
    const other = await server.restconf(USERS.admin, 'PATCH', CLIENT_PATH, {
      'profile-oauth:client': [{ id: 'web-app', description: 'changed by a script' }],
    });
    assert.equal(other.status, 204);
    await page.getByRole('link', { name: 'Changes (1)' }).click();
    await page.getByRole('button', { name: 'Commit the change' }).click();
    await page.getByRole('alert').filter({ hasText: 'Someone else changed' }).waitFor();
    const stored = await server.restconf(USERS.admin, 'GET', `${CLIENT_PATH}/description`);
    assert.deepEqual(JSON.parse(stored.body), { 'profile-oauth:description': 'changed by a script' });
    await page.getByRole('button', { name: 'Discard all' }).click();
  });

  it('checks values as they are typed', async () => {
    await page.goto(`${server.url}/admin/#/data/base:environments/environment/admin-service/http`);
    const port = page.getByRole('textbox', { name: 'listening port' });
    await port.fill('70000');
    await page.getByText('must be').first().waitFor();
    assert.equal(await port.getAttribute('aria-invalid'), 'true');
    await port.fill('6749');
    assert.equal(await port.getAttribute('aria-invalid'), null);
  });

  it(`pages, sorts and searches a plug-in list of ${BENCH_ENTRIES.toLocaleString('en')} entries`, async () => {
    await page.goto(`${server.url}/admin/#/data/bench:bench/entry`);
    const status = page.getByRole('status').filter({ hasText: /of 100,000/ });
    await status.waitFor();
    assert.equal(await status.innerText(), '1–50 of 100,000');
    await page.getByRole('link', { name: 'e000049' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('status').filter({ hasText: '51–100 of 100,000' }).waitFor();
    await page.getByRole('link', { name: 'e000050' }).waitFor();
    await page.getByRole('button', { name: 'name' }).click();
    await page.getByRole('button', { name: 'name' }).click();
    await page.getByRole('link', { name: 'e099999' }).waitFor();
    await page.getByLabel('Search entry').fill('e09998');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '1–10 of 10' }).waitFor();
    await accessible(page, 'list');
    await screenshot(page, 'list-100000');
  });

  it('highlights a certificate that expires within 30 days on the keys screen', async () => {
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Keys and certificates' })
      .click();
    const row = page.getByRole('row').filter({ hasText: 'partner-ca' });
    await row.waitFor();
    assert.match(await row.innerText(), /expires in \d+ days/);
    assert.match(await row.innerText(), /idconf test CA/);
    await accessible(page, 'keys');
    await screenshot(page, 'keys');
  });

  it('shows the access rules', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Access rules' }).click();
    await page.getByRole('heading', { name: 'Groups from LDAP or tokens' }).waitFor();
    await page.getByRole('link', { name: 'operators' }).first().waitFor();
    await accessible(page, 'access rules');
    await screenshot(page, 'access-rules');
  });

  it('an operator whose rules forbid crypto sees no keys and cannot write them', async () => {
    const operator = await newContext(browser);
    const operatorPage = await operator.newPage();
    watch(operatorPage);
    await signIn(operatorPage, USERS.operator);
    const sections = operatorPage.getByRole('navigation', { name: 'Sections' });
    assert.equal(await sections.getByRole('link', { name: 'Keys and certificates' }).count(), 0);
    await operatorPage.goto(`${server.url}/admin/#/data/base:facilities`);
    await operatorPage.getByRole('heading', { name: 'facilities', level: 1 }).waitFor();
    assert.equal(await operatorPage.getByRole('link', { name: 'crypto', exact: true }).count(), 0);
    await operatorPage.goto(`${server.url}/admin/#/data/base:facilities/crypto`);
    await operatorPage.getByRole('heading', { name: 'Not found' }).waitFor();
    // The API refuses the write the UI does not offer.
    const write = await server.restconf(
      USERS.operator,
      'POST',
      '/data/base:facilities/crypto/signature-verification-keys',
      {
        'base:signature-verification-key': [{ id: 'sneaky', keystore: 'x' }],
      },
    );
    assert.equal(write.status, 403);
    await operator.close();
  });

  it('is usable on a phone', async () => {
    const phone = await newContext(browser, 'phone');
    const phonePage = await phone.newPage();
    watch(phonePage);
    await signIn(phonePage, USERS.admin);
    await phonePage.goto(`${server.url}/admin/#/data${CLIENT_PATH.slice(5)}`);
    await phonePage.getByRole('heading', { name: 'client web-app', level: 1 }).waitFor();
    await phonePage.getByRole('button', { name: 'Menu' }).click();
    await phonePage
      .getByRole('navigation', { name: 'Configuration tree' })
      .getByRole('link', { name: 'profiles' })
      .waitFor();
    const width = await phonePage.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
          .scrollWidth,
    );
    assert.ok(width <= 390, `the page is ${width} px wide on a 390 px screen`);
    await screenshot(phonePage, 'phone');
    await phone.close();
  });

  it('signs out, and no Content-Security-Policy violation or error happened', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    assert.deepEqual(problems, []);
  });
});
