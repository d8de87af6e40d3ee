import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { hasChromium, newPage, screenshot, VIEWPORTS } from '../helpers/browser.ts';
import { signInByToken } from '../helpers/session.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';

/**
 * Issue 28 on the customer's side, end to end: on a phone in Amharic the demo customer withdraws
 * a pending case (with its confirmation) and sees it withdrawn; on the profile they download
 * their data as a PDF. The same screens in English on a desktop are screenshotted.
 */
describe.skipIf(!hasChromium)('withdrawing a case and downloading one’s data in Chromium', () => {
  const app = appInChromium({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'withdraw-e2e-')) });
  let pending: { id: string; case_number: string }[];

  beforeAll(async () => {
    pending = await app.server.db.query(
      `SELECT c.id, c.case_number FROM customer_case c JOIN customer_user u ON u.id = c.customer_id
       WHERE u.email = $1 AND c.status = 'pending' ORDER BY c.created_at LIMIT 2`,
      [DEMO_CUSTOMER.email],
    );
  });

  const seriousViolations = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);

  async function customer(locale: 'am' | 'en', viewport: { width: number; height: number }): Promise<Page> {
    const { page } = await newPage(app.browser, app.server.url, viewport);
    await signInByToken(page, app.server.url, 'customer', DEMO_CUSTOMER, { locale });
    return page;
  }

  it('withdraws a pending case in Amharic on a phone, after its confirmation, and downloads the data as a PDF', async () => {
    const [kase] = pending;
    const page = await customer('am', VIEWPORTS.phone);
    await page.goto(`/dashboard/case/${kase.id}`);
    await page.getByRole('heading', { level: 1, name: kase.case_number }).waitFor();
    const part = page.getByTestId('withdraw-case');
    await part.getByRole('button', { name: 'ይህን ጉዳይ ይሰርዙ' }).click();
    const confirm = part.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain(`ጉዳይ ${kase.case_number} ይሰረዝ?`);
    await screenshot(page, 'withdraw-confirm-am-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'አዎ፣ ጉዳዩን ሰርዝ' }).click();
    await page.locator('.page-title-row .badge', { hasText: 'ተሰርዟል' }).waitFor();
    await page.getByTestId('case-timeline').getByText('ጉዳይዎን ሰርዘዋል።').waitFor();
    expect(await part.count()).toBe(0);
    const [{ status }] = await app.server.db.query<{ status: string }>('SELECT status FROM customer_case WHERE id = $1', [kase.id]);
    expect(status).toBe('withdrawn');
    await screenshot(page, 'withdrawn-case-am-phone');

    // The profile's "My data": the PDF comes as a download.
    await page.goto('/dashboard/settings');
    const myData = page.getByTestId('my-data');
    await myData.getByRole('heading', { name: 'የእኔ መረጃ' }).waitFor();
    await screenshot(page, 'my-data-am-phone');
    expect(await seriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), myData.getByTestId('my-data-pdf').click()]);
    expect(download.suggestedFilename()).toBe('my-data.pdf');
    const file = await download.path();
    expect(fs.readFileSync(file!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.context().close();
  });

  it('shows the same in English on a desktop', async () => {
    const page = await customer('en', VIEWPORTS.desktop);
    await page.goto(`/dashboard/case/${pending[1].id}`);
    await page.getByTestId('withdraw-case').getByRole('button', { name: 'Withdraw this case' }).click();
    await page.getByRole('alertdialog').waitFor();
    await screenshot(page, 'withdraw-confirm-en-desktop');
    await page.goto('/dashboard/settings');
    await page.getByTestId('my-data').getByRole('heading', { name: 'My data' }).waitFor();
    await screenshot(page, 'my-data-en-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
