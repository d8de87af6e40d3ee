import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { fileServer, type TestServer } from '../helpers/server.ts';
import { nextTuesdayAt } from '../helpers/clock.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { addisDay } from '../../server/casework/due-dates.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

/**
 * Issue 23, "Dates that exist" (review S5): an appointment, and the day it is moved to, is a
 * day of the calendar, from today (Addis Ababa's, at the app's clock) to a year ahead. Any
 * other is a translated 400, and nothing moves and nobody is told.
 */
const databases = await testDatabases();
const PASSWORD = 'Staff12345';
const DAY = 86_400_000;
// 07:30 UTC, 10:30 in Addis Ababa: the same day in both.
let now = nextTuesdayAt('07:30');
const shared = fileServer({ clock: () => now });

const dayAfter = (day: string, days: number) => addisDay(new Date(Date.parse(`${day}T12:00:00+03:00`) + days * DAY));

describe.each(databases)('appointment days on $name', (database) => {
  let server: TestServer;
  let officer: string;
  let caseId: string;
  let directorate: string;
  /** Signs the officer in at the clock's time (a session ends some hours later). */
  let signIn: () => Promise<void>;
  const today = addisDay(new Date(now));
  const year = Number(today.slice(0, 4));

  const schedule = (body: Json) =>
    fetch(`${server.url}/staff_api/cases/${caseId}/schedule`, {
      method: 'POST',
      headers: { authorization: `Bearer ${officer}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  /** A new staff user of that role: their e-mail. */
  async function addStaffUser(role: 'officer' | 'manager' | 'archivist', directorateId: string | null): Promise<string> {
    const email = `${role}-${randomUUID()}@appointments.test`;
    await addStaff(server.db,
      { email, password_hash: await hash(PASSWORD), firstname: 'Abebe', middlename: '', lastname: 'Kebede', role, directorate_id: directorateId },
      new Date(now - 1000),
    );
    return email;
  }
  /** Signs a staff user in at the clock's time (a session ends some hours later): their token. */
  async function staffToken(email: string): Promise<string> {
    const login = await fetch(`${server.url}/staff_api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }),
    });
    return (await expectOk(login)).token;
  }
  /** What a move leaves: the appointments, the steps and the notices queued for the customer. */
  const traces = async () =>
    Promise.all(['case_schedule', 'case_history', 'notification_job'].map(async (table) =>
      (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE case_id = $1`, [caseId]))[0].n));

  beforeAll(async () => {
    server = await shared(database);
    const [pending] = await server.db.query<{ id: string; directorate: string }>(
      `SELECT c.id, c.directorate_id AS directorate
       FROM customer_case c WHERE c.status = 'pending' ORDER BY c.created_at LIMIT 1`,
    );
    caseId = pending.id;
    directorate = pending.directorate;
    // The same officer each time: the case is theirs once taken (issue 24: only its holder moves it).
    const email = await addStaffUser('officer', directorate);
    signIn = async () => {
      officer = await staffToken(email);
    };
    await signIn();
    await expectOk(await fetch(`${server.url}/staff_api/cases/${caseId}/take`, { method: 'POST', headers: { authorization: `Bearer ${officer}` } }));
  });

  const refused: [string, string, string][] = [
    ['2026-02-31, which does not exist', '2026-02-31', 'appointmentDateInvalid'],
    ['30 February next year', `${year + 1}-02-30`, 'appointmentDateInvalid'],
    ['an hour that does not exist', `${dayAfter(today, 1)}T25:99`, 'appointmentDateInvalid'],
    ['1900-01-01', '1900-01-01', 'appointmentDatePast'],
    ['0000-01-01', '0000-01-01', 'appointmentDatePast'],
    ['yesterday', dayAfter(today, -1), 'appointmentDatePast'],
    ['9999-12-31', '9999-12-31', 'appointmentDateTooFar'],
    ['9999-12-31T23:59:59Z', '9999-12-31T23:59:59Z', 'appointmentDateTooFar'],
    ['a year and a day ahead', dayAfter(`${year + 1}${today.slice(4)}`, 1), 'appointmentDateTooFar'],
  ];

  it.each(refused)('refuses %s as an appointment and as its new day, moving and sending nothing', async (_name, date, code) => {
    const before = await traces();
    await expectError(await schedule({ scheduled_date: date }), 400, code);
    await expectError(await schedule({ extended_date: date }), 400, code);
    expect(await traces()).toEqual(before);
  });

  it('takes today and tomorrow, a year ahead, and a time without an offset as Addis Ababa time', async () => {
    const [schedules, steps, notices] = await traces();
    await expectOk(await schedule({ scheduled_date: today }));
    await expectOk(await schedule({ extended_date: dayAfter(today, 1) }));
    await expectOk(await schedule({ extended_date: `${year + 1}${today.slice(4)}` }));
    await expectOk(await schedule({ extended_date: `${dayAfter(today, 2)}T10:00` }));
    // 10:00 in Addis Ababa is 07:00 UTC.
    const kept = await server.db.query('SELECT 1 FROM case_schedule WHERE case_id = $1 AND extended_date = $2', [caseId, `${dayAfter(today, 2)}T07:00:00Z`]);
    expect(kept).toHaveLength(1);
    // Each move was kept and told to the customer.
    const [moreSchedules, moreSteps, moreNotices] = await traces();
    expect([moreSchedules - schedules, moreSteps - steps]).toEqual([4, 4]);
    expect(moreNotices).toBeGreaterThan(notices);
  });

  it("counts today by Addis Ababa's day, not the server's or UTC's", async () => {
    // 22:30 UTC is already 01:30 of the next day in Addis Ababa: the UTC day has passed there.
    const saved = now;
    now = Date.parse(`${dayAfter(today, 3)}T22:30:00Z`);
    try {
      await signIn();
      await expectError(await schedule({ extended_date: dayAfter(today, 3) }), 400, 'appointmentDatePast');
      await expectOk(await schedule({ extended_date: dayAfter(today, 4) }));
    } finally {
      now = saved;
      await signIn();
    }
  });

  it('refuses a day that does not exist in the archive search and the audit log filters, as it takes one that does', async () => {
    const read = async (path: string, token: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const [archivist, manager] = [await staffToken(await addStaffUser('archivist', null)), await staffToken(await addStaffUser('manager', directorate))];
    for (const query of ['from=2026-02-31', 'to=2026-02-30', `from=${year + 1}-13-01`]) {
      await expectError(await read(`/staff_api/archive/cases?${query}`, archivist), 400, 'invalidRequest');
      await expectError(await read(`/staff_api/audit?${query}`, manager), 400, 'invalidRequest');
    }
    await expectOk(await read('/staff_api/archive/cases?from=2028-02-29&to=2028-03-01', archivist));
    await expectOk(await read('/staff_api/audit?from=2028-02-29&to=2028-03-01', manager));
  });
});
