import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { codeAt } from '../../server/staff/two-factor.ts';
import { appInChromium } from '../helpers/app-server.ts';
import { nextTuesdayAt } from '../helpers/clock.ts';
import { hasChromium, newPage, screenshot, startInLanguage, VIEWPORTS } from '../helpers/browser.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

const PASSWORD = 'Two-Step-Admin-26';
const ETHIOPIC = /[\u1200-\u137F]/;
const STEP = 30_000;

/**
 * An admin's two-step log-in on a phone (375 px), in English and Amharic: enrolment at the
 * first log-in (the key as text and a QR code, confirmed by a code), then the code step at
 * the next. The codes are the server clock's, which the test holds still and moves.
 */
describe.skipIf(!hasChromium)("an admin's two-step log-in in Chromium", () => {
  let now = nextTuesdayAt('09:00') + 10_000;
  const app = appInChromium({ clock: () => now });

  /** The password step of the staff log-in form. */
  async function logIn(page: import('playwright-core').Page, email: string) {
    await page.goto('/staff/login');
    await page.locator('input[type=email]').fill(email);
    await page.locator('input[type=password]').fill(PASSWORD);
    await page.locator('form button[type=submit]').click();
  }
  /** Nothing wider than the phone: no sideways scrolling. */
  const fitsWidth = (page: import('playwright-core').Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  for (const locale of ['en', 'am'] as const) {
    it(`enrols at the first log-in and gives the code at the next (${locale}, phone)`, async () => {
      const email = `admin.two-step.${locale}@staff.test`;
      await addStaff(app.server.db, {
        email, password_hash: await hash(PASSWORD), firstname: 'Almaz', middlename: '', lastname: 'Bekele', role: 'admin',
      }, new Date(now - 60_000));

      const first = await newPage(app.browser, app.server.url, VIEWPORTS.phone);
      await startInLanguage(first.page, locale);
      await logIn(first.page, email);
      const secretText = first.page.getByTestId('two-factor-secret');
      await secretText.waitFor();
      const secret = (await secretText.textContent())!.replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expect.poll(() => first.page.locator('img.two-factor-qr').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const title = await first.page.getByRole('heading', { level: 1 }).textContent();
      if (locale === 'am') expect(title).toMatch(ETHIOPIC);
      const code = first.page.locator('#two-factor-code');
      expect(await code.getAttribute('inputmode')).toBe('numeric');
      expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await fitsWidth(first.page)).toBe(true);
      await screenshot(first.page, `staff-two-factor-enrol-${locale}-phone`);

      // Sent empty, the form says what is missing, as every form does.
      await first.page.locator('form button[type=submit]').click();
      await first.page.getByTestId('error-summary').waitFor();
      expect(await first.page.locator('#two-factor-code').getAttribute('aria-invalid')).toBe('true');
      await code.fill(codeAt(secret, now));
      await first.page.locator('form button[type=submit]').click();
      await first.page.waitForURL((url) => url.pathname === '/staff/admin');
      await first.context.close();

      // The next log-in, a step later: the code alone, the key never shown again.
      now += STEP;
      const next = await newPage(app.browser, app.server.url, VIEWPORTS.phone);
      await startInLanguage(next.page, locale);
      await logIn(next.page, email);
      await next.page.locator('#two-factor-code').waitFor();
      expect(await next.page.getByTestId('two-factor-secret').count()).toBe(0);
      if (locale === 'am') expect(await next.page.getByRole('heading', { level: 1 }).textContent()).toMatch(ETHIOPIC);
      expect(await fitsWidth(next.page)).toBe(true);
      await screenshot(next.page, `staff-two-factor-code-${locale}-phone`);
      await next.page.locator('#two-factor-code').fill(codeAt(secret, now));
      await next.page.locator('form button[type=submit]').click();
      await next.page.waitForURL((url) => url.pathname === '/staff/admin');
      await next.context.close();
    });
  }
});
