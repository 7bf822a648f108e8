/**
 * @module test/web-ui/browser
 * Test support: Debian's Chromium driven by playwright-core, headless; axe-core run in the page;
 * screenshots of the main screens. The screenshots go to test/web-ui/output/ (not kept), or to
 * docs/screenshots/ (shown in the README) with IDCONF_UPDATE_SCREENSHOTS=1.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { skipUnlessInstalled } from '../support/external-program.ts';

/** Where Debian installs Chromium (`apt-get install chromium`). */
export const CHROMIUM = '/usr/bin/chromium';

/** The skip message when Chromium is missing (false under CI, where it must be there). */
export const chromiumMissing = (): string | false => skipUnlessInstalled([CHROMIUM], 'apt-get install chromium');

/** Starts headless Chromium. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // As root (containers, CI) Chromium's sandbox cannot start.
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  });

/** A browser context for the self-signed management port, at a desktop or phone size. */
export const newContext = (browser: Browser, size: 'desktop' | 'phone' = 'desktop'): Promise<BrowserContext> =>
  browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: size === 'desktop' ? { width: 1280, height: 800 } : { width: 390, height: 844 },
    ...(size === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: 'en-GB',
    timezoneId: 'UTC',
  });

const SCREENSHOTS =
  process.env.IDCONF_UPDATE_SCREENSHOTS === '1'
    ? join(import.meta.dirname, '..', '..', 'docs', 'screenshots')
    : join(import.meta.dirname, 'output', 'screenshots');

/** Saves a screenshot of the viewport as `<name>.png`. */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
};

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe-core violation. */
export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[] }[];
}

/**
 * The serious and critical accessibility violations axe-core finds in the page (WCAG 2.1 A and
 * AA rules and best practices). It is evaluated through the DevTools protocol, which the page's
 * Content-Security-Policy does not govern, so the policy stays as strict as users get it.
 */
export const seriousViolations = async (page: Page): Promise<AxeViolation[]> => {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, {
      resultTypes: ['violations'],
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({ target: node.target })),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
};
