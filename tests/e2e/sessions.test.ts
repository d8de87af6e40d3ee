import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
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
      await page.locator('input[type=email]').fill(DEMO_CUSTOMER.email);
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
