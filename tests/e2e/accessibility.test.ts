import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { hasChromium, newPage, startInLanguage, VIEWPORTS } from '../helpers/browser.ts';
import { signInByToken } from '../helpers/session.ts';
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

  // Every screen in Amharic, the default, on a wide screen (the case page also on a phone, its
  // menu open); in English the screens with the most text of their own, on a phone. Texts with
  // no translation fall back to the English source, so English has no label Amharic lacks.
  const runs = [
    {
      locale: 'am', viewport: 'desktop',
      signedOut: ['/login', '/register', '/forgotpassword', '/checkstatus', '/makeaccusation', '/outbox', '/staff/login'],
      signedIn: ['/dashboard/casestatus', '/dashboard/cases', '/dashboard/settings'],
    },
    { locale: 'en', viewport: 'phone', signedOut: ['/register', '/makeaccusation'], signedIn: ['/dashboard/cases'] },
  ] as const;

  for (const { locale, viewport, signedOut, signedIn } of runs) {
    it(`has none in ${locale === 'am' ? 'Amharic, on every screen' : 'English, on the screens with the most text'} (${viewport})`, async () => {
      const found: string[] = [];
      const { context, page } = await newPage(app.browser, app.server.url, VIEWPORTS[viewport]);
      await startInLanguage(page, locale);
      for (const url of signedOut) {
        await page.goto(url);
        await page.locator('h1').first().waitFor();
        found.push(...(await serious(page, url)));
      }
      await signInByToken(page, app.server.url, 'customer', DEMO_CUSTOMER);
      await page.goto('/dashboard');
      await page.locator('.case-row').first().waitFor();
      found.push(...(await serious(page, '/dashboard')));
      for (const url of signedIn) {
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

      const staff = await newPage(app.browser, app.server.url, VIEWPORTS[viewport]);
      await signInByToken(staff.page, app.server.url, 'staff', DEMO_ACCEPTOR, { locale });
      await staff.page.goto('/staff/accusations');
      await staff.page.getByTestId('accusation-list').waitFor();
      found.push(...(await serious(staff.page, '/staff/accusations')));
      // The ethics user's alerts (a new accusation raises one), with the header's name and the nav's count.
      await staff.page.goto('/staff/alerts');
      await staff.page.locator('.alert-settings input[type=checkbox]').waitFor();
      found.push(...(await serious(staff.page, '/staff/alerts')));
      expect(found).toEqual([]);
      await staff.context.close();
      await context.close();
    });
  }
});
