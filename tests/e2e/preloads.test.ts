import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { hasChromium, newPage, VIEWPORTS } from '../helpers/browser.ts';

// Issue 13: the default (Amharic) catalog comes with the scripts instead of after them.
const manifest: Record<string, { file: string; name?: string }> = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../dist/.vite/manifest.json'), 'utf8'),
);
const catalog = (locale: string) => `/${manifest[`locales/${locale}/messages.po`].file}`;

/** Every file the page fetched, with when it was asked for and when it had arrived. */
const resourceTiming = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(({ name, startTime, responseEnd }) => ({
      file: new URL(name).pathname,
      startTime,
      responseEnd,
    })),
  );

describe.skipIf(!hasChromium)('what the first page asks for up front', () => {
  const app = appInChromium();

  it('the page preloads the Amharic catalog, and no other', async () => {
    const html = await (await fetch(`${app.server.url}/`)).text();
    expect(html).toContain(`<link rel="modulepreload" href="${catalog('am')}">`);
    expect(html).not.toContain(catalog('en'));
  });

  it('am: the catalog is fetched once, by the preload, and the page is in Amharic', async () => {
    const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS.phone);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.lang === 'am');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/[\u1200-\u137F]/);
    expect(fetched.filter((file) => file === catalog('am'))).toHaveLength(1);
    // Asked for with the head's preloads: before the libraries had even arrived, whereas the
    // entry's own import could only run after they had arrived and been run.
    const timing = await resourceTiming(page);
    const framework = timing.find((entry) => /\/assets\/framework-[\w-]+\.js$/.test(entry.file))!;
    expect(timing.find((entry) => entry.file === catalog('am'))!.startTime).toBeLessThan(framework.responseEnd);
    await context.close();
  });

  it('a form page fetches its route and the forms\' shared parts, the dashboard its route and the case parts: two files each, not one per part (issue 13)', async () => {
    const preloads: { path: string; layout: boolean; files: string[] }[] = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../dist/route-preloads.json'), 'utf8'),
    );
    const forms = `/${Object.values(manifest).find((chunk) => chunk.name === 'forms')!.file}`;
    for (const page of ['/makeaccusation', '/login', '/register', '/forgotpassword']) {
      const files = preloads.find((entry) => entry.path === page)!.files;
      expect(files, page).toHaveLength(2);
      expect(files, page).toContain(forms);
    }
    // The dashboard's home: its route and the parts that show a case, without the forms.
    const cases = `/${Object.values(manifest).find((chunk) => chunk.name === 'cases')!.file}`;
    expect(preloads.find((entry) => entry.path === '/dashboard' && !entry.layout)!.files).toEqual([
      expect.stringMatching(/^\/assets\/dashboard\.index-[\w-]+\.js$/),
      cases,
    ]);
    // The landing page has no form and shows no case: it fetches neither.
    const html = await (await fetch(`${app.server.url}/`)).text();
    expect(html).not.toContain(forms);
    expect(html).not.toContain(cases);
  });

  it("am: the accusation form's own chunks come with the libraries, not after them", async () => {
    const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS.phone);
    await page.goto('/makeaccusation');
    await page.locator('form button[type=submit]').waitFor();
    const timing = await resourceTiming(page);
    const framework = timing.find((entry) => /\/assets\/framework-[\w-]+\.js$/.test(entry.file))!;
    const pageChunk = `/${manifest['src/routes/makeaccusation.tsx?tsr-split=component'].file}`;
    expect(timing.find((entry) => entry.file === pageChunk)!.startTime).toBeLessThan(framework.responseEnd);
    // Fetched once: the preload's response is what the router's import uses.
    expect(timing.filter((entry) => entry.file === pageChunk)).toHaveLength(1);
    await context.close();
  });
});
