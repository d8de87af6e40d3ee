import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { renewalDesk } from '../helpers/renewal-desk.ts';
import { appInChromium } from '../helpers/app-server.ts';
import { chooseLanguage, hasChromium, newPage, screenshot, VIEWPORTS } from '../helpers/browser.ts';
import { inkOnFirstPage, signInByToken, tokenFor } from '../helpers/session.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { DEMO_ACCEPTOR } from '../../server/seed/accusations.ts';
import { pickDay } from '../helpers/day-field.ts';
import { formatDate } from '../../src/i18n/dates.ts';

const PASSWORD = 'Staff12345';
/** An internal note the officer writes: it must never reach the customer. */
const INTERNAL_NOTE = 'Internal: landlord confirmed by phone.';
const OFFICER = 'officer@casework.test';
const MANAGER = 'manager@casework.test';
const ADMIN = 'admin@casework.test';
const ARCHIVIST = 'archivist@casework.test';

/** What staff and the customer click and read, in each language. */
const WORDS = {
  en: {
    take: 'Take the case', schedule: 'Set an appointment', extend: 'Move the appointment', respond: 'Respond',
    approve: 'Approve the response', reject: 'Reject', confirm: 'Confirm', approvals: 'Waiting for approval', logout: 'Logout',
    responded: 'responded', rate: 'Rate the service', rateButton: 'Rate', rejection: 'Rejection justification',
    refused: 'Someone else changed this case just now.',
    timeline: ['We received your case.', 'We started processing your case.', 'Your case was answered.'],
    answeredMail: (caseNumber: string) => `Your case ${caseNumber} has been responded to`,
    assign: 'Assign to an officer', myWork: 'My work', views: 'Views', queue: 'Case queue',
    archive: 'Archive', archiveCase: 'Archive the case', categories: 'Archival categories', addCategory: 'Add the category',
    archived: 'archived',
    addNote: 'Add the note', internalNote: 'Internal note', heldBy: 'Held by Dawit Haile', sentBack: 'Sent back by Dawit Haile',
  },
  am: {
    take: 'ጉዳዩን ይውሰዱ', schedule: 'ቀጠሮ ይያዙ', extend: 'ቀጠሮውን ያዛውሩ', respond: 'ምላሽ ይስጡ',
    approve: 'ምላሹን ያጽድቁ', reject: 'ውድቅ ያድርጉ', confirm: 'ያረጋግጡ', approvals: 'ማጽደቅ የሚጠብቁ', logout: 'ይውጡ',
    responded: 'ምላሽ ተሰጥቷል', rate: 'አገልግሎቱን ይገምግሙ', rateButton: 'ይገምግሙ', rejection: 'ውድቅ የተደረገበት ምክንያት',
    refused: 'ሌላ ሰው ይህን ጉዳይ አሁን ቀይሮታል።',
    timeline: ['ጉዳይዎ ደርሶናል።', 'የጉዳይዎ ሂደት ተጀምሯል።', 'ለጉዳይዎ ምላሽ ተሰጥቷል።'],
    answeredMail: (caseNumber: string) => `ለጉዳይዎ ${caseNumber} ምላሽ ተሰጥቷል`,
    assign: 'ለባለሙያ ይመድቡ', myWork: 'የእኔ ሥራ', views: 'ዕይታዎች', queue: 'የጉዳዮች ወረፋ',
    archive: 'ማህደር', archiveCase: 'ጉዳዩን በማህደር ያስቀምጡ', categories: 'የማህደር ምድቦች', addCategory: 'ምድቡን ያክሉ',
    archived: 'በማህደር ተቀምጧል',
    addNote: 'ማስታወሻውን ይጨምሩ', internalNote: 'የውስጥ ማስታወሻ', heldBy: 'ጉዳዩ በDawit Haile እጅ ነው', sentBack: 'Dawit Haile በ',
  },
} as const;
type Locale = keyof typeof WORDS;
/** The archive's own words (issue 24): bulk filing, corrections, an empty category name. */
const ARCHIVE_WORDS = {
  en: {
    emptyName: 'Please enter a name for the category.', fileSelected: 'File selected under this category',
    refile: 'Move to another category', refileReason: 'Filed under renewals by mistake: it is a lease.',
  },
  am: {
    emptyName: 'እባክዎ ለምድቡ ስም ያስገቡ።', fileSelected: 'የተመረጡትን በዚህ ምድብ ያስቀምጡ',
    refile: 'ወደ ሌላ ምድብ ያዛውሩ', refileReason: 'በስህተት በውል እድሳት ስር ተቀምጧል፤ የኪራይ ውል ነው።',
  },
} as const;
/**
 * Each journey runs in full once in Amharic on a phone (the product's default) and once in
 * English on a wide screen; in the other two combinations its screens are visited once each.
 */
