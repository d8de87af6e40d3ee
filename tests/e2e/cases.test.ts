import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appInChromium } from '../helpers/app-server.ts';
import { chooseLanguage, hasChromium, newPage, screenshot, startInLanguage, VIEWPORTS } from '../helpers/browser.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { inkOnFirstPage, signInByToken } from '../helpers/session.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { loadTokenSecret } from '../../server/auth/secret.ts';
import { createRatingLinks } from '../../server/ratings/rating-links.ts';

type CaseRow = { id: string; case_number: string; status: string; case_name_en: string };

describe.skipIf(!hasChromium)('cases in Chromium', () => {
  const app = appInChromium();
  let pdfFile: string;

  const demoCases = () =>
    app.server.db.query<CaseRow>(
      `SELECT c.id, c.case_number, c.status, r.case_name_en
       FROM customer_case c JOIN customer_user u ON u.id = c.customer_id JOIN case_request r ON r.id = c.case_request_id
       WHERE u.email = $1 ORDER BY c.created_at DESC`,
      [DEMO_CUSTOMER.email],
    );
  /** The demo customer signed in by token, in `locale`, on the dashboard. */
  const signedIn = async (locale: 'en' | 'am' = 'en', { pageClock = false } = {}) => {
    const { context, page } = await newPage(app.browser, app.server.url);
    // The page's clock, for a test that moves through the app's own waits instead of sitting them out.
    if (pageClock) await page.clock.install();
    await signInByToken(page, app.server.url, 'customer', DEMO_CUSTOMER, { locale });
    await page.goto('/dashboard');
    return { context, page };
  };
  const summaryCount = async (page: Page, kind: string) =>
    Number(await page.getByTestId(`summary-${kind}`).locator('.summary-count').textContent());

  beforeAll(async () => {
    pdfFile = path.join(os.tmpdir(), 'application.pdf');
    fs.writeFileSync(pdfFile, tinyPdf('My documents'));
  });

  it('applies with every question type, confirms, submits, and finds the case in the list and the summary', async () => {
    const { context, page } = await signedIn('en', { pageClock: true });
    const existing = await demoCases();
    const before = existing.length;
    await expect.poll(() => summaryCount(page, 'total')).toBe(before);
    const pendingBefore = await summaryCount(page, 'pending');
    // The recent cases come from their own query: wait for its rows, then count them.
    await expect.poll(() => page.locator('.case-row').first().textContent()).toContain(existing[0].case_number);
    expect(await page.locator('.case-row').count()).toBe(4);
    await screenshot(page, 'dashboard-home-en');

    await page.getByRole('link', { name: 'Apply for a case' }).click();
    await page.waitForURL('**/dashboard/cases');
    await page.locator('#division').selectOption({ label: 'Housing Sales and Transfer' });
    await page.locator('#case-request').selectOption({ label: 'Buying a corporation house' });
    const questions = page.locator('fieldset.questions');
    await questions.waitFor();
    const text = questions.locator('input[type=text]').first();
    const number = questions.locator('input[type=number]').first();
    await text.fill('B-12/045');
    await number.fill('5');
    const select = questions.locator('select').first();
    const option = await select.locator('option').nth(1).textContent();
    await select.selectOption({ index: 1 });
    await questions.locator('textarea').first().fill('We are a family of five.');
    // House number, family members and payment method; the description is optional.
    expect(await questions.locator('.required-mark').count()).toBe(3);
    await page.locator('#attachment').setInputFiles(pdfFile);
    await page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
    expect(await page.locator('.pdf-viewer').evaluate((el) => el.getBoundingClientRect().height)).toBe(600);
    await page.locator('#remark').fill('Please call me in the morning.');
    expect(await page.locator('#remark').getAttribute('rows')).toBe('15');
    await screenshot(page, 'apply-en');
    await page.getByRole('button', { name: 'Apply' }).click();

    const confirmation = page.getByTestId('confirmation');
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain(option!.trim());
    expect(await confirmation.textContent()).toContain('B-12/045');
    await screenshot(page, 'apply-confirm-en');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('#remark').inputValue()).toBe('Please call me in the morning.');
    await page.getByRole('button', { name: 'Apply' }).click();
    await confirmation.waitFor();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Going to your cases in').waitFor();
    const [created] = await demoCases();
    expect(created.case_name_en).toBe('Buying a corporation house');
    expect(created.case_number).toMatch(/^HDC-\d{4}-\d{6}$/);
    // SPEC's 6 seconds to the case list, on the page's clock.
    for (let second = 0; second < 6; second++) await page.clock.runFor(1000);
    await page.waitForURL('**/dashboard/casestatus**');
    await expect.poll(() => page.locator('.case-row').first().textContent()).toContain(created.case_number);

    await page.goto('/dashboard');
    await expect.poll(() => summaryCount(page, 'total')).toBe(before + 1);
    expect(await summaryCount(page, 'pending')).toBe(pendingBefore + 1);
    await context.close();
  });

  it('pages through the case list and sorts it both ways', async () => {
    const all = await demoCases();
    const { context, page } = await signedIn('en');
    await page.goto('/dashboard/casestatus');
    const indicator = page.getByTestId('page-indicator');
    const totalPages = Math.ceil(all.length / 10);
    await expect.poll(() => indicator.textContent()).toBe(`1 of ${totalPages}`);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await page.locator('.case-row').first().textContent()).toContain(all[0].case_number);
    expect(await page.getByTestId('case-list').evaluate((el) => getComputedStyle(el).maxHeight)).toBe('560px');
    await screenshot(page, 'case-status-en');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => indicator.textContent()).toBe(`2 of ${totalPages}`);
    expect(await page.locator('.case-row').first().textContent()).toContain(all[10].case_number);
    // List pages show no badge for rejected cases (SPEC section 4), on whichever page they are.
    const rejectedAt = all.findIndex((c) => c.status === 'rejected');
    await page.goto(`/dashboard/casestatus?page=${Math.floor(rejectedAt / 10) + 1}`);
    const rejectedRow = page.locator('.case-row', { hasText: all[rejectedAt].case_number });
    await rejectedRow.waitFor();
    expect(await rejectedRow.locator('.badge').count()).toBe(0);
    await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Oldest' });
    await expect.poll(() => indicator.textContent()).toBe(`1 of ${totalPages}`);
    await expect.poll(() => page.locator('.case-row').first().textContent()).toContain(all[all.length - 1].case_number);
    await context.close();
  });

  it('shows a verified case with its response attachment, rates it once, and the button goes away', async () => {
    const rated = await app.server.db.query<{ case_id: string }>('SELECT case_id FROM case_rating');
    const verified = (await demoCases()).find((c) => c.status === 'verified' && !rated.some((r) => r.case_id === c.id))!;
    const { context, page } = await signedIn('en');
    await page.goto(`/dashboard/case/${verified.id}`);
    await page.getByRole('heading', { name: verified.case_number }).waitFor();
    expect(await page.locator('.badge').first().textContent()).toBe('responded');
    const response = page.locator('.details-section', { hasText: 'Response attachment' });
    await response.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
    expect(await inkOnFirstPage(page, '.details-section:has-text("Response attachment")')).toBeGreaterThan(100);
    expect(await page.locator('.details-row', { hasText: 'Responded by' }).count()).toBe(1);
    await screenshot(page, 'case-verified-en');

    await page.getByRole('button', { name: 'Rate the service' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Nothing is sent before a star is chosen (defect 15 of the desk review).
    expect(await page.getByTestId('rating-value').textContent()).toBe('Tap a star to choose your rating.');
    expect(await dialog.getByRole('button', { name: 'Rate', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('radio').nth(3).click();
    expect(await page.getByTestId('rating-value').textContent()).toContain('4 of 5');
    await dialog.getByRole('radio').nth(0).dblclick();
    expect(await page.getByTestId('rating-value').textContent()).toContain('0 of 5');
    await dialog.getByRole('radio').nth(3).click();
    await screenshot(page, 'rate-modal-en');
    await dialog.getByRole('button', { name: 'Rate', exact: true }).click();
    await page.getByTestId('my-rating').waitFor();
    expect(await page.getByRole('button', { name: 'Rate the service' }).count()).toBe(0);
    const [stored] = await app.server.db.query<{ rate_num: number }>('SELECT rate_num FROM case_rating WHERE case_id = $1', [verified.id]);
    expect(stored.rate_num).toBe(4);

    // Deep link and reload land on the same case.
    await page.reload();
    await page.getByRole('heading', { name: verified.case_number }).waitFor();
    await context.close();
  });

  it('rates by the one-tap link of the answered mail without logging in, once (issue 25): English on a desktop, Amharic on a phone', async () => {
    const rated = await app.server.db.query<{ case_id: string }>('SELECT case_id FROM case_rating');
    const verified = (await demoCases()).find((c) => c.status === 'verified' && !rated.some((r) => r.case_id === c.id))!;
    // The link as the answered mail carries it (tests/api/rating-link.test.ts reads it from the mail).
    const token = createRatingLinks(await loadTokenSecret(app.server.db, app.server.config.tokenSecret)).token(verified.id, Date.now());

    const desktop = await newPage(app.browser, app.server.url, VIEWPORTS.desktop);
    await startInLanguage(desktop.page, 'en');
    await desktop.page.goto(`/rate/${token}`);
    const rate = desktop.page.getByRole('button', { name: 'Rate', exact: true });
    await rate.waitFor();
    expect(await rate.isDisabled()).toBe(true);
    // Nothing of the case or its owner: no case number, no name.
    const shown = (await desktop.page.locator('main').textContent())!;
    for (const hidden of [verified.case_number, 'Almaz', 'Tesfaye', DEMO_CUSTOMER.email]) expect(shown).not.toContain(hidden);
    await screenshot(desktop.page, 'rate-link-en');
    await desktop.context.close();

    const phone = await newPage(app.browser, app.server.url, VIEWPORTS.phone);
    await startInLanguage(phone.page, 'am');
    await phone.page.goto(`/rate/${token}`);
    await phone.page.getByRole('radio').nth(4).click();
    await phone.page.getByRole('textbox').fill('ፈጣን አገልግሎት');
    await screenshot(phone.page, 'rate-link-am-phone');
    await phone.page.getByRole('button', { name: 'ይገምግሙ', exact: true }).click();
    expect(await phone.page.getByRole('status').textContent()).toBe('አገልግሎቱን ስለገመገሙ እናመሰግናለን።');
    const [stored] = await app.server.db.query<{ rate_num: number; comment: string }>('SELECT rate_num, comment FROM case_rating WHERE case_id = $1', [verified.id]);
    expect(stored).toEqual({ rate_num: 5, comment: 'ፈጣን አገልግሎት' });
    // Once: the same link now says the case is rated, in Amharic, and offers no stars.
    await phone.page.reload();
    expect(await phone.page.getByRole('alert').textContent()).toBe('ይህ ጉዳይ ቀድሞ ተገምግሟል። እናመሰግናለን!');
    expect(await phone.page.getByRole('radio').count()).toBe(0);
    await screenshot(phone.page, 'rate-link-used-am-phone');
    await phone.context.close();
  });

  it('shows a rejected case with its rejection section', async () => {
    const rejected = (await demoCases()).find((c) => c.status === 'rejected')!;
    const { context, page } = await signedIn('en');
    await page.goto(`/dashboard/case/${rejected.id}`);
    await page.getByRole('heading', { name: 'Rejection' }).waitFor();
    expect(await page.locator('.page-title-row .badge-red').textContent()).toBe('rejected');
    expect(await page.locator('.details-row', { hasText: 'Rejection justification' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Rate the service' }).count()).toBe(0);
    await screenshot(page, 'case-rejected-en');
    await context.close();
  });

  it('checks a status as a visitor (masked: only the public status, no empty rows) and as the owner (full), and prints both', async () => {
    // The demo purchase: verified, with the customer's attachment, a remark and the response letter.
    const kase = (await demoCases()).find((c) => c.case_name_en === 'Buying a corporation house' && c.status === 'verified')!;
    const visitor = await newPage(app.browser, app.server.url);
    const lookUp = async (page: Page, caseNumber: string) => {
      await page.locator('#case-number').fill(caseNumber);
      await page.locator('.lookup-form button[type=submit]').click();
      await page.locator('.case-view').waitFor();
    };
    await visitor.page.goto('/checkstatus');
    await chooseLanguage(visitor.page, 'en');
    expect(await visitor.page.locator('#case-number').getAttribute('placeholder')).toMatch(/-2016-\d{6}$/);
    await visitor.page.getByRole('button', { name: 'Check Status' }).click();
    await visitor.page.getByTestId('error-summary').getByText('Please enter a vaild case number').waitFor();
    await visitor.page.locator('#case-number').fill('HDC-2019-999999');
    await visitor.page.getByRole('button', { name: 'Check Status' }).click();
    await visitor.page.getByText("This case isn't available").waitFor();
    await lookUp(visitor.page, kase.case_number.toLowerCase());
    const view = visitor.page.locator('.case-view');
    expect(await view.locator('.notice').textContent()).toBe('Personal details and attachments are hidden. Log in as the case owner to see everything.');
    expect(await view.locator('.details-section h2').allTextContents()).toEqual(['Case information']);
    // Only rows with a value, and none about people: the labels are exactly these.
    expect(await view.locator('.details-row dt').allTextContents()).toEqual([
      'Division', 'Case request', 'Case number', 'Late', 'Submitted date', 'Processing start date', 'Responded date',
    ]);
    for (const value of await view.locator('.details-row dd').allTextContents()) expect(value.trim()).not.toBe('');
    expect(await view.locator('.details-row', { hasText: 'Case request' }).locator('dd').textContent()).toBe(kase.case_name_en);
    expect(await view.locator('.details-row', { hasText: 'Case number' }).locator('dd').textContent()).toBe(kase.case_number);
    expect(await view.locator('.case-view-head .badge').textContent()).toBe('responded');
    const masked = (await view.textContent())!;
    for (const hidden of ['Almaz', 'Bekele', '+251911', 'Bole', 'Meron', '•••', 'Customer information', 'Responded by', 'Related case']) {
      expect(masked).not.toContain(hidden);
    }
    expect(await view.locator('.pdf-viewer').count()).toBe(0);
    await screenshot(visitor.page, 'check-status-visitor-en');

    // The print link names the public copy by its case number; the case id never reaches the visitor.
    await visitor.page.getByRole('link', { name: 'Print' }).click();
    await visitor.page.waitForURL(new RegExp(`/print/print-${kase.case_number}-masked-\\d+-[\\w-]{22}$`));
    expect(visitor.page.url()).not.toContain(kase.id);
    // The page path has no file extension, so a reload (or a shared link) opens the app again.
    await visitor.page.reload();
    await visitor.page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
    expect(await visitor.page.locator('.pdf-viewer').evaluate((el) => el.getBoundingClientRect().height)).toBe(700);
    expect(await inkOnFirstPage(visitor.page)).toBeGreaterThan(500);
    await screenshot(visitor.page, 'print-visitor-en');

    // The same in Amharic: Ethiopic labels and dates, still nothing personal.
    await visitor.page.goto('/checkstatus');
    await chooseLanguage(visitor.page, 'am');
    await lookUp(visitor.page, kase.case_number);
    const amharic = (await view.textContent())!;
    expect(await view.locator('.details-row').count()).toBe(7);
    expect(await view.locator('.notice').textContent()).toMatch(/[\u1200-\u137F]/);
    for (const hidden of ['Almaz', 'አልማዝ', 'Meron', '•••']) expect(amharic).not.toContain(hidden);
    await screenshot(visitor.page, 'check-status-visitor-am');
    await visitor.context.close();

    const { context, page } = await signedIn('en');
    await page.goto('/checkstatus');
    await lookUp(page, kase.case_number);
    const full = (await page.locator('.case-view').textContent())!;
    for (const shown of ['Almaz', '+251911000111', 'Bole', 'Meron Tadesse Ayele']) expect(full).toContain(shown);
    expect(full).not.toContain('hidden');
    expect(await page.locator('.case-view .pdf-viewer').count()).toBe(2);
    await screenshot(page, 'check-status-owner-en');
    await page.getByRole('link', { name: 'Print' }).click();
    await page.waitForURL(`**/print/${kase.id}`);
    await page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
    await context.close();
  });

  it('speaks Amharic with Ethiopian-calendar dates on the case screens', async () => {
    const ethiopic = /[\u1200-\u137F]/;
    const kase = (await demoCases()).find((c) => c.status === 'verified')!;
    const { context, page } = await signedIn('am');
    await expect.poll(() => page.getByTestId('summary-total').locator('.summary-label').textContent()).toMatch(ethiopic);
    await screenshot(page, 'dashboard-home-am');
    await page.goto(`/dashboard/case/${kase.id}`);
    const submitted = page.locator('.details-row').filter({ hasText: /2\d{3}/ }).first();
    await submitted.waitFor();
    // Ethiopian calendar: years 7–8 behind the Gregorian ones.
    expect(Number(/(\d{4})/.exec((await submitted.textContent())!)![1])).toBeLessThan(2020);
    expect(await page.locator('.badge').first().textContent()).toMatch(ethiopic);
    await screenshot(page, 'case-verified-am');
    await page.goto('/dashboard/cases');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(ethiopic);
    await page.locator('#division').selectOption({ index: 1 });
    expect(await page.locator('#division option').nth(1).textContent()).toMatch(ethiopic);
    await screenshot(page, 'apply-am');
    await context.close();
  });
});
