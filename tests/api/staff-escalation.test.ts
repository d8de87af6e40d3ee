import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenSecret } from '../../server/auth/secret.ts';
import { createTokenSigner, type StaffRole } from '../../server/auth/tokens.ts';
import type { StaffAlerts } from '../../server/contract/staff-calls.ts';
import { SWEEP_MS } from '../../server/staff/alerts-setup.ts';
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
const MINUTE = 60_000;
/** Issue 25: each escalation alert comes within this long after its moment, whatever the number of instances. */
const WITHIN = 15 * MINUTE;

interface Staff { id: string; role: StaffRole; email: string }
interface Case { id: string; case_number: string }

/**
 * Escalation before a case goes stale (issue 25), counted in Ethiopian working days with the
 * admin's holidays: the holder two working days before the due day, the directorate's managers
 * at the due moment, the admins (management) five working days after it, each once, within
 * 15 minutes of its moment. Two instances share one database, as behind a load balancer, and
 * each sweeps as its timer would (every 5 minutes, out of step with the other) on a moved clock.
 */
describe.each(databases)('escalation of due dates on $name', (database) => {
  let receiver: SmtpReceiver;
  let first: TestServer;
  let second: TestServer;
  // T0 is a Tuesday, 10:30 in Addis Ababa; `day(n)` is the date n days after it (Addis Ababa and UTC agree at 10:30).
  const T0 = nextTuesdayAt('07:30');
  const clock = { now: T0 };
  const day = (n: number) => new Date(T0 + n * 24 * 60 * MINUTE).toISOString().slice(0, 10);
  /** Midnight in Addis Ababa that starts the date n days after T0 (21:00 UTC the evening before). */
  const addisMidnight = (n: number) => Date.parse(`${day(n)}T00:00:00+03:00`);
  const { get } = jsonCalls(() => first.url);
  let directorate: string;
  let officer: Staff, manager: Staff, admin: Staff, secondAdmin: Staff, inactiveAdmin: Staff;
  let cases: Case[];

  async function staff(role: StaffRole, directorateId: string | null, status: 'active' | 'inactive' = 'active'): Promise<Staff> {
    const email = `${role}-${randomUUID()}@portal.test`;
    const id = await addStaff(first.db, { email, password_hash: null, firstname: 'Almaz', middlename: '', lastname: 'Escalation', role, directorate_id: directorateId },
      new Date(clock.now - 1000));
    if (status === 'inactive') await first.db.query("UPDATE staff_user SET status = 'inactive' WHERE id = $1", [id]);
    return { id, role, email };
  }
  /** A session signed at the moved clock's now (the servers check its expiry by that clock). */
  const tokenOf = async (who: Staff) => createTokenSigner(await loadTokenSecret(first.db, first.config.tokenSecret)).sign(who.id, who.role, 3600, clock.now).token;
  /** How many alerts of `kind` about `kase` each person has: { staffId: count }. */
  async function told(kind: string, kase: Case): Promise<Record<string, number>> {
    const rows = await first.db.query<{ staff_id: string; alerts: number }>(
      'SELECT staff_id, count(*)::int AS alerts FROM staff_alert WHERE kind = $1 AND case_id = $2 GROUP BY staff_id', [kind, kase.id],
    );
    return Object.fromEntries(rows.map((row) => [row.staff_id, row.alerts]));
  }
  const once = (...people: Staff[]) => Object.fromEntries(people.map((person) => [person.id, 1]));
  /**
   * Both instances sweep as their timers would, every 5 minutes each, the second 2 minutes
   * after the first, from `from` until `to` (the clock is left at the last sweep's moment).
   */
  async function sweepBoth(from: number, to: number) {
    for (let at = from; at <= to; at += SWEEP_MS) {
      clock.now = at;
      await first.app.sweepStaffAlerts();
      if (at + 2 * MINUTE > to) break;
      clock.now = at + 2 * MINUTE;
      await second.app.sweepStaffAlerts();
    }
  }
  /** Sweeps through the 20 minutes before `moment` (nothing may come) and the 15 after it (everything must have come). */
  async function aroundMoment(moment: number, before: () => Promise<void>) {
    await sweepBoth(moment - 20 * MINUTE, moment - 1);
    await before();
    await sweepBoth(moment - 1 + MINUTE / 2, moment + WITHIN);
    // However many more sweeps, at once on both instances: nothing new.
    await Promise.all([first.app.sweepStaffAlerts(), second.app.sweepStaffAlerts(), first.app.sweepStaffAlerts()]);
  }

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    const options = { smtpUrl: receiver.url, publicUrl: PUBLIC_URL, notifyPollMs: NEVER, clock: () => clock.now };
    first = await startTestServer(database, options);
    second = await startTestServer(database, { ...options, sameDatabaseAs: first });
    [{ id: directorate }] = await first.db.query<{ id: string }>("SELECT id FROM directorate WHERE status = 'active' ORDER BY created_at, id LIMIT 1");
    // Every case due far ahead: only the cases a test moves near their due day raise due-date events.
    await first.db.query('UPDATE customer_case SET directorate_id = $1, due_at = $2', [directorate, new Date(T0 + 90 * 24 * 60 * MINUTE)]);
    await first.db.query('DELETE FROM holiday');
    // The demo's staff of the directorate would be told too: out of the way. Its admins stay: all active admins are management.
    await first.db.query("UPDATE staff_user SET status = 'inactive' WHERE role IN ('manager', 'officer')");
    [officer, manager, admin, secondAdmin, inactiveAdmin] = await Promise.all([
      staff('officer', directorate), staff('manager', directorate), staff('admin', null), staff('admin', null), staff('admin', null, 'inactive'),
    ]);
    // The admin reads the portal in English: their digest is written in it.
    await first.db.query("UPDATE staff_user SET language = 'en' WHERE id = $1", [admin.id]);
    cases = await first.db.query<Case>('SELECT id, case_number FROM customer_case ORDER BY created_at, id LIMIT 6');
    expect(cases).toHaveLength(6);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await receiver?.close();
  });

  const holdBy = (kase: Case, who: Staff | null, status: string, dueAt: number) =>
    first.db.query('UPDATE customer_case SET assigned_to_id = $2, status = $3, due_at = $4 WHERE id = $1', [kase.id, who?.id ?? null, status, new Date(dueAt)]);

  it('warns the holder from the start of the second working day before the due day, a weekend and a holiday skipped', async () => {
    const kase = cases[0];
    // Due on Monday (T0 + 6): late from the midnight that ends it.
    await holdBy(kase, officer, 'ongoing', addisMidnight(7));
    // Friday is a holiday: the working days before Monday are Thursday and Wednesday, so "due soon" starts Wednesday 00:00.
    await first.db.query("INSERT INTO holiday (calendar, date, name) VALUES ('dated', $1, 'A holiday of the test')", [day(3)]);
    await aroundMoment(addisMidnight(1), async () => expect(await told('due_soon', kase)).toEqual({}));
    expect(await told('due_soon', kase)).toEqual(once(officer));
    expect(await told('late', kase)).toEqual({});
  });

  it('alerts each escalation once, within 15 minutes of its moment, however often two instances sweep; management only for a case still open', async () => {
    await first.db.query('DELETE FROM holiday');
    // Due on Friday T0 + 10; one held by the officer, one waiting for approval and held by nobody, three closed after they fell late.
    const [, held, responded, verified, rejected, archived] = cases;
    const dueAt = addisMidnight(11);
    await holdBy(held, officer, 'ongoing', dueAt);
    await holdBy(responded, null, 'responded', dueAt);
    for (const kase of [verified, rejected, archived]) await holdBy(kase, officer, 'ongoing', dueAt);
    // A holiday on the Wednesday after: the fifth working day after Friday is the Monday after next (T0 + 20), not Friday T0 + 17.
    await first.db.query("INSERT INTO holiday (calendar, date, name) VALUES ('dated', $1, 'A holiday of the test')", [day(15)]);

    // Due soon: Wednesday T0 + 8, 00:00 in Addis Ababa, to the holder (to the managers for the case nobody holds).
    await aroundMoment(addisMidnight(8), async () => expect(await told('due_soon', held)).toEqual({}));
    expect(await told('due_soon', held)).toEqual(once(officer));
    expect(await told('due_soon', responded)).toEqual(once(manager));

    // The due moment: the holder and the directorate's managers.
    await aroundMoment(dueAt, async () => expect(await told('late', held)).toEqual({}));
    expect(await told('late', held)).toEqual(once(officer, manager));
    expect(await told('late', responded)).toEqual(once(manager));
    await first.db.query("UPDATE customer_case SET status = 'verified' WHERE id = $1", [verified.id]);
    await first.db.query("UPDATE customer_case SET status = 'rejected' WHERE id = $1", [rejected.id]);
    const [category] = await first.db.query<{ id: string }>("INSERT INTO archival_category (name) VALUES ($1) RETURNING id", [`Escalation ${randomUUID()}`]);
    await first.db.query("UPDATE customer_case SET status = 'archived', archival_category_id = $2, archived_date = $3 WHERE id = $1", [archived.id, category.id, new Date(clock.now)]);

    // Five working days counted without the holiday would end on Friday T0 + 17: nothing then.
    await sweepBoth(addisMidnight(18) - 20 * MINUTE, addisMidnight(18) + WITHIN);
    expect(await told('escalated', held)).toEqual({});

    // Due + 5 working days: every active admin, once; never the holder, the managers or an inactive admin.
    const moment = addisMidnight(21);
    await aroundMoment(moment, async () => expect(await told('escalated', held)).toEqual({}));
    const admins = await first.db.query<Staff>("SELECT id FROM staff_user WHERE role = 'admin' AND status = 'active'");
    expect(admins.map((a) => a.id)).toEqual(expect.arrayContaining([admin.id, secondAdmin.id]));
    expect(admins.map((a) => a.id)).not.toContain(inactiveAdmin.id);
    expect(await told('escalated', held)).toEqual(once(...admins));
    expect(await told('escalated', responded)).toEqual(once(...admins));
    for (const kase of [verified, rejected, archived]) expect(await told('escalated', kase)).toEqual({});
    const [{ latest }] = await first.db.query<{ latest: Date }>("SELECT max(created_at) AS latest FROM staff_alert WHERE kind = 'escalated'");
    expect(latest.getTime()).toBeGreaterThanOrEqual(moment);
    expect(latest.getTime()).toBeLessThanOrEqual(moment + WITHIN);

    // In the admin's alerts, with the due moment; in their digest of the day, not an e-mail of its own.
    const { alerts } = (await expectOk(await get('/staff_api/alerts', await tokenOf(admin)))) as unknown as StaffAlerts;
    expect(alerts.filter((a) => a.case?.id === held.id)).toMatchObject([{ kind: 'escalated', due_at: new Date(dueAt).toISOString(), case: { case_number: held.case_number } }]);
    const jobs = await first.db.query<{ notice: string; payload: { due?: { kind: string; caseNumber: string }[]; alert?: unknown } }>(
      'SELECT notice, payload FROM notification_job WHERE staff_id = $1 ORDER BY id', [admin.id],
    );
    expect(jobs.map((job) => job.notice)).toEqual(['staff_due_digest']);
    expect(jobs[0].payload.due?.map((item) => [item.kind, item.caseNumber])).toEqual(
      expect.arrayContaining([['escalated', held.case_number], ['escalated', responded.case_number]]),
    );
    await first.app.drainNotifications();
    const digest = await receiver.waitForMail(admin.email, (m) => m.text.includes(held.case_number));
    expect(digest.text).toContain(`Case ${held.case_number} is 5 working days late and still open`);
    expect(digest.text).toContain(`${PUBLIC_URL}/staff/cases/${held.id}`);
  });
});
