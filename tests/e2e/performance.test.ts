import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAppServer } from '../helpers/app-server.ts';
import { hasChromium, launchPersistent, screenshot, startInLanguage, VIEWPORTS } from '../helpers/browser.ts';
import { startNetwork, type Network } from '../helpers/network.ts';
import type { TestServer } from '../helpers/server.ts';

const ETHIOPIC = /[\u1200-\u137F]/;
const TOO_FEW_AM = 'ለማሳየት በጣም ጥቂት';

/** What the page shows of its figures: every month's row of every table, as text. */
const figures = (page: Page) =>
  page.locator('.performance-table tbody tr').evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));

/**
 * Issue 28, "Done means": /performance in Amharic on a phone, visited once, then the network
 * cut at a proxy (page and service worker alike): a reload still shows the page and its figures.
 */
describe.skipIf(!hasChromium)('the public performance page, in Amharic on a phone', () => {
  let server: TestServer;
  let network: Network;
  beforeAll(async () => {
    server = await defaultAppServer();
    network = await startNetwork();
  });
  afterAll(async () => {
    await network?.close();
    await server?.close();
  });

  it('shows the figures with bars and numbers, axe-clean, and again offline after one visit', async () => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'performance-e2e-'));
    const { context, page } = await launchPersistent(profile, server.url, { viewport: VIEWPORTS.phone, extraArgs: network.chromiumArgs });
    await startInLanguage(context, 'am');

    // The one online visit: the page draws the figures, and the service worker keeps them.
    await page.goto('/performance');
    await page.locator('[data-metric="cases_filed"] tbody tr').nth(11).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('አፈጻጸማችን');
    const online = await figures(page);
    // Twelve months of filed, answered, by the due day, median days and rating, and the two accusation figures.
    expect(online).toHaveLength(12 * 7);
    // Each month shows a number beside its bar, or says there are too few to show.
    for (const row of online) expect(row).toMatch(new RegExp(`(\\d|${TOO_FEW_AM})$`));
    expect(await page.locator('a[href="/open-data/performance.csv"]').count()).toBe(1);
    expect(await page.locator('a[href="/open-data/performance.json"]').count()).toBe(1);
    // Fits a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await screenshot(page, 'performance-am-375');
    // The visit is over once the service worker controls the page and has kept the figures it read.
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 20_000 });
    await page.waitForFunction(async () => Boolean(await (await caches.open('open-data')).match('/open-data/performance.json')));

    network.cut();
    const reachedBefore = network.passed.length;
    await page.reload();
    await page.locator('[data-metric="cases_filed"] tbody tr').nth(11).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(ETHIOPIC);
    expect(await figures(page)).toEqual(online);

    // The landing page's footer leads there too, still offline.
    await page.goto('/');
    await page.locator('footer a[href="/performance"]').click();
    await page.locator('[data-metric="cases_filed"] tbody tr').nth(11).waitFor();
    expect(await figures(page)).toEqual(online);
    await screenshot(page, 'performance-am-375-offline');
    expect(network.passed.length).toBe(reachedBefore);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });
});
