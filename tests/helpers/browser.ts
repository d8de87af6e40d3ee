import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { isCi } from './ci.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM_PATH);

const missingChromium =
  `no Chromium at ${CHROMIUM_PATH}. Install it with \`apt-get update && apt-get install -y chromium\`, or set CHROMIUM_PATH.`;
// On a laptop the browser tests skip with one loud line; in CI a skip would pass a run that proved nothing.
if (!hasChromium && isCi()) throw new Error(`Browser tests cannot run in CI: ${missingChromium}`);
if (!hasChromium) console.warn(`\n!!! BROWSER TESTS SKIPPED: ${missingChromium}\n`);

// Flags that keep Chromium off the network it cannot reach here (TOOLCHAIN.md pitfall 13).
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 900 },
} as const;

/** A fresh context (no stored language, no session) at one of the three widths. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  // Most tests check what the server answers; the offline tests let the service worker in.
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, serviceWorkers });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  return { context, page };
}

/**
 * A browser with a profile on disk, as a phone keeps one: closing and launching it again on
 * the same folder is a browser restart (the service worker, its caches, IndexedDB and local
 * storage stay; session storage goes). `extraArgs` routes it through a test network.
 */
export async function launchPersistent(
  userDataDir: string,
  baseURL: string,
  { viewport = VIEWPORTS.desktop, extraArgs = [] }: { viewport?: { width: number; height: number }; extraArgs?: string[] } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    baseURL,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => console.error('page error:', error.message));
  return { context, page };
}

/** Screenshots land in .screenshots/ so a person can look at every screen a test visits. */
export async function screenshot(page: Page, name: string) {
  const dir = path.resolve(import.meta.dirname, '../../.screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

export async function chooseLanguage(page: Page, locale: 'en' | 'am') {
  await page.locator('select.language-select').first().selectOption(locale);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
}
