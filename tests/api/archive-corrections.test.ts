import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import type { StaffRole } from '../../server/auth/tokens.ts';
import { BULK_CASES_MAX, REFILE_REASON_MAX } from '../../server/contract/constants.ts';
import { testDatabases } from '../helpers/databases.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { expectError, expectMessages, expectOk, type Json } from '../helpers/expect-api.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

/**
 * Issue 24, the archive's side: an archivist files several closed cases under one category
 * at once (each its own move), corrects a filing within 30 days of it, with a reason (review
 * defect 9), and an empty category name is refused in words.
 */
const databases = await testDatabases();
const PASSWORD = 'Staff12345';
const DAY = 24 * 60 * 60 * 1000;

describe.each(databases)('bulk filing and archive corrections on $name', (database) => {
  let server: TestServer;
  let now = Date.now();
  let passwordHash: string;
  const { post, get } = jsonCalls(() => server.url);

  /** A new staff user of that role (and directorate), signed in: their token and id. */
  async function staff(role: StaffRole, directorate: string | null = null) {
    const email = `${role}-${randomUUID()}@portal.test`;
    const id = await addStaff(server.db, {
      email, password_hash: passwordHash, firstname: 'Almaz', middlename: '', lastname: 'Bekele', role, directorate_id: directorate,
    }, new Date(now - 1000));
    return { token: await staffSignIn(server.url, { email, password: PASSWORD }, { clock: () => now }), id, email };
  }
  /** The same person signed in again, after the clock has moved past their session. */
  const signedInAgain = async (person: { email: string }) => staffSignIn(server.url, { email: person.email, password: PASSWORD }, { clock: () => now });
  const caseRow = async (id: string) =>
    (await server.db.query<Json>('SELECT status, version, archival_category_id, archived_date, archived_by_id FROM customer_case WHERE id = $1', [id]))[0];
  const historyOf = (id: string) =>
    server.db.query<Json>(
      'SELECT action, from_status, status, actor_id, note FROM case_history WHERE case_id = $1 AND actor_id IS NOT NULL ORDER BY changed_at, id', [id],
    );
  const auditOf = (id: string) =>
    server.db.query<Json>(`SELECT action, actor_id, before, after FROM audit_entry WHERE subject_type = 'case' AND subject_id = $1 ORDER BY id`, [id]);
  /** The demo's cases in this state (of this customer, when named), not yet used by another test here, oldest first. */
  const used = new Set<string>();
  async function casesIn(status: string, count: number, customerEmail?: string) {
    const rows = await server.db.query<{ id: string; directorate_id: string }>(
      `SELECT c.id, c.directorate_id FROM customer_case c JOIN customer_user u ON u.id = c.customer_id
       WHERE c.status = $1 AND ($2::text IS NULL OR u.email = $2) ORDER BY c.created_at DESC`, [status, customerEmail ?? null],
    );
    const fresh = rows.filter((row) => !used.has(row.id)).slice(0, count);
    expect(fresh).toHaveLength(count);
    for (const row of fresh) used.add(row.id);
    return fresh;
  }
  const category = async (name: string, token: string, status: 'active' | 'inactive' = 'active') =>
    (await expectOk(await post('/staff_api/archive/categories', { name: `${name} ${randomUUID().slice(0, 8)}`, status }, token))) as Json;

  beforeAll(async () => {
    server = await startTestServer(database, { clock: () => now });
    passwordHash = await hash(PASSWORD);
  });
  afterAll(() => server?.close());

  it('files several closed cases under one category, each as its own move, with one result per case in the order given', async () => {
    const archivist = await staff('archivist');
    const answered = await category('Answered', archivist.token);
    const [first, second] = await casesIn('verified', 2);
    const [refused] = await casesIn('rejected', 1);
    const [open] = await casesIn('pending', 1);
    const bulk = (body: unknown, token = archivist.token) => post('/staff_api/cases/bulk/archive', body, token);

    // The one already filed answers as its single filing would: 409, and the others go on.
    now += 60_000;
    await expectOk(await post(`/staff_api/cases/${refused.id}/archive`, { category: answered._id }, archivist.token));
    const unknown = randomUUID();
    now += 60_000;
    const answer = await expectOk(await bulk({ case_ids: [second.id, open.id, refused.id, unknown, first.id], category: answered._id }));
    expect(answer).toEqual({
      results: [
        { id: second.id, ok: true },
        { id: open.id, ok: false, code: 'notFound' },
        { id: refused.id, ok: false, code: 'caseMoveNotAllowed' },
        { id: unknown, ok: false, code: 'notFound' },
        { id: first.id, ok: true },
      ],
    });
    for (const { id } of [first, second]) {
      expect(await caseRow(id)).toMatchObject({ status: 'archived', archival_category_id: answered._id, archived_by_id: archivist.id });
      expect(new Date((await caseRow(id)).archived_date).getTime()).toBe(now);
      expect(await historyOf(id)).toContainEqual({ action: 'archive', from_status: 'verified', status: 'archived', actor_id: archivist.id, note: null });
      expect((await auditOf(id)).filter((entry) => entry.action === 'archive')).toEqual([
        { action: 'archive', actor_id: archivist.id, before: { status: 'verified' }, after: { status: 'archived', archival_category: answered._id } },
      ]);
    }
    expect((await caseRow(open.id)).status).toBe('pending');
    expect((await historyOf(refused.id)).filter((entry) => entry.action === 'archive')).toHaveLength(1);

    // A category no case may go under refuses each case, with the code the single filing answers.
    const [third] = await casesIn('verified', 1);
    const retired = await category('Retired', archivist.token, 'inactive');
    expect(await expectOk(await bulk({ case_ids: [third.id], category: retired._id }))).toEqual({
      results: [{ id: third.id, ok: false, code: 'archivalCategoryNotFound' }],
    });
    expect((await caseRow(third.id)).status).toBe('verified');
    // At most BULK_CASES_MAX cases, at least one; archivists and admins only.
    await expectError(await bulk({ case_ids: Array.from({ length: BULK_CASES_MAX + 1 }, () => randomUUID()), category: answered._id }), 400, 'invalidRequest');
    await expectError(await bulk({ case_ids: [], category: answered._id }), 400, 'invalidRequest');
    await expectError(await bulk({ case_ids: [third.id] }), 400, 'invalidRequest');
    await expectError(await bulk({ case_ids: [third.id], category: answered._id }, (await staff('manager', third.directorate_id)).token), 401, 'sessionInvalid');
    const admin = await staff('admin');
    expect(await expectOk(await bulk({ case_ids: [third.id], category: answered._id }, admin.token))).toEqual({ results: [{ id: third.id, ok: true }] });
  });

  it('moves a filed case to another active category within 30 days of its filing, with a reason in its history and the categories in the audit', async () => {
    const archivist = await staff('archivist');
    const wrong = await category('Rejected 2019', archivist.token);
    const right = await category('Answered 2019', archivist.token);
    const retired = await category('Old', archivist.token, 'inactive');
    const [kase] = await casesIn('verified', 1, DEMO_CUSTOMER.email);
    const [stillOpen] = await casesIn('verified', 1);
    const refile = (body: Json, token = archivist.token, id = kase.id) => post(`/staff_api/cases/${id}/refile`, body, token);
    const reason = 'Filed under the rejected cases by mistake: it was approved.';

    // Only a filed case is refiled.
    await expectError(await refile({ category: right._id, reason }, archivist.token, stillOpen.id), 409, 'caseMoveNotAllowed');
    now += 60_000;
    const filedAt = now;
    await expectOk(await post(`/staff_api/cases/${kase.id}/archive`, { category: wrong._id }, archivist.token));
    const filed = { row: await caseRow(kase.id), history: await historyOf(kase.id), audit: await auditOf(kase.id) };

    // Each refusal changes nothing.
    await expectError(await refile({ category: wrong._id, reason }), 400, 'refileSameCategory');
    await expectError(await refile({ category: right._id, reason: '   ' }), 400, 'refileReasonRequired');
    await expectError(await refile({ category: right._id, reason: '' }), 400, 'invalidRequest');
    await expectError(await refile({ category: right._id, reason: 'x'.repeat(REFILE_REASON_MAX + 1) }), 400, 'invalidRequest');
    await expectError(await refile({ category: right._id }), 400, 'invalidRequest');
    await expectError(await refile({ category: retired._id, reason }), 404, 'archivalCategoryNotFound');
    await expectError(await refile({ category: randomUUID(), reason }), 404, 'archivalCategoryNotFound');
    await expectError(await refile({ category: right._id, reason }, (await staff('manager', kase.directorate_id)).token), 401, 'sessionInvalid');
    await expectError(await refile({ category: right._id, reason }, (await staff('officer', kase.directorate_id)).token), 401, 'sessionInvalid');
    await expectError(await refile({ category: right._id, reason }, archivist.token, randomUUID()), 404, 'notFound');
    expect({ row: await caseRow(kase.id), history: await historyOf(kase.id), audit: await auditOf(kase.id) }).toEqual(filed);

    // The staff page is told until when; the archivist moves it on the 29th day.
    const read = await expectOk(await get(`/staff_api/cases/${kase.id}`, archivist.token));
    expect(read.archive.refile_until).toBe(new Date(filedAt + 30 * DAY).toISOString());
    now = filedAt + 29 * DAY;
    archivist.token = await signedInAgain(archivist);
    const moved = await expectOk(await refile({ category: right._id, reason: `  ${reason} ` }, archivist.token));
    expectMessages(moved);
    expect(moved.status).toBe('archived');
    // Still archived on its filing day, by its archivist: the window never grows.
    expect(await caseRow(kase.id)).toEqual({ ...filed.row, version: filed.row.version + 1, archival_category_id: right._id });
    expect((await historyOf(kase.id)).at(-1)).toEqual({ action: 'refile', from_status: 'archived', status: 'archived', actor_id: archivist.id, note: reason });
    const audit = (await auditOf(kase.id)).at(-1)!;
    expect(audit).toEqual({
      action: 'refile', actor_id: archivist.id,
      before: { status: 'archived', archival_category: wrong._id }, after: { status: 'archived', archival_category: right._id },
    });
    expect(JSON.stringify(audit)).not.toContain('mistake');
    const reread = await expectOk(await get(`/staff_api/cases/${kase.id}`, archivist.token));
    expect(reread.archive).toMatchObject({ category: { _id: right._id }, archived_date: new Date(filedAt).toISOString(), refile_until: read.archive.refile_until });
    expect(reread.history.at(-1)).toMatchObject({ action: 'refile', from: 'archived', to: 'archived', note: reason, by: { _id: archivist.id } });

    // An admin may correct it too, while the window is open; at its end nobody may.
    const admin = await staff('admin');
    expect((await expectOk(await refile({ category: wrong._id, reason: 'Back again.' }, admin.token))).status).toBe('archived');
    now = filedAt + 30 * DAY;
    archivist.token = await signedInAgain(archivist);
    admin.token = await signedInAgain(admin);
    const closed = { row: await caseRow(kase.id), history: await historyOf(kase.id) };
    await expectError(await refile({ category: right._id, reason }, archivist.token), 409, 'refileWindowClosed');
    await expectError(await refile({ category: right._id, reason }, admin.token), 409, 'refileWindowClosed');
    expect({ row: await caseRow(kase.id), history: await historyOf(kase.id) }).toEqual(closed);

    // The customer never sees the archive's corrections: the verdict stays their last entry.
    const customer = (await expectOk(await post('/customer_user_api/login_customer_user', DEMO_CUSTOMER))).token as string;
    const history: Json[] = await expectOk(await get('/customer_case_history_api/get_case_history', customer));
    expect(history.filter((entry) => entry.case._id === kase.id).map((entry) => entry.status)[0]).toBe('verified');
    expect((await expectOk(await get(`/customer_case_api/get_case_by_id/${kase.id}`, customer))).status).toBe('verified');
  });

  it('refuses an empty archival category name with a message of its own, new or renamed', async () => {
    const archivist = await staff('archivist');
    const kept = await category('Kept', archivist.token);
    for (const name of ['', '   ']) {
      await expectError(await post('/staff_api/archive/categories', { name }, archivist.token), 400, 'archivalCategoryNameRequired');
      await expectError(await post('/staff_api/archive/categories', { _id: kept._id, name }, archivist.token), 400, 'archivalCategoryNameRequired');
    }
    const listed: Json[] = await expectOk(await get('/staff_api/archive/categories', archivist.token));
    expect(listed.find((each) => each._id === kept._id)!.name).toBe(kept.name);
    expect(listed.map((each) => each.name.trim())).not.toContain('');
  });
});
