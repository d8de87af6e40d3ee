import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAppServer } from '../helpers/app-server.ts';
import { chooseLanguage, hasChromium, launchPersistent, screenshot, VIEWPORTS } from '../helpers/browser.ts';
import { startNetwork, type Network } from '../helpers/network.ts';
import type { TestServer } from '../helpers/server.ts';
import { inkOnFirstPage } from '../helpers/session.ts';

const ETHIOPIC = /[\u1200-\u137F]/;
/** Text in Amharic has Ethiopic letters; in English it has none. */
const inLanguage = (locale: 'en' | 'am') => (locale === 'am' ? ETHIOPIC : /^[^\u1200-\u137F]*$/);

/**
 * Issue 12, "Offline, also after the browser was closed": one online visit to `/` only,
 * then the network is cut at a proxy (pages and service worker alike), in the same tab
 * and after the browser is closed and opened again.
 */
describe.skipIf(!hasChromium)('offline after one visit to /, also after a browser restart', () => {
  let server: TestServer;
  let network: Network;
  /** Per offered division: how many active directorates its page must list. */
  let expected: Map<string, number>;

  beforeAll(async () => {
    server = await defaultAppServer();
    network = await startNetwork();
    const directorates = (await (await fetch(`${server.url}/directorate_api/get_all_directorate`)).json()) as { status: string; division: { _id: string } }[];
    const divisions = (await (await fetch(`${server.url}/division_api/get_all_divisions`)).json()) as { _id: string; status: string; special: string }[];
    expected = new Map(
      divisions
        .filter((d) => d.status === 'active' && d.special === 'no')
        .map((d) => [d._id, directorates.filter((r) => r.status === 'active' && r.division._id === d._id).length]),
    );
  });
  afterAll(async () => {
    await network?.close();
    await server?.close();
  });

  /** Every public page, with nothing reaching the server: the grid, each division with its directorates, manual, forms. */
  async function everyPublicPageOffline(page: Page, locale: 'en' | 'am', shot: string) {
    const reachedBefore = network.passed.length;
    await page.goto('/');
    await page.locator('a.service-card').first().waitFor();
    const links = await page.locator('a.service-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('href')!));
    expect(links.map((link) => link.split('/').pop()).sort()).toEqual([...expected.keys()].sort());
    expect(await page.locator('.service-card-name').first().textContent()).toMatch(inLanguage(locale));
    await screenshot(page, `${shot}-landing`);
    for (const [index, link] of links.entries()) {
      await page.goto(link);
      await page.locator('#directorates-heading').waitFor();
      expect(await page.locator('.directorate-card').count(), link).toBe(expected.get(link.split('/').pop()!));
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(inLanguage(locale));
      if (index === links.length - 1) await screenshot(page, `${shot}-division`);
    }
    await page.goto('/manual');
    await page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
    expect(await inkOnFirstPage(page)).toBeGreaterThan(1000);
    await page.goto('/makeaccusation');
    await page.locator('form [name=subject]').waitFor();
    await page.goto('/checkstatus');
    await page.locator('#case-number').waitFor();
    // The proof that the network was really cut: not one request got through.
    expect(network.passed.length).toBe(reachedBefore);
  }

  /** The other language at the same width, still offline: the grid and a division page, in its words. */
  async function otherLanguageOffline(page: Page, locale: 'en' | 'am', shot: string) {
    const reachedBefore = network.passed.length;
    await page.goto('/');
    await chooseLanguage(page, locale);
    await expect.poll(() => page.locator('.service-card-name').first().textContent()).toMatch(inLanguage(locale));
    expect(await page.locator('a.service-card').count()).toBe(expected.size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.locator('a.service-card').first().click();
    await page.locator('#directorates-heading').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(inLanguage(locale));
    await screenshot(page, `${shot}-division`);
    expect(network.passed.length).toBe(reachedBefore);
  }

  // The journey in full in Amharic on a phone and in English on a wide screen; after the
  // restart each also reads the other language at its width (the other two combinations).
  const runs = [
    { locale: 'am', viewport: 'phone', other: 'en' },
    { locale: 'en', viewport: 'desktop', other: 'am' },
  ] as const;

  it.each(runs)('in $locale at $viewport: the grid, every division page, the manual and the forms; then the grid and a division in $other', async ({ locale, viewport, other }) => {
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-profile-'));
    const launch = () => launchPersistent(userDataDir, server.url, { viewport: VIEWPORTS[viewport], extraArgs: network.chromiumArgs });
    const shot = `offline-restart-${locale}-${VIEWPORTS[viewport].width}`;
    network.restore();

    let { context, page } = await launch();
    try {
      await page.goto('/');
      await chooseLanguage(page, locale);
      await page.locator('a.service-card').first().waitFor();
      // The page that installed the worker is controlled by it without a reload (clients.claim).
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 20_000 });
      const divisionRecords = () =>
        page.evaluate(async () => {
          const cache = await caches.open('reference-data');
          return (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith('/division_api/get_division/')).length;
        });
      // Every division's record, though no division page was opened.
      await expect.poll(divisionRecords, { timeout: 15_000 }).toBeGreaterThanOrEqual(expected.size);

      // The browser really goes through the proxy, so cutting it cuts the browser off.
      expect(network.passed).toContain('/division_api/get_all_divisions');
      network.cut();
      await everyPublicPageOffline(page, locale, `${shot}-same-tab`);

      await context.close();
      ({ context, page } = await launch());
      await everyPublicPageOffline(page, locale, `${shot}-after-restart`);
      await otherLanguageOffline(page, other, `offline-restart-${other}-${VIEWPORTS[viewport].width}-after-restart`);
    } finally {
      await context.close();
    }
  });
});
