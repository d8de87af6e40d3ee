import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit, type AuditEntry } from '../../server/audit/audit-log.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addStaff } from '../helpers/staff-fixture.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';

const databases = await testDatabases();
const PASSWORD = 'Audit-Reader-26';
const NOW = Date.parse('2026-11-23T09:00:00Z');

/**
 * An audit log an auditor can read (issue 24, review defect 6): every record an entry is
 * about comes named, and the log filters by what its entries are about.
 */
describe.each(databases)('the audit log by subject on $name', (database) => {
  let server: TestServer;
  let admin: string;
  let adminId: string;
  let manager: string;
  let directorateId: string;
  const { get } = jsonCalls(() => server.url);
  const audit = (path: string, token = admin): Promise<Json> => get(`/staff_api/audit${path}`, token).then((response) => expectOk(response));
  let at = NOW;
  const record = (entries: Omit<AuditEntry, 'actorId' | 'actorRole' | 'at'>[]) =>
    server.db.transaction(async (tx) => {
      for (const entry of entries) await recordAudit(tx, { actorId: adminId, actorRole: 'admin', at: new Date((at += 1000)), ...entry });
    });
  const one = async <T extends Json>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params))[0];

  beforeAll(async () => {
    server = await startTestServer(database, { clock: () => NOW });
    [{ id: directorateId }] = await server.db.query<{ id: string }>('SELECT directorate_id AS id FROM case_progress GROUP BY 1 ORDER BY count(*) DESC LIMIT 1');
    for (const role of ['admin', 'manager'] as const) {
      const email = `${role}-audit-${database.name}@staff.test`;
      const id = await addStaff(server.db, {
        email, password_hash: await hash(PASSWORD), firstname: 'Tigist', middlename: '', lastname: `Auditor ${role}`, role,
        directorate_id: role === 'manager' ? directorateId : null,
      });
      const token = await staffSignIn(server.url, { email, password: PASSWORD }, { clock: () => NOW });
      if (role === 'admin') [admin, adminId] = [token, id];
      else manager = token;
    }
  });
  afterAll(() => server?.close());

  it('names every kind of record an entry is about, in each language its name is kept in', async () => {
    const caseRequest = await one<{ id: string; case_name_en: string; case_name_am: string }>('SELECT id, case_name_en, case_name_am FROM case_request LIMIT 1');
    const question = await one<{ id: string; name_en: string; name_am: string }>('SELECT id, name_en, name_am FROM question LIMIT 1');
    const accusation = await one<{ id: string; reference: string }>('SELECT id, reference FROM accusation LIMIT 1');
    const division = await one<{ id: string; name_am: string }>('SELECT id, name_am FROM division LIMIT 1');
    const [{ id: holidayId }] = await server.db.query<{ id: string }>(
      `INSERT INTO holiday (calendar, month, day, name) VALUES ('ethiopian', 1, 1, 'Enkutatash') RETURNING id`,
    );
    const [{ id: categoryId }] = await server.db.query<{ id: string }>(
      `INSERT INTO archival_category (name, status, created_at) VALUES ('Shelf A ${database.name}', 'active', now()) RETURNING id`,
    );
    await record([
      { action: 'save_case_request', subjectType: 'case_request', subjectId: caseRequest.id, before: { status: 'active' }, after: { status: 'inactive', directorate_id: directorateId } },
      { action: 'save_question', subjectType: 'question', subjectId: question.id, after: { is_required: 'yes' } },
      { action: 'start_review', subjectType: 'accusation', subjectId: accusation.id, before: { status: 'received' }, after: { status: 'under_review', assignedTo: adminId } },
      { action: 'save_division', subjectType: 'division', subjectId: division.id, after: { status: 'active' } },
      { action: 'create_holiday', subjectType: 'holiday', subjectId: holidayId, after: { calendar: 'ethiopian', month: 1, day: 1 } },
      { action: 'save_archival_category', subjectType: 'archival_category', subjectId: categoryId, before: null, after: { status: 'active' } },
    ]);

    const log = await audit('');
    const named = (id: string) => log.names[id];
    expect(named(caseRequest.id)).toMatchObject({ en: caseRequest.case_name_en, am: caseRequest.case_name_am });
    expect(named(question.id)).toMatchObject({ en: question.name_en, am: question.name_am });
    expect(named(accusation.id)).toEqual({ en: accusation.reference });
    expect(named(division.id)).toMatchObject({ am: division.name_am });
    expect(named(holidayId)).toEqual({ en: 'Enkutatash' });
    expect(named(categoryId)).toEqual({ en: `Shelf A ${database.name}` });
    // The ids the entries hold are named too: the directorate a case request moved to, the ethics user given an accusation.
    expect(named(directorateId).am).toMatch(/[\u1200-\u137F]/);
    expect(named(adminId)).toEqual({ en: 'Tigist Auditor admin' });
  });

  it('filters by a case number or an accusation reference, whole and in any case', async () => {
    const [inside, outside] = await server.db.query<{ id: string; case_number: string }>(
      `(SELECT id, case_number FROM case_progress WHERE directorate_id = $1 ORDER BY case_number LIMIT 1)
       UNION ALL (SELECT id, case_number FROM case_progress WHERE directorate_id IS DISTINCT FROM $1 ORDER BY case_number LIMIT 1)`,
      [directorateId],
    );
    const accusation = await one<{ id: string; reference: string }>('SELECT id, reference FROM accusation ORDER BY reference DESC LIMIT 1');
    await record([
      { action: 'take', subjectType: 'case', subjectId: inside.id, caseNumber: inside.case_number, before: { status: 'pending' }, after: { status: 'ongoing' } },
      { action: 'take', subjectType: 'case', subjectId: outside.id, caseNumber: outside.case_number, before: { status: 'pending' }, after: { status: 'ongoing' } },
      { action: 'close', subjectType: 'accusation', subjectId: accusation.id, before: { status: 'under_review' }, after: { status: 'closed' } },
    ]);

    const byCase = await audit(`?subject=${inside.case_number.toLowerCase()}`);
    expect(byCase.entries.map((entry: Json) => [entry.case_number, entry.action])).toEqual([[inside.case_number, 'take']]);
    const byReference = await audit(`?subject=${encodeURIComponent(` ${accusation.reference.toLowerCase()} `)}`);
    expect(byReference.entries.map((entry: Json) => [entry.subject_id, entry.action])).toEqual([[accusation.id, 'close']]);
    // A manager's log keeps to their directorate's cases, whatever the filter asks.
    expect((await audit(`?subject=${inside.case_number}`, manager)).entries).toHaveLength(1);
    expect((await audit(`?subject=${outside.case_number}`, manager)).entries).toEqual([]);
    expect((await audit(`?subject=${accusation.reference}`, manager)).entries).toEqual([]);
  });

  it('filters by a piece of a name in any language, narrowed to a kind of record', async () => {
    const team = await one<{ id: string; name_am: string }>('SELECT id, name_am FROM team LIMIT 1');
    const directorate = await one<{ id: string; name_en: string }>('SELECT id, name_en FROM directorate WHERE id = $1', [directorateId]);
    await record([
      { action: 'save_team', subjectType: 'team', subjectId: team.id, after: { status: 'inactive' } },
      { action: 'save_directorate', subjectType: 'directorate', subjectId: directorate.id, after: { status: 'active' } },
      { action: 'save_staff', subjectType: 'staff', subjectId: adminId, after: { role: 'admin' } },
    ]);

    // Three letters of the team's Amharic name, from its middle.
    const piece = [...team.name_am].slice(1, 4).join('');
    const byAmharic = await audit(`?subject=${encodeURIComponent(piece)}&subject_type=team`);
    expect(byAmharic.entries.length).toBeGreaterThan(0);
    expect(byAmharic.entries.every((entry: Json) => entry.subject_type === 'team')).toBe(true);
    expect(byAmharic.entries[0]).toMatchObject({ subject_id: team.id, action: 'save_team' });

    const byEnglish = await audit(`?subject=${encodeURIComponent(directorate.name_en.slice(0, 6).toUpperCase())}&subject_type=directorate`);
    expect(byEnglish.entries[0]).toMatchObject({ subject_id: directorate.id });
    const byPerson = await audit('?subject=auditor%20ADMIN&subject_type=staff');
    expect(byPerson.entries.map((entry: Json) => entry.subject_id)).toEqual(expect.arrayContaining([adminId]));
    expect(byPerson.entries.every((entry: Json) => entry.subject_id === adminId)).toBe(true);
    // The kind alone: every entry about a team.
    const teams = await audit('?subject_type=team');
    expect(teams.entries.every((entry: Json) => entry.subject_type === 'team')).toBe(true);

    expect((await audit('?subject=%25')).entries).toEqual([]);
    await expectError(await get('/staff_api/audit?subject_type=planet', admin), 400, 'invalidRequest');
  });
});
