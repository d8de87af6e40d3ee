import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_COLUMNS, SNAPSHOT_VALUES } from '../../server/db/sql.ts';
import { nextTuesdayAt } from '../helpers/clock.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signedStaff as signedNow, type SignedStaff } from '../helpers/staff-fixture.ts';
import { loadTokenSecret } from '../../server/auth/secret.ts';
import { createTokenSigner, type StaffRole } from '../../server/auth/tokens.ts';

const databases = await testDatabases();
const DAY = 86_400_000;

/**
 * The queue's views (issue 24): officers and managers work open cases only, in views of their
 * role, each with its count; sorted by due day, filing or age; the answers an admin marks shown;
 * and bulk take and assign, each case moved as its single move moves it.
 */
describe.each(databases)('the staff queue by views, and bulk take and assign, on $name', (database) => {
  let server: TestServer;
  let now = nextTuesdayAt('09:00');
  /** Tuesday, the clock's day in Addis Ababa. */
  const today = new Date(now).toISOString().slice(0, 10);
  /** The end of the Addis Ababa day `offset` days from today: when a case due that day becomes late. */
  const endOfDay = (offset: number) => new Date(Date.parse(`${today}T00:00:00+03:00`) + (offset + 1) * DAY);
  const { post, get } = jsonCalls(() => server.url);

  let directorate: string;
  let officerA: SignedStaff;
  let officerB: SignedStaff;
  let manager: SignedStaff;
  let admin: SignedStaff;
  let archivist: SignedStaff;
  /**
   * The directorate's cases, by what each is: three new ones (due today, next Monday, and
   * yesterday: late), one A works on due Thursday, one B answered due Friday, one answer each
   * of A and B sent back, and two closed ones.
   */
  const c: Record<'dueToday' | 'dueMonday' | 'late' | 'aWorks' | 'bAnswered' | 'aSentBack' | 'bSentBack' | 'verified' | 'rejected', Json> = {} as never;

  const list = async (who: SignedStaff, query = '') => expectOk(await get(`/staff_api/cases?${query}`, who.token));
  const numbers = async (who: SignedStaff, query = '') => ((await list(who, query)).cases as Json[]).map((row) => row.case_number);
  const act = (who: SignedStaff, id: string, action: string, body: Json = {}) => post(`/staff_api/cases/${id}/${action}`, body, who.token);
  const respond = (who: SignedStaff, id: string) => {
    const form = new FormData();
    form.append('justification', 'Answered.');
    return fetch(`${server.url}/staff_api/cases/${id}/respond`, { method: 'POST', headers: { authorization: `Bearer ${who.token}` }, body: form });
  };
  const sorted = (...cases: Json[]) => cases.map((kase) => kase.case_number).sort();
  /** A staff user whose session is signed at the test's clock, a few days ahead of the real one. */
  async function signedStaff(_server: TestServer, role: StaffRole, directorateId: string | null, firstname?: string): Promise<SignedStaff> {
    const who = await signedNow(server, role, directorateId, firstname);
    const signer = createTokenSigner(await loadTokenSecret(server.db, server.config.tokenSecret));
    return { ...who, token: signer.sign(who.id, role, 30 * 86_400, now).token };
  }

  beforeAll(async () => {
    server = await startTestServer(database, { clock: () => now });
    const [division] = await server.db.query<{ id: string }>('SELECT id FROM division ORDER BY created_at LIMIT 1');
    [{ id: directorate }] = await server.db.query<{ id: string }>(
      `INSERT INTO directorate (division_id, name_en, name_am, name_or, name_tg, name_sm, name_af)
       VALUES ($1, 'Views', 'Views', 'Views', 'Views', 'Views', 'Views') RETURNING id`,
      [division.id],
    );
    [officerA, officerB, manager, admin, archivist] = await Promise.all([
      signedStaff(server, 'officer', directorate, 'Abebe'), signedStaff(server, 'officer', directorate, 'Bethlehem'),
      signedStaff(server, 'manager', directorate), signedStaff(server, 'admin', null), signedStaff(server, 'archivist', null),
    ]);
    // A second manager: the admin approves nothing of this directorate (four eyes).
    await signedStaff(server, 'manager', directorate);

    // Every open demo case, made new again in this directorate; two closed ones beside them.
    const open = await server.db.query<Json>(`SELECT id, case_number FROM customer_case WHERE status IN ('pending', 'ongoing', 'responded') ORDER BY case_number`);
    const closed = await server.db.query<Json>(`SELECT id, case_number, status FROM customer_case WHERE status IN ('verified', 'rejected') ORDER BY status DESC, case_number`);
    expect(open.length).toBeGreaterThanOrEqual(7);
    const keys = ['dueToday', 'dueMonday', 'late', 'aWorks', 'bAnswered', 'aSentBack', 'bSentBack'] as const;
    const due = [0, 6, -1, 2, 3, 10, 10];
    // Filing days apart from the due days, so each order tells; the two sent back share one, and their due moment.
    const filed = [-1, -8, -3, -2, -5, -4, -4];
    for (const [i, key] of keys.entries()) {
      c[key] = open[i];
      await server.db.query(
        `UPDATE customer_case SET directorate_id = $2, status = 'pending', assigned_to_id = NULL, responded_by_id = NULL,
           ongoing_date = NULL, due_at = $3, created_at = $4 WHERE id = $1`,
        [open[i].id, directorate, endOfDay(due[i]), new Date(now + filed[i] * DAY)],
      );
    }
    c.verified = closed.find((row) => row.status === 'verified')!;
    c.rejected = closed.find((row) => row.status === 'rejected')!;
    await server.db.query('UPDATE customer_case SET directorate_id = $2, due_at = $3 WHERE id = ANY($1::uuid[])', [[c.verified.id, c.rejected.id], directorate, endOfDay(-5)]);

    await expectOk(await act(officerA, c.aWorks.id, 'take'));
    for (const [who, kase] of [[officerB, c.bAnswered], [officerA, c.aSentBack], [officerB, c.bSentBack]] as const) {
      await expectOk(await act(who, kase.id, 'take'));
      await expectOk(await respond(who, kase.id));
    }
    for (const kase of [c.aSentBack, c.bSentBack]) await expectOk(await act(manager, kase.id, 'return', { note: 'Redo it.' }));
  });
  afterAll(() => server?.close());

  it("gives an officer their role's views of open cases only, each with its count; `open` is the default", async () => {
    const all = sorted(c.dueToday, c.dueMonday, c.late, c.aWorks, c.bAnswered, c.aSentBack, c.bSentBack);
    expect((await numbers(officerA)).sort()).toEqual(all);
    expect((await numbers(officerA, 'view=open')).sort()).toEqual(all);
    expect((await numbers(officerA, 'view=mine')).sort()).toEqual(sorted(c.aWorks, c.aSentBack));
    expect((await numbers(officerA, 'view=unassigned')).sort()).toEqual(sorted(c.dueToday, c.dueMonday, c.late));
    expect(await numbers(officerA, 'view=sent_back')).toEqual(sorted(c.aSentBack));
    expect(await numbers(officerB, 'view=sent_back')).toEqual(sorted(c.bSentBack));
    expect((await numbers(officerA, 'view=due_soon')).sort()).toEqual(sorted(c.dueToday, c.aWorks));
    expect(await numbers(officerA, 'view=late')).toEqual(sorted(c.late));
    expect((await list(officerA)).counts).toEqual({ mine: 2, unassigned: 3, sent_back: 1, due_soon: 2, late: 1, open: 7 });
    // Closed cases are the archivist's: never in an officer's views, whatever state is asked for.
    expect(await numbers(officerA, 'status=verified')).toEqual([]);
    expect(await numbers(officerA, 'view=late&status=rejected')).toEqual([]);
  });

  it("gives a manager the approval view and the directorate's sent-back cases", async () => {
    expect((await list(manager)).counts).toEqual({ mine: 0, unassigned: 3, approval: 1, sent_back: 2, due_soon: 2, late: 1, open: 7 });
    expect(await numbers(manager, 'view=approval')).toEqual(sorted(c.bAnswered));
    // for_approval=yes is still the approval view.
    expect(await numbers(manager, 'for_approval=yes')).toEqual(sorted(c.bAnswered));
    expect((await numbers(manager, 'view=sent_back')).sort()).toEqual(sorted(c.aSentBack, c.bSentBack));
  });

  it('answers 403 viewNotForRole for a view the role lacks; archivists and admins keep the worklist', async () => {
    await expectError(await get('/staff_api/cases?view=approval', officerA.token), 403, 'viewNotForRole');
    for (const view of ['open', 'mine', 'late']) {
      await expectError(await get(`/staff_api/cases?view=${view}`, archivist.token), 403, 'viewNotForRole');
      await expectError(await get(`/staff_api/cases?view=${view}`, admin.token), 403, 'viewNotForRole');
    }
    await expectError(await get('/staff_api/cases?view=approval', archivist.token), 403, 'viewNotForRole');
    await expectError(await get('/staff_api/cases?view=everything', officerA.token), 400, 'invalidRequest');
    // An officer asking for approvals the old way finds nothing, as before views.
    expect(await numbers(officerA, 'for_approval=yes')).toEqual([]);

    const worklist = await list(archivist);
    expect(worklist.counts).toEqual({});
    expect(worklist.cases.every((row: Json) => ['verified', 'rejected'].includes(row.status))).toBe(true);
    const adminsWorklist = await list(admin);
    expect(Object.keys(adminsWorklist.counts)).toEqual(['approval']);
    expect(adminsWorklist.cases.every((row: Json) => ['verified', 'rejected'].includes(row.status))).toBe(true);
    // This directorate has two managers: its response is theirs to approve, not the admin's.
    expect(await numbers(admin, 'view=approval')).not.toContain(c.bAnswered.case_number);
  });

  it('narrows a view by the filters: state, lateness, mine and a search', async () => {
    expect((await numbers(officerA, 'view=open&status=pending')).sort()).toEqual(sorted(c.dueToday, c.dueMonday, c.late));
    expect(await numbers(officerA, 'view=unassigned&late=yes')).toEqual(sorted(c.late));
    expect((await numbers(officerA, 'view=open&mine=yes')).sort()).toEqual(sorted(c.aWorks, c.aSentBack));
    expect(await numbers(officerA, `view=due_soon&q=${c.aWorks.case_number}`)).toEqual(sorted(c.aWorks));
    expect(await numbers(officerA, `view=late&q=${c.aWorks.case_number}`)).toEqual([]);
    // The counts are the views' own, before the filters.
    expect((await list(officerA, 'view=open&status=pending')).counts.open).toBe(7);
  });

  it('sorts by due day (the default), by filing (newest first) and by age (oldest first), ties by case number', async () => {
    const [first, second] = sorted(c.aSentBack, c.bSentBack);
    const byDue = [c.late, c.dueToday, c.aWorks, c.bAnswered, c.dueMonday].map((kase) => kase.case_number);
    expect(await numbers(officerA, 'view=open')).toEqual([...byDue, first, second]);
    expect(await numbers(officerA, 'view=open&sort=due')).toEqual([...byDue, first, second]);
    expect(await numbers(officerA, 'view=open&sort=filed')).toEqual(
      [c.dueToday.case_number, c.aWorks.case_number, c.late.case_number, first, second, c.bAnswered.case_number, c.dueMonday.case_number],
    );
    expect(await numbers(officerA, 'view=open&sort=age')).toEqual(
      [c.dueMonday.case_number, c.bAnswered.case_number, first, second, c.late.case_number, c.aWorks.case_number, c.dueToday.case_number],
    );
    await expectError(await get('/staff_api/cases?sort=name', officerA.token), 400, 'invalidRequest');
  });

  it('counts due soon in working days: a holiday between moves the cut-off a day on', async () => {
    const wednesday = endOfDay(1).toISOString().slice(0, 10);
    const [{ id }] = await server.db.query<{ id: string }>(`INSERT INTO holiday (calendar, date, name) VALUES ('dated', $1, 'Test') RETURNING id`, [wednesday]);
    try {
      expect((await numbers(officerA, 'view=due_soon')).sort()).toEqual(sorted(c.dueToday, c.aWorks, c.bAnswered));
    } finally {
      await server.db.query('DELETE FROM holiday WHERE id = $1', [id]);
    }
    // A day later, what was due today is late, and Friday's case is due soon.
    now += DAY;
    try {
      expect((await numbers(officerA, 'view=due_soon')).sort()).toEqual(sorted(c.aWorks, c.bAnswered));
      expect((await numbers(officerA, 'view=late')).sort()).toEqual(sorted(c.late, c.dueToday));
    } finally {
      now -= DAY;
    }
  });

  it('marks a sent-back case until it is answered again', async () => {
    const item = async (who: SignedStaff, kase: Json) => ((await list(who, `q=${kase.case_number}`)).cases as Json[])[0];
    expect(await item(officerA, c.aSentBack)).toMatchObject({ sent_back: true, status: 'ongoing', assigned_to: { _id: officerA.id } });
    expect(await item(officerA, c.aWorks)).toMatchObject({ sent_back: false });
    expect(await item(manager, c.bAnswered)).toMatchObject({ sent_back: false, status: 'responded' });

    await expectOk(await respond(officerA, c.aSentBack.id));
    expect(await item(officerA, c.aSentBack)).toMatchObject({ sent_back: false, status: 'responded' });
    expect(await numbers(officerA, 'view=sent_back')).toEqual([]);
    expect((await numbers(manager, 'view=approval')).sort()).toEqual(sorted(c.bAnswered, c.aSentBack));
  });

  it("shows the answers to the questions an admin marks, as filed; the admin's flag is kept when a save leaves it out", async () => {
    const [{ case_request_id: requestId }] = await server.db.query<Json>('SELECT case_request_id FROM customer_case WHERE id = $1', [c.dueMonday.id]);
    const names = (text: string) => Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((lang) => [`name_${lang}`, `${text} ${lang}`]));
    const question = { case_request_id: requestId, input_type: 'normal_input', data_type: 'string', is_required: false, status: 'active', options: [], ...names('Plot') };
    const saved = await expectOk(await post('/staff_api/admin/questions', { ...question, show_in_queue: true }, admin.token));
    const questionId = (saved.id ?? saved._id) as string;
    expect(questionId).toBeTruthy();
    // The case was filed with an answer to it (as the apply form would have stored it).
    await server.db.query(
      `INSERT INTO case_answer (case_id, question_id, answer, position, ${SNAPSHOT_COLUMNS})
       SELECT $1, q.id, 'Plot 7', 99, ${SNAPSHOT_VALUES} FROM question q LEFT JOIN question_option o ON false WHERE q.id = $2`,
      [c.dueMonday.id, questionId],
    );
    const answersOf = async (kase: Json) => ((await list(officerA, `q=${kase.case_number}`)).cases as Json[])[0].queue_answers as Json[];
    expect((await answersOf(c.dueMonday)).at(-1)).toEqual({ question: names('Plot'), answer: 'Plot 7', option: null });

    // The demo marks its urgency question: a select's answer comes with its option's six values.
    const urgent = await server.db.query<Json>(
      `SELECT c.case_number, o.value_en FROM customer_case c JOIN case_answer a ON a.case_id = c.id
       JOIN question q ON q.id = a.question_id JOIN question_option o ON o.id::text = a.answer
       WHERE q.name_en = 'How urgent is it?' AND c.id = ANY($1::uuid[])`,
      [Object.values(c).map((kase) => kase.id)],
    );
    expect(urgent.length).toBeGreaterThan(0);
    const [shown] = (await answersOf(urgent[0])).filter((answer) => answer.question.name_en === 'How urgent is it?');
    expect(shown.option.value_en).toBe(urgent[0].value_en);
    expect(shown.question.name_am).toBe('ምን ያህል አስቸኳይ ነው?');

    await expectOk(await post('/staff_api/admin/questions', { ...question, id: questionId, show_in_queue: false }, admin.token));
    expect((await answersOf(c.dueMonday)).map((answer) => answer.question.name_en)).not.toContain('Plot en');
    await expectOk(await post('/staff_api/admin/questions', { ...question, id: questionId }, admin.token));
    expect((await server.db.query<Json>('SELECT show_in_queue FROM question WHERE id = $1', [questionId]))[0].show_in_queue).toBe(false);
  });

  it('takes several cases at once, each as its own move; refusals come back in order with their codes', async () => {
    const elsewhere = await server.db.query<Json>(`SELECT id FROM customer_case WHERE directorate_id <> $1 AND status = 'pending' LIMIT 1`, [directorate]);
    const unknown = randomUUID();
    const ids = [c.dueToday.id, c.aWorks.id, unknown, ...elsewhere.map((row) => row.id), c.late.id];
    const { results } = await expectOk(await post('/staff_api/cases/bulk/take', { case_ids: ids }, officerB.token));
    expect(results).toEqual([
      { id: c.dueToday.id, ok: true },
      { id: c.aWorks.id, ok: false, code: expect.stringMatching(/^(caseMoveNotAllowed|caseHeldByAnother)$/) },
      { id: unknown, ok: false, code: 'notFound' },
      ...elsewhere.map((row) => ({ id: row.id, ok: false, code: 'notFound' })),
      { id: c.late.id, ok: true },
    ]);
    for (const kase of [c.dueToday, c.late]) {
      expect((await server.db.query<Json>('SELECT status, assigned_to_id FROM customer_case WHERE id = $1', [kase.id]))[0])
        .toEqual({ status: 'ongoing', assigned_to_id: officerB.id });
      expect(await server.db.query<Json>(`SELECT actor_id FROM case_history WHERE case_id = $1 AND action = 'take'`, [kase.id])).toEqual([{ actor_id: officerB.id }]);
      expect(await server.db.query<Json>(`SELECT actor_id FROM audit_entry WHERE subject_id = $1 AND action = 'take'`, [kase.id])).toEqual([{ actor_id: officerB.id }]);
    }
    expect((await server.db.query<Json>('SELECT assigned_to_id FROM customer_case WHERE id = $1', [c.aWorks.id]))[0].assigned_to_id).toBe(officerA.id);

    await expectError(await post('/staff_api/cases/bulk/take', { case_ids: [] }, officerB.token), 400, 'invalidRequest');
    const tooMany = Array.from({ length: 51 }, () => randomUUID());
    await expectError(await post('/staff_api/cases/bulk/take', { case_ids: tooMany }, officerB.token), 400, 'invalidRequest');
    await expectError(await post('/staff_api/cases/bulk/take', { case_ids: [c.dueMonday.id] }, archivist.token), 401, 'sessionInvalid');
  });

  it("assigns several cases to one of the directorate's officers: managers only, each as its own move", async () => {
    const ids = [c.dueMonday.id, c.bAnswered.id, c.dueToday.id];
    await expectError(await post('/staff_api/cases/bulk/assign', { case_ids: ids, officer_id: officerA.id }, officerA.token), 401, 'sessionInvalid');
    const stranger = await signedStaff(server, 'officer', null);
    const refused = await expectOk(await post('/staff_api/cases/bulk/assign', { case_ids: [c.dueMonday.id], officer_id: stranger.id }, manager.token));
    expect(refused.results).toEqual([{ id: c.dueMonday.id, ok: false, code: 'officerNotFound' }]);

    const { results } = await expectOk(await post('/staff_api/cases/bulk/assign', { case_ids: ids, officer_id: officerA.id }, manager.token));
    expect(results).toEqual([
      { id: c.dueMonday.id, ok: true },
      { id: c.bAnswered.id, ok: false, code: 'caseMoveNotAllowed' },
      { id: c.dueToday.id, ok: true },
    ]);
    for (const kase of [c.dueMonday, c.dueToday]) {
      expect((await server.db.query<Json>('SELECT assigned_to_id FROM customer_case WHERE id = $1', [kase.id]))[0].assigned_to_id).toBe(officerA.id);
      const audit = await server.db.query<Json>(`SELECT actor_id, after FROM audit_entry WHERE subject_id = $1 AND action = 'assign'`, [kase.id]);
      expect(audit).toEqual([{ actor_id: manager.id, after: expect.objectContaining({ assigned_to: officerA.id }) }]);
    }
    expect((await list(officerA, 'view=mine')).counts.mine).toBe(4);
  });
});
