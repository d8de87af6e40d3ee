import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { addisDay } from '../../server/casework/due-dates.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { customerSees } from '../helpers/customer-view.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signedStaff, type SignedStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();

/**
 * Who did what on a case, and who may do it (issue 24): the history names its people, an
 * assigned case is moved only by its holder or a manager, a move of a case changed since it
 * was read says so, and internal notes stay with the staff.
 */
describe.each(databases)('case moves: holder, version and notes on $name', (database) => {
  let server: TestServer;
  let directorate: string;
  /** The demo customer's pending cases in that directorate, oldest first. */
  let pending: { id: string; case_number: string }[];
  let customer: string;
  let holder: SignedStaff;
  let colleague: SignedStaff;
  let manager: SignedStaff;
  const { post, get } = jsonCalls(() => server.url);
  // An appointment is a day from today (Addis Ababa's) to a year ahead.
  const inAWeek = addisDay(new Date(Date.now() + 7 * 86_400_000));

  const move = (who: SignedStaff, caseId: string, action: string, body?: Json) => post(`/staff_api/cases/${caseId}/${action}`, body, who.token);
  const respond = (who: SignedStaff, caseId: string, version?: number) => {
    const form = new FormData();
    form.append('justification', 'We repair the roof on Monday.');
    if (version !== undefined) form.append('version', String(version));
    return fetch(`${server.url}/staff_api/cases/${caseId}/respond`, { method: 'POST', headers: { authorization: `Bearer ${who.token}` }, body: form });
  };
  const note = (who: SignedStaff, caseId: string, text: unknown) => post(`/staff_api/cases/${caseId}/notes`, { text }, who.token);
  const staffCase = async (who: SignedStaff, caseId: string): Promise<Json> => expectOk(await get(`/staff_api/cases/${caseId}`, who.token));
  /** What a refused move must leave as it was. */
  const caseRow = async (caseId: string) =>
    (await server.db.query<Json>('SELECT status, version, assigned_to_id, response_attachment FROM customer_case WHERE id = $1', [caseId]))[0];
  const auditOf = (caseId: string) =>
    server.db.query<Json>(`SELECT action, actor_id, before, after FROM audit_entry WHERE subject_type = 'case' AND subject_id = $1 ORDER BY id`, [caseId]);

  beforeAll(async () => {
    server = await startTestServer(database);
    // The directorate with most of the demo customer's pending cases: its staff are made here.
    // A demo case is in its case request's directorate, else its division's first active one.
    const rows = await server.db.query<{ id: string; case_number: string; directorate_id: string }>(
      `SELECT c.id, c.case_number, COALESCE(r.directorate_id, (SELECT d.id FROM directorate d
           WHERE d.division_id = c.division_id AND d.status = 'active' ORDER BY d.created_at, d.id LIMIT 1)) AS directorate_id
       FROM customer_case c JOIN customer_user u ON u.id = c.customer_id JOIN case_request r ON r.id = c.case_request_id
       WHERE u.email = $1 AND c.status = 'pending' ORDER BY c.created_at`,
      [DEMO_CUSTOMER.email],
    );
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.directorate_id, (counts.get(row.directorate_id) ?? 0) + 1);
    directorate = [...counts].sort((a, b) => b[1] - a[1])[0][0];
    pending = rows.filter((row) => row.directorate_id === directorate);
    expect(pending.length).toBeGreaterThanOrEqual(2);
    customer = (await expectOk(await post('/customer_user_api/login_customer_user', DEMO_CUSTOMER))).token;
    [holder, colleague, manager] = await Promise.all([
      signedStaff(server, 'officer', directorate, 'Hana'), signedStaff(server, 'officer', directorate, 'Yonas'), signedStaff(server, 'manager', directorate, 'Bereket'),
    ]);
  });
  afterAll(() => server?.close());

  it('answers a second Take of the same version with caseChangedMeanwhile, and one without a version as before', async () => {
    const kase = pending[0];
    const { version } = await staffCase(holder, kase.id);
    expect(version).toEqual(expect.any(Number));
    // Both read the case; the first to press Take gets it.
    await expectOk(await move(holder, kase.id, 'take', { version }));
    await expectError(await move(colleague, kase.id, 'take', { version }), 409, 'caseChangedMeanwhile');
    // A client that sends no version (nor a body) is judged on the move, as before.
    await expectError(await move(colleague, kase.id, 'take'), 409, 'caseMoveNotAllowed');
    expect(await caseRow(kase.id)).toMatchObject({ status: 'ongoing', version: version + 1, assigned_to_id: holder.id });
  });

  it('names who acted and when in every history entry, and the system as null', async () => {
    const { history } = await staffCase(manager, pending[0].id);
    expect(history[0]).toMatchObject({ action: 'file', actor_name: null, by: null });
    expect(history.at(-1)).toMatchObject({ action: 'take', actor_name: holder.name, by: { _id: holder.id, role: 'officer' } });
    for (const entry of history) expect(new Date(entry.at).toISOString()).toBe(entry.at);
    // The customer's own timeline names nobody of the staff.
    const timeline = JSON.stringify(await expectOk(await get('/customer_case_history_api/get_case_history', customer)));
    expect(timeline).not.toContain(holder.name.split(' ')[1]);
  });

  it('refuses every move made on an older version, before judging it, and changes nothing', async () => {
    const kase = pending[0];
    const before = await caseRow(kase.id);
    const stale = before.version - 1;
    await expectError(await move(holder, kase.id, 'schedule', { scheduled_date: inAWeek, version: stale }), 409, 'caseChangedMeanwhile');
    await expectError(await respond(holder, kase.id, stale), 409, 'caseChangedMeanwhile');
    await expectError(await move(holder, kase.id, 'reject', { rejection_justification: 'Not ours.', version: stale }), 409, 'caseChangedMeanwhile');
    await expectError(await move(manager, kase.id, 'assign', { officer: colleague.id, version: stale }), 409, 'caseChangedMeanwhile');
    // Judged before the move: approving an ongoing case on an old version is a change, not a wrong state.
    await expectError(await move(manager, kase.id, 'approve', { version: stale }), 409, 'caseChangedMeanwhile');
    await expectError(await move(manager, kase.id, 'return', { note: 'Redo.', version: stale }), 409, 'caseChangedMeanwhile');
    expect(await caseRow(kase.id)).toEqual(before);
  });

  it('lets only the holder or a manager move an assigned case; anyone of the directorate notes it', async () => {
    const kase = pending[0];
    const before = await caseRow(kase.id);
    await expectError(await move(colleague, kase.id, 'schedule', { scheduled_date: inAWeek }), 403, 'caseHeldByAnother');
    await expectError(await respond(colleague, kase.id), 403, 'caseHeldByAnother');
    await expectError(await move(colleague, kase.id, 'reject', { rejection_justification: 'Not ours.' }), 403, 'caseHeldByAnother');
    expect(await caseRow(kase.id)).toEqual(before);
    await expectOk(await note(colleague, kase.id, 'I met the customer at the counter.'));
    // The manager sets the appointment, the holder moves it.
    const { version } = await staffCase(manager, kase.id);
    await expectOk(await move(manager, kase.id, 'schedule', { scheduled_date: inAWeek, version }));
    await expectOk(await move(holder, kase.id, 'schedule', { extended_date: inAWeek }));
    await expectError(await move(colleague, kase.id, 'schedule', { extended_date: inAWeek }), 403, 'caseHeldByAnother');
  });

  it('lets a manager hand an ongoing case to another officer, audited with that officer, who then holds it', async () => {
    const kase = pending[0];
    const { version, assigned_to } = await staffCase(manager, kase.id);
    expect(assigned_to).toMatchObject({ _id: holder.id });
    await expectOk(await move(manager, kase.id, 'assign', { officer: colleague.id, version }));
    expect((await auditOf(kase.id)).at(-1)).toMatchObject({
      action: 'assign', actor_id: manager.id, before: { status: 'ongoing' }, after: { status: 'ongoing', assigned_to: colleague.id },
    });
    await expectError(await respond(holder, kase.id), 403, 'caseHeldByAnother');
    await expectOk(await respond(colleague, kase.id, version + 1));
  });

  it('lets only a manager reject a response waiting for approval (review H10)', async () => {
    const kase = pending[0];
    const before = await caseRow(kase.id);
    expect(before.status).toBe('responded');
    await expectError(await move(colleague, kase.id, 'reject', { rejection_justification: 'Changed my mind.' }), 403, 'caseRejectionNeedsManager');
    await expectError(await move(holder, kase.id, 'reject', { rejection_justification: 'Changed my mind.' }), 403, 'caseHeldByAnother');
    expect(await caseRow(kase.id)).toEqual(before);
    await expectOk(await move(manager, kase.id, 'reject', { rejection_justification: 'Not ours after all.', version: before.version }));
  });

  describe('an internal note', () => {
    const words = `Internal-${Math.random().toString(36).slice(2)}: the neighbour called twice`;

    it('is kept in the history in the state the case is in, named, audited without its words, and leaves the version', async () => {
      const kase = pending[1];
      const before = await staffCase(holder, kase.id);
      const answer = await expectOk(await note(holder, kase.id, `  ${words}\r\n`));
      expect(answer.Message_en).toBe('The internal note was added.');
      const after = await staffCase(holder, kase.id);
      expect(after.version).toBe(before.version);
      expect(after.history.at(-1)).toMatchObject({ action: 'note', from: 'pending', to: 'pending', note: words, actor_name: holder.name });
      const [audited] = (await auditOf(kase.id)).filter((entry) => entry.action === 'note');
      expect(audited).toMatchObject({ actor_id: holder.id, after: { note: 'added' } });
      expect(JSON.stringify(audited)).not.toContain(words.slice(0, 12));
      // A colleague's move on the version read before the note still goes through.
      await expectOk(await move(colleague, kase.id, 'take', { version: before.version }));
    });

    it('never reaches the customer: the case, the lists, the history, the status check, the printout or a notice', async () => {
      const kase = pending[1];
      const seen = await customerSees(server.url, customer, kase);
      expect(seen).not.toContain(words.slice(0, 12));
      // The status check of a visitor who is not signed in.
      const checked = await expectOk(await post('/customer_case_api/get_case_by_casenum', { casenum: kase.case_number }));
      expect(JSON.stringify(checked)).not.toContain(words.slice(0, 12));
      const notices = await server.db.query<{ payload: string }>('SELECT payload::text AS payload FROM notification_job WHERE case_id = $1', [kase.id]);
      expect(notices.length).toBeGreaterThan(0);
      for (const notice of notices) expect(notice.payload).not.toContain(words.slice(0, 12));
      const timeline: Json[] = await expectOk(await get('/customer_case_history_api/get_case_history', customer));
      expect(timeline.filter((entry) => entry.case._id === kase.id).map((entry) => entry.status)).toEqual(['ongoing', 'pending']);
    });

    it('is refused when blank or too long, and to whom the case is not theirs to read', async () => {
      const kase = pending[1];
      await expectError(await note(holder, kase.id, '   '), 400, 'invalidRequest');
      await expectError(await note(holder, kase.id, 'x'.repeat(5001)), 400, 'invalidRequest');
      const [{ id: elsewhere }] = await server.db.query<{ id: string }>('SELECT id FROM directorate WHERE id <> $1 LIMIT 1', [directorate]);
      await expectError(await note(await signedStaff(server, 'officer', elsewhere), kase.id, words), 404, 'notFound');
      // An admin notes a case it reads (a closed one), not an open one of a directorate.
      const admin = await signedStaff(server, 'admin', null);
      await expectError(await note(admin, kase.id, words), 404, 'notFound');
      const [closed] = await server.db.query<{ id: string }>(`SELECT id FROM customer_case WHERE status = 'verified' LIMIT 1`);
      await expectOk(await note(admin, closed.id, 'Filed copy is in the red folder.'));
    });
  });
});
