import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { hasChromium, newPage } from '../helpers/browser.ts';

const DIST = path.resolve(import.meta.dirname, '../../dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|webmanifest)$|^\/$/;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

interface Moved {
  path: string;
  encoding: string | undefined;
  /** Bytes of body that crossed the wire. */
  wire: number;
  /** The same file as it lies in dist/ (uncompressed). */
  raw: number;
  status: number;
}

/**
 * Every answer from the portal while `work` runs, to the pages and to the service worker:
 * what crossed the wire and what it was before compression.
 */
async function moved(context: BrowserContext, origin: string, work: () => Promise<unknown>): Promise<Moved[]> {
  const answers: Response[] = [];
  context.on('response', (response) => answers.push(response));
  await work();
  return Promise.all(
    answers
      .filter((response) => new URL(response.url()).origin === origin)
      .map(async (response) => {
        const urlPath = new URL(response.url()).pathname;
        const file = path.join(DIST, urlPath === '/' || !path.extname(urlPath) ? 'index.html' : urlPath);
        const body = await response.body().catch(() => Buffer.alloc(0));
        return {
          path: urlPath,
          encoding: (await response.allHeaders())['content-encoding'],
          wire: (await response.request().sizes()).responseBodySize,
          raw: fs.existsSync(file) ? fs.statSync(file).size : body.length,
          status: response.status(),
        };
      }),
  );
}

const sum = (list: Moved[], key: 'wire' | 'raw') => list.reduce((total, item) => total + item[key], 0);

describe.skipIf(!hasChromium)('the built app as a browser receives it', () => {
  const app = appInChromium();

  it('a first visit to / gets every text file brotli-compressed, the favicon included, with no error', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const landing = await moved(context, app.server.url, async () => {
      await page.goto('/');
      await page.locator('.service-card').first().waitFor();
      await page.waitForLoadState('networkidle');
    });
    expect(errors).toEqual([]);
    expect(landing.filter((item) => item.status >= 400)).toEqual([]);
    expect(landing.map((item) => item.path)).toContain('/logo.svg');
    const files = landing.filter((item) => COMPRESSIBLE.test(item.path));
    expect(files.filter((item) => item.encoding !== 'br').map((item) => item.path)).toEqual([]);
    console.log(
      `First visit to /: ${landing.length} answers, ${kib(sum(landing, 'wire'))} on the wire, ` +
        `${kib(sum(landing, 'raw'))} uncompressed (${files.length} compressible files: ${kib(sum(files, 'wire'))} of ${kib(sum(files, 'raw'))})`,
    );
    expect(sum(files, 'wire')).toBeLessThan(sum(files, 'raw') * 0.4);
    await context.close();
  });

  it('the service worker precaches the favicon and receives its files compressed', async () => {
    expect(fs.readFileSync(path.join(DIST, 'sw.js'), 'utf8')).toMatch(/"url":"logo\.svg"/);
    const { context, page } = await newPage(app.browser, app.server.url, undefined, { serviceWorkers: 'allow' });
    const install = await moved(context, app.server.url, async () => {
      await page.goto('/');
      // Active once every precache entry is stored.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.waitForLoadState('networkidle');
    });
    const files = install.filter((item) => COMPRESSIBLE.test(item.path));
    expect(install.map((item) => item.path).filter((p) => p === '/logo.svg').length).toBeGreaterThan(0);
    console.log(
      `First visit with the service worker installing: ${install.length} answers, ${kib(sum(install, 'wire'))} on the wire, ` +
        `${kib(sum(install, 'raw'))} uncompressed`,
    );
    expect(files.filter((item) => item.encoding !== 'br').map((item) => item.path)).toEqual([]);
    await context.close();
  });
});
