import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenSecret } from '../../server/auth/secret.ts';
import { createTokenSigner, type StaffRole } from '../../server/auth/tokens.ts';
import type { StaffAlerts } from '../../server/contract/staff-calls.ts';
import { nextTuesdayAt } from '../helpers/clock.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectOk } from '../helpers/expect-api.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();
const PUBLIC_URL = 'http://portal.test';
// Only the test drains and sweeps: the timers would race it.
const NEVER = 24 * 60 * 60_000;
const HOUR = 3_600_000;

interface Staff { id: string; token: string; email: string }

/**
 * Staff alerts (issue 24): raised in the transaction of their event, once per person and
 * event, each with one e-mail (or a line in the day's digest for due dates), read only by
 * their owner. Two instances share one database, as behind a load balancer.
 */
describe.each(databases)('staff alerts on $name', (database) => {
  let receiver: SmtpReceiver;
  let server: TestServer;
  let second: TestServer;
  // A Tuesday, 10:30 in Addis Ababa.
  const clock = { now: nextTuesdayAt('07:30') };
  const { post, get } = jsonCalls(() => server.url);
  let directorate: string;
  let otherDirectorate: string;
  let loneDirectorate: string;
  let officer: Staff, manager: Staff, secondManager: Staff, otherManager: Staff, loneManager: Staff, admin: Staff;
  let ethics: Staff, secondEthics: Staff, inactiveEthics: Staff;
  let pending: { id: string; case_number: string }[];

  async function staff(role: StaffRole, directorateId: string | null, status: 'active' | 'inactive' = 'active'): Promise<Staff> {
    const email = `${role}-${randomUUID()}@portal.test`;
    const id = await addStaff(server.db, { email, password_hash: null, firstname: 'Almaz', middlename: '', lastname: 'Alert', role, directorate_id: directorateId },
      new Date(clock.now - 1000));
    if (status === 'inactive') await server.db.query("UPDATE staff_user SET status = 'inactive' WHERE id = $1", [id]);
    const signer = createTokenSigner(await loadTokenSecret(server.db, server.config.tokenSecret));
    return { id, email, token: signer.sign(id, role, 30 * 24 * 3600, clock.now).token };
  }
  const alertsOf = async (who: Staff) => (await expectOk(await get('/staff_api/alerts', who.token))) as unknown as StaffAlerts;
  const kindsOf = async (who: Staff, caseId: string) => (await alertsOf(who)).alerts.filter((a) => a.case?.id === caseId).map((a) => a.kind);
  const mailJobs = (who: Staff, notice = 'staff_alert') =>
    server.db.query<{ payload: { language: string; alert?: { kind: string }; due?: { kind: string; caseNumber: string }[] } }>(
      'SELECT payload FROM notification_job WHERE staff_id = $1 AND notice = $2 ORDER BY id', [who.id, notice],
    );
  const respond = (who: Staff, caseId: string) => {
    const form = new FormData();
    form.append('justification', 'The roof will be repaired next week.');
    return fetch(`${server.url}/staff_api/cases/${caseId}/respond`, { method: 'POST', headers: { authorization: `Bearer ${who.token}` }, body: form });
  };
  const saveSettings = (who: Staff, mail: boolean, language: string) =>
    fetch(`${server.url}/staff_api/alerts/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json', 'accept-language': language },
      body: JSON.stringify({ mail }),
    });
  const fileAccusation = () => {
    const form = new FormData();
    form.append('subject', 'A bribe was asked');
    form.append('description', 'At the counter, for a faster answer.');
    return fetch(`${server.url}/accusation_acceptor_api/create_accusation`, { method: 'POST', body: form });
  };

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    const options = { smtpUrl: receiver.url, publicUrl: PUBLIC_URL, notifyPollMs: NEVER, clock: () => clock.now };
    server = await startTestServer(database, options);
    second = await startTestServer(database, { ...options, sameDatabaseAs: server });
    const directorates = await server.db.query<{ id: string }>("SELECT id FROM directorate WHERE status = 'active' ORDER BY created_at, id LIMIT 3");
    expect(directorates.length).toBe(3);
    [directorate, otherDirectorate, loneDirectorate] = directorates.map((d) => d.id);
    // Every case in one queue, due far ahead: only the cases a test moves near their due day raise due-date alerts.
    await server.db.query('UPDATE customer_case SET directorate_id = $1, due_at = $2', [directorate, new Date(clock.now + 60 * 24 * HOUR)]);
    // The due days below are counted without holidays, whatever the demo's calendar holds.
    await server.db.query('DELETE FROM holiday');
    // The demo's own staff of these directorates would be told too: out of the way.
    await server.db.query("UPDATE staff_user SET status = 'inactive' WHERE role IN ('manager', 'officer', 'accusation_acceptor')");
    pending = await server.db.query("SELECT id, case_number FROM customer_case WHERE status = 'pending' ORDER BY created_at, id");
    expect(pending.length).toBeGreaterThanOrEqual(4);
    [officer, manager, secondManager, otherManager, loneManager, admin, ethics, secondEthics, inactiveEthics] = await Promise.all([
      staff('officer', directorate), staff('manager', directorate), staff('manager', directorate), staff('manager', otherDirectorate),
      staff('manager', loneDirectorate), staff('admin', null), staff('accusation_acceptor', null), staff('accusation_acceptor', null),
      staff('accusation_acceptor', null, 'inactive'),
    ]);
    // The officer reads the portal in English: their e-mails are written in it.
    await expectOk(await saveSettings(officer, true, 'en'));
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
    await receiver?.close();
  });

  it('tells an officer a case was assigned to them, once, with one e-mail in their language that links the case', async () => {
    const kase = pending[0];
    await expectOk(await post(`/staff_api/cases/${kase.id}/assign`, { officer: officer.id }, manager.token));
    const { alerts, unread } = await alertsOf(officer);
    expect(alerts[0]).toMatchObject({ kind: 'case_assigned', unread: true, case: { id: kase.id, case_number: kase.case_number }, note: null });
    expect(unread).toBe(1);
    expect(await kindsOf(manager, kase.id)).toEqual([]);
    expect((await mailJobs(officer)).map((job) => [job.payload.alert?.kind, job.payload.language])).toEqual([['case_assigned', 'en']]);

    await server.app.drainNotifications();
    const mail = await receiver.waitForMail(officer.email, (m) => m.subject.includes(kase.case_number));
    expect(mail.subject).toBe(`Case ${kase.case_number} was assigned to you`);
    expect(mail.text).toContain(`${PUBLIC_URL}/staff/cases/${kase.id}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/staff/alerts`);
  });

  it("asks the directorate's other managers to approve a response, and tells its writer when it is sent back, with the note", async () => {
    const kase = pending[0];
    clock.now += 60_000;
    await expectOk(await respond(officer, kase.id));
    expect(await kindsOf(manager, kase.id)).toEqual(['approval_waiting']);
    expect(await kindsOf(secondManager, kase.id)).toEqual(['approval_waiting']);
    expect(await kindsOf(admin, kase.id)).toEqual([]);
    expect(await kindsOf(officer, kase.id)).toEqual(['case_assigned']);
    // A manager who never said which language they read is written to in Amharic (SPEC 9).
    await server.app.drainNotifications();
    const asked = await receiver.waitForMail(manager.email, (m) => m.subject.includes(kase.case_number));
    expect(asked.text).toContain(`${PUBLIC_URL}/staff/cases/${kase.id}`);
    expect(asked.subject).not.toContain('waiting for your approval');

    clock.now += 60_000;
    await expectOk(await post(`/staff_api/cases/${kase.id}/return`, { note: 'Name the repair date, please.' }, manager.token));
    const [returned] = (await alertsOf(officer)).alerts;
    expect(returned).toMatchObject({ kind: 'response_returned', case: { id: kase.id }, note: 'Name the repair date, please.' });
    await server.app.drainNotifications();
    const mail = await receiver.waitForMail(officer.email, (m) => m.subject.includes('sent back'));
    expect(mail.text).toContain('Name the repair date, please.');
  });

  it('asks the admins where the writer is the only manager of the directorate', async () => {
    const kase = pending[1];
    await server.db.query('UPDATE customer_case SET directorate_id = $1 WHERE id = $2', [loneDirectorate, kase.id]);
    await expectOk(await post(`/staff_api/cases/${kase.id}/take`, {}, loneManager.token));
    await expectOk(await respond(loneManager, kase.id));
    expect(await kindsOf(admin, kase.id)).toEqual(['approval_waiting']);
    expect(await kindsOf(loneManager, kase.id)).toEqual([]);
  });

  it("tells the receiving directorate's managers of a transfer", async () => {
    const kase = pending[2];
    await expectOk(await post(`/staff_api/cases/${kase.id}/transfer`, { directorate_id: otherDirectorate, reason: 'Misrouted: a land question.' }, manager.token));
    expect(await kindsOf(otherManager, kase.id)).toEqual(['case_transferred']);
    expect(await kindsOf(secondManager, kase.id)).toEqual([]);
  });

  it('tells every active ethics user of a new accusation, with its reference', async () => {
    const { reference } = await expectOk(await fileAccusation(), 201);
    for (const who of [ethics, secondEthics]) {
      const [alert] = (await alertsOf(who)).alerts;
      expect(alert).toMatchObject({ kind: 'accusation_filed', accusation: { reference } });
    }
    // An inactive ethics user cannot sign in to read one: none is raised for them.
    expect(await server.db.query('SELECT id FROM staff_alert WHERE staff_id = $1', [inactiveEthics.id])).toEqual([]);
    await server.app.drainNotifications();
    const [{ id }] = await server.db.query<{ id: string }>('SELECT id FROM accusation WHERE reference = $1', [reference]);
    const mail = await receiver.waitForMail(ethics.email, (m) => m.text.includes(String(reference)));
    expect(mail.text).toContain(`${PUBLIC_URL}/staff/accusations/${id}`);
  });

  it('says who is signed in, and writes to a staff user in the language they signed in in', async () => {
    expect(await expectOk(await get('/staff_api/me', manager.token))).toEqual({ id: manager.id, firstname: 'Almaz', lastname: 'Alert', role: 'manager' });
    const email = `officer-${randomUUID()}@portal.test`;
    const id = await addStaff(server.db, { email, password_hash: await hash('Staff-Alerts-26'), firstname: 'Abebe', middlename: '', lastname: 'Alert', role: 'officer', directorate_id: directorate });
    const signIn = await fetch(`${server.url}/staff_api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'om' }, body: JSON.stringify({ email, password: 'Staff-Alerts-26' }),
    });
    await expectOk(signIn);
    await expectOk(await post(`/staff_api/cases/${pending[0].id}/assign`, { officer: id }, manager.token));
    expect((await mailJobs({ id, token: '', email })).map((job) => job.payload.language)).toEqual(['or']);
  });

  it("shows each person only their own alerts, and marks only their own read", async () => {
    const mine = await alertsOf(officer);
    const theirs = await alertsOf(manager);
    expect(mine.alerts.length).toBeGreaterThan(0);
    expect(theirs.alerts.some((a) => mine.alerts.some((m) => m.id === a.id))).toBe(false);
    const answer = await expectOk(await post('/staff_api/alerts/read', { ids: [mine.alerts[0].id, theirs.alerts[0].id] }, officer.token));
    expect(answer).toEqual({ unread: mine.unread - 1 });
    expect((await alertsOf(manager)).alerts[0]).toMatchObject({ id: theirs.alerts[0].id, unread: true });
    expect((await alertsOf(officer)).alerts[0]).toMatchObject({ id: mine.alerts[0].id, unread: false });
  });

  it('sends no e-mail to someone who turned them off, and still alerts them in the portal', async () => {
    expect(await expectOk(await saveSettings(officer, false, 'en'))).toEqual({ mail: false });
    expect((await alertsOf(officer)).mail).toBe(false);
    const before = (await mailJobs(officer)).length;
    await expectOk(await post(`/staff_api/cases/${pending[3].id}/assign`, { officer: officer.id }, manager.token));
    expect(await kindsOf(officer, pending[3].id)).toEqual(['case_assigned']);
    expect(await mailJobs(officer)).toHaveLength(before);
    const [entry] = await server.db.query<{ after: unknown }>(
      "SELECT after FROM audit_entry WHERE action = 'save_alert_settings' AND actor_id = $1 ORDER BY at DESC, id DESC LIMIT 1", [officer.id],
    );
    expect(entry.after).toEqual({ mail: false });
    await expectOk(await saveSettings(officer, true, 'en'));
  });

  it('raises due soon and late once per case, whichever instances sweep, in one digest a day per person', async () => {
    clock.now += 60_000;
    const held = pending[3];
    // Transferred above, and held by nobody: its directorate's managers are told.
    const unassigned = pending[2];
    // Due on Thursday: due soon from Tuesday 00:00 in Addis Ababa (two working days before), late from Friday 00:00.
    const dueAt = new Date(clock.now - 60_000 + 2 * 24 * HOUR - 7.5 * HOUR + 21 * HOUR);
    await server.db.query('UPDATE customer_case SET due_at = $1 WHERE id = ANY($2::uuid[])', [dueAt, [held.id, unassigned.id]]);

    const raised = await Promise.all([server.app.sweepStaffAlerts(), second.app.sweepStaffAlerts(), server.app.sweepStaffAlerts()]);
    expect(raised.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(await kindsOf(officer, held.id)).toEqual(['due_soon', 'case_assigned']);
    expect(await kindsOf(manager, held.id)).toEqual([]);
    expect(await kindsOf(otherManager, unassigned.id)).toEqual(['due_soon', 'case_transferred']);
    expect((await alertsOf(officer)).alerts[0]).toMatchObject({ kind: 'due_soon', due_at: dueAt.toISOString() });

    clock.now = dueAt.getTime() + 5 * 60_000;
    expect((await Promise.all([second.app.sweepStaffAlerts(), server.app.sweepStaffAlerts()])).sort()).toEqual([0, 2]);
    expect(await kindsOf(officer, held.id)).toEqual(['late', 'due_soon', 'case_assigned']);
    expect(await kindsOf(manager, held.id)).toEqual(['late']);
    expect(await kindsOf(secondManager, held.id)).toEqual(['late']);
    expect(await kindsOf(otherManager, unassigned.id)).toEqual(['late', 'due_soon', 'case_transferred']);
    expect(await server.app.sweepStaffAlerts()).toBe(0);

    // One digest per person and Addis Ababa day, and no e-mail of its own for a due-date alert.
    const digestsOf = async (who: Staff) => (await mailJobs(who, 'staff_due_digest')).map((job) => job.payload.due?.map((item) => [item.kind, item.caseNumber]));
    expect(await digestsOf(otherManager)).toEqual([[['due_soon', unassigned.case_number]], [['late', unassigned.case_number]]]);
    expect(await digestsOf(manager)).toEqual([[['late', held.case_number]]]);
    expect((await mailJobs(manager)).map((job) => job.payload.alert?.kind)).not.toContain('late');
    await server.app.drainNotifications();
    const digest = await receiver.waitForMail(officer.email, (m) => m.subject === 'Your cases due soon and late' && m.text.includes(' is late'));
    expect(digest.text).toContain(`Case ${held.case_number} is late`);
    expect(digest.text).toContain(`${PUBLIC_URL}/staff/cases/${held.id}`);
  });
});
