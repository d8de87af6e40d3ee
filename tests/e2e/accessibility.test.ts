import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { chooseLanguage, hasChromium, newPage, VIEWPORTS } from '../helpers/browser.ts';
import { logInThroughPage } from '../helpers/session.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { DEMO_ACCEPTOR } from '../../server/seed/accusations.ts';

/** Every screen beyond the public site's (which public-site.test.ts checks) has no serious or critical axe violation. */
describe.skipIf(!hasChromium)('accessibility of the account, case, accusation and staff screens', () => {
  const app = appInChromium();

  const serious = async (page: Page, where: string) => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  };

  for (const locale of ['am', 'en'] as const) {
    it(`has none in ${locale === 'am' ? 'Amharic' : 'English'}`, async () => {
      const found: string[] = [];
      const { context, page } = await newPage(app.browser, app.server.url);
      await page.goto('/');
      await chooseLanguage(page, locale);
      for (const url of ['/login', '/register', '/forgotpassword', '/checkstatus', '/makeaccusation', '/outbox', '/staff/login']) {
        await page.goto(url);
        await page.locator('h1').first().waitFor();
        found.push(...(await serious(page, url)));
      }
      await logInThroughPage(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
      await page.locator('.case-row').first().waitFor();
      found.push(...(await serious(page, '/dashboard')));
      for (const url of ['/dashboard/casestatus', '/dashboard/cases', '/dashboard/settings']) {
        await page.goto(url);
        await page.locator('h1').first().waitFor();
        found.push(...(await serious(page, url)));
      }
      await page.goto('/dashboard/casestatus');
      await page.locator('.case-row a').first().click();
      await page.locator('.case-details').waitFor();
      found.push(...(await serious(page, 'case detail')));
      await page.setViewportSize(VIEWPORTS.phone);
      await page.locator('.dashboard-toggle').click();
      await page.locator('#dashboard-mobile-nav').waitFor();
      found.push(...(await serious(page, 'case detail, phone, menu open')));

      const staff = await newPage(app.browser, app.server.url);
      await staff.page.goto('/staff/login');
      await chooseLanguage(staff.page, locale);
      await staff.page.locator('input[type=email]').fill(DEMO_ACCEPTOR.email);
      await staff.page.locator('input[type=password]').fill(DEMO_ACCEPTOR.password);
      await staff.page.locator('form button[type=submit]').click();
      await staff.page.getByTestId('accusation-list').waitFor();
      found.push(...(await serious(staff.page, '/staff/accusations')));
      expect(found).toEqual([]);
      await staff.context.close();
      await context.close();
    });
  }
});
