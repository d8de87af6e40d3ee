import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { renewalDesk } from '../helpers/renewal-desk.ts';
import { appInChromium } from '../helpers/app-server.ts';
import { hasChromium, newPage, screenshot, VIEWPORTS } from '../helpers/browser.ts';
import { inkOnFirstPage, signInByToken, tokenFor } from '../helpers/session.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';

const PASSWORD = 'Staff12345';
const OFFICER = 'officer@case-review.test';
/** Rejects the case: the review is never theirs to decide. */
const REJECTER = 'rejecter@case-review.test';
/** Another manager of the same directorate, who had no part in the decision. */
const REVIEWER = 'reviewer@case-review.test';
const REASON = 'የውል ሰነዱ ከማመልከቻው ጋር ተያይዟል፤ እባክዎ እንደገና ይመልከቱት።';
const JUSTIFICATION = 'The lease was attached to the application after all; the case is answered again.';

/**
 * Issue 25, review of a decision, end to end: a customer whose case was rejected asks for a
 * review (Amharic, phone), a manager who did not reject it decides it "changed" (English,
 * desktop), and the customer reads the outcome, its letter and the case back in processing.
 */
describe.skipIf(!hasChromium)('review of a decision in Chromium', () => {
  const app = appInChromium({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'case-review-e2e-')) });
  let kase: { id: string; number: string };

  const status = async () => (await app.server.db.query<{ status: string }>('SELECT status FROM customer_case WHERE id = $1', [kase.id]))[0].status;

  /** A case of the demo customer, filed, taken by the officer and rejected by a manager, through the API. */
  beforeAll(async () => {
    const url = app.server.url;
    const { renewal } = await renewalDesk(url, app.server.db, PASSWORD, [
      { email: OFFICER, firstname: 'Selam', lastname: 'Bekele', role: 'officer' },
      { email: REJECTER, firstname: 'Dawit', lastname: 'Haile', role: 'manager' },
      { email: REVIEWER, firstname: 'Meron', lastname: 'Tadesse', role: 'manager' },
    ]);

    const form = new FormData();
    form.append('division', renewal.division);
    form.append('caselist', renewal._id);
    form.append('form', JSON.stringify(renewal.answers));
    form.append('remark', 'Review journey');
    const filed = await fetch(`${url}/customer_case_api/create_case`, {
      method: 'POST', body: form, headers: { authorization: `Bearer ${await tokenFor(url, 'customer', DEMO_CUSTOMER)}` },
    });
    expect(filed.status).toBe(201);
    const receipt = await filed.json();
    kase = { id: receipt._id, number: receipt.case_number };
    const move = async (email: string, action: string, body: object = {}) => {
      const token = await tokenFor(url, 'staff', { email, password: PASSWORD });
      const response = await fetch(`${url}/staff_api/cases/${kase.id}/${action}`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
      });
      expect(response.status, action).toBe(200);
    };
    await move(OFFICER, 'take');
    await move(REJECTER, 'reject', { rejection_justification: 'The signed lease is missing.' });
  });

  /** Serious or critical axe findings on the page as it is now. */
  const seriousViolations = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);

  /** The demo customer on the case page, on a phone, in Amharic. */
  async function customerOnCase(): Promise<Page> {
    const { page } = await newPage(app.browser, app.server.url, VIEWPORTS.phone);
    await signInByToken(page, app.server.url, 'customer', DEMO_CUSTOMER, { locale: 'am' });
    await page.goto(`/dashboard/case/${kase.id}`);
    await page.getByRole('heading', { level: 1, name: kase.number }).waitFor();
    return page;
  }

  it('a rejected customer asks for a review (am, phone), another manager changes the decision (en, desktop), the customer reads the outcome', async () => {
    // The customer: the review route beside the rejection, with its last day, then the reason.
    const customer = await customerOnCase();
    const ask = customer.getByTestId('ask-for-review');
    expect(await ask.getByTestId('review-until').textContent()).toMatch(/^እስከ \d+ \S+ \d{4} ዓ\.ም\. ድረስ ግምገማ መጠየቅ ይችላሉ።$/);
    await ask.getByRole('button', { name: 'ግምገማ ይጠይቁ' }).click();
    await ask.getByLabel('ውሳኔው ለምን መገምገም አለበት?').fill(REASON);
    await screenshot(customer, 'case-review-ask-am-phone');
    expect(await seriousViolations(customer)).toEqual([]);
    await ask.getByRole('button', { name: 'የግምገማ ጥያቄውን ይላኩ' }).click();
    await customer.locator('.page-title-row .badge', { hasText: 'በግምገማ ላይ' }).waitFor();
    expect(await customer.getByTestId('case-review').textContent()).toContain(REASON);
    expect(await ask.count()).toBe(0);
    expect(await status()).toBe('under_review');
    await customer.context().close();

    // A manager who did not reject it: the customer's reason, then "changed" with a justification.
    const { page: manager } = await newPage(app.browser, app.server.url, VIEWPORTS.desktop);
    await signInByToken(manager, app.server.url, 'staff', { email: REVIEWER, password: PASSWORD }, { locale: 'en' });
    await manager.goto(`/staff/cases/${kase.id}`);
    const review = manager.getByTestId('staff-review');
    expect(await review.getByTestId('review-details').textContent()).toContain(REASON);
    await review.getByRole('button', { name: 'Decide the review' }).click();
    const dialog = manager.getByTestId('confirm-dialog');
    await dialog.getByRole('radio', { name: 'Changed: the case is answered again' }).check();
    await dialog.getByLabel('Justification').fill(JUSTIFICATION);
    await screenshot(manager, 'case-review-decide-en-desktop');
    expect(await seriousViolations(manager)).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await manager.getByTestId('staff-history').getByText('Review decided').waitFor();
    expect(await status()).toBe('ongoing');
    await manager.context().close();

    // The customer: the outcome, the justification, the letter in the app's pdf.js viewer, the case processing again.
    const back = await customerOnCase();
    expect(await back.locator('.page-title-row .badge').textContent()).toBe('በሂደት ላይ');
    expect(await back.getByTestId('review-outcome').textContent()).toBe('ውሳኔው ተቀይሯል፤ ጉዳዩ እንደገና ምላሽ እየተሰጠበት ነው።');
    expect(await back.getByTestId('case-review').textContent()).toContain(JUSTIFICATION);
    await back.locator('[data-testid="case-review"] .pdf-pages[data-state="ready"] canvas').first().waitFor();
    expect(await inkOnFirstPage(back, '[data-testid="case-review"]')).toBeGreaterThan(100);
    expect(await back.getByTestId('ask-for-review').count()).toBe(0);
    await screenshot(back, 'case-review-outcome-am-phone');
    expect(await seriousViolations(back)).toEqual([]);
    await back.context().close();
  });
});
