import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { chooseLanguage, hasChromium, newPage, VIEWPORTS } from '../helpers/browser.ts';

// Issue 13: Dexie (the chunk built from src/outbox/db.ts) loads only where the outbox is used.
const manifest: Record<string, { file: string; name?: string }> = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../dist/.vite/manifest.json'), 'utf8'),
);
const dexieChunk = Object.values(manifest).find((chunk) => chunk.name === 'db')!.file;

function scriptsFetched(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.slice(1));
  });
  return scripts;
}

/** Puts one waiting accusation in the outbox as Dexie keeps it (its database exists once /outbox was open). */
const queueOne = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('portal-outbox');
        opening.onsuccess = () => {
          const db = opening.result;
          const put = db.transaction('items', 'readwrite').objectStore('items').put({
            id: 'e2e-waiting-item', kind: 'accusation', createdAt: Date.now(), state: 'needs-sign-in',
            fields: {}, summary: 'Queued', attempts: 0, nextAttemptAt: Date.now(),
          });
          put.onsuccess = () => (db.close(), resolve());
          put.onerror = () => reject(put.error);
        };
        opening.onerror = () => reject(opening.error);
      }),
  );

describe.skipIf(!hasChromium)('the outbox code loads only when needed', () => {
  const app = appInChromium();

  for (const locale of ['am', 'en'] as const) {
    it(`${locale}: with nothing waiting the landing page shows the outbox link and never fetches Dexie`, async () => {
      const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS.phone);
      const scripts = scriptsFetched(page);
      await page.goto('/');
      if (locale === 'en') await chooseLanguage(page, 'en');
      await page.getByTestId('outbox-link').waitFor();
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(2);
      expect(scripts).not.toContain(dexieChunk);
      expect(await page.getByTestId('outbox-count').count()).toBe(0);
      await context.close();
    });

    it(`${locale}: the accusation form is shown before Dexie is fetched to read its draft`, async () => {
      const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS.phone);
      await page.goto('/');
      if (locale === 'en') await chooseLanguage(page, 'en');
      await page.goto('/makeaccusation');
      await page.locator('form button[type=submit]').waitFor();
      const dexieUrl = new URL(`/${dexieChunk}`, app.server.url).href;
      // Reading the (empty) draft loads Dexie.
      await expect.poll(() => page.evaluate((url) => performance.getEntriesByName(url).length, dexieUrl)).toBe(1);
      const [painted, dexie] = await page.evaluate(
        (url) => [performance.getEntriesByName('first-contentful-paint')[0].startTime, performance.getEntriesByName(url)[0].startTime],
        dexieUrl,
      );
      expect(painted).toBeGreaterThan(0);
      expect(dexie).toBeGreaterThan(painted);
      await context.close();
    });

    it(`${locale}: an item waiting from an earlier visit is counted in the header, and Dexie loads to follow it`, async () => {
      const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS.phone);
      await page.goto('/outbox');
      if (locale === 'en') await chooseLanguage(page, 'en');
      // The outbox has read its database: Dexie has made it, with its tables.
      await page.getByTestId('outbox-empty').waitFor();
      await queueOne(page);
      const scripts = scriptsFetched(page);
      await page.goto('/');
      await expect.poll(() => page.getByTestId('outbox-count').textContent()).toBe('1');
      // The count first comes from the peek; the live one loads Dexie.
      await expect.poll(() => scripts).toContain(dexieChunk);
      await context.close();
    });
  }
});
