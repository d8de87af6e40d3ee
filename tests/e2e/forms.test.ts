import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { chooseLanguage, hasChromium, newPage, screenshot, startInLanguage, VIEWPORTS } from '../helpers/browser.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { logInThroughPage } from '../helpers/session.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';

const ETHIOPIC = /[\u1200-\u137F]/;
const LATIN = /[A-Za-z]/;

// Each form, how to reach it, and how many fields an empty submit must name.
const FORMS = [
  { name: 'log-in', path: '/login', missing: 2 },
  { name: 'staff log-in', path: '/staff/login', missing: 2 },
  { name: 'register', path: '/register', missing: 7 }, // the e-mail is optional since issue 26 (a phone number is enough)
  { name: 'forgot password', path: '/forgotpassword', missing: 1 },
  { name: 'reset password', path: '/reset_password/00000000-0000-4000-8000-000000000000/token', missing: 2 },
  { name: 'accusation', path: '/makeaccusation', missing: 2 },
  { name: 'check status', path: '/checkstatus', missing: 1 },
] as const;

/** Submits the form empty; the summary must appear, take the focus and speak only the page's language. */
async function submitEmpty(page: Page, missing: number, locale: 'en' | 'am') {
  await page.locator('form button[type=submit]').first().click();
  const summary = page.getByTestId('error-summary');
  await summary.waitFor();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('error-summary');
  // Scrolled into view clear of the sticky header, not under it.
  const [summaryTop, headerBottom] = await page.evaluate(() => [
    document.querySelector('[data-testid=error-summary]')!.getBoundingClientRect().top,
    // The sticky bar of the page's frame (public, dashboard or staff); a frame without one covers nothing.
    Math.max(0, ...[...document.querySelectorAll('header')].filter((bar) => getComputedStyle(bar).position === 'sticky').map((bar) => bar.getBoundingClientRect().bottom)),
  ]);
  expect(summaryTop).toBeGreaterThanOrEqual(headerBottom);
  const links = summary.locator('li a');
  expect(await links.count()).toBe(missing);
  const texts = [await summary.textContent(), ...(await page.locator('.form-error').allTextContents())].join(' ');
  if (locale === 'am') {
    expect(texts).toMatch(ETHIOPIC);
    expect(texts, texts).not.toMatch(LATIN);
  }
  // Every named field is marked and tied to its message.
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
    const field = page.locator(href);
    expect(await field.getAttribute('aria-invalid'), href).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby'))!;
    expect(await page.locator(`#${describedBy}`).textContent()).not.toBe('');
  }
  // No browser bubble: nothing in the form reports itself invalid to the browser.
  expect(await page.evaluate(() => document.querySelectorAll('form :invalid').length)).toBe(0);
  return summary;
}

