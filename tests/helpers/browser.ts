import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { isCi } from './ci.ts';
import { LOCALES, type Locale } from '../../src/i18n/locales.ts';

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
  const context = track(await browser.newContext({ baseURL, viewport, serviceWorkers }));
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
  track(context);
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => console.error('page error:', error.message));
  return { context, page };
}

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../.screenshots');

/**
 * Screenshots are for a person to look at, not assertions, so they are taken only when asked:
 * `SCREENSHOTS=1 npx vitest run --project e2e` writes every screen a test names here to
 * .screenshots/<name>.png. Without it this does nothing (they cost ~0.1 s each, 250 a run).
 * A failing test's open pages are always written (.screenshots/failed-…, by
 * screenshotOpenPagesOnFailure in tests/helpers/e2e-setup.ts), whatever the variable says.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';

export async function screenshot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Every context newPage or launchPersistent opened that is not closed yet: what a failed test left on screen. */
const openContexts = new Set<BrowserContext>();
function track(context: BrowserContext): BrowserContext {
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  return context;
}

/**
 * After a failed test: a screenshot of every page still open (.screenshots/failed-<test>-<n>.png),
 * then those contexts are closed, so the next test does not share the browser with them.
 */
export async function screenshotOpenPagesOnFailure(testName: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const base = `failed-${testName.replace(/[^\w\u1200-\u137F-]+/g, '-').slice(0, 120)}`;
  let n = 0;
  for (const context of [...openContexts]) {
    for (const page of context.pages()) {
      const file = path.join(SCREENSHOT_DIR, `${base}-${++n}.png`);
      await page
        .screenshot({ path: file, fullPage: true, timeout: 5_000 })
        .then(() => console.error(`screenshot of a failed test's page ${page.url()}: ${file}`))
        .catch((error: Error) => console.error(`no screenshot of ${page.url()}: ${error.message}`));
    }
    await context.close().catch(() => undefined);
  }
}

/** Closes what a passed test left open (its own `context.close()` was skipped or forgotten). */
export async function closeOpenContexts() {
  await Promise.all([...openContexts].map((context) => context.close().catch(() => undefined)));
}

/**
 * Puts values in a tab's storage before its first page's scripts run, once per tab: a later
 * change (a logout, a language chosen on screen, `sessionStorage.clear()`) stays done across
 * reloads, as after a person's own action. window.name marks the tab: it lives as long as the
 * tab and survives its reloads and same-origin navigations. Only on `origin` when given.
 */
export async function storeOncePerTab(
  target: Page | BrowserContext,
  values: { session?: Record<string, string>; local?: Record<string, string>; origin?: string },
) {
  await target.addInitScript(
    ({ session, local, origin, mark }) => {
      if (!location.protocol.startsWith('http') || (origin && location.origin !== origin)) return;
      const marks = window.name ? window.name.split(' ') : [];
      if (marks.includes(mark)) return;
      for (const [key, value] of Object.entries(session ?? {})) sessionStorage.setItem(key, value);
      for (const [key, value] of Object.entries(local ?? {})) localStorage.setItem(key, value);
      window.name = [...marks, mark].join(' ');
    },
    { ...values, mark: `e2e-${randomUUID()}` },
  );
}

/**
 * The language a tab's app starts in, kept where the selector keeps it (localStorage `lan`,
 * the spec's code) before the first page loads: for tests whose subject is not choosing it
 * (that is chooseLanguage, below), so they need not load a page first only to choose.
 */
export const startInLanguage = (target: Page | BrowserContext, locale: Locale) =>
  storeOncePerTab(target, { local: { lan: LOCALES[locale].spec } });

export async function chooseLanguage(page: Page, locale: 'en' | 'am') {
  await page.locator('select.language-select').first().selectOption(locale);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
}
