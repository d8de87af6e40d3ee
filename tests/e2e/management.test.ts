import { hash } from '@node-rs/argon2';
import { addStaff } from '../helpers/staff-fixture.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { chooseLanguage, hasChromium, newPage, screenshot, VIEWPORTS } from '../helpers/browser.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.ts';
import { signInByToken } from '../helpers/session.ts';

const PASSWORD = 'Portal12345';
const ADMIN = 'admin.e2e@staff.test';
const MANAGER = 'manager.e2e@staff.test';
const ETHIOPIC = /[\u1200-\u137F]/;

/** Issue 16 in the browser: an admin adds an officer who sets a password from the mail; a manager reads the dashboard. */
describe.skipIf(!hasChromium)('staff administration and the dashboard in Chromium', () => {
  let smtp: SmtpReceiver;
  // The server needs the receiver's address before it starts: a fixed port taken first.
  const port = 20_000 + (process.pid % 20_000);
  const app = appInChromium({ smtpUrl: `smtp://127.0.0.1:${port}` });

  beforeAll(async () => {
    smtp = await startSmtpReceiver(port);
    const password_hash = await hash(PASSWORD);
    // The manager of the directorate with the most demo cases (a case's queue: its case request's directorate, else its division's first).
    const [{ id: directorate }] = await app.server.db.query<{ id: string }>(
      `SELECT directorate_id AS id FROM case_progress WHERE directorate_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    await addStaff(app.server.db, { email: ADMIN, password_hash, firstname: 'Almaz', middlename: '', lastname: 'Bekele', role: 'admin' });
    await addStaff(app.server.db, { email: MANAGER, password_hash, firstname: 'Hana', middlename: '', lastname: 'Girma', role: 'manager', directorate_id: directorate });
  });
  afterAll(() => smtp?.close());

  /** By token, in `locale`, opening /staff as the log-in does (the officer's first log-in, below, goes through the form). */
  async function signInAs(page: Page, email: string, locale: 'en' | 'am') {
    await signInByToken(page, app.server.url, 'staff', { email, password: PASSWORD }, { locale });
    await page.goto('/staff');
    await page.waitForURL((url) => url.pathname !== '/staff');
  }

  async function signIn(page: Page, email: string, password = PASSWORD) {
    await page.goto('/staff/login');
    await page.locator('input[type=email]').fill(email);
    await page.locator('input[type=password]').fill(password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL((url) => !url.pathname.endsWith('/staff/login'));
  }

  for (const [locale, viewport] of [['en', 'desktop'], ['am', 'phone']] as const) {
    it(`an admin adds an officer, who sets a password from the mail and signs in (${locale}, ${viewport})`, async () => {
      const officer = `officer.${locale}@staff.test`;
      const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[viewport]);
      await signInAs(page, ADMIN, locale);
      await page.goto('/staff/people');
      await page.locator('table.staff-table').waitFor();
      if (locale === 'am') expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(ETHIOPIC);

      await page.locator('.page-title-row button').click();
      const form = page.locator('form.staff-form');
      await form.locator('#staff-email').fill(officer);
      await form.locator('#staff-firstname').fill('Selam');
      await form.locator('#staff-lastname').fill('Tesfaye');
      await form.locator('#staff-role').selectOption('officer');
      // The directorate is required for an officer: the form says so before sending.
      await form.locator('button[type=submit]').click();
      await form.locator('.error-summary, [role=alert]').first().waitFor();
      await form.locator('#staff-directorate').selectOption({ index: 1 });
      await form.locator('#staff-team').selectOption({ index: 1 }).catch(() => undefined);
      await screenshot(page, `staff-form-${locale}-${viewport}`);
      await form.locator('button[type=submit]').click();
      const row = page.locator('table.staff-table tr', { hasText: officer });
      await row.waitFor();
      expect(await row.textContent()).toContain('Selam');
      await screenshot(page, `staff-list-${locale}-${viewport}`);

      const mail = await smtp.waitForMail(officer);
      if (locale === 'am') expect(mail.subject).toMatch(ETHIOPIC);
      const link = /https?:\/\/\S+\/staff\/set-password\/\S+/.exec(mail.text)![0];
      // The admin's save is in the audit log, with what it set, naming the officer as the staff list does;
      // the entry itself keeps ids and codes only, so no e-mail is shown (issue 23).
      await page.goto('/staff/audit');
      const entry = page.locator('table.audit-table tr', { hasText: 'Selam Tesfaye' }).first();
      await entry.waitFor();
      expect(await entry.textContent()).toContain(locale === 'en' ? 'Created · Staff user' : 'ሠራተኛ');
      expect(await page.locator('table.audit-table').textContent()).not.toContain(officer);
      // Its directorate and team are named, not shown as ids; and nothing in the log is an id, a key,
      // a code or an ISO time, in either language (review defect 6): the admin's role is a word too.
      expect(await entry.textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      const log = (await page.locator('table.audit-table').textContent())!;
      expect(log).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|\b[a-z]+_[a-z_]+\b|\d{4}-\d{2}-\d{2}/i);
      expect(log).toContain(locale === 'en' ? '(Administrator)' : '(አስተዳዳሪ)');
      await screenshot(page, `audit-log-admin-${locale}-${viewport}`);
      await context.close();

      // The officer, in a browser of their own, follows the link.
      const own = await newPage(app.browser, app.server.url, VIEWPORTS[viewport]);
      await own.page.goto(new URL(link).pathname);
      await chooseLanguage(own.page, locale);
      await own.page.locator('#new-password').fill('Officer2026');
      await own.page.locator('#retyped-password').fill('Officer2026');
      await screenshot(own.page, `staff-set-password-${locale}-${viewport}`);
      await own.page.locator('form button[type=submit]').click();
      await own.page.locator('.success-message').waitFor();
      await signIn(own.page, officer, 'Officer2026');
      const [stored] = await app.server.db.query<{ last_sign_in_at: Date | null }>('SELECT last_sign_in_at FROM staff_user WHERE email = $1', [officer]);
      expect(stored.last_sign_in_at).not.toBeNull();
      await own.context.close();
    });
  }

  for (const locale of ['en', 'am'] as const) {
    for (const viewport of ['phone', 'desktop'] as const) {
      it(`a manager opens the dashboard and its charts render (${locale}, ${viewport})`, async () => {
        const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[viewport]);
        await signInByToken(page, app.server.url, 'staff', { email: MANAGER, password: PASSWORD }, { locale });
        await page.goto('/staff/dashboard');
        await page.locator('.chart-card svg.chart').first().waitFor();
        // The officers' workload, cases by division, by directorate, the weekly trend, the ratings, the review rates per
        // division and the recent rating comments (issue 25); no accusations for a manager.
        expect(await page.locator('.chart-card').count()).toBe(7);
        expect(await page.locator('.chart-card svg.chart rect').count()).toBeGreaterThan(5);
        const total = Number(await page.locator('.figures div').first().locator('dd').textContent());
        expect(total).toBeGreaterThan(0);
        if (locale === 'am') expect(await page.locator('.chart-card h2').first().textContent()).toMatch(ETHIOPIC);
        // Nothing wider than the phone's screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
        const download = page.waitForEvent('download');
        await page.locator('.chart-grid .chart-download').first().click();
        const csv = await (await download).createReadStream();
        let text = '';
        for await (const chunk of csv) text += chunk;
        expect(text.split('\r\n')[1]).toMatch(/,\d+,\d+$/);
        await screenshot(page, `dashboard-${locale}-${viewport}`);

        await page.goto('/staff/audit');
        await page.locator('form.filters').waitFor();
        await screenshot(page, `audit-log-${locale}-${viewport}`);
        await context.close();
      });
    }
  }
});