describe.skipIf(!hasChromium)('forms in Chromium', () => {
  const app = appInChromium();
  let pdfFile: string;

  beforeAll(async () => {
    pdfFile = path.join(os.tmpdir(), 'forms-attachment.pdf');
    fs.writeFileSync(pdfFile, tinyPdf('Attachment'));
  });

  for (const locale of ['en', 'am'] as const) {
    it(`every form names what is missing in a summary, in ${locale}, with no English on an Amharic page`, async () => {
      const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS.phone);
      await startInLanguage(page, locale);
      for (const form of FORMS) {
        await page.goto(form.path);
        await page.locator('form').first().waitFor();
        await submitEmpty(page, form.missing, locale);
        await screenshot(page, `form-errors-${form.name.replace(/ /g, '-')}-${locale}-phone`);
      }
      await context.close();
    });
  }

  it('a summary link moves the focus to its field; filling it in clears the message on the next submit (am, desktop)', async () => {
    const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS.desktop);
    await page.goto('/makeaccusation');
    await chooseLanguage(page, 'am');
    const summary = await submitEmpty(page, 2, 'am');
    await screenshot(page, 'form-errors-accusation-am-desktop');
    await summary.locator('li a').nth(1).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('accusation-description');
    await page.locator('#accusation-description').fill('Something happened.');
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => summary.locator('li a').count()).toBe(1);
    expect(await page.locator('#accusation-description').getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('#accusation-subject').getAttribute('aria-invalid')).toBe('true');
    expect(await app.server.db.query('SELECT 1 FROM accusation WHERE description = $1', ['Something happened.'])).toHaveLength(0);
    await context.close();
  });

  for (const [locale, width, viewport] of [['en', 'desktop', VIEWPORTS.desktop], ['am', 'phone', VIEWPORTS.phone]] as const) {
    it(`the file picker speaks the page's language and keeps the chosen name after Cancel on the confirmation (${locale}, ${width})`, async () => {
      const { context, page } = await newPage(app.browser, app.server.url, viewport);
      await startInLanguage(page, locale);
      await logInThroughPage(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await page.goto('/dashboard/cases');
      const name = page.getByTestId('attachment-name');
      expect(await name.textContent()).toBe(locale === 'en' ? 'No file chosen' : 'ምንም ፋይል አልተመረጠም');
      const [request] = await app.server.db.query<{ id: string; division_id: string }>(
        "SELECT id, division_id FROM case_request WHERE case_name_en = 'Buying a corporation house'",
      );
      await page.locator('#division').selectOption(request.division_id);
      await page.locator('#case-request').selectOption(request.id);
      const questions = page.locator('fieldset.questions');
      await questions.waitFor();
      // An empty required question is named in the summary before anything else happens.
      await page.locator('form .form-actions button[type=submit]').click();
      expect(await page.getByTestId('error-summary').locator('li').count()).toBe(3);
      await questions.locator('input[type=text]').first().fill('B-12/045');
      await questions.locator('input[type=number]').first().fill('5');
      await questions.locator('select').first().selectOption({ index: 1 });
      await page.locator('#attachment').setInputFiles(pdfFile);
      expect(await name.textContent()).toBe('forms-attachment.pdf');
      await screenshot(page, `file-picker-${locale}-${width}`);
      await page.locator('form .form-actions button[type=submit]').click();
      await page.getByTestId('confirmation').waitFor();
      await page.locator('.form-actions .button-outline').click();
      await name.waitFor();
      expect(await name.textContent()).toBe('forms-attachment.pdf');
      await page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
      await context.close();
    });
  }

  it('shows at most two toasts, and a refused log-in\'s toast does not follow into the dashboard', async () => {
    const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS.phone);
    // The page's clock: the second that decides whether a toast follows a navigation is moved, not waited for.
    await page.clock.install();
    await page.goto('/login');
    await chooseLanguage(page, 'en');
    await page.locator('#login-email').fill(DEMO_CUSTOMER.email);
    await page.locator('input[type=password]').fill('wrong-password1');
    for (let attempt = 1; attempt <= 3; attempt++) {
      const answered = page.waitForResponse('**/customer_user_api/login_customer_user');
      await page.locator('form button[type=submit]').click();
      expect((await answered).status()).toBe(401);
      // This refusal's toast is drawn (the earlier ones are marked as seen); the oldest goes past two.
      await expect.poll(() => page.locator('.toast-error:not([data-seen])').count()).toBe(1);
      await page.locator('.toast-error').evaluateAll((toasts) => toasts.forEach((toast) => toast.setAttribute('data-seen', '')));
      expect(await page.locator('.toast').count()).toBe(Math.min(attempt, 2));
    }
    // Toasts sit at the bottom, clear of the heading.
    const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    for (const box of await page.locator('.toast').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()))) {
      expect(box.top > heading.y + heading.height || box.bottom < heading.y).toBe(true);
    }
    await screenshot(page, 'toasts-login-refused-en-phone');
    // More than the second within which a toast goes along with the page it announces.
    await page.clock.runFor(1100);
    await page.locator('input[type=password]').fill(DEMO_CUSTOMER.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(/\/dashboard$/);
    // The dashboard has drawn (on a phone its greeting is hidden: the name in the header shows instead).
    await page.locator('.dashboard-header').waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('.toast-error').count()).toBe(0);
    await context.close();
  });
});
