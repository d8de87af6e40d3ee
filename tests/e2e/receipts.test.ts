import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { chooseLanguage, hasChromium, newPage, screenshot, VIEWPORTS } from '../helpers/browser.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { signInByToken } from '../helpers/session.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';

const ETHIOPIC = /[\u1200-\u137F]/;
/**
 * Each receipt's journey runs in full once in Amharic on a phone and once in English on a wide
 * screen; the other two combinations file a short one and check the receipt's place and words.
 */
const JOURNEYS = [['am', 'phone'], ['en', 'desktop']] as const;
const VISITS = [['en', 'phone'], ['am', 'desktop']] as const;

/** The number is inside the first screen, the page is not scrolled, and the panel's heading has the focus. */
async function expectReceiptOnFirstScreen(page: Page, testId: string, pattern: RegExp) {
  const number = page.getByTestId(`${testId}-number`);
  await number.waitFor();
  expect(await number.textContent()).toMatch(pattern);
  const box = (await number.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe(`${testId}-title`);
}

describe.skipIf(!hasChromium)('receipts in Chromium', () => {
  const app = appInChromium();
  let pdfFile: string;

  beforeAll(async () => {
    pdfFile = path.join(os.tmpdir(), 'receipt-evidence.pdf');
    fs.writeFileSync(pdfFile, tinyPdf('Evidence'));
  });

  for (const [locale, width] of JOURNEYS) {
    {
      const viewport = VIEWPORTS[width];
      it(`an accusation turns into its receipt, visible without scrolling (${locale}, ${width})`, async () => {
        const { context, page } = await newPage(app.browser, app.server.url, viewport);
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.goto('/makeaccusation');
        await chooseLanguage(page, locale);
        await page.locator('form [name=subject]').fill(`Receipt ${locale} ${width}`);
        await page.locator('form [name=description]').fill('A long description that fills the form.\n'.repeat(8));
        await page.locator('#accusation-attachment').setInputFiles(pdfFile);
        await page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
        // Scrolled to the bottom, where the Submit button is, as on a phone.
        await page.locator('form button[type=submit]').scrollIntoViewIfNeeded();
        await page.locator('form button[type=submit]').click();

        await expectReceiptOnFirstScreen(page, 'accusation-receipt', /^ACC-\d{4}-\d{6}$/);
        const panel = page.getByTestId('accusation-receipt');
        const reference = (await page.getByTestId('accusation-receipt-number').textContent())!;
        const [stored] = await app.server.db.query<{ subject: string }>('SELECT subject FROM accusation WHERE reference = $1', [reference]);
        expect(stored.subject).toBe(`Receipt ${locale} ${width}`);
        if (locale === 'am') expect(await panel.getByRole('heading', { level: 1 }).textContent()).toMatch(ETHIOPIC);
        expect(await panel.getByRole('heading', { level: 2 }).textContent()).toBe(locale === 'en' ? 'What happens next' : 'ቀጥሎ ምን ይሆናል');
        // The number in large type: larger than the page's own headings' text.
        const size = await page.getByTestId('accusation-receipt-number').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        expect(size).toBeGreaterThanOrEqual(28);
        await screenshot(page, `receipt-accusation-${locale}-${width}`);

        await panel.getByRole('button', { name: locale === 'en' ? 'Copy the number' : 'ቁጥሩን ይቅዱ' }).click();
        await panel.getByRole('button', { name: locale === 'en' ? 'Copied' : 'ተቀድቷል' }).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
        // Print or save opens the browser's print dialog, which prints the receipt without the site's bars.
        await page.emulateMedia({ media: 'print' });
        expect(await page.locator('.site-header').isVisible()).toBe(false);
        expect(await page.locator('.receipt-actions').isVisible()).toBe(false);
        expect(await page.getByTestId('accusation-receipt-number').isVisible()).toBe(true);
        await context.close();
      });
    }
  }

  it.each(VISITS)('a short accusation\'s receipt is on the first screen, in its language (%s, %s)', async (locale, width) => {
    const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[width]);
    await page.goto('/makeaccusation');
    await chooseLanguage(page, locale);
    await page.locator('form [name=subject]').fill(`Receipt ${locale} ${width}`);
    await page.locator('form [name=description]').fill('A long description that fills the form.\n'.repeat(8));
    await page.locator('form button[type=submit]').scrollIntoViewIfNeeded();
    await page.locator('form button[type=submit]').click();
    await expectReceiptOnFirstScreen(page, 'accusation-receipt', /^ACC-\d{4}-\d{6}$/);
    const panel = page.getByTestId('accusation-receipt');
    expect(await panel.getByRole('heading', { level: 1 }).textContent()).toMatch(locale === 'am' ? ETHIOPIC : /^[\x20-\x7E]+$/);
    expect(await panel.getByRole('heading', { level: 2 }).textContent()).toBe(locale === 'en' ? 'What happens next' : 'ቀጥሎ ምን ይሆናል');
    await screenshot(page, `receipt-accusation-${locale}-${width}`);
    await context.close();
  });

  /** The demo customer, signed in by token, files a house purchase through the apply form; its receipt shows. */
  async function applyForAHouse(page: Page, locale: 'en' | 'am') {
    await signInByToken(page, app.server.url, 'customer', DEMO_CUSTOMER, { locale });
    const [request] = await app.server.db.query<{ id: string; division_id: string }>(
      "SELECT id, division_id FROM case_request WHERE case_name_en = 'Buying a corporation house'",
    );
    await page.goto('/dashboard/cases');
    await page.locator('#division').selectOption(request.division_id);
    await page.locator('#case-request').selectOption(request.id);
    const questions = page.locator('fieldset.questions');
    await questions.waitFor();
    await questions.locator('input[type=text]').first().fill('B-12/045');
    await questions.locator('input[type=number]').first().fill('5');
    await questions.locator('select').first().selectOption({ index: 1 });
    await page.locator('form .form-actions button[type=submit]').click();
    const confirmation = page.getByTestId('confirmation');
    await confirmation.waitFor();
    await page.locator('.form-actions .button-primary').click();
    await expectReceiptOnFirstScreen(page, 'case-receipt', /^HDC-\d{4}-\d{6}$/);
    return page.getByTestId('case-receipt');
  }

  for (const [locale, width] of JOURNEYS) {
    it(`an application turns into its receipt; "Stay on this page" stops the move to the case list (${locale}, ${width})`, async () => {
      const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[width]);
      // The page's clock, so SPEC's 6 seconds are moved through rather than waited for.
      await page.clock.install();
      const panel = await applyForAHouse(page, locale);
      expect(await panel.textContent()).toMatch(locale === 'am' ? ETHIOPIC : /Going to your cases in 6 seconds/);
      expect(await panel.getByRole('link').getAttribute('href')).toContain('/dashboard/casestatus');
      await screenshot(page, `receipt-case-${locale}-${width}`);
      const countdown = panel.getByRole('timer');
      await countdown.getByRole('button', { name: locale === 'en' ? 'Stay on this page' : 'በዚህ ገጽ ይቆዩ' }).click();
      await countdown.waitFor({ state: 'detached' });
      // SPEC's 6 seconds pass on the page's clock (the visits below show that they move it without "Stay"); the receipt stays.
      // A second at a time, as the visits below move it.
      const before = await page.evaluate(() => Date.now());
      for (let second = 0; second < 7; second++) await page.clock.runFor(1000);
      expect(await page.evaluate(() => Date.now()) - before).toBeGreaterThanOrEqual(7000);
      expect(new URL(page.url()).pathname).toBe('/dashboard/cases');
      expect(await panel.isVisible()).toBe(true);
      await context.close();
    });
  }

  it.each(VISITS)('an application\'s receipt is on the first screen, and without "Stay" the page clock\'s 6 seconds move to the case list (%s, %s)', async (locale, width) => {
    const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[width]);
    await page.clock.install();
    const panel = await applyForAHouse(page, locale);
    expect(await panel.textContent()).toMatch(locale === 'am' ? ETHIOPIC : /Going to your cases in 6 seconds/);
    const countdown = panel.getByRole('timer');
    // Counted down a second at a time, each second moved on the page's clock.
    for (let left = 6; left > 0; left--) {
      await expect.poll(() => countdown.textContent()).toContain(String(left));
      await page.clock.runFor(1000);
    }
    await page.waitForURL((url) => url.pathname === '/dashboard/casestatus');
    await context.close();
  });
});
