import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDueDates } from '../../server/casework/due-date-store.ts';
import { createSettingsService } from '../../server/administration/settings-service.ts';
import { createSettingsStore } from '../../server/administration/settings-store.ts';
import type { StaffRole } from '../../server/auth/tokens.ts';
import { testDatabases } from '../helpers/databases.ts';
import { tinyPdf } from '../helpers/pdf.ts';
import { pdfPages, squashed } from '../helpers/pdf-text.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { expectError, expectMessages, expectOk, type Json } from '../helpers/expect-api.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();
const PASSWORD = 'Admin12345';
const six = (prefix: string, text: string, amharic = `${text} ·ኣማ`) => ({
  [`${prefix}_en`]: text, [`${prefix}_am`]: amharic, [`${prefix}_or`]: `${text} (or)`,
  [`${prefix}_tg`]: `${text} (tg)`, [`${prefix}_sm`]: `${text} (sm)`, [`${prefix}_af`]: '',
});

/** The admin's reference data (issue 16): every save, its refusals, its audit entry, and history that stays true. */
describe.each(databases)('reference data, administered, on $name', (database) => {
  let server: TestServer;
  let admin: string;
  let adminId: string;
  let officer: string;
  const now = Date.parse('2026-11-23T09:00:00Z');

  const call = (method: string, path: string, token?: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const save = async (what: string, body: Json, token = admin) => call('POST', `/staff_api/admin/${what}`, token, body);
  const saved = async (what: string, body: Json): Promise<string> => {
    const answer = await expectOk(await save(what, body));
    expectMessages(answer);
    return answer.id as string;
  };
  const tree = async (): Promise<Json[]> => (await expectOk(await call('GET', '/staff_api/admin/divisions', admin))).divisions;
  const auditOf = (subjectId: string) =>
    server.db.query<Json>('SELECT action, actor_id, actor_role, before, after FROM audit_entry WHERE subject_id = $1 ORDER BY at, id', [subjectId]);
  const count = async (sql: string, params: unknown[] = []) => (await server.db.query<{ n: number }>(sql, params))[0].n;
  const staffToken = async (role: StaffRole, directorateId: string | null = null) => {
    const email = `${role}-${randomUUID()}@staff.test`;
    const id = await addStaff(server.db, {
      email, password_hash: await hash(PASSWORD), firstname: 'Almaz', middlename: '', lastname: 'Bekele', role, directorate_id: directorateId,
    });
    const token = await staffSignIn(server.url, { email, password: PASSWORD }, { clock: () => now });
    return { id, token: token as string };
  };

  beforeAll(async () => {
    server = await startTestServer(database, { clock: () => now });
    ({ id: adminId, token: admin } = await staffToken('admin'));
    const [{ id: directorateId }] = await server.db.query<{ id: string }>('SELECT id FROM directorate LIMIT 1');
    ({ token: officer } = await staffToken('officer', directorateId));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 401 to anyone but an admin, and changes nothing', async () => {
    const before = await count('SELECT count(*)::int AS n FROM division');
    for (const token of [undefined, officer, 'stale.token.x']) {
      for (const response of [
        await call('GET', '/staff_api/admin/divisions', token),
        await call('POST', '/staff_api/admin/divisions', token, { ...six('name', 'Never'), ...six('description', ''), status: 'active', special: 'no' }),
        await call('PUT', '/staff_api/admin/languages', token, { languages: ['en', 'am', 'om'] }),
        await call('GET', '/staff_api/admin/holidays', token),
        await call('DELETE', `/staff_api/admin/questions/${randomUUID()}`, token),
      ]) {
        expect(response.status, `${response.url} with ${token}`).toBe(401);
        expect((await response.json()).code).toMatch(/^(unauthorized|sessionInvalid)$/);
      }
    }
    expect(await count('SELECT count(*)::int AS n FROM division')).toBe(before);
  });

  it('creates, edits and deactivates a division, a directorate and a team, each with its audit entry', async () => {
    const divisionId = await saved('divisions', { ...six('name', 'Rentals'), ...six('description', 'Houses to rent'), status: 'active', special: 'no' });
    await saved('divisions', { id: divisionId, ...six('name', 'Rentals and leases'), ...six('description', 'Houses to rent'), status: 'inactive', special: 'no' });
    const directorateId = await saved('directorates', { division_id: divisionId, ...six('name', 'Lease desk'), status: 'active' });
    await saved('directorates', { id: directorateId, division_id: divisionId, ...six('name', 'Lease desk'), status: 'inactive' });
    const teamId = await saved('teams', { directorate_id: directorateId, ...six('name', 'Lease team A'), status: 'active' });
    await saved('teams', { id: teamId, directorate_id: directorateId, ...six('name', 'Lease team B'), status: 'inactive' });

    const division = (await tree()).find((d) => d.id === divisionId)!;
    expect(division).toMatchObject({ name_en: 'Rentals and leases', status: 'inactive', name_af: '' });
    expect(division.directorates).toEqual([expect.objectContaining({ id: directorateId, status: 'inactive', teams: [expect.objectContaining({ id: teamId, name_en: 'Lease team B', status: 'inactive' })] })]);
    // The public read keeps its shape, inactive included, as SPEC section 7 gives it.
    const publicDivision = await expectOk(await call('GET', `/division_api/get_division/${divisionId}`));
    expect(publicDivision).toMatchObject({ _id: divisionId, name_en: 'Rentals and leases', status: 'inactive' });

    const entries = await auditOf(divisionId);
    expect(entries.map((e) => e.action)).toEqual(['create_division', 'save_division']);
    expect(entries[1]).toMatchObject({ actor_id: adminId, actor_role: 'admin', before: { name_en: 'Rentals', status: 'active' }, after: { name_en: 'Rentals and leases', status: 'inactive' } });
    expect((await auditOf(directorateId)).map((e) => e.action)).toEqual(['create_directorate', 'save_directorate']);
    expect((await auditOf(teamId)).map((e) => [e.action, e.after.name_en])).toEqual([['create_team', 'Lease team A'], ['save_team', 'Lease team B']]);
  });

  it('refuses what is missing or wrong, in six languages, and saves nothing of it', async () => {
    const [{ id: divisionId }] = await server.db.query<{ id: string }>(`SELECT id FROM division WHERE status = 'active' ORDER BY created_at LIMIT 1`);
    const [{ id: otherDirectorate }] = await server.db.query<{ id: string }>('SELECT id FROM directorate WHERE division_id <> $1 LIMIT 1', [divisionId]);
    const divisions = await count('SELECT count(*)::int AS n FROM division');
    const requests = await count('SELECT count(*)::int AS n FROM case_request');
    const audit = await count('SELECT count(*)::int AS n FROM audit_entry');

    await expectError(await save('divisions', { ...six('name', 'No Amharic', '  '), ...six('description', ''), status: 'active', special: 'no' }), 400, 'referenceNamesRequired');
    await expectError(await save('divisions', { ...six('name', ''), ...six('description', ''), status: 'active', special: 'no' }), 400, 'referenceNamesRequired');
    await expectError(await save('divisions', { id: randomUUID(), ...six('name', 'Ghost'), ...six('description', ''), status: 'active', special: 'no' }), 404, 'divisionNotFound');
    await expectError(await save('directorates', { division_id: randomUUID(), ...six('name', 'Orphan'), status: 'active' }), 400, 'referenceDivisionUnknown');
    await expectError(await save('teams', { directorate_id: randomUUID(), ...six('name', 'Orphan'), status: 'active' }), 400, 'referenceDirectorateUnknown');
    const request = { division_id: divisionId, directorate_id: null, target_working_days: 10, status: 'active', ...six('case_name', 'Fix a roof') };
    for (const days of [0, 366, -3]) await expectError(await save('case_requests', { ...request, target_working_days: days }), 400, 'referenceTargetDaysInvalid');
    await expectError(await save('case_requests', { ...request, directorate_id: otherDirectorate }), 400, 'referenceDirectorateUnknown');
    await expectError(await save('case_requests', { ...request, division_id: randomUUID() }), 400, 'referenceDivisionUnknown');
    await expectError(await save('case_requests', { ...request, case_name_am: '' }), 400, 'referenceNamesRequired');
    // Schema refusals: an unknown status, a name far too long.
    await expectError(await save('case_requests', { ...request, status: 'paused' }), 400, 'invalidRequest');
    await expectError(await save('case_requests', { ...request, case_name_en: 'x'.repeat(201) }), 400, 'invalidRequest');

    const caseRequestId = await saved('case_requests', request);
    const question = { case_request_id: caseRequestId, input_type: 'select', data_type: 'string', is_required: true, status: 'active', ...six('name', 'Which roof?') };
    await expectError(await save('questions', { ...question, options: [six('value', 'Tin')] }), 400, 'questionOptionsRequired');
    await expectError(await save('questions', { ...question, options: [six('value', 'Tin'), six('value', 'Tile', '')] }), 400, 'questionOptionsRequired');
    await expectError(await save('questions', { ...question, input_type: 'normal_input', options: [six('value', 'Tin'), six('value', 'Tile')] }), 400, 'questionOptionsNotAllowed');
    await expectError(await save('questions', { ...question, case_request_id: randomUUID(), options: [six('value', 'Tin'), six('value', 'Tile')] }), 400, 'referenceCaseRequestUnknown');
    await expectError(await save('questions', { ...question, name_en: ' ', options: [six('value', 'Tin'), six('value', 'Tile')] }), 400, 'referenceNamesRequired');
    await expectError(await save('questions', { ...question, options: [{ id: randomUUID(), ...six('value', 'Tin') }, six('value', 'Tile')] }), 404, 'notFound');

    // A saved entry keeps its parent.
    const [{ id: otherDivision }] = await server.db.query<{ id: string }>('SELECT id FROM division WHERE id <> $1 LIMIT 1', [divisionId]);
    await expectError(await save('case_requests', { ...request, id: caseRequestId, division_id: otherDivision }), 409, 'referenceParentFixed');

    expect(await count('SELECT count(*)::int AS n FROM division')).toBe(divisions);
    expect(await count('SELECT count(*)::int AS n FROM case_request')).toBe(requests + 1);
    expect(await count('SELECT count(*)::int AS n FROM question WHERE case_request_id = $1', [caseRequestId])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM audit_entry')).toBe(audit + 1);
  });

  it('adds a case request with a select question that a customer applies with; the filed case keeps its words after edits', async () => {
    const [{ id: divisionId }] = await server.db.query<{ id: string }>(`SELECT id FROM division WHERE status = 'active' AND special = 'no' ORDER BY created_at LIMIT 1`);
    const [{ id: directorateId }] = await server.db.query<{ id: string }>('SELECT id FROM directorate WHERE division_id = $1 LIMIT 1', [divisionId]);
    const caseRequestId = await saved('case_requests', {
      division_id: divisionId, directorate_id: directorateId, target_working_days: 7, status: 'active', ...six('case_name', 'Fence repair'),
    });
    const questionId = await saved('questions', {
      case_request_id: caseRequestId, input_type: 'select', data_type: 'string', is_required: true, status: 'active',
      ...six('name', 'Which fence?'), options: [six('value', 'Front fence'), six('value', 'Back fence'), six('value', 'Side fence')],
    });
    const questions: Json[] = await expectOk(await call('GET', '/questions_api/get_all_questions'));
    const offered = questions.find((q) => q._id === questionId)!;
    expect(offered).toMatchObject({ caselist: { _id: caseRequestId }, inputType: 'select', isRequired: 'yes', name_en: 'Which fence?', name_am: 'Which fence? ·ኣማ' });
    expect(offered.enumValues.map((o: Json) => o.expectedValues.value_en)).toEqual(['Front fence', 'Back fence', 'Side fence']);
    const lists: Json[] = await expectOk(await call('GET', '/case_list_api/get_all_case_list'));
    expect(lists.find((r) => r._id === caseRequestId)).toMatchObject({ division: { _id: divisionId }, case_name_en: 'Fence repair', status: 'active' });

    // A customer files a case choosing "Back fence".
    const email = `fence-${randomUUID()}@example.test`;
    await server.db.query(
      `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, gender, email_verified_at)
       VALUES ('Hana', 'T', 'Girma', $1, $2, '+251900000001', 'Female', now())`,
      [email, await hash('Secret123')],
    );
    const { token } = await expectOk(await call('POST', '/customer_user_api/login_customer_user', undefined, { email, password: 'Secret123' }));
    const back = offered.enumValues[1]._id as string;
    const form = new FormData();
    form.append('attachment', new Blob([new Uint8Array(tinyPdf())], { type: 'application/pdf' }), 'documents.pdf');
    form.append('division', divisionId);
    form.append('caselist', caseRequestId);
    form.append('form', JSON.stringify([{ [questionId]: back }]));
    const filed = await expectOk(await fetch(`${server.url}/customer_case_api/create_case`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }), 201);
    const caseId = (filed.case?._id ?? filed._id ?? filed.data?._id) as string;
    expect(caseId, JSON.stringify(filed)).toBeTruthy();

    // The option the case chose cannot be removed, nor the question deleted: 409, nothing changed.
    const options = offered.enumValues.map((o: Json) => ({ id: o._id, ...o.expectedValues }));
    const edit = { id: questionId, case_request_id: caseRequestId, input_type: 'select', data_type: 'string', is_required: true, status: 'active', ...six('name', 'Which fence is broken?') };
    await expectError(await save('questions', { ...edit, options: [options[0], options[2]] }), 409, 'questionOptionInUse');
    await expectError(await call('DELETE', `/staff_api/admin/questions/${questionId}`, admin), 409, 'questionInUse');
    expect(await count('SELECT count(*)::int AS n FROM question_option WHERE question_id = $1', [questionId])).toBe(3);

    // It can be renamed, its options renamed, reordered and switched off.
    await saved('questions', {
      ...edit,
      options: [{ ...options[1], value_en: 'Rear fence', value_am: 'የኋላ አጥር' }, options[2], { ...options[0], status: 'inactive' }],
    });
    const edited = (await tree()).find((d) => d.id === divisionId)!.case_requests.find((r: Json) => r.id === caseRequestId);
    expect(edited.questions[0]).toMatchObject({ name_en: 'Which fence is broken?', used: true });
    expect(edited.questions[0].options.map((o: Json) => [o.value_en, o.status, o.used])).toEqual([
      ['Rear fence', 'active', true], ['Side fence', 'active', false], ['Front fence', 'inactive', false],
    ]);

    // The customer's case still reads as filed, in the detail, the staff view and the printout.
    const detail = await expectOk(await call('GET', `/customer_case_api/get_case_by_id/${caseId}`, token));
    const whole = Array.isArray(detail) ? detail[0] : (detail.case ?? detail);
    const asFiled = [{
      question: expect.objectContaining({
        _id: questionId, name_en: 'Which fence?', name_am: 'Which fence? ·ኣማ',
        // The option chosen, as it read at filing: what the customer's and the staff's screens show.
        enumValues: [{ _id: back, expectedValues: offered.enumValues[1].expectedValues }],
      }),
      answer: back,
    }];
    expect(offered.enumValues[1].expectedValues).toMatchObject({ value_en: 'Back fence', value_am: 'Back fence ·ኣማ' });
    expect(whole.list_of_question).toEqual(asFiled);
    const { token: caseOfficer } = await staffToken('officer', directorateId);
    const staffView = await expectOk(await call('GET', `/staff_api/cases/${caseId}`, caseOfficer));
    expect(staffView.list_of_question).toEqual(asFiled);
    const printed = (await expectOk(await call('GET', `/customer_case_api/print_case/${caseId}`, token))).file as string;
    const pdf = new Uint8Array(await (await fetch(`${server.url}/media/CaseFiles/${printed}`)).arrayBuffer());
    const text = squashed((await pdfPages(pdf)).join(''));
    expect(text).toContain(squashed('Which fence?'));
    expect(text).toContain(squashed('Back fence'));
    expect(text).not.toContain(squashed('Which fence is broken?'));
    expect(text).not.toContain(squashed('Rear fence'));

    // Switched off, the question is no longer asked; an option no case chose can go.
    await saved('questions', { ...edit, status: 'inactive', options: [options[1], options[2]] });
    expect(await count('SELECT count(*)::int AS n FROM question_option WHERE question_id = $1', [questionId])).toBe(2);
    const after: Json[] = await expectOk(await call('GET', '/questions_api/get_all_questions'));
    expect(after.some((q) => q._id === questionId)).toBe(false);

    expect((await auditOf(questionId)).map((e) => e.action)).toEqual(['create_question', 'save_question', 'save_question']);
    const reread = await expectOk(await call('GET', `/customer_case_api/get_case_by_id/${caseId}`, token));
    expect(reread).toEqual(detail);
    const [, renamed] = await auditOf(questionId);
    expect(renamed.before).toMatchObject({ name_en: 'Which fence?' });
    expect(renamed.after).toMatchObject({ name_en: 'Which fence is broken?' });
  });

  it('deletes a question no case answered, and edits a case request with its audit entry', async () => {
    const [{ id: caseRequestId, division_id: divisionId }] = await server.db.query<{ id: string; division_id: string }>(
      'SELECT id, division_id FROM case_request ORDER BY created_at LIMIT 1',
    );
    const questionId = await saved('questions', {
      case_request_id: caseRequestId, input_type: 'text_area', data_type: 'string', is_required: false, status: 'active', ...six('name', 'Anything else?'), options: [],
    });
    const deleted = await expectOk(await call('DELETE', `/staff_api/admin/questions/${questionId}`, admin));
    expectMessages(deleted);
    expect(await count('SELECT count(*)::int AS n FROM question WHERE id = $1', [questionId])).toBe(0);
    expect((await auditOf(questionId)).map((e) => e.action)).toEqual(['create_question', 'delete_question']);

    const current = (await tree()).find((d) => d.id === divisionId)!.case_requests.find((r: Json) => r.id === caseRequestId);
    const { questions: _q, ...fields } = current;
    await saved('case_requests', { ...fields, target_working_days: 15, status: 'inactive' });
    const [entry] = (await auditOf(caseRequestId)).slice(-1);
    expect(entry).toMatchObject({ action: 'save_case_request', before: { target_working_days: current.target_working_days, status: 'active' }, after: { target_working_days: 15, status: 'inactive' } });
    const offered: Json[] = await expectOk(await call('GET', '/case_list_api/get_all_case_list'));
    expect(offered.find((r) => r._id === caseRequestId)).toMatchObject({ status: 'inactive' });
  });

  it('keeps holidays as data the due dates read, and the languages the selector offers', async () => {
    const { holidays } = await expectOk(await call('GET', '/staff_api/admin/holidays', admin));
    expect(holidays).toContainEqual(expect.objectContaining({ calendar: 'ethiopian', month: 1, day: 17, date: null }));
    expect(holidays).toContainEqual(expect.objectContaining({ calendar: 'dated', date: '2026-04-12' }));

    for (const bad of [
      { calendar: 'gregorian', month: 2, day: 30, name: 'No such day' },
      { calendar: 'ethiopian', month: 13, day: 7, name: 'No such day' },
      { calendar: 'dated', date: '2026-02-30', name: 'No such day' },
      { calendar: 'dated', date: '2026-12-01', name: '  ' },
    ]) {
      await expectError(await save('holidays', bad), 400, 'holidayInvalid');
    }
    // 24 November 2026 is a Tuesday: as a holiday, a case filed on Monday 23 November falls due a day later.
    const dueBefore = await dueOfNewCase();
    const { holiday } = await expectOk(await save('holidays', { calendar: 'dated', date: '2026-11-24', name: 'Announced day off' }));
    expect(await dueOfNewCase()).toBe(dueBefore + 86_400_000);
    await expectOk(await save('holidays', { id: holiday.id, calendar: 'dated', date: '2026-11-25', name: 'Moved day off' }));
    expectMessages(await expectOk(await call('DELETE', `/staff_api/admin/holidays/${holiday.id}`, admin)));
    expect(await dueOfNewCase()).toBe(dueBefore);
    expect((await auditOf(holiday.id)).map((e) => e.action)).toEqual(['create_holiday', 'save_holiday', 'delete_holiday']);

    expect(await expectOk(await call('GET', '/settings_api/languages'))).toEqual({ languages: ['en', 'am'] });
    await expectError(await call('PUT', '/staff_api/admin/languages', admin, { languages: ['en', 'om'] }), 400, 'languagesInvalid');
    await expectError(await call('PUT', '/staff_api/admin/languages', admin, { languages: ['en', 'am', 'fr'] }), 400, 'invalidRequest');
    const chosen = await expectOk(await call('PUT', '/staff_api/admin/languages', admin, { languages: ['so', 'am', 'en', 'om'] }));
    expect(chosen.languages).toEqual(['en', 'am', 'om', 'so']);
    expect(await expectOk(await call('GET', '/settings_api/languages'))).toEqual({ languages: ['en', 'am', 'om', 'so'] });
    expect((await auditOf('languages')).at(-1)).toMatchObject({ action: 'save_languages', before: ['en', 'am'], after: ['en', 'am', 'om', 'so'] });
    await expectOk(await call('PUT', '/staff_api/admin/languages', admin, { languages: ['en', 'am'] }));
  });

  /** The due moment a case filed now (the fixed clock) gets, from the holidays in the database as the server reads them. */
  async function dueOfNewCase(): Promise<number> {
    const [{ id }] = await server.db.query<{ id: string }>('SELECT id FROM case_request WHERE target_working_days = 10 LIMIT 1');
    const settings = createSettingsService(createSettingsStore(server.db), () => now);
    return (await createDueDates(server.db, () => settings.calendar()).dueAt(id, new Date(now))).getTime();
  }
});