const JOURNEY_DEVICE = { am: 'phone', en: 'desktop' } as const;

describe.skipIf(!hasChromium)('case work in Chromium', () => {
  // Notices are sent every 200 ms here, so the customer's mail is there by the time they look.
  const app = appInChromium({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'casework-e2e-')), notifyPollMs: 200 });
  let customerToken: string;
  let renewal: { _id: string; division: string };
  /** The renewal's required questions and an answer for each. */
  let answers: Record<string, string>[];

  const caseRow = async (id: string) =>
    (await app.server.db.query<{ status: string; rejection_justification: string | null; response_attachment: string | null }>(
      'SELECT status, rejection_justification, response_attachment FROM customer_case WHERE id = $1',
      [id],
    ))[0];

  /** Serious or critical axe findings on the page as it is now. */
  const seriousViolations = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);

  /** The mails written so far (no SMTP here: DATA_DIR/mail/), as text. */
  const mails = (): string[] => {
    const dir = path.join(app.server.config.dataDir, 'mail');
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), 'utf8')) : [];
  };

  /** A case the demo customer files as the apply form does (the form itself: tests/e2e/cases.test.ts). */
  async function filed(remark: string): Promise<{ id: string; number: string }> {
    const form = new FormData();
    form.append('division', renewal.division);
    form.append('caselist', renewal._id);
    form.append('form', JSON.stringify(answers));
    form.append('remark', remark);
    const response = await fetch(`${app.server.url}/customer_case_api/create_case`, {
      method: 'POST', body: form, headers: { authorization: `Bearer ${customerToken}` },
    });
    expect(response.status).toBe(201);
    const receipt = await response.json();
    return { id: receipt._id, number: receipt.case_number };
  }

  beforeAll(async () => {
    const post = (p: string, body: unknown) =>
      fetch(`${app.server.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    customerToken = (await (await post('/customer_user_api/login_customer_user', DEMO_CUSTOMER)).json()).token;
    const desk = await renewalDesk(app.server.url, app.server.db, PASSWORD, [
      { email: OFFICER, firstname: 'Selam', lastname: 'Bekele', role: 'officer' },
      { email: MANAGER, firstname: 'Dawit', lastname: 'Haile', role: 'manager' },
      { email: ADMIN, firstname: 'Hana', lastname: 'Girma', role: 'admin' },
      { email: ARCHIVIST, firstname: 'Yared', lastname: 'Tesfaye', role: 'archivist' },
    ]);
    renewal = { _id: desk.renewal._id, division: desk.renewal.division };
    answers = desk.renewal.answers;
  });

  /**
   * Signs in by token (the staff log-in form itself: the first test here) and opens /staff, where
   * the log-in sends everyone; officers and managers land on their directorate's queue, archivists on theirs.
   */
  async function staffSignIn(page: Page, locale: Locale, email: string, landing = '/staff') {
    await signInByToken(page, app.server.url, 'staff', { email, password: PASSWORD }, { locale });
    await page.goto('/staff');
    await page.waitForURL((url) => url.pathname === landing);
    await page.getByTestId('case-queue').or(page.locator('.notice')).first().waitFor();
  }

  /** The demo customer signed in by token, in `locale`, on one of their cases. */
  async function customerOnCase(page: Page, locale: Locale, id: string, number: string) {
    await signInByToken(page, app.server.url, 'customer', DEMO_CUSTOMER, { locale });
    await page.goto(`/dashboard/case/${id}`);
    await page.getByRole('heading', { level: 1, name: number }).waitFor();
  }

  /** A case of the demo customer taken, answered and approved through the API, as officer and manager would. */
  async function answered(remark: string) {
    const kase = await filed(remark);
    const tokenOf = async (email: string) => (await (await fetch(`${app.server.url}/staff_api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }),
    })).json()).token as string;
    const as = (token: string, path: string, body?: FormData) =>
      fetch(`${app.server.url}/staff_api/cases/${kase.id}/${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
    const [officer, manager] = [await tokenOf(OFFICER), await tokenOf(MANAGER)];
    expect((await as(officer, 'take')).status).toBe(200);
    const response = new FormData();
    response.append('justification', 'Renewed for two more years.');
    expect((await as(officer, 'respond', response)).status).toBe(200);
    expect((await as(manager, 'approve')).status).toBe(200);
    return kase;
  }

  /** Opens a move's dialog, lets `fill` fill it, and confirms. */
  async function move(page: Page, locale: Locale, button: string, fill?: (dialog: ReturnType<Page['getByTestId']>) => Promise<void>, shot?: string) {
    await page.locator('.case-actions').getByRole('button', { name: button, exact: true }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    await fill?.(dialog);
    if (shot) await screenshot(page, shot);
    await dialog.getByRole('button', { name: WORDS[locale].confirm }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('the one staff log-in sends each role where it works, and shows only its screens', async () => {
    // Through the log-in form once; the other roles by token, opening /staff as the form does after a log-in.
    let throughForm = true;
    const landing = async (email: string, password = PASSWORD) => {
      const { context, page } = await newPage(app.browser, app.server.url);
      if (throughForm) {
        throughForm = false;
        await page.goto('/staff/login');
        await chooseLanguage(page, 'en');
        await page.locator('input[type=email]').fill(email);
        await page.locator('input[type=password]').fill(password);
        await page.locator('form button[type=submit]').click();
      } else {
        await signInByToken(page, app.server.url, 'staff', { email, password }, { locale: 'en' });
        await page.goto('/staff');
      }
      await page.waitForURL((url) => url.pathname !== '/staff/login');
      await page.locator('.staff-nav').waitFor();
      const where = { path: new URL(page.url()).pathname, nav: await page.locator('.staff-nav a').allTextContents() };
      await context.close();
      return where;
    };
    expect(await landing(OFFICER)).toEqual({ path: '/staff', nav: ['Alerts', 'Case queue'] });
    // The approvals' link carries how many letters wait.
    expect(await landing(MANAGER)).toMatchObject({ path: '/staff', nav: expect.arrayContaining(['Case queue', expect.stringMatching(/^Waiting for approval\d+$/)]) });
    expect(await landing(DEMO_ACCEPTOR.email, DEMO_ACCEPTOR.password)).toEqual({ path: '/staff/accusations', nav: ['Alerts', 'Accusations'] });
    expect((await landing(ADMIN)).path).toBe('/staff/admin');
    // Archivists land on the closed cases still to be archived.
    expect(await landing(ARCHIVIST)).toEqual({ path: '/staff/archive', nav: ['Alerts', 'Archive'] });
  });

  for (const locale of ['en', 'am'] as const) {
    for (const device of [JOURNEY_DEVICE[locale]]) {
      it(`an officer takes, schedules and answers a case, a manager approves, the customer reads and rates it (${locale}, ${device})`, async () => {
        const words = WORDS[locale];
        // The customer reads their notices in the language they chose.
        await app.server.db.query('UPDATE customer_user SET language = $1 WHERE email = $2', [locale, DEMO_CUSTOMER.email]);
        const kase = await filed(`Renewal ${locale} ${device}`);

        // The officer finds it in the queue by its number, takes it, sets an appointment and answers.
        const officer = await newPage(app.browser, app.server.url, VIEWPORTS[device]);
        await staffSignIn(officer.page, locale, OFFICER);
        await officer.page.locator('input[name=q]').fill(kase.number);
        await officer.page.locator('form[role=search] button[type=submit]').click();
        const rows = officer.page.getByTestId('queued-case');
        await expect.poll(() => rows.count()).toBe(1);
        expect(await rows.first().textContent()).toContain(kase.number);
        await screenshot(officer.page, `staff-queue-${locale}-${device}`);
        expect(await seriousViolations(officer.page)).toEqual([]);
        await rows.first().getByRole('link').click();
        await officer.page.getByRole('heading', { level: 1, name: kase.number }).waitFor();
        await move(officer.page, locale, words.take, undefined, `staff-confirm-take-${locale}-${device}`);
        await expect.poll(async () => (await caseRow(kase.id)).status).toBe('ongoing');

        const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
        await move(officer.page, locale, words.schedule, async (dialog) => {
          await pickDay(dialog, 'appointment-day', locale, day);
          // The day in the other calendar beside it: the Ethiopian one is what the customer's SMS names.
          expect(await dialog.getByTestId('appointment-day-beside').textContent()).toContain(formatDate(`${day}T12:00:00Z`, 'am'));
        }, `staff-confirm-schedule-${locale}-${device}`);
        // With an appointment set, the next move is to move it.
        await officer.page.locator('.case-actions').getByRole('button', { name: words.extend }).waitFor();
        // An internal note for colleagues, under the history that names who did what.
        await officer.page.locator('#case-note').fill(INTERNAL_NOTE);
        await officer.page.getByRole('button', { name: words.addNote }).click();
        const note = officer.page.getByTestId('staff-history').locator('.history-note');
        await note.waitFor();
        expect(await note.textContent()).toEqual(expect.stringContaining(words.internalNote));
        expect(await note.textContent()).toEqual(expect.stringContaining('Selam Bekele'));
        expect(await officer.page.getByTestId('staff-history').locator('li').nth(1).textContent()).toContain('Selam Bekele');
        await screenshot(officer.page, `staff-case-${locale}-${device}`);
        expect(await seriousViolations(officer.page)).toEqual([]);
        await move(officer.page, locale, words.respond, (dialog) =>
          dialog.locator('#response-justification').fill('Your rental agreement is renewed for two more years.'));
        await expect.poll(async () => (await caseRow(kase.id)).status).toBe('responded');
        // An officer cannot approve: once answered, the case offers them nothing more.
        await expect.poll(() => officer.page.locator('.case-actions').count()).toBe(0);
        expect((await caseRow(kase.id)).response_attachment).toMatch(/\.pdf$/);
        await officer.context.close();

        // The manager finds it in the queue's "Waiting for my approval" view, which the navigation
        // counts, reads the letter and approves it.
        const manager = await newPage(app.browser, app.server.url, VIEWPORTS[device]);
        await staffSignIn(manager.page, locale, MANAGER);
        const approvals = manager.page.locator('.staff-nav').getByRole('link', { name: words.approvals });
        await expect.poll(async () => Number(await approvals.getByTestId('approval-count').textContent())).toBeGreaterThan(0);
        await approvals.click();
        await manager.page.waitForURL((url) => url.pathname === '/staff' && url.searchParams.get('view') === 'approval');
        // The views' bar keeps the current one in sight, a phone's too.
        const [current, bar] = [await manager.page.locator('.queue-view[aria-current="page"]').boundingBox(), await manager.page.locator('.queue-views').boundingBox()];
        expect([current!.x >= bar!.x, current!.x + current!.width <= bar!.x + bar!.width + 1]).toEqual([true, true]);
        await screenshot(manager.page, `staff-approval-view-${locale}-${device}`);
        expect(await seriousViolations(manager.page)).toEqual([]);
        await manager.page.getByTestId('queued-case').filter({ hasText: kase.number }).getByRole('link').click();
        await manager.page.getByRole('heading', { level: 1, name: kase.number }).waitFor();
        await manager.page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
        await move(manager.page, locale, words.approve, undefined, `staff-confirm-approve-${locale}-${device}`);
        await expect.poll(async () => (await caseRow(kase.id)).status).toBe('verified');
        // The customer is told by e-mail, once, in their language.
        await expect.poll(() => mails().filter((mail) => mail.includes(words.answeredMail(kase.number))).length, { timeout: 10_000 }).toBe(1);
        await manager.page.getByRole('button', { name: words.logout }).click();
        await manager.page.waitForURL('**/staff/login');
        await manager.context.close();

        // The customer sees "responded", the letter and the timeline in their words, and rates the service.
        const customer = await newPage(app.browser, app.server.url, VIEWPORTS[device]);
        await customerOnCase(customer.page, locale, kase.id, kase.number);
        expect(await customer.page.locator('.page-title-row .badge').textContent()).toBe(words.responded);
        const timeline = customer.page.getByTestId('case-timeline');
        await expect.poll(() => timeline.locator('li').allTextContents()).toEqual(words.timeline.map((text) => expect.stringContaining(text)));
        await customer.page.locator('.pdf-pages[data-state="ready"] canvas').first().waitFor();
        expect(await inkOnFirstPage(customer.page, '.details-section:has(.pdf-viewer)')).toBeGreaterThan(100);
        await screenshot(customer.page, `customer-timeline-${locale}-${device}`);
        // The staff's note is theirs alone.
        expect(await customer.page.content()).not.toContain(INTERNAL_NOTE);
        expect(await seriousViolations(customer.page)).toEqual([]);
        await customer.page.getByRole('button', { name: words.rate }).click();
        const dialog = customer.page.getByRole('dialog');
        await dialog.getByRole('radio').nth(3).click();
        await dialog.getByRole('button', { name: words.rateButton, exact: true }).click();
        await customer.page.getByTestId('my-rating').waitFor();
        const [rating] = await app.server.db.query<{ rate_num: number }>('SELECT rate_num FROM case_rating WHERE case_id = $1', [kase.id]);
        expect(rating.rate_num).toBe(4);
        await customer.context.close();
      });
    }

    // The journeys below run in one language each (the lifecycle above runs in both): the
    // archivist's in Amharic on a phone, the assignment in Amharic on a wide screen, the
    // rejection in English on a phone.
    if (locale === 'am') for (const device of [JOURNEY_DEVICE[locale]]) {
      it(`an archivist adds categories, files approved cases from the worklist and the case page, corrects a filing, prints it and finds it in the archive (${locale}, ${device})`, async () => {
        const words = { ...WORDS[locale], ...ARCHIVE_WORDS[locale] };
        const [kase, other] = [await answered(`Archived ${locale} ${device}`), await answered(`Archived too ${locale} ${device}`)];
        // Decided long enough ago that the customer's review window has passed: only then do they reach the archive (issue 25).
        await app.server.db.query(`UPDATE customer_case SET review_until = now() - interval '1 day' WHERE id IN ($1, $2)`, [kase.id, other.id]);
        const [category, corrected] = ['የውል እድሳት', 'የኪራይ ውሎች'].map((name) => `${name} ${device} ${Date.now()}`);
        const archivist = await newPage(app.browser, app.server.url, VIEWPORTS[device]);
        const { page } = archivist;
        await staffSignIn(page, locale, ARCHIVIST, '/staff/archive');
        const choose = async (select: ReturnType<Page['locator']>, name: string) => {
          const option = select.locator('option', { hasText: name });
          await option.waitFor({ state: 'attached' });
          await select.selectOption(await option.getAttribute('value'));
        };

        // Categories first: a name left empty is refused in words (review defect 9), then two are added.
        await page.locator('.tabs').getByRole('link', { name: words.categories }).click();
        await page.getByRole('button', { name: words.addCategory }).click();
        await page.locator('.form-error', { hasText: words.emptyName }).waitFor();
        await screenshot(page, `archive-category-empty-${locale}-${device}`);
        for (const name of [category, corrected]) {
          await page.locator('#category-name').fill(name);
          await page.getByRole('button', { name: words.addCategory }).click();
          await page.getByTestId('archival-category').filter({ hasText: name }).waitFor();
        }
        await screenshot(page, `archive-categories-${locale}-${device}`);
        expect(await seriousViolations(page)).toEqual([]);

        // The approved case is among the closed ones waiting: found by its number, ticked and filed from the worklist.
        await page.locator('.staff-nav').getByRole('link', { name: words.archive, exact: true }).click();
        await page.locator('input[name=q]').fill(kase.number);
        await page.locator('form[role=search] button[type=submit]').click();
        const rows = page.getByTestId('queued-case');
        await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining(kase.number)]);
        await rows.first().getByRole('checkbox').check();
        await choose(page.locator('#bulk-category'), category);
        await screenshot(page, `archive-worklist-${locale}-${device}`);
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole('button', { name: words.fileSelected }).click();
        const dialog = page.getByTestId('confirm-dialog');
        await dialog.waitFor();
        await screenshot(page, `archive-bulk-confirm-${locale}-${device}`);
        await dialog.getByRole('button', { name: words.confirm }).click();
        await expect.poll(() => page.getByTestId('bulk-summary').textContent()).toContain(kase.number);
        await expect.poll(async () => (await caseRow(kase.id)).status).toBe('archived');

        // Another is filed from its own page.
        await page.goto(`/staff/cases/${other.id}`);
        await page.getByRole('heading', { level: 1, name: other.number }).waitFor();
        await move(page, locale, words.archiveCase, (confirm) => choose(confirm.locator('#archival-category'), category), `archive-confirm-${locale}-${device}`);
        await expect.poll(async () => (await caseRow(other.id)).status).toBe('archived');

        // Filed, the page says where and, for 30 days, offers to correct it; the archivist does, saying why.
        await page.goto(`/staff/cases/${kase.id}`);
        await page.locator('.page-title-row .badge', { hasText: words.archived }).waitFor();
        expect(await page.getByTestId('staff-case-information').textContent()).toContain(category);
        expect(await page.getByTestId('refile-until').textContent()).toContain(category);
        await move(page, locale, words.refile, async (confirm) => {
          await choose(confirm.locator('#refile-category'), corrected);
          await confirm.locator('#refile-reason').fill(words.refileReason);
        }, `archive-refile-${locale}-${device}`);
        await expect.poll(() => page.getByTestId('staff-case-information').textContent()).toContain(corrected);
        await page.getByTestId('staff-history').getByText(words.refileReason).waitFor();
        await screenshot(page, `archive-refiled-${locale}-${device}`);

        // Printed for the paper file, in the page's language, with the staff token.
        const printed = page.waitForResponse((response) => response.url().includes(`/staff_api/cases/${kase.id}/print`));
        const tab = page.waitForEvent('popup');
        await page.getByTestId('print-case').click();
        const pdf = await printed;
        expect([pdf.status(), pdf.headers()['content-type'], new URL(pdf.url()).searchParams.get('language')]).toEqual([200, 'application/pdf', locale]);
        await (await tab).close();

        // The archive's search finds it by its category now.
        await page.goto('/staff/archive/search');
        const option = page.locator('select[name=category] option', { hasText: corrected });
        await option.waitFor({ state: 'attached' });
        await page.locator('select[name=category]').selectOption(await option.getAttribute('value'));
        // Filed between yesterday and tomorrow, picked in the reader's calendar.
        const filters = page.locator('form[role=search]');
        await pickDay(filters, 'archived-from', locale, new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
        await pickDay(filters, 'archived-to', locale, new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
        await page.locator('form[role=search] button[type=submit]').click();
        const found = page.getByTestId('archived-case');
        await expect.poll(() => found.allTextContents()).toEqual([expect.stringContaining(kase.number)]);
        expect(await found.first().textContent()).toContain(corrected);
        await screenshot(page, `archive-search-${locale}-${device}`);
        expect(await seriousViolations(page)).toEqual([]);
        await archivist.context.close();
      });
    }

    // The other width for this language: the lifecycle's screen with the moves, once. (The
    // customer's case pages are visited at every width and language in tests/e2e/screens.test.ts.)
    it(`a taken case's moves read in the language and fit the screen (${locale}, ${JOURNEY_DEVICE[locale] === 'phone' ? 'desktop' : 'phone'})`, async () => {
      const words = WORDS[locale];
      const device = JOURNEY_DEVICE[locale] === 'phone' ? 'desktop' : 'phone';
      const viewport = VIEWPORTS[device];
      const taken = await filed(`Visit ${locale} ${device}`);
      const officerToken = await tokenFor(app.server.url, 'staff', { email: OFFICER, password: PASSWORD });
      expect((await fetch(`${app.server.url}/staff_api/cases/${taken.id}/take`, { method: 'POST', headers: { authorization: `Bearer ${officerToken}` } })).status).toBe(200);
      // Answered and sent back by the manager: the page says so at its top (review defect 2).
      const draft = new FormData();
      draft.append('justification', 'A first draft.');
      expect((await fetch(`${app.server.url}/staff_api/cases/${taken.id}/respond`, { method: 'POST', headers: { authorization: `Bearer ${officerToken}` }, body: draft })).status).toBe(200);
      const managerToken = await tokenFor(app.server.url, 'staff', { email: MANAGER, password: PASSWORD });
      expect((await fetch(`${app.server.url}/staff_api/cases/${taken.id}/return`, {
        method: 'POST', headers: { authorization: `Bearer ${managerToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ note: 'Name the new rent.' }),
      })).status).toBe(200);

      // The taken case offers its moves in this language, within the screen, and passes axe at this width.
      const officer = await newPage(app.browser, app.server.url, viewport);
      await signInByToken(officer.page, app.server.url, 'staff', { email: OFFICER, password: PASSWORD }, { locale });
      await officer.page.goto(`/staff/cases/${taken.id}`);
      await officer.page.getByRole('heading', { level: 1, name: taken.number }).waitFor();
      const sentBack = officer.page.getByTestId('sent-back-notice');
      expect(await sentBack.textContent()).toEqual(expect.stringContaining(words.sentBack));
      expect(await sentBack.textContent()).toContain('Name the new rent.');
      for (const name of [words.schedule, words.respond, words.reject]) {
        const button = officer.page.locator('.case-actions').getByRole('button', { name, exact: true });
        await button.waitFor();
        const box = (await button.boundingBox())!;
        expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width);
      }
      expect(await officer.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousViolations(officer.page)).toEqual([]);
      await screenshot(officer.page, `staff-case-${locale}-${device}`);
      await officer.context.close();
    });

    if (locale === 'am') it(`a manager assigns a new case to an officer, who is alerted, answers it and finds it among their own (${locale})`, async () => {
      const words = WORDS[locale];
      const device = 'desktop';
      const kase = await filed(`Assigned ${locale}`);
      const manager = await newPage(app.browser, app.server.url, VIEWPORTS[device]);
      await staffSignIn(manager.page, locale, MANAGER);
      await manager.page.goto(`/staff/cases/${kase.id}`);
      await manager.page.getByRole('heading', { level: 1, name: kase.number }).waitFor();
      await move(manager.page, locale, words.assign, async (dialog) => {
        const officer = dialog.locator('#case-officer option', { hasText: 'Selam Bekele' });
        await officer.waitFor({ state: 'attached' });
        await dialog.locator('#case-officer').selectOption(await officer.getAttribute('value'));
      }, `staff-confirm-assign-${locale}-${device}`);
      await expect.poll(async () => (await caseRow(kase.id)).status).toBe('ongoing');
      await manager.context.close();

      // The officer is alerted: the navigation counts it, the alert opens the case, and they answer it.
      const officer = await newPage(app.browser, app.server.url, VIEWPORTS[device]);
      await staffSignIn(officer.page, locale, OFFICER);
      await expect.poll(async () => Number(await officer.page.locator('.staff-nav .alerts-count').textContent())).toBeGreaterThan(0);
      await officer.page.locator('.staff-nav .alerts-link').click();
      await officer.page.locator('.alert-unread').filter({ hasText: kase.number }).getByRole('link').click();
      await officer.page.getByRole('heading', { level: 1, name: kase.number }).waitFor();
      await move(officer.page, locale, words.respond, (dialog) =>
        dialog.locator('#response-justification').fill('The assigned case is answered.'));
      await expect.poll(async () => (await caseRow(kase.id)).status).toBe('responded');

      // They work on from "My work": only their own, every case shown names them.
      await officer.page.locator('.staff-nav').getByRole('link', { name: words.queue }).click();
      await officer.page.getByRole('navigation', { name: words.views }).getByRole('link', { name: words.myWork }).click();
      await officer.page.waitForURL(/view=mine/);
      await officer.page.getByTestId('queued-case').filter({ hasText: kase.number }).waitFor();
      for (const row of await officer.page.getByTestId('queued-case').all()) expect(await row.textContent()).toContain('Selam Bekele');
      await screenshot(officer.page, `staff-my-work-${locale}-${device}`);
      expect(await seriousViolations(officer.page)).toEqual([]);
      // The view is remembered for them: /staff opens on it again.
      await officer.page.goto('/staff');
      await officer.page.waitForURL(/view=mine/);
      await officer.page.getByTestId('queued-case').filter({ hasText: kase.number }).getByRole('link').click();
      await officer.page.getByRole('heading', { level: 1, name: kase.number }).waitFor();
      await officer.context.close();
    });

    if (locale === 'en') it(`a rejection shows its justification to the customer, and a move someone made first is refused and reloaded (${locale})`, async () => {
      const words = WORDS[locale];
      const device = 'phone';
      const kase = await filed(`Rejected ${locale}`);
      const officer = await newPage(app.browser, app.server.url, VIEWPORTS[device]);
      await staffSignIn(officer.page, locale, OFFICER);
      await officer.page.goto(`/staff/cases/${kase.id}`);
      await officer.page.getByRole('heading', { level: 1, name: kase.number }).waitFor();

      // The manager takes it meanwhile: the officer's take is refused, said so, and the page shows it taken.
      const managerToken = (await (await fetch(`${app.server.url}/staff_api/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: MANAGER, password: PASSWORD }),
      })).json()).token;
      expect((await fetch(`${app.server.url}/staff_api/cases/${kase.id}/take`, { method: 'POST', headers: { authorization: `Bearer ${managerToken}` } })).status).toBe(200);
      await move(officer.page, locale, words.take);
      const refusal = officer.page.locator('.toast-error');
      await refusal.waitFor();
      // The server's 409 in the chosen language: the page had read the case before the manager took it.
      expect(await refusal.textContent()).toContain(words.refused);
      // Reloaded, the case is the manager's: the officer is told who holds it and offered no move.
      await officer.page.getByTestId('case-holder').filter({ hasText: words.heldBy }).waitFor();
      expect(await officer.page.locator('.case-actions').count()).toBe(0);
      await screenshot(officer.page, `staff-refused-${locale}`);
      // The manager hands it to the officer, who then rejects it.
      const [{ id: officerId }] = await app.server.db.query<{ id: string }>('SELECT id FROM staff_user WHERE email = $1', [OFFICER]);
      expect((await fetch(`${app.server.url}/staff_api/cases/${kase.id}/assign`, {
        method: 'POST', headers: { authorization: `Bearer ${managerToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ officer: officerId }),
      })).status).toBe(200);
      await officer.page.reload();
      await officer.page.locator('.case-actions').getByRole('button', { name: words.schedule }).waitFor();

      const justification = 'The agreement ended two years ago; please apply for a new one.';
      await move(officer.page, locale, words.reject, (dialog) => dialog.locator('#rejection-justification').fill(justification));
      await expect.poll(async () => (await caseRow(kase.id)).status).toBe('rejected');
      expect((await caseRow(kase.id)).rejection_justification).toBe(justification);
      await officer.context.close();

      const customer = await newPage(app.browser, app.server.url, VIEWPORTS[device]);
      await customerOnCase(customer.page, locale, kase.id, kase.number);
      const row = customer.page.locator('.details-row', { hasText: words.rejection });
      await row.waitFor();
      expect(await row.textContent()).toContain(justification);
      await expect.poll(() => customer.page.getByTestId('case-timeline').locator('li').count()).toBe(3);
      await screenshot(customer.page, `customer-rejected-${locale}`);
      await customer.context.close();
    });
  }
});
