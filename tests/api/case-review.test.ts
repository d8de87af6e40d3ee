import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenSecret } from '../../server/auth/secret.ts';
import { createTokenSigner, type StaffRole, type TokenSigner } from '../../server/auth/tokens.ts';
import { dueDay, lateFrom } from '../../server/casework/due-dates.ts';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { createSettingsService } from '../../server/administration/settings-service.ts';
import { createSettingsStore } from '../../server/administration/settings-store.ts';
import { nextTuesdayAt } from '../helpers/clock.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { pdfPages, squashed } from '../helpers/pdf-text.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();
const PUBLIC_URL = 'http://portal.test';
// Only the test drains: the timer would race it.
const NEVER = 24 * 60 * 60_000;
const DAY = 86_400_000;
/** REVIEW_WINDOW_DAYS, set apart from its default so the window the tests see is the configured one. */
const WINDOW_DAYS = 12;

/**
 * Review of a decision (issue 25): the customer asks for it, on their own case, within
 * REVIEW_WINDOW_DAYS working days after the decision, once per decision; a manager of the
 * directorate who neither wrote, approved nor rejected the decision ends it, upheld or
 * changed, with a letter; the archive waits for the window; the dashboard counts reviews.
 */
describe.each(databases)('review of a decision on $name', (database) => {
  let server: TestServer;
  let receiver: SmtpReceiver;
  let signer: TokenSigner;
  let directorate: string;
  let customerId: string;
  let officer: Staff;
  /** Approves the officer's answers. */
  let approver: Staff;
  /** Has no part in the decisions the officer and the approver make. */
  let reviewer: Staff;
  let admin: Staff;
  // The app's clock: a Tuesday, 10:00 in Addis Ababa; it only moves on.
  const clock = { now: nextTuesdayAt('07:00') };
  interface Staff { id: string; token: () => string }
  const { post, get } = jsonCalls(() => server.url);

  async function staff(role: StaffRole, directorateId: string | null): Promise<Staff> {
    const email = `${role}-${randomUUID()}@portal.test`;
    await addStaff(server.db, {
      email, password_hash: await hash('Staff12345'), firstname: 'Kebede', middlename: '', lastname: `Reviewer${randomUUID().slice(0, 6)}`, role,
      directorate_id: directorateId,
    }, new Date(Date.now() - 1000));
    const [{ id }] = await server.db.query<{ id: string }>('SELECT id FROM staff_user WHERE email = $1', [email]);
    // Signed on the app's clock at each call, as the clock moves past a token's life.
    return { id, token: () => signer.sign(id, role, 3600, clock.now).token };
  }
  const customer = () => signer.sign(customerId, 'customer', 3600, clock.now).token;
  const requestReview = (caseId: string, reason: unknown, token = customer()) => post(`/customer_case_api/request_review/${caseId}`, { reason }, token);
  const decide = (who: Staff, caseId: string, body: Json) => post(`/staff_api/cases/${caseId}/decide_review`, body, who.token());
  const customerCase = async (caseId: string): Promise<Json> => expectOk(await get(`/customer_case_api/get_case_by_id/${caseId}`, customer()));
  const row = async (caseId: string) =>
    (await server.db.query<Json>(
      'SELECT status, due_at, verified_date, rejected_date, rejection_justification, review_until FROM customer_case WHERE id = $1',
      [caseId],
    ))[0];

  let filed = 0;
  /**
   * A new pending case of the demo customer, taken by the officer: a copy of a demo case's request and division under
   * a number of its own (the demo has too few pending cases for every test).
   */
  async function takenCase(): Promise<{ id: string; case_number: string }> {
    filed += 1;
    const [kase] = await server.db.query<{ id: string; case_number: string }>(
      `INSERT INTO customer_case (case_number, customer_id, division_id, case_request_id, remark, directorate_id, due_at, created_at)
       SELECT $2, $1, division_id, case_request_id, '', directorate_id, $3::timestamptz + interval '10 days', $3
       FROM customer_case WHERE customer_id = $1 ORDER BY created_at LIMIT 1
       RETURNING id, case_number`,
      [customerId, `${server.config.caseNumberPrefix}-2099-${String(filed).padStart(6, '0')}`, new Date(clock.now)],
    );
    await server.db.query("INSERT INTO case_history (case_id, status, changed_at) VALUES ($1, 'pending', $2)", [kase.id, new Date(clock.now)]);
    await expectOk(await post(`/staff_api/cases/${kase.id}/take`, {}, officer.token()));
    return kase;
  }
  const respond = (who: Staff, caseId: string, justification: string) => {
    const form = new FormData();
    form.append('justification', justification);
    return fetch(`${server.url}/staff_api/cases/${caseId}/respond`, { method: 'POST', headers: { authorization: `Bearer ${who.token()}` }, body: form });
  };
  /** A case the officer answered and the approver approved, now. */
  async function verifiedCase(writer = officer) {
    const kase = await takenCase();
    if (writer !== officer) await expectOk(await post(`/staff_api/cases/${kase.id}/assign`, { officer: officer.id }, writer.token()));
    await expectOk(await respond(officer, kase.id, 'Your roof is repaired on Monday.'));
    await expectOk(await post(`/staff_api/cases/${kase.id}/approve`, {}, approver.token()));
    return kase;
  }
  /** A case the officer rejected, now. */
  async function rejectedCase() {
    const kase = await takenCase();
    await expectOk(await post(`/staff_api/cases/${kase.id}/reject`, { rejection_justification: 'The house is not ours.' }, officer.token()));
    return kase;
  }
  /** The calendar the server counts working days by: the admin's holidays. */
  const calendar = () => createSettingsService(createSettingsStore(server.db), () => clock.now).calendar();
  /** Every SMS file the server wrote, as text. */
  const smsFiles = (): string[] => {
    const dir = path.join(server.config.dataDir, 'sms');
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), 'utf8')) : [];
  };

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    server = await startTestServer(database, {
      smtpUrl: receiver.url, publicUrl: PUBLIC_URL, notifyPollMs: NEVER, clock: () => clock.now,
      // Many notices go to the demo customer's one phone in a day.
      env: { REVIEW_WINDOW_DAYS: String(WINDOW_DAYS), SMS_DAILY_CAP: '1000' },
    });
    signer = createTokenSigner(await loadTokenSecret(server.db, server.config.tokenSecret));
    [{ id: directorate }] = await server.db.query<{ id: string }>('SELECT id FROM directorate ORDER BY created_at LIMIT 1');
    await server.db.query('UPDATE case_request SET directorate_id = $1', [directorate]);
    await server.db.query('UPDATE customer_case SET directorate_id = $1', [directorate]);
    // The directorate's managers are the test's alone.
    await server.db.query("UPDATE staff_user SET status = 'inactive' WHERE role = 'manager'");
    [{ id: customerId }] = await server.db.query<{ id: string }>('SELECT id FROM customer_user WHERE email = $1', [DEMO_CUSTOMER.email]);
    [officer, approver, reviewer, admin] = await Promise.all([
      staff('officer', directorate), staff('manager', directorate), staff('manager', directorate), staff('admin', null),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('opens a review only on the owner’s request, within the window in working days, once per decision, due at the target from the request', async () => {
    const inside = await verifiedCase();
    const outside = await rejectedCase();
    const decidedAt = clock.now;
    // Nothing opens a review by itself: the decision stands, and says until when a review may be asked for.
    const until = lateFrom(dueDay(new Date(decidedAt), WINDOW_DAYS, await calendar())).toISOString();
    expect(await customerCase(inside.id)).toMatchObject({ status: 'verified', review: null, review_until: until });
    expect(await customerCase(outside.id)).toMatchObject({ status: 'rejected', review: null, review_until: until });
    expect(await server.db.query('SELECT 1 FROM case_review WHERE case_id = ANY($1::uuid[])', [[inside.id, outside.id]])).toEqual([]);

    // Someone else's token: as if there were no such case; a reason of spaces: refused.
    const [other] = await server.db.query<{ id: string }>('SELECT id FROM customer_user WHERE email <> $1 LIMIT 1', [DEMO_CUSTOMER.email]);
    await expectError(await requestReview(inside.id, 'Please look again.', signer.sign(other.id, 'customer', 3600, clock.now).token), 404, 'caseNotFound');
    await expectError(await requestReview(inside.id, '   '), 400, 'invalidRequest');
    await expectError(await requestReview(inside.id, 'x'.repeat(2001)), 400, 'invalidRequest');
    // An open case has no decision to review.
    const [open] = await server.db.query<{ id: string }>("SELECT id FROM customer_case WHERE customer_id = $1 AND status = 'pending' LIMIT 1", [customerId]);
    await expectError(await requestReview(open.id, 'Please look again.'), 409, 'caseMoveNotAllowed');

    // The last second of the window's last working day: still open.
    clock.now = Date.parse(until) - 1000;
    expect(await expectOk(await requestReview(inside.id, '  The repair date is wrong.  '))).toEqual({ status: 'under_review' });
    // Its end: closed.
    clock.now = Date.parse(until);
    await expectError(await requestReview(outside.id, 'Please look again.'), 409, 'reviewWindowClosed');
    expect((await row(outside.id)).status).toBe('rejected');

    // Under review, due after the case request's target in working days from the request.
    const [{ target }] = await server.db.query<{ target: number }>(
      'SELECT r.target_working_days AS target FROM customer_case c JOIN case_request r ON r.id = c.case_request_id WHERE c.id = $1', [inside.id],
    );
    const due = lateFrom(dueDay(new Date(Date.parse(until) - 1000), target, await calendar()));
    expect(new Date((await row(inside.id)).due_at).getTime()).toBe(due.getTime());
    const seen = await customerCase(inside.id);
    expect(seen).toMatchObject({
      status: 'under_review', review_until: null,
      review: { reason: 'The repair date is wrong.', requested_at: new Date(Date.parse(until) - 1000).toISOString(), outcome: null, justification: null, decided_at: null, letter: null },
    });
    expect(seen.review.due_date).toBe(dueDay(new Date(Date.parse(until) - 1000), target, await calendar()));
    // Once per decision.
    await expectError(await requestReview(inside.id, 'Again.'), 409, 'reviewAlreadyRequested');
    // In the history as the customer's move, with the reason.
    const [history] = await server.db.query<Json>(
      "SELECT from_status, status, actor_id, actor_role, note FROM case_history WHERE case_id = $1 AND action = 'request_review'", [inside.id],
    );
    expect(history).toEqual({ from_status: 'verified', status: 'under_review', actor_id: null, actor_role: 'customer', note: 'The repair date is wrong.' });
    // The directorate's managers are alerted (each once); the officer is not.
    for (const manager of [approver, reviewer]) {
      const { alerts } = await expectOk(await get('/staff_api/alerts', manager.token()));
      expect(alerts.filter((alert: Json) => alert.kind === 'review_requested' && alert.case?.id === inside.id)).toHaveLength(1);
    }
    const { alerts: officersAlerts } = await expectOk(await get('/staff_api/alerts', officer.token()));
    expect(officersAlerts.some((alert: Json) => alert.kind === 'review_requested')).toBe(false);
    // The masked status check shows none of it.
    const masked = await expectOk(await post('/customer_case_api/get_case_by_casenum', { casenum: inside.case_number }));
    expect(masked.masked).toBe(true);
    expect(Object.keys(masked).filter((key) => key.startsWith('review'))).toEqual([]);
    expect(JSON.stringify(masked)).not.toContain('The repair date is wrong.');
  });

  it('is decided by a manager who had no part in the decision; upheld restores it exactly, with a letter the owner reads, and the customer is told', async () => {
    const verified = await verifiedCase();
    const rejected = await rejectedCase();
    const before = { verified: await row(verified.id), rejected: await row(rejected.id) };
    clock.now += DAY;
    await expectOk(await requestReview(verified.id, 'Monday is too late.'));
    await expectOk(await requestReview(rejected.id, 'The house is ours.'));
    clock.now += DAY;
    const body = { outcome: 'upheld', justification: 'The decision stands: the plan was checked again.' };
    // Who approved the answer, or rejected the case, may not decide; nor an admin while such a manager is there.
    await expectError(await decide(approver, verified.id, body), 403, 'reviewNeedsAnotherManager');
    await expectError(await decide(admin, verified.id, body), 403, 'reviewNeedsAnotherManager');
    // Nor does an admin read it: a manager is there to decide.
    await expectError(await get(`/staff_api/cases/${verified.id}`, admin.token()), 404, 'notFound');
    const officerTry = await decide(officer, verified.id, body);
    expect(officerTry.status).toBe(401);
    await expectError(await decide(reviewer, verified.id, { ...body, outcome: 'maybe' }), 400, 'invalidRequest');
    expect((await row(verified.id)).status).toBe('under_review');

    expect(await expectOk(await decide(reviewer, verified.id, body))).toMatchObject({ status: 'verified' });
    // The rejection was the officer's: the approver had no part in it.
    expect(await expectOk(await decide(approver, rejected.id, { ...body, justification: 'Still not ours.' }))).toMatchObject({ status: 'rejected' });
    // Exactly as decided: state, dates, reason, due moment; no second review of this decision.
    for (const [kase, was] of [[verified, before.verified], [rejected, before.rejected]] as const) {
      expect(await row(kase.id)).toEqual({ ...was, review_until: null });
      await expectError(await requestReview(kase.id, 'Once more.'), 409, 'reviewAlreadyRequested');
    }
    // Not under review any more: nothing left to decide.
    await expectError(await decide(reviewer, verified.id, body), 409, 'caseMoveNotAllowed');

    const seen = await customerCase(verified.id);
    expect(seen).toMatchObject({
      status: 'verified', review_until: null,
      review: { outcome: 'upheld', justification: body.justification, decided_at: new Date(clock.now).toISOString() },
    });
    // The letter: the owner reads it; it names the review, the justification and the deciding manager, with a number.
    const letter = await get(`/media/CaseFiles/${seen.review.letter}`, customer());
    expect(letter.status).toBe(200);
    const text = squashed((await pdfPages(new Uint8Array(await letter.arrayBuffer()))).join(' '));
    expect(text).toContain(squashed('The decision stands: the plan was checked again.'));
    const [{ letter_number: number, firstname, lastname }] = await server.db.query<Json>(
      'SELECT v.letter_number, s.firstname, s.lastname FROM case_review v JOIN staff_user s ON s.id = v.decided_by_id WHERE v.case_id = $1', [verified.id],
    );
    expect(number).toMatch(/^[A-Z]+\/\d{4}\/\d+$/);
    expect(text).toContain(squashed(number));
    expect(text).toContain(squashed(`${firstname} ${lastname}`));
    // Staff of the directorate read it on the case; another customer does not.
    expect((await get(`/media/CaseFiles/${seen.review.letter}?case=${verified.id}`, approver.token())).status).toBe(200);
    const [other] = await server.db.query<{ id: string }>('SELECT id FROM customer_user WHERE email <> $1 LIMIT 1', [DEMO_CUSTOMER.email]);
    expect((await get(`/media/CaseFiles/${seen.review.letter}`, signer.sign(other.id, 'customer', 3600, clock.now).token)).status).toBe(404);

    // History and audit; the staff's printout names both moves.
    const printout = await get(`/staff_api/cases/${verified.id}/print?language=en`, reviewer.token());
    const printed = squashed((await pdfPages(new Uint8Array(await printout.arrayBuffer()))).join(' '));
    expect(printed).toContain(squashed('Review asked for by the customer'));
    expect(printed).toContain(squashed('Review decided'));
    const [history] = await server.db.query<Json>(
      "SELECT from_status, status, actor_id, note FROM case_history WHERE case_id = $1 AND action = 'decide_review'", [verified.id],
    );
    expect(history).toEqual({ from_status: 'under_review', status: 'verified', actor_id: reviewer.id, note: `upheld: ${body.justification}` });
    const [audit] = await server.db.query<Json>("SELECT actor_id, after FROM audit_entry WHERE subject_id = $1 AND action = 'decide_review'", [verified.id]);
    expect(audit).toMatchObject({ actor_id: reviewer.id, after: { status: 'verified', outcome: 'upheld', letter_number: number } });

    // The customer is told: a mail and a one-segment SMS, no names.
    await server.app.drainNotifications();
    // The demo customer reads Amharic: "review" is ግምገማ.
    const mail = await receiver.waitForMail(DEMO_CUSTOMER.email, (m) => m.subject.includes(verified.case_number) && m.subject.includes('ግምገማ'));
    expect(mail.text).toContain(`${PUBLIC_URL}/dashboard/case/${verified.id}`);
    expect(mail.text).not.toContain(lastname);
    const sms = smsFiles().filter((file) => file.includes(verified.case_number) && file.includes('ግምገማ'));
    expect(sms).toHaveLength(1);
    // One segment: an SMS in Ethiopic script holds 70 characters.
    const smsText = sms[0].split('\n\n').slice(1).join('\n\n').trim();
    expect(smsText.length).toBeLessThanOrEqual(70);
    expect(smsText).not.toContain(lastname);
  });

  it('changed returns the case to ongoing with the old decision no longer shown; the new answer, approved as any other, is the customer’s and opens a new window', async () => {
    const kase = await verifiedCase();
    const oldLetter = (await customerCase(kase.id)).response_justification.attachment as string;
    clock.now += DAY;
    await expectOk(await requestReview(kase.id, 'Monday is too late.'));
    clock.now += DAY;
    expect(await expectOk(await decide(reviewer, kase.id, { outcome: 'changed', justification: 'The repair comes sooner.' }))).toMatchObject({ status: 'ongoing' });
    expect(await row(kase.id)).toMatchObject({ status: 'ongoing', verified_date: null, rejected_date: null, review_until: null });
    const seen = await customerCase(kase.id);
    expect(seen).toMatchObject({
      status: 'ongoing', verified_date: null, responded_by: null, response_justification: null, review_until: null,
      review: { outcome: 'changed', justification: 'The repair comes sooner.' },
    });
    expect((await get(`/media/CaseFiles/${oldLetter}`, customer())).status).toBe(404);

    // A new answer, approved by a manager as any other (four eyes: not its writer).
    clock.now += DAY;
    await expectOk(await respond(officer, kase.id, 'The roof is repaired on Thursday.'));
    await expectOk(await post(`/staff_api/cases/${kase.id}/approve`, {}, approver.token()));
    const answered = await customerCase(kase.id);
    expect(answered).toMatchObject({ status: 'verified', verified_date: new Date(clock.now).toISOString() });
    expect(answered.response_justification.attachment).not.toBe(oldLetter);
    const letter = await get(`/media/CaseFiles/${answered.response_justification.attachment}`, customer());
    expect(squashed((await pdfPages(new Uint8Array(await letter.arrayBuffer()))).join(' '))).toContain(squashed('The roof is repaired on Thursday.'));
    // A new decision, a new window, a new review.
    expect(answered.review_until).toBe(lateFrom(dueDay(new Date(clock.now), WINDOW_DAYS, await calendar())).toISOString());
    await expectOk(await requestReview(kase.id, 'Thursday is too late too.'));
    expect(await server.db.query('SELECT outcome FROM case_review WHERE case_id = $1 ORDER BY requested_at', [kase.id])).toEqual([
      { outcome: 'changed' }, { outcome: null },
    ]);
  });

  it('lets an admin decide only when the directorate has no manager without a part in the decision', async () => {
    // The reviewer wrote this answer (holding the case), the approver approved it: no manager is left.
    const kase = await takenCase();
    await expectOk(await post(`/staff_api/cases/${kase.id}/assign`, { officer: officer.id }, reviewer.token()));
    await server.db.query('UPDATE customer_case SET assigned_to_id = $2 WHERE id = $1', [kase.id, reviewer.id]);
    await expectOk(await respond(reviewer, kase.id, 'Answered by a manager.'));
    await expectOk(await post(`/staff_api/cases/${kase.id}/approve`, {}, approver.token()));
    clock.now += DAY;
    await expectOk(await requestReview(kase.id, 'Please look again.'));
    const body = { outcome: 'upheld', justification: 'Looked at again by management.' };
    await expectError(await decide(reviewer, kase.id, body), 403, 'reviewNeedsAnotherManager');
    await expectError(await decide(approver, kase.id, body), 403, 'reviewNeedsAnotherManager');
    // The admin reads the case to decide it.
    expect(await expectOk(await get(`/staff_api/cases/${kase.id}`, admin.token()))).toMatchObject({ status: 'under_review', review: { reason: 'Please look again.' } });
    expect(await expectOk(await decide(admin, kase.id, body))).toMatchObject({ status: 'verified' });
  });

  it('sends the rejection mail with the route to a review, not the SMS', async () => {
    const kase = await rejectedCase();
    await server.app.drainNotifications();
    const mail = await receiver.waitForMail(DEMO_CUSTOMER.email, (m) => m.text.includes(kase.case_number) && m.text.includes('The house is not ours.'));
    // In the demo customer's Amharic: "You may ask for a review within 12 working days on the case page."
    expect(mail.text).toContain(`በጉዳዩ ገጽ ላይ በ${WINDOW_DAYS} የሥራ ቀናት ውስጥ ድጋሚ ግምገማ መጠየቅ ይችላሉ።`);
    const sms = smsFiles().filter((file) => file.includes(kase.case_number));
    expect(sms.length).toBeGreaterThan(0);
    expect(sms.some((file) => file.includes('ግምገማ'))).toBe(false);
  });

  it('gives the archivist a decision only once its review window has passed and no review is open', async () => {
    const archivist = await staff('archivist', null);
    const category = await expectOk(await post('/staff_api/archive/categories', { name: `Reviewed ${database.name}` }, archivist.token()));
    const kase = await verifiedCase();
    const until = Date.parse((await customerCase(kase.id)).review_until);
    const worklist = async () => {
      const numbers: string[] = [];
      for (let page = 1; ; page++) {
        const answer = await expectOk(await get(`/staff_api/cases?page=${page}`, archivist.token()));
        numbers.push(...answer.cases.map((c: Json) => c.case_number as string));
        if (page >= answer.totalPages) return numbers;
      }
    };
    const file = () => post(`/staff_api/cases/${kase.id}/archive`, { category: category._id }, archivist.token());
    clock.now = until - 1000;
    expect(await worklist()).not.toContain(kase.case_number);
    await expectError(await file(), 409, 'reviewWindowOpen');
    expect((await row(kase.id)).status).toBe('verified');
    clock.now = until;
    expect(await worklist()).toContain(kase.case_number);
    expect(await expectOk(await file())).toMatchObject({ status: 'archived' });
    // An archived decision may no longer be reviewed.
    await expectError(await requestReview(kase.id, 'Too late.'), 409, 'reviewWindowClosed');
  });

  it('falls due at its review’s due moment: late for staff, and swept like an open case (the holder and the managers alerted once)', async () => {
    const kase = await verifiedCase();
    clock.now += DAY;
    await expectOk(await requestReview(kase.id, 'Please look again.'));
    const dueAt = new Date((await row(kase.id)).due_at).getTime();
    const lateAlerts = async (who: Staff) =>
      (await expectOk(await get('/staff_api/alerts', who.token()))).alerts.filter((alert: Json) => alert.kind === 'late' && alert.case?.id === kase.id);
    clock.now = dueAt - 1000;
    await server.app.sweepStaffAlerts();
    expect((await expectOk(await get(`/staff_api/cases/${kase.id}`, reviewer.token()))).late).toBe('no');
    expect(await lateAlerts(reviewer)).toEqual([]);
    clock.now = dueAt + 60_000;
    await server.app.sweepStaffAlerts();
    await server.app.sweepStaffAlerts();
    expect((await expectOk(await get(`/staff_api/cases/${kase.id}`, reviewer.token()))).late).toBe('yes');
    for (const who of [officer, approver, reviewer]) {
      expect((await lateAlerts(who)).map((alert: Json) => alert.due_at)).toEqual([new Date(dueAt).toISOString()]);
    }
  });

  it('counts requested and changed reviews per division on the management dashboard', async () => {
    const kase = await verifiedCase();
    const [{ division_id: division }] = await server.db.query<{ division_id: string }>('SELECT division_id FROM customer_case WHERE id = $1', [kase.id]);
    const reviews = async () =>
      (await expectOk(await get('/staff_api/management/summary', admin.token()))).divisions.find((d: Json) => d.id === division).reviews as Json;
    const start = await reviews();
    expect(start.rate).toBe(Math.round((start.requested / start.decisions) * 100) / 100);
    clock.now += DAY;
    await expectOk(await requestReview(kase.id, 'Please look again.'));
    expect(await reviews()).toMatchObject({ decisions: start.decisions, requested: start.requested + 1, changed: start.changed });
    clock.now += DAY;
    await expectOk(await decide(reviewer, kase.id, { outcome: 'changed', justification: 'Answered anew.' }));
    // The undone decision still counts as one made.
    expect(await reviews()).toMatchObject({ decisions: start.decisions, requested: start.requested + 1, changed: start.changed + 1 });
    await expectOk(await respond(officer, kase.id, 'A new answer.'));
    await expectOk(await post(`/staff_api/cases/${kase.id}/approve`, {}, approver.token()));
    const end = await reviews();
    expect(end).toEqual({
      decisions: start.decisions + 1, requested: start.requested + 1, changed: start.changed + 1,
      rate: Math.round(((start.requested + 1) / (start.decisions + 1)) * 100) / 100,
    });
  });
});
