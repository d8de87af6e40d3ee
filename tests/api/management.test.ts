import { hash } from '@node-rs/argon2';
import { addStaff } from '../helpers/staff-fixture.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../server/audit/audit-log.ts';
import type { StaffRole } from '../../server/auth/tokens.ts';
import { testDatabases } from '../helpers/databases.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';

const databases = await testDatabases();
const PASSWORD = 'Manage12345';
const NOW = Date.parse('2026-11-23T09:00:00Z');

/** The queue's directorate of a case: its own (migration 022). */
const QUEUE_OF = 'c.directorate_id';

/** The management dashboard and the audit log (issue 16), checked against SQL over the demo data. */
describe.each(databases)('management on $name', (database) => {
  let server: TestServer;
  const tokens: Partial<Record<StaffRole, string>> = {};
  let directorateId: string;
  const email = (role: string) => `${role}-mgmt-${database.name}@staff.test`;
  const get = (path: string, token?: string) => fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const count = async (sql: string, params: unknown[] = []) => (await server.db.query<{ n: number }>(sql, params))[0].n;

  beforeAll(async () => {
    server = await startTestServer(database, { clock: () => NOW });
    // The directorate with the most demo cases, so the manager's view is not empty.
    [{ id: directorateId }] = await server.db.query<{ id: string }>(
      `SELECT ${QUEUE_OF} AS id FROM customer_case c JOIN case_request r ON r.id = c.case_request_id GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    for (const role of ['admin', 'manager', 'officer', 'accusation_acceptor'] as const) {
      await addStaff(server.db, {
        email: email(role), password_hash: await hash(PASSWORD), firstname: 'Abebe', middlename: '', lastname: role, role,
        directorate_id: role === 'manager' || role === 'officer' ? directorateId : null,
      });
      tokens[role] = await staffSignIn(server.url, { email: email(role), password: PASSWORD }, { clock: () => NOW });
    }
  });
  afterAll(() => server?.close());

  it('lets only managers and admins see the dashboard and the audit log', async () => {
    for (const path of ['/staff_api/management/summary', '/staff_api/audit']) {
      await expectError(await get(path), 401, 'unauthorized');
      await expectError(await get(path, tokens.officer), 401, 'sessionInvalid');
      await expectError(await get(path, tokens.accusation_acceptor), 401, 'sessionInvalid');
    }
  });

  it("gives an admin the whole corporation's figures, equal to SQL counts over the cases", async () => {
    const summary: Json = await expectOk(await get('/staff_api/management/summary', tokens.admin));
    expect(summary.scope).toBe('all');
    expect(summary.totalCases).toBeGreaterThan(0);
    expect(summary.totalCases).toBe(await count('SELECT count(*)::int AS n FROM customer_case'));
    const byState = await server.db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM customer_case GROUP BY status');
    expect(summary.byState).toEqual(Object.fromEntries(byState.map((row) => [row.status, row.n])));
    expect(summary.lateCases).toBe(
      await count(`SELECT count(*)::int AS n FROM customer_case WHERE status IN ('pending', 'ongoing', 'responded') AND due_at <= $1`, [new Date(NOW)]),
    );
    // Per division and per directorate, the rows add up to the whole.
    const sum = (rows: Json[], field: string) => rows.reduce((total, row) => total + row[field], 0);
    expect(sum(summary.divisions, 'total')).toBe(summary.totalCases);
    expect(sum(summary.directorates, 'total')).toBe(summary.totalCases);
    expect(sum(summary.divisions, 'late')).toBe(summary.lateCases);
    for (const division of summary.divisions) {
      expect(division.total).toBe(await count('SELECT count(*)::int AS n FROM customer_case WHERE division_id = $1', [division.id]));
      expect(division.name_am).toMatch(/[\u1200-\u137F]/);
    }

    const [answered] = await server.db.query<{ n: number; median: number; p90: number }>(
      `SELECT count(*)::int AS n,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM COALESCE(verified_date, rejected_date) - created_at) / 86400) AS median,
              percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM COALESCE(verified_date, rejected_date) - created_at) / 86400) AS p90
       FROM customer_case WHERE COALESCE(verified_date, rejected_date) IS NOT NULL`,
    );
    expect(answered.n).toBeGreaterThan(0);
    expect(summary.answerTime).toEqual({ answered: answered.n, medianDays: Math.round(answered.median * 10) / 10, p90Days: Math.round(answered.p90 * 10) / 10 });

    const ratings = await server.db.query<{ division_id: string; rate_num: number; n: number }>(
      `SELECT c.division_id, r.rate_num, count(*)::int AS n FROM case_rating r JOIN customer_case c ON c.id = r.case_id GROUP BY 1, 2`,
    );
    expect(ratings.length).toBeGreaterThan(0);
    for (const division of summary.divisions) {
      const mine = ratings.filter((row) => row.division_id === division.id);
      const distribution = [1, 2, 3, 4, 5].map((score) => mine.find((row) => row.rate_num === score)?.n ?? 0);
      const total = distribution.reduce((a, b) => a + b, 0);
      expect(division.rating).toEqual({
        count: total,
        distribution,
        average: total ? Math.round((distribution.reduce((a, n, i) => a + n * (i + 1), 0) / total) * 100) / 100 : null,
      });
    }

    const accusations = await server.db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM accusation GROUP BY status');
    expect(summary.accusations).toEqual({
      total: accusations.reduce((a, row) => a + row.n, 0),
      byState: Object.fromEntries(accusations.map((row) => [row.status, row.n])),
    });
  });

  it('counts the weeks up to the clock: cases filed and answered in each, Monday to Sunday (UTC)', async () => {
    const { weekly } = await expectOk(await get('/staff_api/management/summary?weeks=30', tokens.admin));
    expect(weekly).toHaveLength(30);
    // 2026-11-23 is a Monday: the last week starts on it.
    expect(weekly.at(-1).weekStart).toBe('2026-11-23');
    expect(weekly[0].weekStart).toBe('2026-05-04');
    for (const week of weekly) {
      const from = new Date(`${week.weekStart}T00:00:00Z`);
      const to = new Date(from.getTime() + 7 * 86_400_000);
      expect(week.filed).toBe(await count('SELECT count(*)::int AS n FROM customer_case WHERE created_at >= $1 AND created_at < $2', [from, to]));
      expect(week.answered).toBe(
        await count('SELECT count(*)::int AS n FROM customer_case WHERE COALESCE(verified_date, rejected_date) >= $1 AND COALESCE(verified_date, rejected_date) < $2', [from, to]),
      );
    }
    expect(weekly.reduce((total: number, week: Json) => total + week.filed, 0)).toBeGreaterThan(0);
    await expectError(await get('/staff_api/management/summary?weeks=53', tokens.admin), 400, 'invalidRequest');
  });

  it("shows a manager only their directorate's cases, and no accusations", async () => {
    const summary: Json = await expectOk(await get('/staff_api/management/summary', tokens.manager));
    expect(summary.scope).toBe('directorate');
    expect(summary.accusations).toBeNull();
    const inQueue = `FROM customer_case c JOIN case_request r ON r.id = c.case_request_id WHERE ${QUEUE_OF} = $1`;
    expect(summary.totalCases).toBe(await count(`SELECT count(*)::int AS n ${inQueue}`, [directorateId]));
    expect(summary.totalCases).toBeLessThan(await count('SELECT count(*)::int AS n FROM customer_case'));
    expect(summary.directorates.map((d: Json) => d.id)).toEqual([directorateId]);
    const byState = await server.db.query<{ status: string; n: number }>(`SELECT c.status, count(*)::int AS n ${inQueue} GROUP BY c.status`, [directorateId]);
    expect(summary.byState).toEqual(Object.fromEntries(byState.map((row) => [row.status, row.n])));
  });

  it("filters the audit log by person, case number and dates, and shows a manager only their directorate's cases", async () => {
    const [inside, outside] = await server.db.query<{ case_number: string; id: string }>(
      `(SELECT c.case_number, c.id ${'FROM customer_case c JOIN case_request r ON r.id = c.case_request_id'} WHERE ${QUEUE_OF} = $1 LIMIT 1)
       UNION ALL
       (SELECT c.case_number, c.id FROM customer_case c JOIN case_request r ON r.id = c.case_request_id WHERE ${QUEUE_OF} <> $1 LIMIT 1)`,
      [directorateId],
    );
    const [{ id: adminId }] = await server.db.query<{ id: string }>('SELECT id FROM staff_user WHERE email = $1', [email('admin')]);
    await server.db.transaction(async (tx) => {
      for (const [entry, day] of [[inside, '2026-11-02'], [inside, '2026-11-10'], [outside, '2026-11-10']] as const) {
        await recordAudit(tx, {
          actorId: adminId, actorRole: 'admin', action: 'take', subjectType: 'case', subjectId: entry.id, caseNumber: entry.case_number,
          before: { status: 'pending' }, after: { status: 'ongoing' }, at: new Date(`${day}T10:00:00Z`),
        });
      }
    });

    const all: Json = await expectOk(await get('/staff_api/audit', tokens.admin));
    expect(all.entries.length).toBeGreaterThanOrEqual(3);
    // The newest entries are the staff's own sign-ins (audited too); the first case entry is the latest take.
    expect(all.entries.find((e: Json) => e.subject_type === 'case')).toMatchObject({ actor_id: adminId, actor_name: 'Abebe admin', action: 'take', before: { status: 'pending' }, after: { status: 'ongoing' } });
    const byCase: Json = await expectOk(await get(`/staff_api/audit?case_number=${inside.case_number}`, tokens.admin));
    expect(byCase.entries.map((e: Json) => e.at)).toEqual(['2026-11-10T10:00:00.000Z', '2026-11-02T10:00:00.000Z']);
    const byDay: Json = await expectOk(await get(`/staff_api/audit?from=2026-11-10&to=2026-11-10&actor=${adminId}`, tokens.admin));
    expect(byDay.entries.map((e: Json) => e.case_number).sort()).toEqual([inside.case_number, outside.case_number].sort());
    const before: Json = await expectOk(await get('/staff_api/audit?to=2026-11-09', tokens.admin));
    expect(before.entries.map((e: Json) => e.at)).toEqual(['2026-11-02T10:00:00.000Z']);
    await expectError(await get('/staff_api/audit?from=2026-02-31', tokens.admin), 400, 'invalidRequest');
    await expectError(await get('/staff_api/audit?actor=nobody', tokens.admin), 400, 'invalidRequest');

    const manager: Json = await expectOk(await get('/staff_api/audit', tokens.manager));
    expect(manager.entries.map((e: Json) => e.case_number)).toEqual([inside.case_number, inside.case_number]);
  });

  it('pages the audit log 25 entries at a time, newest first', async () => {
    const [{ id: adminId }] = await server.db.query<{ id: string }>('SELECT id FROM staff_user WHERE email = $1', [email('admin')]);
    await server.db.transaction(async (tx) => {
      for (let n = 0; n < 30; n += 1) {
        await recordAudit(tx, { actorId: adminId, actorRole: 'admin', action: 'save_setting', subjectType: 'setting', subjectId: `s${n}`, at: new Date(NOW + n * 1000) });
      }
    });
    const first: Json = await expectOk(await get('/staff_api/audit', tokens.admin));
    const total = await count('SELECT count(*)::int AS n FROM audit_entry');
    expect(first).toMatchObject({ currentPage: 1, totalPages: Math.ceil(total / 25) });
    expect(first.entries).toHaveLength(25);
    expect(first.entries[0]).toMatchObject({ subject_id: 's29', subject_name: null });
    const second: Json = await expectOk(await get('/staff_api/audit?page=2', tokens.admin));
    expect(second.entries[0].subject_id).toBe('s4');
    // Past the end shows the last page, as every list of the portal does.
    const past: Json = await expectOk(await get('/staff_api/audit?page=99', tokens.admin));
    expect(past).toMatchObject({ currentPage: first.totalPages, totalPages: first.totalPages });
    expect(past.entries.length).toBeGreaterThan(0);
  });

  it('names the staff user an entry is about, and the ids it holds, as they are now (issue 23)', async () => {
    const [{ id: adminId }] = await server.db.query<{ id: string }>('SELECT id FROM staff_user WHERE email = $1', [email('admin')]);
    const [{ id: subject, firstname, lastname }] = await server.db.query<{ id: string; firstname: string; lastname: string }>(
      'SELECT id, firstname, lastname FROM staff_user WHERE id <> $1 ORDER BY email LIMIT 1', [adminId],
    );
    const [directorate] = await server.db.query<{ id: string; name_en: string; name_am: string }>('SELECT id, name_en, name_am FROM directorate LIMIT 1');
    await server.db.transaction((tx) => recordAudit(tx, {
      actorId: adminId, actorRole: 'admin', action: 'save_staff', subjectType: 'staff', subjectId: subject,
      before: { directorate_id: null }, after: { role: 'officer', directorate_id: directorate.id }, at: new Date(NOW + 3_600_000),
    }));
    const log: Json = await expectOk(await get('/staff_api/audit', tokens.admin));
    expect(log.entries[0]).toMatchObject({ subject_id: subject, subject_name: expect.stringMatching(new RegExp(`^${firstname} .*${lastname}$`)) });
    // The ids an entry holds come named beside the page, in every language the name is kept in.
    expect(log.names[directorate.id]).toMatchObject({ en: directorate.name_en, am: directorate.name_am });
    expect(log.names[adminId]).toBeUndefined();
  });
});
