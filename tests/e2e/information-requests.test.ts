import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Locator, type Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { renewalDesk } from '../helpers/renewal-desk.ts';
import { appInChromium } from '../helpers/app-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium, newPage, screenshot, VIEWPORTS } from '../helpers/browser.ts';
import { startNetwork } from '../helpers/network.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { pdfPages, squashed } from '../helpers/pdf-text.ts';
import { inkOnFirstPage, signInByToken, tokenFor } from '../helpers/session.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';

const PASSWORD = 'Staff12345';
const OFFICER = 'officer@information.test';
const MANAGER = 'manager@information.test';

/** What staff and the customer click and read, in each language. */
const WORDS = {
  am: {
    ask: 'ደንበኛውን ይጠይቁ', respond: 'ምላሽ ይስጡ', approve: 'ምላሹን ያጽድቁ', confirm: 'ያረጋግጡ', send: 'መልሱን ይላኩ',
    showPdf: 'የተያያዘውን PDF ያሳዩ', answered: 'ለጥያቄያችን መልስ ሰጥተዋል።',
    message: 'እባክዎ የተፈረመውን የኪራይ ውል ቅጂ ያያይዙ።', answer: 'የተፈረመው ውል ተያይዟል።',
  },
  en: { send: 'Send the answer', message: 'Please attach the signed lease.', answer: 'Signed on the bus, attached.' },
} as const;

/**
 * Ask the customer (issue 25) in Chromium: once in full in Amharic on a phone, from the officer's
 * question to the customer reading the numbered letter; once in English on a desktop, the
 * answer written offline and delivered by the outbox when the connection returns.
 */
