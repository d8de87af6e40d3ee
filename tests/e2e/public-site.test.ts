import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { chooseLanguage, hasChromium, newPage, screenshot, VIEWPORTS } from '../helpers/browser.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';

type Division = { _id: string; name_en: string; name_am: string; status: string; special: string };
type Directorate = { _id: string; name_en: string; status: string; division: { _id: string } };

describe.skipIf(!hasChromium)('public site in Chromium', () => {
  const app = appInChromium();
  let divisions: Division[];
  let offered: Division[];

  beforeAll(async () => {
    divisions = await (await fetch(`${app.server.url}/division_api/get_all_divisions`)).json();
    offered = divisions.filter((d) => d.status === 'active' && d.special === 'no');
  });

  async function expectNoSeriousAxeViolations(page: Page, where: string) {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  }

  const gridNames = (page: Page) => page.locator('.service-card-name').allTextContents();

  it('opens in Amharic, switches to English and keeps it after a reload', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('am');
    await page.locator('.service-card').first().waitFor();
    expect((await gridNames(page)).sort()).toEqual(offered.map((d) => d.name_am).sort());
    await expect.poll(() => page.locator('footer').textContent()).toMatch(/[\u1200-\u137F]/);
    await expect.poll(() => page.getByText('2022').count()).toBeGreaterThan(0); // Vision, Ethiopian calendar
    await screenshot(page, 'landing-am-desktop');
    await expectNoSeriousAxeViolations(page, 'landing am');

    await chooseLanguage(page, 'en');
    await expect.poll(async () => (await gridNames(page)).sort()).toEqual(offered.map((d) => d.name_en).sort());
    await page.reload();
    await page.locator('.service-card').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect((await gridNames(page)).sort()).toEqual(offered.map((d) => d.name_en).sort());
    await expect.poll(() => page.locator('footer').textContent()).toContain('All Right Reserved');
    await expect.poll(() => page.getByText(/by 2030/).count()).toBe(1);
    await screenshot(page, 'landing-en-desktop');
    await expectNoSeriousAxeViolations(page, 'landing en');
    await context.close();
  });

  it('lays the Services grid out in 4, 2 and 1 columns on wide, medium and small screens', async () => {
    for (const [name, viewport, columns] of [
      ['desktop', VIEWPORTS.desktop, 4],
      ['tablet', VIEWPORTS.tablet, 2],
      ['phone', VIEWPORTS.phone, 1],
    ] as const) {
      const { context, page } = await newPage(app.browser, app.server.url, viewport);
      await page.goto('/');
      await page.locator('.service-card').first().waitFor();
      const count = await page
        .locator('.services-grid')
        .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
      expect(count, name).toBe(columns);
      // Nothing sticks out sideways at this width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `landing-am-${name}`);
      await context.close();
    }
  });

  it('folds the three visitor links into a hamburger menu at 375 px', async () => {
    const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS.phone);
    await page.goto('/');
    await chooseLanguage(page, 'en');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    expect(await page.locator('.nav-links').isVisible()).toBe(false);
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Check status', 'Make accusation', 'Manual']);
    await screenshot(page, 'landing-en-phone-menu');
    await menu.getByRole('link', { name: 'Manual' }).click();
    await page.waitForURL('**/manual');
    await context.close();
  });

  it('opens a division with its active directorates', async () => {
    const directorates: Directorate[] = await (await fetch(`${app.server.url}/directorate_api/get_all_directorate`)).json();
    const division = offered.find((d) => directorates.some((x) => x.division._id === d._id && x.status === 'inactive'))!;
    const expected = directorates.filter((x) => x.division._id === division._id && x.status === 'active');
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/');
    await chooseLanguage(page, 'en');
    await page.getByRole('link', { name: new RegExp(division.name_en) }).click();
    await page.waitForURL(`**/division/${division._id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(division.name_en);
    await expect.poll(() => page.getByRole('heading', { name: `Directorates under ${division.name_en}` }).count()).toBe(1);
    expect((await page.locator('.directorate-card').allTextContents()).sort()).toEqual(expected.map((x) => x.name_en).sort());
    await screenshot(page, 'division-en');
    await expectNoSeriousAxeViolations(page, 'division en');
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`${app.server.url}/`);

    await page.goto(`/division/${division._id}`);
    await chooseLanguage(page, 'am');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(division.name_am);
    await screenshot(page, 'division-am');
    await context.close();
  });

  it('renders the manual with pdf.js and offers it for download, in both languages', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    for (const locale of ['am', 'en'] as const) {
      await page.goto('/manual');
      await chooseLanguage(page, locale);
      const viewer = page.locator('.pdf-viewer');
      expect(await viewer.evaluate((el) => el.getBoundingClientRect().height)).toBe(1000);
      await page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
      // The first page's canvas has ink on it: not a blank render.
      const inked = await page.locator('canvas.pdf-page').first().evaluate((canvas: HTMLCanvasElement) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 3] > 0) dark++;
        return dark;
      });
      expect(inked, locale).toBeGreaterThan(1000);
      await screenshot(page, `manual-${locale}`);
      const link = page.getByRole('link', { name: locale === 'en' ? 'Download the manual (PDF)' : /PDF/ });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(`Customer-Manual-${locale.toUpperCase()}.pdf`);
      const bytes = await (await fetch(`${app.server.url}/manual/customer-manual-${locale}.pdf`)).arrayBuffer();
      expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    }
    await expectNoSeriousAxeViolations(page, 'manual en');
    await context.close();
  });

  it("draws the manual's pages as they near the view, not all four while the page loads (issue 13)", async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    // What the page's intersection observers report about the page slots: which slot, and whether it is near the view.
    await page.addInitScript(() => {
      const reports: { slot: number; near: boolean }[] = [];
      Object.assign(window, { slotReports: reports });
      const Native = window.IntersectionObserver;
      window.IntersectionObserver = class extends Native {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          super((entries, observer) => {
            for (const entry of entries) {
              const slot = entry.target as HTMLElement;
              if (slot.classList.contains('pdf-page-slot')) reports.push({ slot: [...slot.parentElement!.children].indexOf(slot) + 1, near: entry.isIntersecting });
            }
            callback(entries, observer);
          }, options);
        }
      };
    });
    const reports = () => page.evaluate(() => (window as unknown as { slotReports: { slot: number; near: boolean }[] }).slotReports);
    await page.goto('/manual');
    const slots = page.locator('.pdf-page-slot');
    const drawn = page.locator('.pdf-page-slot canvas.pdf-page');
    await page.locator('.pdf-pages[data-state="ready"]').waitFor();
    expect(await slots.count()).toBe(4);
    // The first page, and the second within half a frame's height below the view.
    await expect.poll(() => drawn.count(), { timeout: 10_000 }).toBe(2);
    // The observer has placed every slot (its first report covers each one observed): only the
    // first two are near, so the last two are not drawn, however long one waits, until scrolled near.
    await expect.poll(async () => [...new Set((await reports()).map((report) => report.slot))].sort()).toEqual([1, 2, 3, 4]);
    expect([...new Set((await reports()).filter((report) => report.near).map((report) => report.slot))].sort()).toEqual([1, 2]);
    expect(await drawn.count()).toBe(2);
    // Scrolled to the end, the rest are drawn.
    await page.locator('.pdf-viewer').evaluate((viewer) => viewer.scrollTo(0, viewer.scrollHeight));
    await expect.poll(() => drawn.count(), { timeout: 10_000 }).toBe(4);
    await context.close();
  });

  it("draws the manual's pages in pdf.js's renderer worker, off the main thread (issue 13)", async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    await page.goto('/manual');
    await page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
    expect(workers.filter((file) => /^\/assets\/pdf\.renderer\.min-[\w-]+\.mjs$/.test(file))).toHaveLength(1);
    expect(workers.filter((file) => /^\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/.test(file))).toHaveLength(1);
    await context.close();
  });

  it('loads pdf.js only on pages that show a PDF', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto('/');
    await page.locator('.service-card').first().waitFor();
    expect(scripts.filter((url) => /pdf/.test(url))).toEqual([]);
    await context.close();
  });

  it('shows "Page not found" with "Go back" for unknown paths, /dashboard/* included', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/');
    await chooseLanguage(page, 'en');
    // A signed-in customer on an unknown dashboard path gets the 404 page too.
    const { token } = await (
      await fetch(`${app.server.url}/customer_user_api/login_customer_user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_CUSTOMER),
      })
    ).json();
    await page.evaluate((value) => sessionStorage.setItem('tID', value), token);
    for (const path of ['/no/such/page', '/dashboard/nothing-here']) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count(), { message: path }).toBe(1);
    }
    await screenshot(page, '404-en');
    await expectNoSeriousAxeViolations(page, '404 en');
    await page.getByRole('link', { name: 'Go back' }).click();
    await page.waitForURL(`${app.server.url}/`);
    await page.locator('.service-card').first().waitFor();

    await chooseLanguage(page, 'am');
    await page.goto('/missing');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/[\u1200-\u137F]/);
    await screenshot(page, '404-am');
    await context.close();
  });

  it('sends /dashboard/* to / without a session token', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/dashboard/manual');
    await page.waitForURL(`${app.server.url}/`);
    await context.close();
  });

  it('shows the 3-minute wait with a one-second countdown after a 429', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.clock.install();
    await page.goto('/');
    await chooseLanguage(page, 'en');
    await page.route('**/division_api/get_all_divisions', (route) =>
      route.fulfill({ status: 429, headers: { 'Retry-After': '180' }, contentType: 'application/json', body: '{}' }),
    );
    await page.reload();
    const countdown = page.getByTestId('countdown');
    await countdown.waitFor();
    expect(await page.getByRole('heading', { name: 'Please wait 3 minutes before retrying.' }).count()).toBe(1);
    expect(await countdown.textContent()).toBe('3:00');
    await page.clock.runFor(1000);
    await expect.poll(() => countdown.textContent()).toBe('2:59');
    await screenshot(page, 'wait-429-en');
    await expectNoSeriousAxeViolations(page, '429 en');

    // When the time is up, the page comes back and asks again.
    await page.unroute('**/division_api/get_all_divisions');
    await page.clock.runFor(180_000);
    await page.locator('.service-card').first().waitFor();
    expect(await countdown.count()).toBe(0);

    await chooseLanguage(page, 'am');
    await page.route('**/division_api/get_all_divisions', (route) => route.fulfill({ status: 429, body: '{}' }));
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await countdown.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/[\u1200-\u137F]/);
    await screenshot(page, 'wait-429-am');
    await context.close();
  });

  it('shows "Connection Lost!" after a 500 and reloads on request', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/');
    await chooseLanguage(page, 'en');
    await page.route('**/division_api/get_all_divisions', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Connection Lost!' }).waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(1);
    expect(await page.getByText(/error connecting to the server/).count()).toBe(1);
    await screenshot(page, 'connection-lost-en');
    await expectNoSeriousAxeViolations(page, '500 en');
    await page.unroute('**/division_api/get_all_divisions');
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await page.locator('.service-card').first().waitFor();
    await context.close();
  });
});
