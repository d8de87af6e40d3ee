import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER, SECOND_DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import type { StaffRole } from '../../server/auth/tokens.ts';
import { testDatabases } from '../helpers/databases.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';
import { fileServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { pdfPages, squashed } from '../helpers/pdf-text.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { buffer } from 'node:stream/consumers';
import { fileStorageFor } from '../../server/files/storage.ts';
import { addisDay, dueDay } from '../../server/casework/due-dates.ts';
import { expectError, expectMessages, expectOk, type Json } from '../helpers/expect-api.ts';
import { nextTuesdayAt } from '../helpers/clock.ts';
import { addStaff } from '../helpers/staff-fixture.ts';
import { pendingCases } from '../helpers/pending-cases.ts';

const databases = await testDatabases();
const PASSWORD = 'Staff12345';

const post = (server: TestServer, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const staffLogin = (server: TestServer, email: string, password = PASSWORD) => post(server, '/staff_api/login', { email, password });
const acceptorLogin = (server: TestServer, email: string) =>
  post(server, '/accusation_acceptor_user_api/login_accusation_acceptor', { email, password: PASSWORD });
const accusations = (server: TestServer, token: string) =>
  fetch(`${server.url}/accusation_acceptor_api/get_accusations`, { headers: { authorization: `Bearer ${token}` } });
/** What a token says about its holder: the payload of the JWT. */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

// The sign-in tests' server, one per database; the case-processing tests' is an instance on its database, on a clock of their own.
const shared = fileServer();

describe.each(databases)('staff roles and the one staff sign-in on $name', (database) => {
  let server: TestServer;
  let directorateId: string;
  const emailOf = (role: StaffRole) => `${role}-${database.name}@portal.test`;

  beforeAll(async () => {
    server = await shared(database);
    [{ id: directorateId }] = await server.db.query<{ id: string }>('SELECT id FROM directorate ORDER BY created_at LIMIT 1');
    const password_hash = await hash(PASSWORD);
    for (const role of ['officer', 'manager', 'accusation_acceptor', 'archivist', 'admin'] as const) {
      const inDirectorate = role === 'officer' || role === 'manager';
      await addStaff(server.db, {
        email: emailOf(role), password_hash, firstname: 'Hana', middlename: '', lastname: 'Girma', role,
        directorate_id: inDirectorate ? directorateId : null,
      });
    }
  });

  it.each(['officer', 'manager', 'accusation_acceptor', 'archivist', 'admin'] as const)('signs a %s in with a token that carries the role', async (role) => {
    // An admin's second step included (staff-two-factor.test.ts): every role ends with a token of its own.
    const token = await staffSignIn(server.url, { email: emailOf(role), password: PASSWORD });
    const [{ id }] = await server.db.query<{ id: string }>('SELECT id FROM staff_user WHERE email = $1', [emailOf(role)]);
    expect(claimsOf(token)).toMatchObject({ id, role });
  });

  it('keeps the directorate of an officer and a manager', async () => {
    const rows = await server.db.query<{ role: string; directorate_id: string | null }>(
      'SELECT role, directorate_id FROM staff_user WHERE email LIKE $1 ORDER BY role',
      [`%-${database.name}@portal.test`],
    );
    expect(Object.fromEntries(rows.map((row) => [row.role, row.directorate_id]))).toEqual({
      accusation_acceptor: null, admin: null, archivist: null, manager: directorateId, officer: directorateId,
    });
  });

  it('refuses a wrong password, an unknown e-mail and an inactive user alike', async () => {
    await expectError(await staffLogin(server, emailOf('officer'), 'Wrong12345'), 401, 'loginFailed');
    await expectError(await staffLogin(server, `nobody-${database.name}@portal.test`), 401, 'loginFailed');
    await server.db.query(`UPDATE staff_user SET status = 'inactive' WHERE email = $1`, [emailOf('admin')]);
    await expectError(await staffLogin(server, emailOf('admin')), 401, 'loginFailed');
  });

  it('gives no login to a staff user without a password (added, their link not used yet), whatever is typed', async () => {
    const email = `no-password-${database.name}@portal.test`;
    await server.db.query(`INSERT INTO staff_user (firstname, middlename, lastname, email, role) VALUES ('No', 'Pass', 'Word', $1, 'officer')`, [email]);
    for (const typed of ['', 'not-a-real-password-0']) await expectError(await staffLogin(server, email, typed), 401, 'loginFailed');
  });

  it('lets an ethics user reach the accusations with either sign-in, and no other role', async () => {
    const { token: viaStaffLogin } = await expectOk(await staffLogin(server, emailOf('accusation_acceptor')));
    expect((await accusations(server, viaStaffLogin)).status).toBe(200);
    const { token: viaAcceptorLogin } = await expectOk(await acceptorLogin(server, emailOf('accusation_acceptor')));
    expect((await accusations(server, viaAcceptorLogin)).status).toBe(200);

    const { token: officer } = await expectOk(await staffLogin(server, emailOf('officer')));
    await expectError(await accusations(server, officer), 401, 'sessionInvalid');
    // The acceptors' own path stays theirs.
    await expectError(await acceptorLogin(server, emailOf('officer')), 401, 'loginFailed');
  });
});

describe.each(databases)('moving a case through its states on $name', (database) => {
  let server: TestServer;
  let now = nextTuesdayAt('07:30');
  // Appointments are days from today (Addis Ababa's, at the app's clock) to a year ahead.
  const today = addisDay(new Date(now));
  const inTwoDays = addisDay(new Date(now + 2 * 86_400_000));
  let passwordHash: string;
  /** The demo's pending cases, each with the directorate whose queue it is in. */
  let pending: { id: string; directorate: string }[];
  let otherDirectorate: string;

  /** A new staff user of that role and directorate, signed in: their token. */
  async function staffToken(role: StaffRole, directorate: string | null): Promise<string> {
    const email = `${role}-${randomUUID()}@portal.test`;
    await addStaff(server.db, {
      email, password_hash: passwordHash, firstname: 'Abebe', middlename: '', lastname: 'Kebede', role, directorate_id: directorate,
    }, new Date(now - 1000));
    return (await expectOk(await staffLogin(server, email))).token;
  }
  const act = (token: string, caseId: string, action: 'take' | 'schedule' | 'reject' | 'approve' | 'return', body?: Json) =>
    fetch(`${server.url}/staff_api/cases/${caseId}/${action}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const respond = (token: string, caseId: string, justification: string, letter?: Buffer) => {
    const form = new FormData();
    form.append('justification', justification);
    if (letter) form.append('attachment', new Blob([new Uint8Array(letter)], { type: 'application/pdf' }), 'letter.pdf');
    return fetch(`${server.url}/staff_api/cases/${caseId}/respond`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  };
  const caseRow = async (caseId: string) =>
    (await server.db.query<Json>(
      `SELECT status, version, ongoing_date, assigned_to_id, rejected_date, rejected_by_id, rejection_justification,
              responded_by_id, response_justification, response_attachment, verified_date, verified_by_id, case_number
       FROM customer_case WHERE id = $1`,
      [caseId],
    ))[0];
  const historyOf = (caseId: string) =>
    server.db.query<Json>(
      `SELECT action, status, from_status, actor_id, actor_role, note, changed_at FROM case_history
       WHERE case_id = $1 AND actor_id IS NOT NULL ORDER BY changed_at, action`,
      [caseId],
    );
  const idOf = (token: string) => claimsOf(token).id as string;
  /** The audit log's entries for a case (server/audit): action, who, and the state before and after. */
  const auditOf = async (caseId: string) =>
    (await server.db.query<Json>(
      `SELECT action, actor_id, actor_role, before, after FROM audit_entry WHERE subject_type = 'case' AND subject_id = $1 ORDER BY id`, [caseId],
    )).map((entry) => [entry.action, entry.actor_id, entry.actor_role, entry.before.status, entry.after.status]);
  /** A response letter's bytes, as the server stored them. */
  async function storedLetter(name: string): Promise<Uint8Array> {
    const file = await fileStorageFor(server.db, server.config.dataDir).open('case-files', name);
    expect(file, name).toBeDefined();
    return new Uint8Array(await buffer(file!.stream));
  }

  beforeAll(async () => {
    server = await startTestServer(database, { sameDatabaseAs: await shared(database), clock: () => now });
    passwordHash = await hash(PASSWORD);
    pending = await pendingCases(server.db);
    expect(pending.length).toBeGreaterThanOrEqual(3);
    [{ id: otherDirectorate }] = await server.db.query<{ id: string }>('SELECT id FROM directorate WHERE id <> $1 LIMIT 1', [pending[0].directorate]);
  });
  afterAll(() => server?.close());

  it('takes a pending case, schedules and moves its appointment, then rejects it, keeping every step', async () => {
    const { id, directorate } = pending[0];
    const officer = await staffToken('officer', directorate);

    const taken = await expectOk(await act(officer, id, 'take'));
    expectMessages(taken);
    expect(taken.status).toBe('ongoing');
    expect(await caseRow(id)).toMatchObject({ status: 'ongoing', version: 1, assigned_to_id: idOf(officer) });
    expect(new Date((await caseRow(id)).ongoing_date).getTime()).toBe(now);

    // An appointment can be moved only once one is set.
    await expectError(await act(officer, id, 'schedule', { extended_date: inTwoDays }), 409, 'caseMoveNotAllowed');
    now += 60_000;
    expect((await expectOk(await act(officer, id, 'schedule', { scheduled_date: today }))).status).toBe('ongoing');
    now += 60_000;
    await expectOk(await act(officer, id, 'schedule', { extended_date: `${inTwoDays}T10:00:00+03:00` }));
    const schedule = await server.db.query<Json>(
      'SELECT scheduled_date, scheduled_by_id, extended_date, extended_by_id FROM case_schedule WHERE case_id = $1 ORDER BY created_at', [id],
    );
    expect(schedule.map((row) => [row.scheduled_by_id, row.extended_by_id])).toEqual([[idOf(officer), null], [null, idOf(officer)]]);
    expect(new Date(schedule[1].extended_date).toISOString()).toBe(`${inTwoDays}T07:00:00.000Z`);

    now += 60_000;
    await expectError(await act(officer, id, 'reject', { rejection_justification: '   ' }), 400, 'invalidRequest');
    expect((await expectOk(await act(officer, id, 'reject', { rejection_justification: 'Not the corporation’s house.' }))).status).toBe('rejected');
    expect(await caseRow(id)).toMatchObject({ status: 'rejected', rejected_by_id: idOf(officer), rejection_justification: 'Not the corporation’s house.' });
    expect(new Date((await caseRow(id)).rejected_date).getTime()).toBe(now);

    const history = await historyOf(id);
    expect(history.map((entry) => [entry.action, entry.from_status, entry.status, entry.actor_id, entry.actor_role, entry.note])).toEqual([
      ['take', 'pending', 'ongoing', idOf(officer), 'officer', null],
      ['schedule', 'ongoing', 'ongoing', idOf(officer), 'officer', null],
      ['extend', 'ongoing', 'ongoing', idOf(officer), 'officer', null],
      ['reject', 'ongoing', 'rejected', idOf(officer), 'officer', 'Not the corporation’s house.'],
    ]);
    expect(new Date(history[0].changed_at).getTime()).toBe(now - 180_000);
    // Each move is in the audit log too, written with it (a refused one left none).
    expect(await auditOf(id)).toEqual(history.map((entry) => [entry.action, idOf(officer), 'officer', entry.from_status, entry.status]));
  });

  it('refuses every move its state does not allow with 409, changing nothing', async () => {
    const { id, directorate } = pending[1];
    const manager = await staffToken('manager', directorate);
    await expectError(await act(manager, id, 'schedule', { scheduled_date: today }), 409, 'caseMoveNotAllowed');
    await expectOk(await act(manager, id, 'reject', { rejection_justification: 'Filed twice.' }));
    const before = { row: await caseRow(id), history: await historyOf(id), audit: await auditOf(id) };
    await expectError(await act(manager, id, 'take'), 409, 'caseMoveNotAllowed');
    await expectError(await act(manager, id, 'reject', { rejection_justification: 'Again.' }), 409, 'caseMoveNotAllowed');
    await expectError(await act(manager, id, 'schedule', { scheduled_date: today }), 409, 'caseMoveNotAllowed');
    expect({ row: await caseRow(id), history: await historyOf(id), audit: await auditOf(id) }).toEqual(before);
  });

  it('lets only the officers and managers of the case’s directorate act: others get 404 or 401', async () => {
    const { id } = pending[2];
    const before = await caseRow(id);
    await expectError(await act(await staffToken('officer', otherDirectorate), id, 'take'), 404, 'notFound');
    await expectError(await act(await staffToken('manager', otherDirectorate), id, 'take'), 404, 'notFound');
    await expectError(await act(await staffToken('officer', pending[2].directorate), randomUUID(), 'take'), 404, 'notFound');
    await expectError(await act(await staffToken('accusation_acceptor', null), id, 'take'), 401, 'sessionInvalid');
    await expectError(await act(await staffToken('archivist', null), id, 'take'), 401, 'sessionInvalid');
    const customer = (await expectOk(await post(server, '/customer_user_api/login_customer_user', DEMO_CUSTOMER))).token;
    await expectError(await act(customer, id, 'take'), 401, 'sessionInvalid');
    await expectError(await act('', id, 'take'), 401, 'unauthorized');
    expect(await caseRow(id)).toEqual(before);
  });

  it('lets one of two staff acting on a case at once win; the other gets 409', async () => {
    const { id, directorate } = pending[2];
    const [first, second] = await Promise.all([staffToken('officer', directorate), staffToken('manager', directorate)]);
    const answers = await Promise.all([act(first, id, 'take'), act(second, id, 'take')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = await answers.find((answer) => answer.status === 409)!.json();
    expect(['caseChangedMeanwhile', 'caseMoveNotAllowed']).toContain(loser.code);
    expect((await historyOf(id)).map((entry) => entry.action)).toEqual(['take']);
    expect((await caseRow(id)).version).toBe(1);
  });

  it('answers an ongoing case with a letter the server writes, which a manager sends back and then approves', async () => {
    const { id, directorate } = pending[3];
    const officer = await staffToken('officer', directorate);
    const manager = await staffToken('manager', directorate);
    await expectError(await respond(officer, id, 'Too early.'), 409, 'caseMoveNotAllowed');
    await expectOk(await act(officer, id, 'take'));

    await expectError(await respond(officer, id, '  '), 400, 'justificationRequired');
    const justification = 'Your roof will be repaired on 3 December.\n\nጣሪያዎ ታኅሣሥ 24 ይጠገናል።';
    now += 60_000;
    expect((await expectOk(await respond(officer, id, justification))).status).toBe('responded');
    const responded = await caseRow(id);
    expect(responded).toMatchObject({ status: 'responded', responded_by_id: idOf(officer), response_justification: justification });
    // The generated letter is a real PDF with the case number and the justification in both scripts.
    const text = squashed((await pdfPages(await storedLetter(responded.response_attachment))).join(''));
    expect(text).toContain(squashed(responded.case_number));
    expect(text).toContain(squashed('Your roof will be repaired'));
    expect(text).toContain(squashed('ጣሪያዎ'));

    // An officer cannot approve: only managers may.
    await expectError(await act(officer, id, 'approve'), 401, 'sessionInvalid');
    await expectError(await act(manager, id, 'return', { note: '' }), 400, 'invalidRequest');
    now += 60_000;
    expect((await expectOk(await act(manager, id, 'return', { note: 'Say which team comes.' }))).status).toBe('ongoing');
    // The note is the case history's (below); the audit log keeps codes and ids only (issue 23).
    const [returned] = await server.db.query<Json>(`SELECT after FROM audit_entry WHERE subject_type = 'case' AND subject_id = $1 AND action = 'return'`, [id]);
    expect(returned.after).toEqual({ status: 'ongoing' });
    now += 60_000;
    await expectOk(await respond(officer, id, 'Team 2 will repair your roof on 3 December.', tinyPdf('Uploaded letter')));
    const uploaded = (await caseRow(id)).response_attachment;
    expect(uploaded).not.toBe(responded.response_attachment);
    now += 60_000;
    expect((await expectOk(await act(manager, id, 'approve'))).status).toBe('verified');
    const verified = await caseRow(id);
    expect(verified).toMatchObject({ status: 'verified', verified_by_id: idOf(manager) });
    expect(new Date(verified.verified_date).getTime()).toBe(now);
    await expectError(await act(manager, id, 'approve'), 409, 'caseMoveNotAllowed');
    await expectError(await act(manager, id, 'reject', { rejection_justification: 'Too late.' }), 409, 'caseMoveNotAllowed');

    expect((await historyOf(id)).map((entry) => [entry.action, entry.from_status, entry.status, entry.actor_role])).toEqual([
      ['take', 'pending', 'ongoing', 'officer'],
      ['respond', 'ongoing', 'responded', 'officer'],
      ['return', 'responded', 'ongoing', 'manager'],
      ['respond', 'ongoing', 'responded', 'officer'],
      ['approve', 'responded', 'verified', 'manager'],
    ]);
    expect(await auditOf(id)).toEqual([
      ['take', idOf(officer), 'officer', 'pending', 'ongoing'],
      ['respond', idOf(officer), 'officer', 'ongoing', 'responded'],
      ['return', idOf(manager), 'manager', 'responded', 'ongoing'],
      ['respond', idOf(officer), 'officer', 'ongoing', 'responded'],
      ['approve', idOf(manager), 'manager', 'responded', 'verified'],
    ]);

    // The customer's history shows the moves that are theirs to know, without notes or the review loop.
    const [{ email }] = await server.db.query<{ email: string }>(
      'SELECT u.email FROM customer_user u JOIN customer_case c ON c.customer_id = u.id WHERE c.id = $1', [id],
    );
    const owner = [DEMO_CUSTOMER, SECOND_DEMO_CUSTOMER].find((customer) => customer.email === email)!;
    const { token } = await expectOk(await post(server, '/customer_user_api/login_customer_user', owner));
    const history: Json[] = await expectOk(await fetch(`${server.url}/customer_case_history_api/get_case_history`, {
      headers: { authorization: `Bearer ${token}` },
    }));
    const ofThisCase = history.filter((entry) => entry.case._id === id);
    expect(ofThisCase.map((entry) => entry.status)).toEqual(['verified', 'ongoing', 'pending']);
    expect(new Date(ofThisCase[0].changedAt).getTime()).toBe(now);
    expect(JSON.stringify(ofThisCase)).not.toContain('Say which team comes.');

    // Staff read the case as the customer's calls shape it, with every move and note.
    const read = (token: string) => fetch(`${server.url}/staff_api/cases/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const forStaff = await expectOk(await read(officer));
    expect(forStaff).toMatchObject({ _id: id, case_number: verified.case_number, status: 'verified' });
    expect(forStaff.history.map((entry: Json) => [entry.action, entry.from, entry.to, entry.by?.role ?? null])).toEqual([
      ['file', null, 'pending', null],
      ['take', 'pending', 'ongoing', 'officer'],
      ['respond', 'ongoing', 'responded', 'officer'],
      ['return', 'responded', 'ongoing', 'manager'],
      ['respond', 'ongoing', 'responded', 'officer'],
      ['approve', 'responded', 'verified', 'manager'],
    ]);
    expect(forStaff.history[3]).toMatchObject({ note: 'Say which team comes.', by: { _id: idOf(manager) } });
    await expectError(await read(await staffToken('manager', otherDirectorate)), 404, 'notFound');
  });

  it('lets one of two managers approving a response at once win', async () => {
    const [{ id, directorate }] = await server.db.query<{ id: string; directorate: string }>(
      `SELECT c.id, (SELECT d.id FROM directorate d WHERE d.division_id = c.division_id AND d.status = 'active'
                     ORDER BY d.created_at, d.id LIMIT 1) AS directorate
       FROM customer_case c WHERE c.status = 'responded' ORDER BY c.created_at LIMIT 1`,
    );
    const managers = await Promise.all([staffToken('manager', directorate), staffToken('manager', directorate)]);
    const answers = await Promise.all(managers.map((manager) => act(manager, id, 'approve')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await historyOf(id)).map((entry) => entry.action)).toEqual(['approve']);
    expect((await auditOf(id)).map(([action]) => action)).toEqual(['approve']);
    expect((await caseRow(id)).status).toBe('verified');
  });

  // Last: it moves the clock weeks ahead.
  it('lists only the directorate’s open cases, soonest due first, and flips late once the due day has ended', async () => {
    const { id, directorate } = pending[2]; // ongoing since the race above
    const list = (token: string, query = '') =>
      fetch(`${server.url}/staff_api/cases${query}`, { headers: { authorization: `Bearer ${token}` } });
    const everyPage = async (token: string, query = '') => {
      const first = await expectOk(await list(token, query));
      const rest = await Promise.all(
        Array.from({ length: first.totalPages - 1 }, (_, i) => list(token, `${query}${query ? '&' : '?'}page=${i + 2}`).then(expectOk)),
      );
      return [first, ...rest].flatMap((page) => page.cases as Json[]);
    };
    const [{ count }] = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM customer_case c
       WHERE (SELECT d.id FROM directorate d WHERE d.division_id = c.division_id AND d.status = 'active' ORDER BY d.created_at, d.id LIMIT 1) = $1
         AND c.status IN ('pending', 'ongoing', 'responded')`,
      [directorate],
    );
    const officer = await staffToken('officer', directorate);
    const first = await expectOk(await list(officer));
    expect(first).toMatchObject({ currentPage: 1, totalPages: Math.max(1, Math.ceil(count / 10)) });
    const queue = await everyPage(officer);
    expect(queue.length).toBe(count);
    const dues = queue.map((entry) => entry.due_date);
    expect(dues).toEqual([...dues].sort());
    expect(queue.map((entry) => entry._id)).toContain(id);
    expect((await everyPage(await staffToken('officer', otherDirectorate))).map((entry) => entry._id)).not.toContain(id);

    const [entry] = (await everyPage(officer, '?status=ongoing')).filter((row) => row._id === id);
    const [{ created_at }] = await server.db.query<{ created_at: Date }>('SELECT created_at FROM customer_case WHERE id = $1', [id]);
    expect(entry.due_date).toBe(dueDay(new Date(created_at), 10));
    const lateness = async () => {
      const token = await staffToken('manager', directorate);
      return {
        late: (await everyPage(token, '?status=ongoing')).find((row) => row._id === id)!.late,
        inLate: (await everyPage(token, '?late=yes')).some((row) => row._id === id),
        inOnTime: (await everyPage(token, '?late=no')).some((row) => row._id === id),
      };
    };
    // The due day ends at midnight in Addis Ababa, 21:00 UTC.
    now = Date.parse(`${entry.due_date}T20:59:59Z`);
    expect(await lateness()).toEqual({ late: 'no', inLate: false, inOnTime: true });
    now = Date.parse(`${entry.due_date}T21:00:00Z`);
    expect(await lateness()).toEqual({ late: 'yes', inLate: true, inOnTime: false });

    const customer = (await expectOk(await post(server, '/customer_user_api/login_customer_user', DEMO_CUSTOMER))).token;
    await expectError(await list(customer), 401, 'sessionInvalid');
  });
});
