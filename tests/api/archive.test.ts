import { randomUUID } from 'node:crypto';
import { jsonCalls } from '../helpers/json-calls.ts';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import type { StaffRole } from '../../server/auth/tokens.ts';
import { addisDay } from '../../server/casework/due-dates.ts';
import { testDatabases } from '../helpers/databases.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { expectError, expectMessages, expectOk, type Json } from '../helpers/expect-api.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

/**
 * Issue 15 and 16, the rest of a case's life on the staff side: managers assign cases to
 * officers, archivists file closed cases under archival categories and search them,
 * the queue's filters, lateness judged at the app's clock everywhere it is read, and an
 * audit entry for every move.
 */
const databases = await testDatabases();
const PASSWORD = 'Staff12345';
/** The directorate a case's queue is in: its own (migration 022). */
const DIRECTORATE_OF = 'c.directorate_id';

describe.each(databases)('assigning, archiving and lateness on $name', (database) => {
  let server: TestServer;
  let now = Date.now();
  let passwordHash: string;
  let otherDirectorate: string;

  /** A new staff user of that role and directorate, signed in: their token and id. */
  async function staff(role: StaffRole, directorate: string | null, names = { firstname: 'Abebe', lastname: 'Kebede' }) {
    const email = `${role}-${randomUUID()}@portal.test`;
    const id = await addStaff(server.db, {
      email, password_hash: passwordHash, middlename: '', ...names, role, directorate_id: directorate,
    }, new Date(now - 1000));
    const token = await staffSignIn(server.url, { email, password: PASSWORD }, { clock: () => now });
    return { token: token as string, id };
  }
  const { post, get } = jsonCalls(() => server.url);
  const caseRow = async (id: string) =>
    (await server.db.query<Json>(
      `SELECT status, version, assigned_to_id, ongoing_date, archival_category_id, archived_date, archived_by_id
       FROM customer_case WHERE id = $1`, [id],
    ))[0];
  const historyOf = (id: string) =>
    server.db.query<Json>(
      'SELECT action, from_status, status, actor_id, assigned_to_id FROM case_history WHERE case_id = $1 AND actor_id IS NOT NULL ORDER BY changed_at, id', [id],
    );
  const auditOf = (id: string) =>
    server.db.query<Json>(`SELECT action, actor_id, actor_role, case_number, before, after FROM audit_entry WHERE subject_type = 'case' AND subject_id = $1 ORDER BY id`, [id]);
  /** The demo's cases in a state, each with its directorate, oldest first. */
  const casesIn = (status: string) =>
    server.db.query<{ id: string; case_number: string; directorate: string; customer_id: string }>(
      `SELECT c.id, c.case_number, c.customer_id, ${DIRECTORATE_OF} AS directorate FROM customer_case c WHERE c.status = $1 ORDER BY c.created_at`, [status],
    );
  const customerToken = async () => (await expectOk(await post('/customer_user_api/login_customer_user', DEMO_CUSTOMER))).token as string;

  beforeAll(async () => {
    server = await startTestServer(database, { clock: () => now });
    passwordHash = await hash(PASSWORD);
    const [{ id }] = await server.db.query<{ id: string }>(
      `SELECT d.id FROM directorate d WHERE d.id NOT IN (SELECT ${DIRECTORATE_OF} FROM customer_case c WHERE c.status = 'pending') LIMIT 1`,
    );
    otherDirectorate = id;
  });
  afterAll(() => server?.close());

  it('lets a manager assign a pending case to an officer of the directorate, and hand it to another', async () => {
    const [target] = await casesIn('pending');
    const manager = await staff('manager', target.directorate);
    const first = await staff('officer', target.directorate, { firstname: 'Selam', lastname: 'Tesfaye' });
    const second = await staff('officer', target.directorate, { firstname: 'Yonas', lastname: 'Alemu' });
    const assign = (officer: string, token = manager.token, id = target.id) => post(`/staff_api/cases/${id}/assign`, { officer }, token);

    // Nobody outside the directorate's active officers can be given the case.
    const stranger = await staff('officer', otherDirectorate);
    const colleague = await staff('manager', target.directorate);
    const inactive = await staff('officer', target.directorate);
    await server.db.query(`UPDATE staff_user SET status = 'inactive' WHERE id = $1`, [inactive.id]);
    const before = { row: await caseRow(target.id), history: await historyOf(target.id) };
    for (const officer of [stranger.id, colleague.id, inactive.id, randomUUID()]) await expectError(await assign(officer), 404, 'officerNotFound');
    await expectError(await post(`/staff_api/cases/${target.id}/assign`, {}, manager.token), 400, 'invalidRequest');
    // Only managers assign; a manager of another directorate does not see the case.
    await expectError(await assign(first.id, first.token), 401, 'sessionInvalid');
    await expectError(await assign(first.id, (await staff('manager', otherDirectorate)).token), 404, 'notFound');
    await expectError(await assign(first.id, (await staff('archivist', null)).token), 401, 'sessionInvalid');
    expect({ row: await caseRow(target.id), history: await historyOf(target.id) }).toEqual(before);

    now += 60_000;
    const assigned = await expectOk(await assign(first.id));
    expectMessages(assigned);
    expect(assigned.status).toBe('ongoing');
    expect(await caseRow(target.id)).toMatchObject({ status: 'ongoing', version: before.row.version + 1, assigned_to_id: first.id });
    expect(new Date((await caseRow(target.id)).ongoing_date).getTime()).toBe(now);
    now += 60_000;
    expect((await expectOk(await assign(second.id))).status).toBe('ongoing');
    expect(await historyOf(target.id)).toEqual([
      { action: 'assign', from_status: 'pending', status: 'ongoing', actor_id: manager.id, assigned_to_id: first.id },
      { action: 'assign', from_status: 'ongoing', status: 'ongoing', actor_id: manager.id, assigned_to_id: second.id },
    ]);
    // Handing it on keeps the day processing started.
    expect(new Date((await caseRow(target.id)).ongoing_date).getTime()).toBe(now - 60_000);

    // The officers a manager may choose from, with the cases each holds.
    const officers: Json[] = await expectOk(await get('/staff_api/officers', manager.token));
    expect(officers.map((officer) => officer._id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(officers.map((officer) => officer._id)).not.toContain(stranger.id);
    expect(officers.map((officer) => officer._id)).not.toContain(inactive.id);
    expect(officers.map((officer) => officer._id)).not.toContain(colleague.id);
    expect(officers.find((officer) => officer._id === second.id)).toEqual({ _id: second.id, firstname: 'Yonas', middlename: '', lastname: 'Alemu', openCases: 1 });
    expect(officers.find((officer) => officer._id === first.id)!.openCases).toBe(0);
    await expectError(await get('/staff_api/officers', first.token), 401, 'sessionInvalid');
    await expectError(await get('/staff_api/officers', await customerToken()), 401, 'sessionInvalid');

    // The staff read shows the officer on the case and whom each assignment went to.
    const read = await expectOk(await get(`/staff_api/cases/${target.id}`, second.token));
    expect(read.assigned_to).toEqual({ _id: second.id, firstname: 'Yonas', middlename: '', lastname: 'Alemu' });
    expect(read.history.filter((entry: Json) => entry.action === 'assign').map((entry: Json) => entry.assigned_to._id)).toEqual([first.id, second.id]);

    // A responded case is not handed around: 409, nothing changed.
    const [responded] = await casesIn('responded');
    const itsManager = await staff('manager', responded.directorate);
    const itsOfficer = await staff('officer', responded.directorate);
    const unchanged = { row: await caseRow(responded.id), history: await historyOf(responded.id) };
    await expectError(await assign(itsOfficer.id, itsManager.token, responded.id), 409, 'caseMoveNotAllowed');
    expect({ row: await caseRow(responded.id), history: await historyOf(responded.id) }).toEqual(unchanged);
  });

  it('filters the queue by the cases assigned to me and by case number, phone or name, naming request, customer and officer', async () => {
    const [, target] = await casesIn('pending');
    const manager = await staff('manager', target.directorate);
    const officer = await staff('officer', target.directorate, { firstname: 'Meseret', lastname: 'Haile' });
    await expectOk(await post(`/staff_api/cases/${target.id}/assign`, { officer: officer.id }, manager.token));
    const queue = async (token: string, query: string) => (await expectOk(await get(`/staff_api/cases?${query}`, token))).cases as Json[];

    const mine = await queue(officer.token, 'mine=yes');
    expect(mine.map((entry) => entry._id)).toEqual([target.id]);
    const [entry] = mine;
    expect(entry.assigned_to).toEqual({ _id: officer.id, firstname: 'Meseret', middlename: '', lastname: 'Haile' });
    const [customer] = await server.db.query<Json>('SELECT firstname, middlename, lastname, phone FROM customer_user WHERE id = $1', [target.customer_id]);
    expect(entry.customer).toEqual(customer);
    const [request] = await server.db.query<Json>(
      'SELECT r.id, r.case_name_en, r.case_name_am FROM case_request r JOIN customer_case c ON c.case_request_id = r.id WHERE c.id = $1', [target.id],
    );
    expect(entry.caselist).toMatchObject({ _id: request.id, case_name_en: request.case_name_en, case_name_am: request.case_name_am });
    expect(entry).toMatchObject({ case_number: target.case_number, status: 'ongoing', late: 'no' });
    expect(entry.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await queue(manager.token, 'mine=yes')).toEqual([]);

    const ids = async (q: string) => (await queue(manager.token, `q=${encodeURIComponent(q)}`)).map((row) => row._id);
    expect(await ids(target.case_number.slice(-6))).toEqual([target.id]);
    expect(await ids(customer.phone.slice(-7))).toContain(target.id);
    expect(await ids(`${customer.firstname} ${customer.middlename}`.trim().toLowerCase())).toContain(target.id);
    expect(await ids('no such customer anywhere')).toEqual([]);
    // Only the directorate's own queue, whatever is searched.
    expect(await queue((await staff('officer', otherDirectorate)).token, `q=${target.case_number}`)).toEqual([]);
  });

  it('lets archivists and admins keep archival categories: unique names, renamed and retired, each save audited', async () => {
    const archivist = await staff('archivist', null);
    const admin = await staff('admin', null);
    const save = (body: Json, token = archivist.token) => post('/staff_api/archive/categories', body, token);

    const created = await expectOk(await save({ name: '  Property transfers 2026  ' }));
    expectMessages(created);
    expect(created).toMatchObject({ name: 'Property transfers 2026', status: 'active', created_by: { _id: archivist.id, firstname: 'Abebe' } });
    await expectError(await save({ name: 'property TRANSFERS 2026' }, admin.token), 409, 'archivalCategoryNameTaken');
    await expectError(await save({ name: '   ' }), 400, 'archivalCategoryNameRequired');
    await expectError(await save({}), 400, 'invalidRequest');
    await expectError(await save({ _id: randomUUID(), name: 'Nothing' }), 404, 'archivalCategoryNotFound');
    const renamed = await expectOk(await save({ _id: created._id, name: 'Transfers', status: 'inactive' }, admin.token));
    expect(renamed).toMatchObject({ _id: created._id, name: 'Transfers', status: 'inactive', created_by: { _id: archivist.id } });

    const listed: Json[] = await expectOk(await get('/staff_api/archive/categories', admin.token));
    expect(listed.find((category) => category._id === created._id)).toMatchObject({ name: 'Transfers', status: 'inactive' });
    for (const role of ['officer', 'manager', 'accusation_acceptor'] as const) {
      const { token } = await staff(role, role === 'accusation_acceptor' ? null : otherDirectorate);
      await expectError(await get('/staff_api/archive/categories', token), 401, 'sessionInvalid');
      await expectError(await save({ name: `By a ${role}` }, token), 401, 'sessionInvalid');
    }
    const audit = await server.db.query<Json>(
      `SELECT actor_id, action, before, after FROM audit_entry WHERE subject_type = 'archival_category' AND subject_id = $1 ORDER BY id`, [created._id],
    );
    expect(audit).toEqual([
      { actor_id: archivist.id, action: 'save_archival_category', before: null, after: { name: 'Property transfers 2026', status: 'active' } },
      { actor_id: admin.id, action: 'save_archival_category', before: { name: 'Property transfers 2026', status: 'active' }, after: { name: 'Transfers', status: 'inactive' } },
    ]);
  });

  it("gives archivists and admins a worklist of every directorate's closed cases still to be filed", async () => {
    const archivist = await staff('archivist', null);
    const admin = await staff('admin', null);
    /** Every case number of the worklist, page after page. */
    const worklist = async (token: string, query = '') => {
      const numbers: string[] = [];
      for (let page = 1; ; page++) {
        const answer = await expectOk(await get(`/staff_api/cases?page=${page}${query}`, token));
        numbers.push(...answer.cases.map((row: Json) => row.case_number as string));
        expect(answer.cases.every((row: Json) => query.includes(row.status) || ['verified', 'rejected'].includes(row.status))).toBe(true);
        if (page >= answer.totalPages) return numbers.sort();
      }
    };
    const inSql = async (statuses: string[]) =>
      (await server.db.query<{ case_number: string }>('SELECT case_number FROM customer_case WHERE status = ANY($1::text[]) ORDER BY case_number', [statuses]))
        .map((row) => row.case_number).sort();
    const waiting = await inSql(['verified', 'rejected']);
    // The demo has answered and rejected cases in more than one directorate.
    expect(waiting.length).toBeGreaterThan(1);
    expect(await worklist(archivist.token)).toEqual(waiting);
    expect(await worklist(admin.token)).toEqual(waiting);
    expect(await worklist(archivist.token, '&status=rejected')).toEqual(await inSql(['rejected']));
    // An open case is never the archive's, whatever is asked.
    expect(await worklist(archivist.token, '&status=pending')).toEqual([]);
    // An ethics user and a customer have no queue.
    await expectError(await get('/staff_api/cases', (await staff('accusation_acceptor', null)).token), 401, 'sessionInvalid');
    await expectError(await get('/staff_api/cases', await customerToken()), 401, 'sessionInvalid');
  });

  it('files verified and rejected cases of any directorate in the archive, read-only; the customer still sees the verdict', async () => {
    const archivist = await staff('archivist', null);
    const category = await expectOk(await post('/staff_api/archive/categories', { name: `Answered ${database.name}` }, archivist.token));
    const retired = await expectOk(await post('/staff_api/archive/categories', { name: `Retired ${database.name}`, status: 'inactive' }, archivist.token));
    // An unrated answered case of the demo customer, so rating it after archiving is telling.
    const rated = new Set((await server.db.query<{ case_id: string }>('SELECT case_id FROM case_rating')).map((row) => row.case_id));
    const [owner] = await server.db.query<{ id: string }>('SELECT id FROM customer_user WHERE email = $1', [DEMO_CUSTOMER.email]);
    const verified = (await casesIn('verified')).find((row) => !rated.has(row.id) && row.customer_id === owner.id)!;
    const rejected = (await casesIn('rejected')).find((row) => row.customer_id === owner.id)!;
    const [pending] = await casesIn('pending');
    const archive = (id: string, body: unknown, token = archivist.token) => post(`/staff_api/cases/${id}/archive`, body, token);

    const before = { row: await caseRow(verified.id), history: await historyOf(verified.id) };
    await expectError(await archive(verified.id, {}), 400, 'invalidRequest');
    await expectError(await archive(verified.id, { category: 'not-an-id' }), 400, 'invalidRequest');
    await expectError(await archive(verified.id, { category: randomUUID() }), 404, 'archivalCategoryNotFound');
    await expectError(await archive(verified.id, { category: retired._id }), 404, 'archivalCategoryNotFound');
    // Officers and managers, even of the case's directorate, do not archive; a customer neither.
    await expectError(await archive(verified.id, { category: category._id }, (await staff('officer', verified.directorate)).token), 401, 'sessionInvalid');
    await expectError(await archive(verified.id, { category: category._id }, (await staff('manager', verified.directorate)).token), 401, 'sessionInvalid');
    await expectError(await archive(verified.id, { category: category._id }, await customerToken()), 401, 'sessionInvalid');
    // An open case is not the archive's: it does not exist for an archivist.
    await expectError(await archive(pending.id, { category: category._id }), 404, 'notFound');
    await expectError(await get(`/staff_api/cases/${pending.id}`, archivist.token), 404, 'notFound');
    expect({ row: await caseRow(verified.id), history: await historyOf(verified.id) }).toEqual(before);

    now += 60_000;
    const archived = await expectOk(await archive(verified.id, { category: category._id }));
    expectMessages(archived);
    expect(archived.status).toBe('archived');
    expect(await caseRow(verified.id)).toMatchObject({ status: 'archived', archival_category_id: category._id, archived_by_id: archivist.id });
    expect(new Date((await caseRow(verified.id)).archived_date).getTime()).toBe(now);
    const admin = await staff('admin', null);
    expect((await expectOk(await archive(rejected.id, { category: category._id }, admin.token))).status).toBe('archived');

    // Read-only from now on: nothing moves it, not even another archiving.
    const frozen = { row: await caseRow(verified.id), history: await historyOf(verified.id) };
    await expectError(await archive(verified.id, { category: category._id }), 409, 'caseMoveNotAllowed');
    const manager = await staff('manager', verified.directorate);
    await expectError(await post(`/staff_api/cases/${verified.id}/reject`, { rejection_justification: 'Late.' }, manager.token), 409, 'caseMoveNotAllowed');
    await expectError(await post(`/staff_api/cases/${verified.id}/take`, undefined, manager.token), 409, 'caseMoveNotAllowed');
    expect({ row: await caseRow(verified.id), history: await historyOf(verified.id) }).toEqual(frozen);

    // Staff read it with its archive; the archivist whatever the directorate.
    const forArchivist = await expectOk(await get(`/staff_api/cases/${verified.id}`, archivist.token));
    expect(forArchivist).toMatchObject({
      status: 'archived',
      archive: { category: { _id: category._id, name: category.name }, archived_by: { _id: archivist.id }, archived_date: new Date(now).toISOString() },
    });
    expect(forArchivist.history.at(-1)).toMatchObject({ action: 'archive', from: 'verified', to: 'archived', by: { _id: archivist.id, role: 'archivist' } });
    expect((await expectOk(await get(`/staff_api/cases/${verified.id}`, manager.token))).status).toBe('archived');

    // The customer sees the answer as before: SPEC has no "archived" for them.
    const customer = await customerToken();
    expect((await expectOk(await get(`/customer_case_api/get_case_by_id/${verified.id}`, customer))).status).toBe('verified');
    expect((await expectOk(await post('/customer_case_api/get_case_by_casenum', { casenum: verified.case_number }))).status).toBe('verified');
    const list: Json[] = (await expectOk(await get('/customer_case_api/get_case?status=verified', customer))).cases;
    expect(list.map((row) => row._id)).toContain(verified.id);
    const history: Json[] = await expectOk(await get('/customer_case_history_api/get_case_history', customer));
    expect(history.filter((entry) => entry.case._id === verified.id).map((entry) => entry.status)).not.toContain('archived');
    // An answered case can still be rated once archived; a rejected one still cannot.
    expect((await post('/div_rate/create_custrate', { rateNum: 5, rateCase: verified.id }, customer)).status).toBe(201);
    await expectError(await post('/div_rate/create_custrate', { rateNum: 5, rateCase: rejected.id }, customer), 400, 'ratingNotAllowed');
    expect((await expectOk(await get(`/customer_case_api/get_case_by_id/${rejected.id}`, customer))).status).toBe('rejected');
  });

  it('searches the archive by category, case number and the day it was archived', async () => {
    let archivist = await staff('archivist', null);
    const [first, second] = await Promise.all(['Leases', 'Repairs'].map(async (name) =>
      expectOk(await post('/staff_api/archive/categories', { name: `${name} ${database.name}` }, archivist.token))));
    const closed = (await casesIn('verified')).concat(await casesIn('rejected')).slice(0, 3);
    // Archived on three Addis Ababa days: 1, 2 and 3 November 2026 (23:30 there is 20:30 UTC), each signed in anew.
    const days = ['2026-11-01T20:30:00Z', '2026-11-02T08:00:00Z', '2026-11-03T21:30:00Z'];
    const saved = now;
    for (const [index, { id }] of closed.entries()) {
      now = Date.parse(days[index]);
      const { token } = await staff('archivist', null);
      await expectOk(await post(`/staff_api/cases/${id}/archive`, { category: index === 0 ? first._id : second._id }, token));
    }
    now = saved;
    archivist = await staff('archivist', null);
    const search = async (query: string) => {
      const page = await expectOk(await get(`/staff_api/archive/cases?${query}`, archivist.token));
      return (page.cases as Json[]).map((row) => row._id);
    };
    expect(await search(`category=${second._id}`)).toEqual([closed[2].id, closed[1].id]);
    expect(await search(`category=${first._id}`)).toEqual([closed[0].id]);
    expect(await search(`case_number=${closed[1].case_number.slice(-6)}`)).toEqual([closed[1].id]);
    // 21:30 UTC on 3 November is already 4 November in Addis Ababa.
    expect(await search('from=2026-11-01&to=2026-11-02')).toEqual([closed[1].id, closed[0].id]);
    expect(await search('from=2026-11-04&to=2026-11-04')).toEqual([closed[2].id]);
    expect(await search('from=2026-11-03&to=2026-11-03')).toEqual([]);
    expect(await search('from=2026-11-02&to=2026-11-10')).toEqual([closed[2].id, closed[1].id]);
    const [row] = (await expectOk(await get(`/staff_api/archive/cases?category=${first._id}`, archivist.token))).cases;
    expect(row).toMatchObject({ case_number: closed[0].case_number, archive: { category: { _id: first._id }, archived_date: days[0].replace('Z', '.000Z') } });
    expect(['verified', 'rejected']).toContain(row.verdict);
    await expectError(await get('/staff_api/archive/cases?from=1%20Dec', archivist.token), 400, 'invalidRequest');
    await expectError(await get('/staff_api/archive/cases', (await staff('manager', otherDirectorate)).token), 401, 'sessionInvalid');
  });

  it('writes an audit entry with before and after states for every move, in its transaction', async () => {
    const [target] = await casesIn('pending');
    const manager = await staff('manager', target.directorate);
    const officer = await staff('officer', target.directorate);
    await expectOk(await post(`/staff_api/cases/${target.id}/assign`, { officer: officer.id }, manager.token));
    // Appointments are days from today, at the app's clock, to a year ahead.
    const [today, inTwoDays] = [addisDay(new Date(now)), addisDay(new Date(now + 2 * 86_400_000))];
    await expectOk(await post(`/staff_api/cases/${target.id}/schedule`, { scheduled_date: today }, officer.token));
    await expectOk(await post(`/staff_api/cases/${target.id}/schedule`, { extended_date: inTwoDays }, officer.token));
    await expectOk(await post(`/staff_api/cases/${target.id}/reject`, { rejection_justification: 'Filed twice.' }, officer.token));
    // Filed once its customer may no longer ask for a review (issue 25, tests/api/case-review.test.ts).
    now = (await server.db.query<{ review_until: Date }>('SELECT review_until FROM customer_case WHERE id = $1', [target.id]))[0].review_until.getTime();
    const archivist = await staff('archivist', null);
    const category = await expectOk(await post('/staff_api/archive/categories', { name: `Audited ${database.name}` }, archivist.token));
    await expectOk(await post(`/staff_api/cases/${target.id}/archive`, { category: category._id }, archivist.token));
    // A refused move leaves no entry.
    await expectError(await post(`/staff_api/cases/${target.id}/archive`, { category: category._id }, archivist.token), 409, 'caseMoveNotAllowed');

    const entries = await auditOf(target.id);
    expect(entries.map((entry) => [entry.action, entry.actor_id, entry.actor_role, entry.case_number, entry.before.status, entry.after.status])).toEqual([
      ['assign', manager.id, 'manager', target.case_number, 'pending', 'ongoing'],
      ['schedule', officer.id, 'officer', target.case_number, 'ongoing', 'ongoing'],
      ['extend', officer.id, 'officer', target.case_number, 'ongoing', 'ongoing'],
      ['reject', officer.id, 'officer', target.case_number, 'ongoing', 'rejected'],
      ['archive', archivist.id, 'archivist', target.case_number, 'rejected', 'archived'],
    ]);
    expect(entries[0].after.assigned_to).toBe(officer.id);
    expect(entries[1].after.scheduled_date).toBe(new Date(today).toISOString());
    // The justification is the case's (its history and the customer's view), never the audit log's: issue 23.
    expect(entries[3].after).toEqual({ status: 'rejected' });
    expect(JSON.stringify(entries)).not.toContain('Filed twice.');
    expect(entries[4].after.archival_category).toBe(category._id);
  });

  // Last: it moves the clock weeks ahead.
  it('turns late at the end of the due day for the customer and the public status check as for staff, judged at the app clock', async () => {
    const [target] = (await casesIn('pending')).slice(-1);
    const [{ due_at }] = await server.db.query<{ due_at: Date }>('SELECT due_at FROM customer_case WHERE id = $1', [target.id]);
    expect(due_at).not.toBeNull();
    const lateness = async () => {
      const customer = await customerToken();
      const manager = await staff('manager', target.directorate);
      const late: Json[] = (await expectOk(await get('/staff_api/cases?late=yes&status=pending', manager.token))).cases;
      return {
        owner: (await expectOk(await get(`/customer_case_api/get_case_by_id/${target.id}`, customer))).late,
        ownerCheck: (await expectOk(await post('/customer_case_api/get_case_by_casenum', { casenum: target.case_number }, customer))).late,
        visitor: (await expectOk(await post('/customer_case_api/get_case_by_casenum', { casenum: target.case_number }))).late,
        staff: (await expectOk(await get(`/staff_api/cases/${target.id}`, manager.token))).late,
        inLateQueue: late.some((row) => row._id === target.id),
      };
    };
    now = new Date(due_at).getTime() - 1000;
    expect(await lateness()).toEqual({ owner: 'no', ownerCheck: 'no', visitor: 'no', staff: 'no', inLateQueue: false });
    now = new Date(due_at).getTime();
    expect(await lateness()).toEqual({ owner: 'yes', ownerCheck: 'yes', visitor: 'yes', staff: 'yes', inLateQueue: true });
    // Answered after its due date, it stays late: it was not answered in time.
    const manager = await staff('manager', target.directorate);
    await expectOk(await post(`/staff_api/cases/${target.id}/reject`, { rejection_justification: 'Out of scope.' }, manager.token));
    now += 7 * 86_400_000;
    const later = await staff('manager', target.directorate);
    expect((await expectOk(await get(`/staff_api/cases/${target.id}`, later.token))).late).toBe('yes');
  });
});
