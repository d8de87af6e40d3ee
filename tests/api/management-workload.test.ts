import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../server/auth/tokens.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addStaff } from '../helpers/staff-fixture.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';

const databases = await testDatabases();
const PASSWORD = 'Workload-Check-26';
// Monday 23 November 2026, 12:00 in Addis Ababa: Hidar 14, 2019. The Ethiopian month began on Hidar 1 = 10 November.
const NOW = Date.parse('2026-11-23T09:00:00Z');

/** Workload on the dashboard (issue 24): per officer, open, late, answered this month, median working days to the answer. */
describe.each(databases)('the officers’ workload on $name', (database) => {
  let server: TestServer;
  let directorateId: string;
  const tokens: Partial<Record<StaffRole, string>> = {};
  const people: Record<string, string> = {};
  const { get } = jsonCalls(() => server.url);

  async function person(key: string, role: StaffRole, directorate: string | null, status: 'active' | 'inactive' = 'active') {
    const email = `${key}-workload-${database.name}@staff.test`;
    people[key] = await addStaff(server.db, {
      email, password_hash: await hash(PASSWORD), firstname: key, middlename: '', lastname: 'Worker', role, directorate_id: directorate,
    });
    if (status === 'inactive') await server.db.query(`UPDATE staff_user SET status = 'inactive' WHERE id = $1`, [people[key]]);
    return email;
  }
  /** One of the demo's cases in the directorate, made into the case the test needs. */
  async function caseOf(officer: string, fields: { status: string; created: string; due: string; verified?: string; rejected?: string }) {
    const [{ id }] = await server.db.query<{ id: string }>(
      `UPDATE customer_case SET assigned_to_id = $1, responded_by_id = NULL, status = $2, created_at = $3, due_at = $4, verified_date = $5, rejected_date = $6
       WHERE id = (SELECT p.id FROM case_progress p JOIN case_workload w ON w.id = p.id
                   WHERE p.directorate_id = $7 AND NOT COALESCE(w.officer_id = ANY($8::uuid[]), false) ORDER BY p.case_number LIMIT 1)
       RETURNING id`,
      [people[officer], fields.status, fields.created, fields.due, fields.verified ?? null, fields.rejected ?? null, directorateId, Object.values(people)],
    );
    return id;
  }
  const row = (workload: Json, key: string) => workload.officers.find((officer: Json) => officer.id === people[key]);

  beforeAll(async () => {
    server = await startTestServer(database, { clock: () => NOW });
    [{ id: directorateId }] = await server.db.query<{ id: string }>('SELECT directorate_id AS id FROM case_progress GROUP BY 1 ORDER BY count(*) DESC LIMIT 1');
    const [{ id: elsewhere }] = await server.db.query<{ id: string }>('SELECT id FROM directorate WHERE id <> $1 LIMIT 1', [directorateId]);
    for (const [key, role, directorate] of [['admin', 'admin', null], ['manager', 'manager', directorateId]] as const) {
      tokens[role] = await staffSignIn(server.url, { email: await person(key, role, directorate), password: PASSWORD }, { clock: () => NOW });
    }
    tokens.officer = await staffSignIn(server.url, { email: await person('Almaz', 'officer', directorateId), password: PASSWORD }, { clock: () => NOW });
    await person('Bekele', 'officer', directorateId);
    await person('Chaltu', 'officer', directorateId, 'inactive');
    await person('Dawit', 'officer', elsewhere);
    // Monday 16 November is a holiday the admin added: it is not a working day.
    await server.db.query(`INSERT INTO holiday (calendar, date, name) VALUES ('dated', '2026-11-16', 'A day off')`);

    // Almaz: one open case, past its due moment; two answered this month, one answered last month.
    await caseOf('Almaz', { status: 'ongoing', created: '2026-11-02T07:00:00Z', due: '2026-11-16T21:00:00Z' });
    // Filed Tuesday 10th, approved Friday 13th: Wednesday, Thursday, Friday = 3 working days.
    await caseOf('Almaz', { status: 'verified', created: '2026-11-10T06:00:00Z', due: '2026-11-24T21:00:00Z', verified: '2026-11-13T10:00:00Z' });
    // Filed Friday 13th, rejected Tuesday 17th: the weekend and Monday's holiday skipped, Tuesday = 1.
    await caseOf('Almaz', { status: 'rejected', created: '2026-11-13T06:00:00Z', due: '2026-11-27T21:00:00Z', rejected: '2026-11-17T08:00:00Z' });
    await caseOf('Almaz', { status: 'verified', created: '2026-10-20T06:00:00Z', due: '2026-11-03T21:00:00Z', verified: '2026-11-05T10:00:00Z' });
    // Chaltu left, but still holds an open case, not yet due: she is listed, as inactive.
    await caseOf('Chaltu', { status: 'pending', created: '2026-11-18T07:00:00Z', due: '2026-12-02T21:00:00Z' });
  });
  afterAll(() => server?.close());

  it("gives a manager each officer of their directorate: open, late, answered this month, median working days to the answer", async () => {
    const workload: Json = await expectOk(await get('/staff_api/management/workload', tokens.manager));
    expect(workload).toMatchObject({ scope: 'directorate', monthStart: '2026-11-10', generatedAt: new Date(NOW).toISOString() });
    expect(row(workload, 'Almaz')).toMatchObject({
      firstname: 'Almaz', lastname: 'Worker', role: 'officer', active: true, directorate: { id: directorateId },
      open: 1, late: 1, answeredThisMonth: 2, medianWorkingDays: 2,
    });
    expect(row(workload, 'Almaz').directorate.name_am).toMatch(/[\u1200-\u137F]/);
    expect(row(workload, 'Bekele')).toMatchObject({ open: 0, late: 0, answeredThisMonth: 0, medianWorkingDays: null });
    expect(row(workload, 'Chaltu')).toMatchObject({ active: false, open: 1, late: 0, answeredThisMonth: 0 });
    // Another directorate's officer is not the manager's.
    expect(row(workload, 'Dawit')).toBeUndefined();
    // Every figure is the directorate's: the open cases add up to its open cases held by someone.
    const sum = workload.officers.reduce((total: number, officer: Json) => total + officer.open, 0);
    const [{ n }] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM case_progress p JOIN case_workload w ON w.id = p.id
       WHERE p.directorate_id = $1 AND w.officer_id IS NOT NULL AND p.answered_at IS NULL AND p.status NOT IN ('verified', 'rejected', 'archived')`,
      [directorateId],
    );
    expect(sum).toBe(n);
  });

  it("gives an admin every directorate's officers, and nobody else may read it", async () => {
    const workload: Json = await expectOk(await get('/staff_api/management/workload', tokens.admin));
    expect(workload.scope).toBe('all');
    expect(row(workload, 'Almaz')).toMatchObject({ open: 1, late: 1, answeredThisMonth: 2, medianWorkingDays: 2 });
    expect(row(workload, 'Dawit')).toMatchObject({ open: 0, directorate: { id: expect.not.stringMatching(directorateId) } });
    await expectError(await get('/staff_api/management/workload'), 401, 'unauthorized');
    await expectError(await get('/staff_api/management/workload', tokens.officer), 401, 'sessionInvalid');
  });
});
