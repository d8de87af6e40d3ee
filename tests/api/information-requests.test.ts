import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenSecret } from '../../server/auth/secret.ts';
import { createTokenSigner, type Role } from '../../server/auth/tokens.ts';
import { SWEEP_MS } from '../../server/staff/alerts-setup.ts';
import { nextTuesdayAt } from '../helpers/clock.ts';
import { testDatabases } from '../helpers/databases.ts';
import { ETHIOPIC, expectError, expectMessages, expectOk, type Json } from '../helpers/expect-api.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { pdfPages, squashed } from '../helpers/pdf-text.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();
const PUBLIC_URL = 'http://portal.test';
// Only the test drains and sweeps: the timers would race it.
const NEVER = 24 * 60 * 60_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Person { id: string; role: Role }
interface Customer extends Person { email: string }

/**
 * Ask the customer (issue 25): an officer asks the customer of an ongoing case for something,
 * the case waits for them (its due day paused), they answer with text and a PDF (once, however
 * often the outbox replays it), the officer is alerted; left unanswered, the customer is
 * reminded once and the officer may close the case as unanswered after INFO_EXPIRY_DAYS.
 */
describe.each(databases)('requests for information on $name', (database) => {
  let receiver: SmtpReceiver;
  let first: TestServer;
  let second: TestServer;
  // T0 is a Tuesday, 10:30 in Addis Ababa; `day(n)` is the date n days after it.
  const T0 = nextTuesdayAt('07:30');
  const clock = { now: T0 };
  const day = (n: number) => new Date(T0 + n * DAY).toISOString().slice(0, 10);
  /** Midnight in Addis Ababa that starts the date n days after T0 (21:00 UTC the evening before). */
  const addisMidnight = (n: number) => Date.parse(`${day(n)}T00:00:00+03:00`);
  /** 10:30 in Addis Ababa, n days after T0. */
  const at = (n: number) => T0 + n * DAY;
  let directorate: string;
  let otherDirectorate: string;
  let officer: Person, colleague: Person, manager: Person, stranger: Person;
  let owner: Customer, amharicOwner: Customer, other: Customer;
  let caseIds: string[];

  /** A session signed at the moved clock's now (the servers check its expiry by that clock). */
  const tokenOf = async (who: Person) => createTokenSigner(await loadTokenSecret(first.db, first.config.tokenSecret)).sign(who.id, who.role, 3600, clock.now).token;
  async function call(method: 'GET' | 'POST', url: string, who: Person | null, body?: Json | FormData, headers: Record<string, string> = {}) {
    const json = body !== undefined && !(body instanceof FormData);
    return fetch(`${first.url}${url}`, {
      method,
      headers: { ...headers, ...(who ? { authorization: `Bearer ${await tokenOf(who)}` } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
      body: body instanceof FormData ? body : json ? JSON.stringify(body) : undefined,
    });
  }
  const ask = (who: Person, caseId: string, body: Json) => call('POST', `/staff_api/cases/${caseId}/request_information`, who, body);
  const closeUnanswered = (who: Person, caseId: string, body?: Json) => call('POST', `/staff_api/cases/${caseId}/close_unanswered`, who, body ?? {});
  function answerForm(text: string | undefined, pdf?: Buffer, filename = 'answer.pdf') {
    const form = new FormData();
    if (text !== undefined) form.append('text', text);
    if (pdf) form.append('attachment', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), filename);
    return form;
  }
  const answer = (who: Person, caseId: string, form: FormData, key?: string) =>
    call('POST', `/customer_case_api/answer_information_request/${caseId}`, who, form, key ? { 'idempotency-key': key } : {});
  const customerCase = async (who: Person, caseId: string) => expectOk(await call('GET', `/customer_case_api/get_case_by_id/${caseId}`, who));
  const staffCase = async (who: Person, caseId: string) => expectOk(await call('GET', `/staff_api/cases/${caseId}`, who));
  const count = async (sql: string, params: unknown[]) => (await first.db.query<{ n: number }>(sql, params))[0].n;

  async function staff(role: 'officer' | 'manager', directorateId: string): Promise<Person> {
    const id = await addStaff(first.db, {
      email: `${role}-${randomUUID()}@portal.test`, password_hash: null, firstname: 'Almaz', middlename: '', lastname: 'Asking', role, directorate_id: directorateId,
    }, new Date(clock.now - 1000));
    return { id, role };
  }
  async function customer(language: string): Promise<Customer> {
    const email = `asked-${language}-${randomUUID()}@example.test`;
    const phone = `+2519${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const [{ id }] = await first.db.query<{ id: string }>(
      `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, gender, language, email_verified_at)
       VALUES ('Almaz', 'Bekele', 'Tesfaye', $1, 'x', $2, 'Female', $3, now()) RETURNING id`,
      [email, phone, language],
    );
    return { id, role: 'customer', email };
  }
  /** An ongoing case of the directorate held by `holder`, owned by `by`, due at the end of day T0 + `dueDay`, with no verdict (the demo's may have one). */
  async function ongoing(index: number, by: Customer, holder: Person | null = officer, dueDay = 30) {
    const id = caseIds[index];
    await first.db.query(
      `UPDATE customer_case SET status = 'ongoing', customer_id = $2, assigned_to_id = $3, directorate_id = $4, due_at = $5, version = version + 1,
         verified_date = NULL, rejected_date = NULL, rejected_by_id = NULL, rejection_justification = NULL WHERE id = $1`,
      [id, by.id, holder?.id ?? null, directorate, new Date(addisMidnight(dueDay + 1))],
    );
    return id;
  }
  const smsTexts = (server: TestServer): string[] => {
    const dir = path.join(server.config.dataDir, 'sms');
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), 'utf8')) : [];
  };
  const jobs = (caseId: string, notice: string) =>
    first.db.query<{ channel: string; payload: Json }>('SELECT channel, payload FROM notification_job WHERE case_id = $1 AND notice = $2 ORDER BY id', [caseId, notice]);
  const alertsOf = (kind: string, caseId: string) =>
    first.db.query<{ staff_id: string }>('SELECT staff_id FROM staff_alert WHERE kind = $1 AND case_id = $2 ORDER BY staff_id', [kind, caseId]);
  /** Both instances sweep as their timers would, every 5 minutes each, out of step, from `from` to `to`. */
  async function sweepBoth(from: number, to: number) {
    for (let moment = from; moment <= to; moment += SWEEP_MS) {
      clock.now = moment;
      await first.app.sweepInformationRequests();
      clock.now = Math.min(moment + 2 * MINUTE, to);
      await second.app.sweepInformationRequests();
    }
  }

  const sweepAtOnce = () => Promise.all([first.app.sweepInformationRequests(), second.app.sweepInformationRequests(), first.app.sweepInformationRequests()]);

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    const options = { smtpUrl: receiver.url, publicUrl: PUBLIC_URL, notifyPollMs: NEVER, clock: () => clock.now };
    first = await startTestServer(database, options);
    second = await startTestServer(database, { ...options, sameDatabaseAs: first });
    [{ id: directorate }, { id: otherDirectorate }] = await first.db.query<{ id: string }>(
      "SELECT id FROM directorate WHERE status = 'active' ORDER BY created_at, id LIMIT 2",
    );
    await first.db.query('DELETE FROM holiday');
    // Every case far from its due day: only what a test does raises anything.
    await first.db.query('UPDATE customer_case SET due_at = $1', [new Date(T0 + 90 * DAY)]);
    [officer, colleague, manager, stranger] = await Promise.all([
      staff('officer', directorate), staff('officer', directorate), staff('manager', directorate), staff('officer', otherDirectorate),
    ]);
    [owner, amharicOwner, other] = await Promise.all([customer('en'), customer('am'), customer('en')]);
    caseIds = (await first.db.query<{ id: string }>('SELECT id FROM customer_case ORDER BY created_at, id LIMIT 9')).map((row) => row.id);
    expect(caseIds).toHaveLength(9);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await receiver?.close();
  });

  it('asks only from ongoing, only by the holder or a manager, at the version read; the customer sees the request, the public status none of it', async () => {
    clock.now = at(0);
    const id = await ongoing(0, owner);
    await first.db.query("UPDATE customer_case SET status = 'pending' WHERE id = $1", [id]);
    await expectError(await ask(officer, id, { message: 'Please send your ID card.' }), 409, 'caseMoveNotAllowed');
    await first.db.query("UPDATE customer_case SET status = 'ongoing' WHERE id = $1", [id]);

    await expectError(await ask(colleague, id, { message: 'Please send your ID card.' }), 403, 'caseHeldByAnother');
    await expectError(await ask(stranger, id, { message: 'Please send your ID card.' }), 404, 'notFound');
    await expectError(await ask(officer, id, { message: '   ' }), 400, 'invalidRequest');
    const { version, customer_language } = await staffCase(officer, id);
    // The officer writes in the customer's language, which the case names (the API's suffix).
    expect(customer_language).toBe('en');
    await expectError(await ask(officer, id, { message: 'Please send your ID card.', version: version - 1 }), 409, 'caseChangedMeanwhile');
    expect(await count('SELECT count(*)::int AS n FROM information_request WHERE case_id = $1', [id])).toBe(0);

    const moved = await expectOk(await ask(officer, id, { message: '  Please send a copy of your ID card.  ', version }));
    expect(moved.status).toBe('waiting_customer');
    expectMessages(moved);
    await expectError(await ask(officer, id, { message: 'And your lease.' }), 409, 'caseMoveNotAllowed');

    const kase = await customerCase(owner, id);
    expect(kase.status).toBe('waiting_customer');
    expect(kase.information_requests).toEqual([
      { _id: expect.any(String), message: 'Please send a copy of your ID card.', asked_at: new Date(clock.now).toISOString(), answer: null },
    ]);
    const staffRead = await staffCase(manager, id);
    expect(staffRead.information_requests).toEqual(kase.information_requests);
    expect(staffRead.history.at(-1)).toMatchObject({ action: 'request_information', from: 'ongoing', to: 'waiting_customer', note: 'Please send a copy of your ID card.' });
    const [audit] = await first.db.query<Json>("SELECT actor_id, before, after FROM audit_entry WHERE subject_id = $1 AND action = 'request_information'", [id]);
    expect(audit).toMatchObject({ actor_id: officer.id, before: { status: 'ongoing' }, after: { status: 'waiting_customer' } });

    const lookup = await expectOk(await call('POST', '/customer_case_api/get_case_by_casenum', null, { casenum: kase.case_number }));
    expect(lookup).toMatchObject({ masked: true, status: 'waiting_customer' });
    expect(lookup).not.toHaveProperty('information_requests');

    // A manager of the directorate may ask on a case someone else holds.
    const managed = await ongoing(1, owner, colleague);
    expect((await expectOk(await ask(manager, managed, { message: 'Which floor is the flat on?' }))).status).toBe('waiting_customer');
  });

  it("tells the customer by e-mail with the officer's message, and by an SMS of one segment that says only that something waits", async () => {
    clock.now = at(0);
    const english = await ongoing(2, owner);
    const amharic = await ongoing(3, amharicOwner);
    const message = 'Please attach the signed lease of your flat.';
    await expectOk(await ask(officer, english, { message }));
    await expectOk(await ask(officer, amharic, { message: 'እባክዎ የተፈረመውን የኪራይ ውል ያያይዙ።' }));
    expect((await jobs(english, 'information_requested')).map((job) => job.channel).sort()).toEqual(['mail', 'sms']);
    await first.app.drainNotifications();

    const caseNumber = (await customerCase(owner, english)).case_number;
    const mail = await receiver.waitForMail(owner.email, (m) => m.text.includes(caseNumber));
    expect(mail.subject).toBe(`We need something from you for your case ${caseNumber}`);
    expect(mail.text).toContain(message);
    expect(mail.text).toContain(`${PUBLIC_URL}/dashboard/case/${english}`);
    const amharicMail = await receiver.waitForMail(amharicOwner.email);
    expect(amharicMail.text).toContain('እባክዎ የተፈረመውን የኪራይ ውል ያያይዙ።');
    expect(amharicMail.subject).toMatch(ETHIOPIC);

    const amharicNumber = (await customerCase(amharicOwner, amharic)).case_number;
    // Either instance may have sent a job: they share the queue.
    const texts = [...smsTexts(first), ...smsTexts(second)].map((file) => file.split('\n\n')[1].trim());
    const englishSms = texts.find((text) => text.includes(caseNumber))!;
    const amharicSms = texts.find((text) => text.includes(amharicNumber))!;
    expect(englishSms).toBe(`HDC: a request about your case ${caseNumber} is waiting in the portal.`);
    expect(englishSms.length).toBeLessThanOrEqual(160);
    expect(amharicSms).toMatch(ETHIOPIC);
    expect([...amharicSms].length).toBeLessThanOrEqual(70);
    for (const sms of [englishSms, amharicSms]) {
      expect(sms).not.toContain('lease');
      expect(sms).not.toContain('ውል');
      expect(sms).not.toContain('Almaz');
    }
  });

  it('takes the answer of the owner only, while waiting, once however often it is replayed, and alerts the holder once', async () => {
    clock.now = at(0);
    const id = await ongoing(4, owner);
    await expectOk(await ask(officer, id, { message: 'Please send your marriage certificate.' }));
    clock.now = at(0) + 30 * MINUTE;

    await expectError(await answer(other, id, answerForm('Here it is.', tinyPdf('theirs'))), 404, 'notFound');
    await expectError(await answer(owner, id, answerForm('   ')), 400, 'informationAnswerRequired');
    await expectError(await answer(owner, id, answerForm('Here it is.', Buffer.from('not a pdf at all'), 'answer.pdf')), 400, 'attachmentInvalid');
    expect(await count("SELECT count(*)::int AS n FROM information_request WHERE case_id = $1 AND answered_at IS NOT NULL", [id])).toBe(0);

    const key = randomUUID();
    const pdf = tinyPdf('marriage certificate');
    const answered = await expectOk(await answer(owner, id, answerForm('Here is the certificate.', pdf), key));
    expect(answered.status).toBe('ongoing');
    expectMessages(answered);
    // The outbox sends it again (the first answer was lost on the way back): the same receipt, nothing stored twice.
    expect(await expectOk(await answer(owner, id, answerForm('Here is the certificate.', pdf), key))).toEqual(answered);
    await expectError(await answer(owner, id, answerForm('Here is another text.', pdf), key), 422, 'idempotencyKeyReused');
    expect(await count('SELECT count(*)::int AS n FROM information_request WHERE case_id = $1 AND answered_at IS NOT NULL', [id])).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM case_history WHERE case_id = $1 AND action = 'answer_information'", [id])).toBe(1);
    // Without the key, a second answer finds nothing to answer.
    await expectError(await answer(owner, id, answerForm('Once more.')), 409, 'caseNotWaitingForCustomer');

    const kase = await customerCase(owner, id);
    expect(kase.status).toBe('ongoing');
    const [request] = kase.information_requests;
    expect(request.answer).toEqual({ text: 'Here is the certificate.', attachment: expect.any(String), answered_at: new Date(clock.now).toISOString() });
    const staffRead = await staffCase(officer, id);
    expect(staffRead.history.at(-1)).toMatchObject({ action: 'answer_information', from: 'waiting_customer', to: 'ongoing', by: null, actor_name: null, by_customer: true });
    expect((await alertsOf('information_answered', id)).map((row) => row.staff_id)).toEqual([officer.id]);

    // The PDF: the owner and the staff of the case read it; another customer gets what a missing file gets.
    const file = `/media/CaseFiles/${request.answer.attachment}`;
    const mine = await call('GET', file, owner);
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await call('GET', `${file}?case=${id}`, officer)).status).toBe(200);
    expect((await call('GET', file, other)).status).toBe(404);
    expect((await call('GET', `${file}?case=${id}`, stranger)).status).toBe(404);
  });

  it("moves the due day on by the working days the case waited (a weekend and the admin's holiday skipped), and a waiting case is never late", async () => {
    // Asked on Thursday T0 + 2; Friday T0 + 3 is a holiday; answered on Tuesday T0 + 7: Monday and Tuesday were waited.
    await first.db.query("INSERT INTO holiday (calendar, date, name) VALUES ('dated', $1, 'A holiday of the test')", [day(3)]);
    try {
      clock.now = at(2);
      // Due at the end of Monday T0 + 6: it falls due while the case waits.
      const id = await ongoing(5, owner, officer, 6);
      await expectOk(await ask(officer, id, { message: 'Please send the receipt of your last payment.' }));

      clock.now = at(6) + 20 * 60 * MINUTE; // Tuesday T0 + 7, 06:30 in Addis Ababa: past the due moment.
      expect((await staffCase(officer, id)).late).toBe('no');
      expect((await customerCase(owner, id)).late).toBe('no');
      const lateView = await expectOk(await call('GET', '/staff_api/cases?view=late', officer));
      expect(lateView.cases.map((kase: Json) => kase._id)).not.toContain(id);
      const openView = await expectOk(await call('GET', '/staff_api/cases?view=open', officer));
      expect(openView.cases.map((kase: Json) => kase._id)).toContain(id);
      // Nor in the manager's workload: the officer's other cases are due weeks ahead.
      const workload = await expectOk(await call('GET', '/staff_api/management/workload', manager));
      expect(workload.officers.find((person: Json) => person.id === officer.id)).toMatchObject({ late: 0 });

      clock.now = at(7);
      await expectOk(await answer(owner, id, answerForm('The receipt is at the office.')));
      const [{ due_at: dueAt }] = await first.db.query<{ due_at: Date }>('SELECT due_at FROM customer_case WHERE id = $1', [id]);
      // Two working days after Monday T0 + 6: due at the end of Wednesday T0 + 8.
      expect(dueAt.toISOString()).toBe(new Date(addisMidnight(9)).toISOString());
      expect((await staffCase(officer, id)).due_date).toBe(day(8));
    } finally {
      await first.db.query('DELETE FROM holiday');
    }
  });

  it('raises no due soon, late or escalated alert for a case waiting for its customer', async () => {
    // Asked in the first test and still waiting; beside it, an ongoing case due at the same moment.
    const waiting = caseIds[1];
    const control = await ongoing(8, owner);
    expect((await customerCase(owner, waiting)).status).toBe('waiting_customer');
    // Due at the end of Friday T0 + 10: due soon from Wednesday T0 + 8, late at the due moment, escalated five working days after it.
    await first.db.query('UPDATE customer_case SET due_at = $2 WHERE id = ANY($1::uuid[])', [[waiting, control], new Date(addisMidnight(11))]);
    for (const moment of [addisMidnight(8), addisMidnight(11), addisMidnight(18)]) {
      clock.now = moment + MINUTE;
      await first.app.sweepStaffAlerts();
      if (moment !== addisMidnight(8)) continue;
      // The holder's queue while both are due soon: the waiting one is open work, not due soon.
      const view = async (name: string) => {
        const page = await expectOk(await call('GET', `/staff_api/cases?view=${name}`, officer));
        return { ids: page.cases.map((kase: Json) => kase._id), count: page.counts[name] };
      };
      const [dueSoon, open] = [await view('due_soon'), await view('open')];
      expect(dueSoon.ids).toContain(control);
      expect(dueSoon.ids).not.toContain(waiting);
      expect(open.ids).toEqual(expect.arrayContaining([control, waiting]));
      expect(await count(`SELECT count(*)::int AS n FROM customer_case WHERE directorate_id = $1 AND status IN ('pending', 'ongoing', 'responded', 'waiting_customer', 'under_review')`, [directorate]))
        .toBe(open.count);
    }
    const raised = async (id: string) =>
      (await first.db.query<{ kind: string }>("SELECT DISTINCT kind FROM staff_alert WHERE case_id = $1 AND kind IN ('due_soon', 'late', 'escalated') ORDER BY kind", [id])).map((row) => row.kind);
    expect(await raised(control)).toEqual(['due_soon', 'escalated', 'late']);
    expect(await raised(waiting)).toEqual([]);
  });

  it('reminds the customer once after 5 working days and alerts the holder once after 15, however often two instances sweep', async () => {
    clock.now = at(0);
    const id = await ongoing(6, owner);
    await expectOk(await ask(officer, id, { message: 'Please send the title deed.' }));
    // Five working days after Tuesday T0: the end of Tuesday T0 + 7.
    const reminderAt = addisMidnight(8);
    await sweepBoth(reminderAt - 20 * MINUTE, reminderAt - 1);
    expect(await jobs(id, 'information_reminder')).toEqual([]);
    // At the moment itself, both instances (and one twice) at once; then each on its timer.
    clock.now = reminderAt;
    await sweepAtOnce();
    await sweepBoth(reminderAt, reminderAt + 15 * MINUTE);
    const reminders = await jobs(id, 'information_reminder');
    expect(reminders.map((job) => job.channel).sort()).toEqual(['mail', 'sms']);
    expect(reminders[0].payload).toMatchObject({ message: 'Please send the title deed.' });
    expect(await alertsOf('information_unanswered', id)).toEqual([]);

    // Before 15 working days the case may not be closed as unanswered.
    const expiryAt = addisMidnight(22); // 15 working days after Tuesday T0: the end of Monday T0 + 21.
    clock.now = expiryAt - 1;
    await expectError(await closeUnanswered(officer, id), 409, 'infoRequestStillOpen');
    await sweepBoth(expiryAt - 20 * MINUTE, expiryAt - 1);
    expect(await alertsOf('information_unanswered', id)).toEqual([]);
    clock.now = expiryAt;
    await sweepAtOnce();
    await sweepBoth(expiryAt, expiryAt + 15 * MINUTE);
    expect((await alertsOf('information_unanswered', id)).map((row) => row.staff_id)).toEqual([officer.id]);
    expect(await jobs(id, 'information_reminder')).toHaveLength(2);
  });

  it("closes a request left 15 working days unanswered as a rejection with the standard reason in the customer's language, by the holder or a manager", async () => {
    clock.now = at(0);
    const id = await ongoing(7, amharicOwner);
    await expectOk(await ask(officer, id, { message: 'እባክዎ የቤት ቁጥርዎን ይላኩ።' }));
    await expectError(await closeUnanswered(officer, id), 409, 'infoRequestStillOpen');

    clock.now = addisMidnight(22) + MINUTE;
    await expectError(await closeUnanswered(colleague, id), 403, 'caseHeldByAnother');
    await expectError(await closeUnanswered(stranger, id), 404, 'notFound');
    const { version } = await staffCase(officer, id);
    await expectError(await closeUnanswered(officer, id, { version: version + 1 }), 409, 'caseChangedMeanwhile');
    const closed = await expectOk(await closeUnanswered(officer, id, { version }));
    expect(closed.status).toBe('rejected');
    expectMessages(closed);

    const kase = await customerCase(amharicOwner, id);
    expect(kase.status).toBe('rejected');
    // Asked on Tuesday T0, read in the Ethiopian calendar by an Amharic reader.
    expect(kase.rejection_justification).toMatch(/^.* ለቀረበው የመረጃ ጥያቄ ምንም መልስ አልደረሰም።$/);
    expect(kase.rejection_justification).toContain('ዓ.ም.');
    expect(kase.rejected_by).toMatchObject({ firstname: 'Almaz', lastname: 'Asking' });
    expect(kase.rejected_date).toBe(new Date(clock.now).toISOString());
    const [rejected] = await jobs(id, 'rejected');
    expect(rejected.payload.justification).toBe(kase.rejection_justification);
    expect((await staffCase(officer, id)).history.at(-1)).toMatchObject({ action: 'close_unanswered', from: 'waiting_customer', to: 'rejected' });
    // The staff's printout names the three moves in words, the officer's message and the reason with them.
    const printout = await call('GET', `/staff_api/cases/${id}/print?language=en`, officer);
    expect(printout.status).toBe(200);
    const printed = squashed((await pdfPages(new Uint8Array(await printout.arrayBuffer()))).join(''));
    for (const words of ['Information asked of the customer', 'Rejected: the request was not answered', 'እባክዎ የቤት ቁጥርዎን ይላኩ።']) expect(printed).toContain(squashed(words));
    expect(await count("SELECT count(*)::int AS n FROM audit_entry WHERE subject_id = $1 AND action = 'close_unanswered'", [id])).toBe(1);
    // Closed: the customer's late answer finds nothing to answer.
    await expectError(await answer(amharicOwner, id, answerForm('ይኸው።')), 409, 'caseNotWaitingForCustomer');
    await expectError(await closeUnanswered(officer, id), 409, 'caseMoveNotAllowed');

    // An English reader's reason, from the English of the server catalogs.
    clock.now = at(0);
    const english = await ongoing(0, owner);
    await first.db.query("UPDATE information_request SET answered_at = asked_at, answer_text = 'done' WHERE case_id = $1", [english]);
    await expectOk(await ask(officer, english, { message: 'One more paper, please.' }));
    clock.now = addisMidnight(22) + MINUTE;
    await expectOk(await closeUnanswered(manager, english));
    const day0 = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Africa/Addis_Ababa' }).format(new Date(at(0)));
    expect((await customerCase(owner, english)).rejection_justification).toBe(`No answer was received to the request for information of ${day0}.`);
  });
});
