import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { customerSees } from '../helpers/customer-view.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signedStaff, type SignedStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();
const SIX = ['en', 'am', 'or', 'tg', 'sm', 'af'];

/**
 * A case's own directorate (issue 24): set at filing from its case request, else the division's
 * first active directorate by English name; changed only by a transfer, which moves nothing else
 * and tells the customer nothing. The staff case page lists the customer's other cases.
 */
describe.each(databases)('a case’s directorate and its transfer on $name', (database) => {
  let server: TestServer;
  let division: string;
  /** Made first, but last by name: the fallback is by name, not by age or id. */
  let zulu: string;
  let alpha: string;
  let closedDown: string;
  /** A directorate of another division: a transfer may cross divisions. */
  let elsewhere: string;
  let routed: string;
  let unrouted: string;
  let customer: string;
  const staff = {} as Record<'zuluOfficer' | 'zuluManager' | 'alphaOfficer' | 'alphaManager' | 'elsewhereManager' | 'admin' | 'archivist', SignedStaff>;
  const { post, get } = jsonCalls(() => server.url);

  const insertId = async (sql: string, params: unknown[]) => (await server.db.query<{ id: string }>(`${sql} RETURNING id`, params))[0].id;
  const directorate = (name: string, status: 'active' | 'inactive', divisionId: string, createdAt: string) => insertId(
    `INSERT INTO directorate (division_id, ${SIX.map((l) => `name_${l}`).join(', ')}, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [divisionId, ...SIX.map((lang) => `${name} ${lang === 'en' ? '' : lang}`.trim()), status, createdAt],
  );
  /** Files a case of this case request as the demo customer, through the API: its id and number. */
  async function file(caseRequest: string): Promise<{ id: string; case_number: string }> {
    const form = new FormData();
    form.append('division', division);
    form.append('caselist', caseRequest);
    form.append('form', '[]');
    const filed = await expectOk(await fetch(`${server.url}/customer_case_api/create_case`, {
      method: 'POST', body: form, headers: { authorization: `Bearer ${customer}` },
    }), 201);
    return { id: filed._id, case_number: filed.case_number };
  }
  const transfer = (who: SignedStaff, caseId: string, body: Json) => post(`/staff_api/cases/${caseId}/transfer`, body, who.token);
  const staffCase = async (who: SignedStaff, caseId: string): Promise<Json> => expectOk(await get(`/staff_api/cases/${caseId}`, who.token));
  const row = async (caseId: string) => (await server.db.query<Json>(
    'SELECT status, version, directorate_id, assigned_to_id, division_id, case_request_id, case_number FROM customer_case WHERE id = $1', [caseId],
  ))[0];
  const queueOf = async (who: SignedStaff) =>
    ((await expectOk(await get('/staff_api/cases?view=open', who.token))).cases as Json[]).map((kase) => kase._id);

  beforeAll(async () => {
    server = await startTestServer(database);
    division = await insertId(
      `INSERT INTO division (${[...SIX.map((l) => `name_${l}`), ...SIX.map((l) => `description_${l}`)].join(', ')}, status, special)
       VALUES (${Array.from({ length: 12 }, (_, i) => `$${i + 1}`).join(', ')}, 'active', 'no')`,
      [...SIX.map((l) => `Transfers ${l}`), ...SIX.map((l) => `Where cases go ${l}`)],
    );
    zulu = await directorate('Zulu Works Directorate', 'active', division, '2020-01-01T00:00:00Z');
    alpha = await directorate('Alpha Works Directorate', 'active', division, '2021-01-01T00:00:00Z');
    // First by name, but closed down: never where a case goes.
    closedDown = await directorate('Aardvark Directorate', 'inactive', division, '2019-01-01T00:00:00Z');
    const [{ id: otherDivision }] = await server.db.query<{ id: string }>(`SELECT id FROM division WHERE id <> $1 ORDER BY created_at LIMIT 1`, [division]);
    elsewhere = await directorate('Elsewhere Directorate', 'active', otherDivision, '2022-01-01T00:00:00Z');
    const request = (directorateId: string | null, name: string) => insertId(
      `INSERT INTO case_request (division_id, directorate_id, status, ${SIX.map((l) => `case_name_${l}`).join(', ')}, position)
       VALUES ($1, $2, 'active', $3, $4, $5, $6, $7, $8, 0)`,
      [division, directorateId, ...SIX.map((l) => `${name} ${l}`)],
    );
    routed = await request(zulu, 'Routed request');
    unrouted = await request(null, 'Unrouted request');
    customer = (await expectOk(await post('/customer_user_api/login_customer_user', DEMO_CUSTOMER))).token;
    [staff.zuluOfficer, staff.zuluManager, staff.alphaOfficer, staff.alphaManager, staff.elsewhereManager, staff.admin, staff.archivist] = await Promise.all([
      signedStaff(server, 'officer', zulu, 'Zeray'), signedStaff(server, 'manager', zulu, 'Zewdu'),
      signedStaff(server, 'officer', alpha, 'Abebe'), signedStaff(server, 'manager', alpha, 'Almaz'),
      signedStaff(server, 'manager', elsewhere, 'Eden'), signedStaff(server, 'admin', null, 'Hana'), signedStaff(server, 'archivist', null, 'Yared'),
    ]);
  });
  afterAll(() => server?.close());

  it('files a case into its case request’s directorate, else the division’s first active directorate by English name', async () => {
    const first = await file(routed);
    const second = await file(unrouted);
    expect((await row(first.id)).directorate_id).toBe(zulu);
    // Zulu is the older one; by name Alpha comes first, and the inactive Aardvark never counts.
    expect((await row(second.id)).directorate_id).toBe(alpha);
    expect(await staffCase(staff.alphaOfficer, second.id)).toMatchObject({ directorate: { _id: alpha, name_en: 'Alpha Works Directorate' } });
    await expectError(await get(`/staff_api/cases/${second.id}`, staff.zuluOfficer.token), 404, 'notFound');
  });

  it('keeps a filed case where it is when the admin routes its case request elsewhere', async () => {
    const kase = await file(unrouted);
    await server.db.query('UPDATE case_request SET directorate_id = $1 WHERE id = $2', [zulu, unrouted]);
    try {
      expect((await row(kase.id)).directorate_id).toBe(alpha);
      expect(await queueOf(staff.alphaOfficer)).toContain(kase.id);
      expect(await queueOf(staff.zuluOfficer)).not.toContain(kase.id);
    } finally {
      await server.db.query('UPDATE case_request SET directorate_id = NULL WHERE id = $1', [unrouted]);
    }
  });

  it('shows the admin each case request’s handling directorate: its own, or the fallback by name', async () => {
    const { divisions } = await expectOk(await get('/staff_api/admin/divisions', staff.admin.token));
    const requests: Json[] = divisions.find((d: Json) => d.id === division).case_requests;
    expect(requests.find((r) => r.id === routed)).toMatchObject({ directorate_id: zulu, handling_directorate_id: zulu });
    expect(requests.find((r) => r.id === unrouted)).toMatchObject({ directorate_id: null, handling_directorate_id: alpha });
  });

  it('transfers an ongoing case to another division’s directorate: only the directorate changes and its officer is cleared', async () => {
    const kase = await file(routed);
    const { version } = await staffCase(staff.zuluOfficer, kase.id);
    await expectOk(await post(`/staff_api/cases/${kase.id}/take`, { version }, staff.zuluOfficer.token));
    const before = await row(kase.id);
    // What the customer is sent about the case (staff alerts of the receiving managers are H4's, not the customer's).
    const customerJobs = () => server.db.query('SELECT id FROM notification_job WHERE case_id = $1 AND customer_id IS NOT NULL ORDER BY id', [kase.id]);
    const jobsBefore = await customerJobs();
    const seenBefore = await customerSees(server.url, customer, kase);

    const moved = await expectOk(await transfer(staff.zuluManager, kase.id, {
      directorate_id: elsewhere, reason: '  A lease question, not a works one.  ', version: before.version,
    }));
    expect(moved).toMatchObject({ status: 'ongoing', Message_en: 'The case was transferred to the chosen directorate.' });
    expect(await row(kase.id)).toEqual({ ...before, directorate_id: elsewhere, assigned_to_id: null, version: before.version + 1 });

    // The old directorate's staff no longer see it; the new one's manager has it in the queue.
    await expectError(await get(`/staff_api/cases/${kase.id}`, staff.zuluOfficer.token), 404, 'notFound');
    await expectError(await get(`/staff_api/cases/${kase.id}`, staff.zuluManager.token), 404, 'notFound');
    expect(await queueOf(staff.elsewhereManager)).toContain(kase.id);
    const read = await staffCase(staff.elsewhereManager, kase.id);
    expect(read).toMatchObject({ status: 'ongoing', case_number: kase.case_number, assigned_to: null, directorate: { _id: elsewhere } });
    expect(read.history.at(-1)).toMatchObject({
      action: 'transfer', from: 'ongoing', to: 'ongoing', note: 'A lease question, not a works one.', by: { _id: staff.zuluManager.id },
      transfer: { from: { _id: zulu, name_en: 'Zulu Works Directorate' }, to: { _id: elsewhere, name_en: 'Elsewhere Directorate' } },
    });

    // Audited with both directorates' ids, never the reason.
    const [audit] = await server.db.query<Json>(
      `SELECT actor_id, before, after FROM audit_entry WHERE subject_type = 'case' AND subject_id = $1 AND action = 'transfer'`, [kase.id],
    );
    expect(audit).toMatchObject({ actor_id: staff.zuluManager.id, before: { status: 'ongoing', directorate: zulu }, after: { status: 'ongoing', directorate: elsewhere } });
    expect(JSON.stringify(audit)).not.toContain('lease question');

    // The customer is not told and sees nothing new: same number, division, request and history.
    expect(await customerJobs()).toEqual(jobsBefore);
    const seenAfter = await customerSees(server.url, customer, kase);
    expect(seenAfter.includes('Elsewhere'), 'the new directorate, shown to the customer').toBe(false);
    expect(seenAfter === seenBefore, 'what the customer sees of the case changed').toBe(true);
  });

  it('lets an admin transfer a pending case of any directorate', async () => {
    const kase = await file(unrouted);
    await expectOk(await transfer(staff.admin, kase.id, { directorate_id: zulu, reason: 'Works, not lease.' }));
    expect(await row(kase.id)).toMatchObject({ status: 'pending', directorate_id: zulu });
    expect(await queueOf(staff.zuluOfficer)).toContain(kase.id);
  });

  it('refuses a transfer by the wrong person, to the wrong place, without a reason, of a changed or closed case', async () => {
    const kase = await file(routed);
    const unchanged = await row(kase.id);
    const good = { directorate_id: alpha, reason: 'Misrouted.' };
    // An officer's session does not open the call; a manager of another directorate does not see the case.
    await expectError(await transfer(staff.zuluOfficer, kase.id, good), 401, 'sessionInvalid');
    await expectError(await transfer(staff.alphaManager, kase.id, good), 404, 'notFound');
    await expectError(await transfer(staff.zuluManager, kase.id, { ...good, directorate_id: zulu }), 400, 'transferToSameDirectorate');
    await expectError(await transfer(staff.zuluManager, kase.id, { ...good, directorate_id: closedDown }), 404, 'directorateNotFound');
    await expectError(await transfer(staff.zuluManager, kase.id, { ...good, directorate_id: randomUUID() }), 404, 'directorateNotFound');
    for (const reason of ['', '   ', 'x'.repeat(5001)]) expect((await transfer(staff.zuluManager, kase.id, { ...good, reason })).status).toBe(400);
    await expectError(await transfer(staff.zuluManager, kase.id, { ...good, version: unchanged.version + 1 }), 409, 'caseChangedMeanwhile');
    await expectError(await transfer(staff.zuluManager, randomUUID(), good), 404, 'notFound');
    expect(await row(kase.id)).toEqual(unchanged);

    // Answered and closed cases stay where they were answered.
    await server.db.query(`UPDATE customer_case SET status = 'responded', responded_by_id = $2 WHERE id = $1`, [kase.id, staff.zuluOfficer.id]);
    await expectError(await transfer(staff.zuluManager, kase.id, good), 409, 'caseMoveNotAllowed');
    await server.db.query(`UPDATE customer_case SET status = 'rejected', rejected_date = now() WHERE id = $1`, [kase.id]);
    await expectError(await transfer(staff.admin, kase.id, good), 409, 'caseMoveNotAllowed');
    expect((await row(kase.id)).directorate_id).toBe(zulu);
  });

  it('lists the customer’s other cases on the staff case page, linked only where the reader may open them', async () => {
    const mine = await file(routed);
    const theirs = await file(unrouted);
    const closed = await file(routed);
    await server.db.query(`UPDATE customer_case SET status = 'rejected', rejected_date = now() WHERE id = $1`, [closed.id]);
    const listed = (await staffCase(staff.zuluOfficer, mine.id)).customer_cases as Json[];
    const entry = (id: string) => listed.find((kase) => kase._id === id);
    expect(listed.some((kase) => kase._id === mine.id)).toBe(false);
    expect(entry(theirs.id)).toMatchObject({ case_number: theirs.case_number, status: 'pending', open: false, caselist: { case_name_en: 'Unrouted request en' } });
    expect(entry(closed.id)).toMatchObject({ status: 'rejected', open: true });
    expect(entry(closed.id)!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The demo customer's older cases are there too, newest first.
    expect(listed.length).toBeGreaterThan(3);
    expect(listed.map((kase) => kase.createdAt)).toEqual(listed.map((kase) => kase.createdAt).toSorted().reverse());
    // An archivist opens the closed ones of any directorate, and no open one.
    const forArchive = (await staffCase(staff.archivist, closed.id)).customer_cases as Json[];
    expect(forArchive.find((kase) => kase._id === theirs.id)).toMatchObject({ open: false });
    expect(forArchive.filter((kase) => kase.open).every((kase) => ['verified', 'rejected', 'archived'].includes(kase.status))).toBe(true);
  });
});