describe.skipIf(!hasChromium)('asking the customer in Chromium', () => {
  const app = appInChromium({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'information-e2e-')) });
  const pdfBytes = tinyPdf('The signed lease');
  const pdfFile = path.join(os.tmpdir(), 'signed-lease.pdf');
  let customerToken: string;
  let renewal: { _id: string; division: string; answers: Record<string, string>[] };

  const caseRow = async (id: string) =>
    (await app.server.db.query<{ status: string; response_attachment: string | null; response_letter_number: string | null }>(
      'SELECT status, response_attachment, response_letter_number FROM customer_case WHERE id = $1',
      [id],
    ))[0];
  const answers = (caseId: string) =>
    app.server.db.query<{ answer_text: string; answer_attachment: string | null }>(
      'SELECT answer_text, answer_attachment FROM information_request WHERE case_id = $1 AND answered_at IS NOT NULL',
      [caseId],
    );
  /** Serious or critical axe findings on the page as it is now. */
  const seriousViolations = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  const storedFile = (name: string) => fs.readFileSync(path.join(app.server.config.dataDir, 'files', 'case-files', name));

  beforeAll(async () => {
    fs.writeFileSync(pdfFile, pdfBytes);
    customerToken = await tokenFor(app.server.url, 'customer', DEMO_CUSTOMER);
    ({ renewal } = await renewalDesk(app.server.url, app.server.db, PASSWORD, [
      { email: OFFICER, firstname: 'Selam', lastname: 'Bekele', role: 'officer' },
      { email: MANAGER, firstname: 'Dawit', lastname: 'Haile', role: 'manager' },
    ]));
  });

  /** A case the demo customer filed and the officer took, through the API (the forms are other journeys'). */
  async function takenCase(remark: string) {
    const form = new FormData();
    form.append('division', renewal.division);
    form.append('caselist', renewal._id);
    form.append('form', JSON.stringify(renewal.answers));
    form.append('remark', remark);
    const filed = await fetch(`${app.server.url}/customer_case_api/create_case`, { method: 'POST', body: form, headers: { authorization: `Bearer ${customerToken}` } });
    expect(filed.status).toBe(201);
    const { _id: id, case_number: number } = await filed.json();
    const officerToken = await tokenFor(app.server.url, 'staff', { email: OFFICER, password: PASSWORD });
    expect((await fetch(`${app.server.url}/staff_api/cases/${id}/take`, { method: 'POST', headers: { authorization: `Bearer ${officerToken}` } })).status).toBe(200);
    return { id: id as string, number: number as string, officerToken };
  }

  /** A staff user of `locale` on the case's page. */
  async function staffOnCase(email: string, id: string, number: string) {
    const staff = await newPage(app.browser, app.server.url, VIEWPORTS.phone);
    await signInByToken(staff.page, app.server.url, 'staff', { email, password: PASSWORD }, { locale: 'am' });
    await staff.page.goto(`/staff/cases/${id}`);
    await staff.page.getByRole('heading', { level: 1, name: number }).waitFor();
    return staff;
  }

  /** Opens a move's dialog, lets `fill` fill it, and confirms. */
  async function move(page: Page, button: string, fill?: (dialog: Locator) => Promise<void>, shot?: string) {
    await page.locator('.case-actions').getByRole('button', { name: button, exact: true }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    await fill?.(dialog);
    if (shot) await screenshot(page, shot);
    await dialog.getByRole('button', { name: WORDS.am.confirm }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('an officer asks, the customer answers with a PDF, the officer responds, a manager approves and the customer reads the numbered letter (am, phone)', async () => {
    const words = WORDS.am;
    await app.server.db.query('UPDATE customer_user SET language = $1 WHERE email = $2', ['am', DEMO_CUSTOMER.email]);
    const kase = await takenCase('Asked am phone');

    // The officer asks, in the customer's language.
    const officer = await staffOnCase(OFFICER, kase.id, kase.number);
    await move(officer.page, words.ask, (dialog) => dialog.locator('#information-message').fill(words.message), 'information-ask-am-phone');
    await expect.poll(async () => (await caseRow(kase.id)).status).toBe('waiting_customer');
    await officer.page.getByTestId('waiting-since').waitFor();
    expect(await seriousViolations(officer.page)).toEqual([]);

    // The customer's dashboard puts the request first; the case page shows the officer's words and the answer form.
    const customer = await newPage(app.browser, app.server.url, VIEWPORTS.phone);
    await signInByToken(customer.page, app.server.url, 'customer', DEMO_CUSTOMER, { locale: 'am' });
    await customer.page.goto('/dashboard');
    const banner = customer.page.getByTestId('waiting-cases-banner');
    await banner.getByRole('link', { name: kase.number }).waitFor();
    expect(await customer.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(customer.page, 'information-dashboard-am-phone');
    expect(await seriousViolations(customer.page)).toEqual([]);
    await banner.getByRole('link', { name: kase.number }).click();
    await customer.page.getByRole('heading', { level: 1, name: kase.number }).waitFor();
    const request = customer.page.getByTestId('information-request-open');
    expect(await request.getByTestId('information-request-message').textContent()).toBe(words.message);
    await request.locator('#information-answer').fill(words.answer);
    await request.locator('#information-attachment').setInputFiles(pdfFile);
    await screenshot(customer.page, 'information-answer-am-phone');
    expect(await seriousViolations(customer.page)).toEqual([]);
    await request.getByRole('button', { name: words.send }).click();
    await customer.page.getByTestId('answer-sent').waitFor();
    expect(await customer.page.getByTestId('answer-sent').textContent()).toContain(kase.number);
    await expect.poll(async () => (await caseRow(kase.id)).status).toBe('ongoing');
    const [answered] = await answers(kase.id);
    expect(answered.answer_text).toBe(words.answer);
    expect(storedFile(answered.answer_attachment!).equals(pdfBytes)).toBe(true);

    // The officer reads the answer and its PDF, and responds.
    await officer.page.reload();
    const answer = officer.page.getByTestId('information-answer');
    expect(await answer.textContent()).toContain(words.answer);
    await answer.getByRole('button', { name: words.showPdf }).click();
    await answer.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
    expect(await inkOnFirstPage(officer.page, '[data-testid=information-answer]')).toBeGreaterThan(100);
    await move(officer.page, words.respond, (dialog) => dialog.locator('#response-justification').fill('የኪራይ ውልዎ ለሁለት ዓመት ታድሷል።'));
    await expect.poll(async () => (await caseRow(kase.id)).status).toBe('responded');
    await officer.context.close();

    // The manager approves: the letter gets its number.
    const manager = await staffOnCase(MANAGER, kase.id, kase.number);
    await move(manager.page, words.approve);
    await expect.poll(async () => (await caseRow(kase.id)).status).toBe('verified');
    await manager.context.close();
    const { response_attachment: letterFile, response_letter_number: letterNumber } = await caseRow(kase.id);
    expect(letterNumber).toMatch(/^[A-Z]+\/\d{4}\/\d+$/);

    // The customer opens the letter in the app's pdf.js viewer: the file it loads (read again here, as the owner) carries the number.
    const letter = customer.page.waitForResponse((response) => response.url().includes(`/media/CaseFiles/${letterFile}`));
    await customer.page.reload();
    expect((await letter).status()).toBe(200);
    await customer.page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
    expect(await inkOnFirstPage(customer.page, '.details-section:has(.pdf-viewer)')).toBeGreaterThan(100);
    const file = await fetch(`${app.server.url}/media/CaseFiles/${letterFile}`, { headers: { authorization: `Bearer ${customerToken}` } });
    expect(squashed((await pdfPages(new Uint8Array(await file.arrayBuffer()))).join(''))).toContain(squashed(letterNumber!));
    expect(await customer.page.getByTestId('case-timeline').textContent()).toContain(words.answered);
    expect(await customer.page.getByTestId('information-request').textContent()).toContain(words.answer);
    await screenshot(customer.page, 'information-letter-am-phone');
    await customer.context.close();
  });

  it('the customer answers offline: the outbox keeps the answer and its PDF and delivers it once when the connection returns (en, desktop)', async () => {
    const words = WORDS.en;
    const kase = await takenCase('Asked en desktop');
    const asked = await fetch(`${app.server.url}/staff_api/cases/${kase.id}/request_information`, {
      method: 'POST',
      headers: { authorization: `Bearer ${kase.officerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: words.message }),
    });
    expect(asked.status).toBe(200);

    // Through a proxy the test cuts, as a phone loses its signal (tests/helpers/network.ts).
    const network = await startNetwork();
    const proxied = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...network.chromiumArgs] });
    try {
      const { page } = await newPage(proxied, app.server.url, VIEWPORTS.desktop);
      await signInByToken(page, app.server.url, 'customer', DEMO_CUSTOMER, { locale: 'en' });
      await page.goto(`/dashboard/case/${kase.id}`);
      const request = page.getByTestId('information-request-open');
      expect(await request.getByTestId('information-request-message').textContent()).toBe(words.message);
      await screenshot(page, 'information-answer-en-desktop');

      // Cut once the page has everything it loads (its lazy parts too: the service worker is not what this test is about).
      await page.waitForLoadState('networkidle');
      network.cut();
      await request.locator('#information-answer').fill(words.answer);
      await request.locator('#information-attachment').setInputFiles(pdfFile);
      await request.getByRole('button', { name: words.send }).click();
      // Kept under the request it answers, which stays in sight.
      const queued = request.getByTestId('answer-queued');
      await queued.waitFor();
      expect(await queued.textContent()).toMatch(/saved on this device as [0-9A-F]{8}/);
      expect(await request.getByTestId('information-request-message').textContent()).toBe(words.message);
      await screenshot(page, 'information-answer-queued-en-desktop');
      expect(await seriousViolations(page)).toEqual([]);
      expect([(await caseRow(kase.id)).status, await answers(kase.id)]).toEqual(['waiting_customer', []]);

      // Back online, the outbox sends it by itself, under its key: one answer, the PDF with it, the case ongoing.
      network.restore();
      await expect.poll(async () => (await caseRow(kase.id)).status, { timeout: 20_000 }).toBe('ongoing');
      // The page reads the case again: the request now lists the answer, and no form is offered.
      await page.getByTestId('information-request').filter({ hasText: words.answer }).waitFor();
      expect(await page.getByTestId('information-request-open').count()).toBe(0);
      await page.goto('/outbox');
      const sent = page.locator('[data-testid=outbox-item][data-kind=answer][data-state=sent]');
      await sent.waitFor();
      expect(await sent.textContent()).toContain(`Received: ${kase.number}`);
      const delivered = await answers(kase.id);
      expect(delivered.map((row) => row.answer_text)).toEqual([words.answer]);
      expect(storedFile(delivered[0].answer_attachment!).equals(pdfBytes)).toBe(true);
      await screenshot(page, 'information-outbox-sent-en-desktop');
    } finally {
      await proxied.close();
      await network.close();
    }
  });
});
