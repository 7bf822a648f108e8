/**
 * @module test/web-ui/web-ui-order.test
 * Reordering `ordered-by user` lists and leaf-lists in the admin web UI, in a real browser
 * (Debian's Chromium, headless, through playwright-core) against `idconf serve` over HTTPS: an
 * OAuth client's redirect URIs (a leaf-list) and the rules of a NACM rule-list (a list) are moved
 * up and down, the moves are shown in the diff, committed as YANG Patch `move` edits (with
 * `point` and `where`), and the server holds the new order.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { buildWebUi } from '../../scripts/build-web-ui.ts';
import { hashPassword } from '../../src/auth/index.ts';
import { EXAMPLE_NACM, USERS } from '../nacm/nacm-server.ts';
import { send, type TestResponse } from '../support/https-request.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { startServerProcess } from '../support/server-process.ts';
import { chromiumMissing, launchBrowser, newContext, screenshot } from './browser.ts';
import { CLIENT, CLIENT_PATH, PASSWORD, RESTCONF } from './web-ui-server.ts';

const skip = chromiumMissing();
const CHEAP = { memoryKiB: 64, iterations: 1, parallelism: 1 } as const;
const URIS = ['https://app.example.com/a', 'https://app.example.com/b', 'https://app.example.com/c'];
const RULES = '/data/ietf-netconf-acm:nacm/rule-list=operators';

describe('admin web UI: reordering ordered-by user lists in Chromium', { skip }, () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  const restconf = (method: string, path: string, body?: unknown): Promise<TestResponse> =>
    send(`${server.url}${RESTCONF}${path}`, {
      method,
      headers: {
        Authorization: `Basic ${Buffer.from(`${USERS.admin}:${PASSWORD}`).toString('base64')}`,
        Accept: 'application/yang-data+json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/yang-data+json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const commit = async (comment: string): Promise<void> => {
    await page.getByRole('link', { name: /^Changes \(\d+\)$/ }).click();
    await page.getByLabel('Comment').fill(comment);
    await page.getByRole('button', { name: /^Commit / }).click();
    await page
      .getByText(/Committed as rollback file \d+/)
      .first()
      .waitFor();
  };

  before(async () => {
    await buildWebUi(true);
    server = await startServerProcess({ env: { IDCONF_ADMIN_PASSWORD: PASSWORD } });
    const hash = await hashPassword(PASSWORD, CHEAP);
    const setUp = await restconf('PATCH', '/data', {
      'ietf-restconf:data': {
        ...EXAMPLE_NACM,
        'idconf-aaa:aaa': { authentication: { users: { user: [{ name: USERS.admin, password: hash }] } } },
      },
    });
    assert.equal(setUp.status, 204, setUp.body);
    const client = await restconf('POST', CLIENT_PATH.replace(/\/client=web-app$/, ''), {
      'profile-oauth:client': [{ ...CLIENT, 'redirect-uris': URIS }],
    });
    assert.equal(client.status, 201, client.body);
    browser = await launchBrowser();
    const context = await newContext(browser);
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text()))
        problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await page.goto(`${server.url}/admin/`);
    await page.getByLabel('User name').fill(USERS.admin);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Configuration', level: 1 }).waitFor();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('moves leaf-list values, shows the moves in the diff and commits them', async () => {
    await page.goto(`${server.url}/admin/#/data${CLIENT_PATH.slice(5)}`);
    await page.getByRole('heading', { name: 'client web-app', level: 1 }).waitFor();
    const list = page.getByRole('list', { name: 'redirect uris' });
    await page.getByRole('button', { name: `Move ${URIS[2]} up in redirect uris` }).click();
    await page.getByRole('button', { name: `Move ${URIS[2]} up in redirect uris` }).click();
    assert.equal(await page.getByRole('button', { name: `Move ${URIS[2]} up in redirect uris` }).isDisabled(), true);
    assert.deepEqual(await list.locator('.value').allTextContents(), [URIS[2], URIS[0], URIS[1]]);
    await page.getByRole('link', { name: 'Changes (2)' }).click();
    const diff = page.getByRole('table', { name: 'Staged changes' });
    await diff.getByRole('row').filter({ hasText: 'position 1, before https://app.example.com/a' }).waitFor();
    assert.equal(await diff.locator('.verb', { hasText: 'move' }).count(), 2);
    await screenshot(page, 'reorder-changes');
    await commit('C first');
    const stored = await restconf('GET', `${CLIENT_PATH}/redirect-uris`);
    assert.deepEqual(JSON.parse(stored.body), { 'profile-oauth:redirect-uris': [URIS[2], URIS[0], URIS[1]] });
  });

  it('moves list entries (NACM rules) up and down, and the server holds the new order', async () => {
    await page.goto(`${server.url}/admin/#${RULES}`);
    await page.getByRole('heading', { name: /rule.list operators/, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Move rule profiles up' }).click();
    await page.getByRole('button', { name: 'Move rule no-crypto down' }).click();
    const table = page.getByRole('table').filter({ hasText: 'no-client-secrets' });
    const names = async (): Promise<string[]> =>
      (await table.locator('tbody tr td:first-child').allTextContents()).map((text) => text.trim());
    // no-crypto, no-client-secrets, profiles → profiles up → no-crypto down:
    const expected = ['profiles', 'no-crypto', 'no-client-secrets'];
    assert.deepEqual(await names(), expected);
    await commit('Profiles rule first');
    const stored = await restconf('GET', `${RULES}/rule?fields=name`);
    const order = (JSON.parse(stored.body)['ietf-netconf-acm:rule'] as { name: string }[]).map((rule) => rule.name);
    assert.deepEqual(order, expected);
  });

  it('had no Content-Security-Policy violation or uncaught error', () => {
    assert.deepEqual(problems, []);
  });
});
