import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM_PATH);

if (!hasChromium) {
  console.warn(
    `\n!!! BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM_PATH}. Install it with ` +
      '`apt-get update && apt-get install -y chromium`, or set CHROMIUM_PATH.\n',
  );
}

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
