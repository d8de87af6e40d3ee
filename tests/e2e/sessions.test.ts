import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { DEMO_LOGINS, MAIN_DEMO_DIRECTORATE } from '../../server/seed/logins.ts';
import { appInChromium } from '../helpers/app-server.ts';
import { hasChromium, newPage, screenshot, startInLanguage, VIEWPORTS } from '../helpers/browser.ts';
import { signInByToken } from '../helpers/session.ts';

const ETHIOPIC = /[\u1200-\u137F]/;

/** Issue 12 "Sessions": tabs of one browser session share the sign-in; a shared case link says why it lands on /. */
describe.skipIf(!hasChromium)('sessions across tabs, and shared case links', () => {
  const app = appInChromium();
  let caseId: string;

  beforeAll(async () => {
    [{ id: caseId }] = await app.server.db.query<{ id: string }>(
      `SELECT c.id FROM customer_case c JOIN customer_user u ON u.id = c.customer_id WHERE u.email = $1 ORDER BY c.case_number LIMIT 1`,
      [DEMO_CUSTOMER.email],
    );
  });

  it('signs a new tab in from an open one, and a logout in either signs out both', async () => {
    const { context, page: first } = await newPage(app.browser, app.server.url);
    try {
      // Only this tab is signed in (its own session storage); the next one has nothing of its own.
      await signInByToken(first, app.server.url, 'customer', DEMO_CUSTOMER, { locale: 'en' });
      await first.goto('/dashboard');
      await first.getByTestId('customer-name').waitFor();

      // A tab of its own (its own session storage), opened straight on a dashboard page.
      const second = await context.newPage();
      await second.goto(`/dashboard/case/${caseId}`);
      await second.waitForURL(new RegExp(`/dashboard/case/${caseId}$`));
      await second.getByRole('heading', { level: 1 }).waitFor();
      expect(await second.evaluate(() => sessionStorage.getItem('tID'))).toMatch(/^ey/);
      await screenshot(second, 'session-second-tab-en');

      await second.getByRole('button', { name: 'Logout' }).first().click();
      await second.waitForURL(`${app.server.url}/`);
      // The first tab is signed out too, and its dashboard sends it to /.
      await first.waitForURL(`${app.server.url}/`);
      expect(await first.evaluate(() => sessionStorage.getItem('tID'))).toBeNull();
      await first.goto('/dashboard');
      await first.waitForURL(`${app.server.url}/`);
    } finally {
      await context.close();
    }
  });

  it('a new tab asks the open ones for their sign-in only while one is signed in, so a signed-out load does not wait (issue 13)', async () => {
    const { context, page: first } = await newPage(app.browser, app.server.url);
    try {
      // What each page posts on the tabs' session channel, since its last navigation.
      await context.addInitScript(() => {
        const sent: unknown[] = [];
        Object.assign(window, { sessionMessages: sent });
        const post = BroadcastChannel.prototype.postMessage;
        BroadcastChannel.prototype.postMessage = function (this: BroadcastChannel, message: unknown) {
          if (this.name === 'portal-session') sent.push(message);
          return post.call(this, message);
        };
      });
      const sessionMessages = (page: typeof first) => page.evaluate(() => (window as unknown as { sessionMessages: unknown[] }).sessionMessages);

      await first.goto('/');
      await first.getByRole('heading', { level: 1 }).waitFor();
      expect(await sessionMessages(first)).toEqual([]);

      await signInByToken(first, app.server.url, 'customer', DEMO_CUSTOMER);
      await first.goto('/dashboard');
      await first.getByTestId('customer-name').waitFor();
      const second = await context.newPage();
      await second.goto('/');
      await expect.poll(() => second.evaluate(() => sessionStorage.getItem('tID'))).toMatch(/^ey/);
      expect(await sessionMessages(second)).toContainEqual({ type: 'ask' });
    } finally {
      await context.close();
    }
  });

  /** An unread alert for the demo manager about a case of their directorate (issue 24), as a response waiting for them raises one. */
  async function alertForManager(): Promise<{ id: string; case_number: string }> {
    const [kase] = await app.server.db.query<{ id: string; case_number: string }>(
      `SELECT c.id, c.case_number FROM customer_case c JOIN directorate d ON d.id = c.directorate_id
       WHERE d.name_en = $1 AND c.status = 'responded' ORDER BY c.case_number LIMIT 1`,
      [MAIN_DEMO_DIRECTORATE],
    );
    await app.server.db.query(
      `INSERT INTO staff_alert (staff_id, kind, case_id, event_key, payload, created_at)
       SELECT id, 'approval_waiting', $2, gen_random_uuid()::text, jsonb_build_object('case_number', $3::text), now() FROM staff_user WHERE email = $1`,
      [DEMO_LOGINS.staff.manager.email, kase.id, kase.case_number],
    );
    return kase;
  }

  it.each([
    { locale: 'en', viewport: 'desktop' },
    { locale: 'am', viewport: 'phone' },
  ] as const)('in $locale, a staff case link opened signed out goes to the staff log-in and back to the case; the header names who signed in and counts their alerts', async ({ locale, viewport }) => {
    const kase = await alertForManager();
    const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[viewport]);
    try {
      await startInLanguage(page, locale);
      await page.goto(`/staff/cases/${kase.id}`);
      await page.waitForURL(/\/staff\/login\?next=/);
      await page.locator('input[type=email]').fill(DEMO_LOGINS.staff.manager.email);
      await page.locator('input[type=password]').fill(DEMO_LOGINS.staff.manager.password);
      await page.locator('form button[type=submit]').click();
      await page.waitForURL(new RegExp(`/staff/cases/${kase.id}$`));
      await page.getByRole('heading', { level: 1 }).waitFor();

      const signedIn = page.locator('.signed-in-as');
      await expect.poll(() => signedIn.textContent()).toContain(locale === 'am' ? 'ኃላፊ' : 'Manager');
      expect(await signedIn.textContent()).toContain('Bereket');
      // On a phone the header keeps the first name and the role.
      expect(await page.locator('.signed-in-lastname').isVisible()).toBe(viewport === 'desktop');
      const count = page.locator('.staff-nav .alerts-count');
      await expect.poll(() => count.textContent()).toMatch(/^[1-9]\d*$/);
      await screenshot(page, `staff-case-after-login-${locale}-${VIEWPORTS[viewport].width}`);

      await page.locator('.staff-nav .alerts-link').click();
      await page.waitForURL(/\/staff\/alerts$/);
      const alert = page.locator('.alert-unread').filter({ hasText: kase.case_number }).first();
      await alert.waitFor();
      await screenshot(page, `staff-alerts-${locale}-${VIEWPORTS[viewport].width}`);
      await alert.getByRole('link').click();
      await page.waitForURL(new RegExp(`/staff/cases/${kase.id}$`));
      // Marked read as it is opened.
      const stillUnread = () => app.server.db.query(
        `SELECT 1 FROM staff_alert a JOIN staff_user s ON s.id = a.staff_id WHERE s.email = $1 AND a.case_id = $2 AND a.read_at IS NULL`,
        [DEMO_LOGINS.staff.manager.email, kase.id],
      );
      await expect.poll(async () => (await stillUnread()).length).toBe(0);
      // Back in the list, it reads as read.
      await page.locator('.staff-nav .alerts-link').click();
      await page.waitForURL(/\/staff\/alerts$/);
      await page.locator('.alert-item').filter({ hasText: kase.case_number }).first().waitFor();
      await expect.poll(() => page.locator('.alert-unread').filter({ hasText: kase.case_number }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shares the staff sign-in with a new tab, and a staff logout in either signs out both', async () => {
    const { context, page: first } = await newPage(app.browser, app.server.url);
    try {
      await signInByToken(first, app.server.url, 'staff', DEMO_LOGINS.staff.manager, { locale: 'en' });
      await first.goto('/staff');
      await first.locator('.signed-in-as').waitFor();
      const second = await context.newPage();
      await second.goto('/staff/alerts');
      await second.getByRole('heading', { name: 'My alerts' }).waitFor();
      expect(await second.evaluate(() => sessionStorage.getItem('staffToken'))).toMatch(/^ey/);

      await second.getByRole('button', { name: 'Logout' }).click();
      await second.waitForURL(/\/staff\/login$/);
      // The first tab leaves too, for a log-in that brings it back where it was.
      await first.waitForURL(/\/staff\/login\?next=/);
      expect(await first.evaluate(() => sessionStorage.getItem('staffToken'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it.each([
    { locale: 'en', viewport: 'desktop' },
    { locale: 'am', viewport: 'phone' },
  ] as const)('in $locale, a shared case link opened signed out lands on / with the reason, and opens after log-in', async ({ locale, viewport }) => {
    const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[viewport]);
    try {
      await startInLanguage(page, locale);
      await page.goto(`/dashboard/case/${caseId}`);
      await page.waitForURL(`${app.server.url}/`);
      const notice = page.getByTestId('sign-in-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(locale === 'am' ? ETHIOPIC : /only shown to its owner/);
      await screenshot(page, `session-case-link-notice-${locale}-${VIEWPORTS[viewport].width}`);

      await notice.getByRole('link').click();
      await page.waitForURL(/\/login$/);
      await page.locator('#login-email').fill(DEMO_CUSTOMER.email);
      await page.locator('input[type=password]').fill(DEMO_CUSTOMER.password);
      await page.locator('form button[type=submit]').click();
      await page.waitForURL(new RegExp(`/dashboard/case/${caseId}$`));
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Once used, the link is forgotten: the next log-in goes to the dashboard.
      expect(await page.evaluate(() => sessionStorage.getItem('returnTo'))).toBeNull();
    } finally {
      await context.close();
    }
  });
});
