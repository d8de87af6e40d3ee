import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTokenSecret } from '../../server/auth/secret.ts';
import { ethiopianYear } from '../../server/calendar/ethiopian-year.ts';
import { createPrintLinks } from '../../server/cases/print-links.ts';
import { formatDate } from '../../server/pdf/case-pdf.ts';
import { DEMO_CUSTOMER, SECOND_DEMO_CUSTOMER } from '../../server/seed/seed.ts';
import { testDatabases } from '../helpers/databases.ts';
import { oversizePdf, tinyPdf } from '../helpers/pdf.ts';
import { inkOf, pdfPages, squashed } from '../helpers/pdf-text.ts';
import { fileServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { storedFile, storedFileNames } from '../helpers/stored-files.ts';
import { ETHIOPIC, expectError, expectMessages, expectOk, LANGS, type Json } from '../helpers/expect-api.ts';

const databases = await testDatabases();
const MiB = 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Fields = Record<string, string | undefined>;
type Attachment = { bytes: Uint8Array; name?: string; type?: string };




/** The customer id in a session token (a JWT the app reads too, SPEC section 6). */
const customerIdOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).id;

// ---------------------------------------------------------------------------------------
// A client for one server

function client(server: TestServer) {
  const url = (p: string) => `${server.url}${p}`;
  const bearer = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

  const api = {
    caseFiles: () => storedFileNames(server, 'case-files'),
    caseFile: (name: string) => storedFile(server, 'case-files', name),
    get: (p: string, token?: string, headers: Record<string, string> = {}) => fetch(url(p), { headers: { ...bearer(token), ...headers } }),
    post: (p: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
      fetch(url(p), { method: 'POST', headers: { 'content-type': 'application/json', ...bearer(token), ...headers }, body: JSON.stringify(body) }),

    /** create_case with the file first, so the server must read fields that come after it. */
    apply(token: string | undefined, fields: Fields, attachment?: Attachment, headers: Record<string, string> = {}) {
      const form = new FormData();
      if (attachment) {
        form.append('attachment', new Blob([attachment.bytes as Uint8Array<ArrayBuffer>], { type: attachment.type ?? 'application/pdf' }), attachment.name ?? 'documents.pdf');
      }
      for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
      return fetch(url('/customer_case_api/create_case'), { method: 'POST', body: form, headers: { ...bearer(token), ...headers } });
    },

    async login(email: string, password: string): Promise<string> {
      return (await expectOk(await api.post('/customer_user_api/login_customer_user', { email, password }))).token;
    },

    /** A verified customer made straight in the database, for tests that need a clean slate. */
    async newCustomer(firstname: string): Promise<{ id: string; token: string }> {
      const email = `${firstname.toLowerCase()}-${randomUUID()}@example.test`;
      const [{ id }] = await server.db.query<{ id: string }>(
        `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, gender, email_verified_at)
         VALUES ($1, 'Test', 'Customer', $2, $3, '+251900000001', 'Male', now()) RETURNING id`,
        [firstname, email, await hash('Secret123')],
      );
      return { id, token: await api.login(email, 'Secret123') };
    },

    async count(sql: string, params: unknown[] = []): Promise<number> {
      return (await server.db.query<{ n: number }>(sql, params))[0].n;
    },
    caseCount: () => api.count('SELECT count(*) AS n FROM customer_case'),
  };
  return api;
}
type Client = ReturnType<typeof client>;

/** The demo catalogue, read through the API as the app reads it. */
async function catalogue(api: Client) {
  const caseRequests: Json[] = await expectOk(await api.get('/case_list_api/get_all_case_list'));
  const questions: Json[] = await expectOk(await api.get('/questions_api/get_all_questions'));
  const divisions: Json[] = await expectOk(await api.get('/division_api/get_all_divisions'));
  const caseRequest = (name: string) => caseRequests.find((r) => r.case_name_en === name)!;
  const questionsOf = (caseRequestId: string) => questions.filter((q) => q.caselist._id === caseRequestId);
  const division = (name: string) => divisions.find((d) => d.name_en === name)!;
  const buy = caseRequest('Buying a corporation house');
  const [houseNumber, householdSize, paymentMethod, description] = questionsOf(buy._id);
  return { caseRequests, questions, divisions, caseRequest, questionsOf, division, buy, houseNumber, householdSize, paymentMethod, description };
}
type Catalogue = Awaited<ReturnType<typeof catalogue>>;

/** A complete, valid application for "Buying a corporation house" (every kind of question). */
function goodApplication(c: Catalogue, overrides: Fields = {}, answers?: Json[]): Fields {
  return {
    division: c.buy.division._id,
    caselist: c.buy._id,
    form: JSON.stringify(answers ?? [
      { [c.houseNumber._id]: ' B-7/12 ' },
      { [c.householdSize._id]: 4 },
      // The option's Amharic text: the server keeps the option's id.
      { [c.paymentMethod._id]: c.paymentMethod.enumValues[2].expectedValues.value_am },
      { [c.description._id]: 'ሰፋ ያለ ቤት እንፈልጋለን።\nA bigger house, please.' },
    ]),
    remark: 'Please call me in the morning. ጠዋት ይደውሉልኝ።',
    ...overrides,
  };
}

/** The public copy's print name: by case number, never by the case's id. */
const publicPrintName = (caseNumber: string) => new RegExp(`^print-${caseNumber}-masked-\\d{10}-[A-Za-z0-9_-]{22}\\.pdf$`);

/**
 * Every text of a whole case that must not reach anyone but its owner: the customer's
 * details and id, staff names, free text, answers, files and the ids that lead further.
 * The woreda ("03") and house number ("1250") are too short to look for in text (a UUID
 * may hold them); the exact shape asserted next to this proves they are absent.
 */
function privateTextsOf(whole: Json): string[] {
  const { customer } = whole;
  const people = [whole.responded_by, whole.rejected_by,
    ...whole.schedule_program.flatMap(({ schedule }: Json) => [schedule.extended_by, schedule.scheduled_by])];
  const texts = [
    customer._id, customer.firstname, customer.middlename, customer.lastname, customer.subcity, customer.phone,
    customer.phone.replace(/\D/g, '').slice(-9), customer.house_phone_number, customer.gender,
    ...people.filter(Boolean).flatMap((person: Json) => [person.firstname, person.middlename, person.lastname]),
    whole._id, whole.related_case_id?._id, whole.related_case_id?.case_number, whole.attachment,
    whole.response_justification?.attachment, whole.remark, whole.rejection_justification,
    ...whole.list_of_question.map(({ answer }: Json) => answer).filter((answer: string) => answer.length >= 6),
  ];
  return texts.filter((text): text is string => typeof text === 'string' && text !== '');
}

/** A status check as anyone but the owner: exactly the public facts, with the owner's values, and nothing else. */
function expectPublicStatus(body: Json, whole: Json) {
  const { print, ...facts } = body;
  expect(print).toMatch(publicPrintName(whole.case_number));
  expect(facts).toEqual({
    case_number: whole.case_number, status: whole.status, division: whole.division, caselist: whole.caselist, late: whole.late,
    createdAt: whole.createdAt, ongoing_date: whole.ongoing_date, verified_date: whole.verified_date, rejected_date: whole.rejected_date,
    schedule_program: whole.schedule_program.map(({ schedule }: Json) => ({
      schedule: { extended_date: schedule.extended_date, scheduled_date: schedule.scheduled_date },
    })),
    masked: true,
  });
  const text = JSON.stringify(body);
  for (const secret of privateTextsOf(whole)) expect(text, secret).not.toContain(secret);
}

// ---------------------------------------------------------------------------------------

// The file's server, one per database; the lookup limits' is an instance on its database, with limits of its own.
const shared = fileServer({ rateLimit: { max: 100_000, windowMs: 60_000 }, lookupLimit: { max: 100_000, windowMs: 60_000 } });

describe.each(databases)('cases on $name', (database) => {
  let server: TestServer;
  let api: Client;
  let c: Catalogue;
  let alice: string; // the demo customer's token
  let bob: string; // the second demo customer's token
  let aliceId: string;
  let bobId: string;
  let aliceCases: Json[];
  let bobCases: Json[];

  beforeAll(async () => {
    // Generous limits: the lookup limit has its own test below.
    server = await shared(database);
    api = client(server);
    c = await catalogue(api);
    alice = await api.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    bob = await api.login(SECOND_DEMO_CUSTOMER.email, SECOND_DEMO_CUSTOMER.password);
    aliceId = customerIdOf(alice);
    bobId = customerIdOf(bob);
    aliceCases = await expectOk(await api.get('/customer_case_api/get_all_cases', alice));
    bobCases = await expectOk(await api.get('/customer_case_api/get_all_cases', bob));
  });

  describe('what can be applied for', () => {
    it('lists every case request with six names, and only the active ones to a customer', async () => {
      expect(c.caseRequests.length).toBe(await api.count('SELECT count(*) AS n FROM case_request'));
      expect(c.caseRequests.length).toBeGreaterThanOrEqual(12);
      for (const request of c.caseRequests) {
        expect(request._id).toMatch(UUID);
        expect(request.division._id).toMatch(UUID);
        for (const lang of LANGS) expect(request[`case_name_${lang}`], lang).toBeTruthy();
        expect(request.case_name_am).toMatch(ETHIOPIC);
      }
      expect(c.caseRequests.some((r) => r.status === 'inactive')).toBe(true);

      await expectError(await api.get('/case_list_api/get_case_list'), 401, 'unauthorized');
      const active: Json[] = await expectOk(await api.get('/case_list_api/get_case_list', alice));
      expect(active.map((r) => r._id).sort()).toEqual(c.caseRequests.filter((r) => r.status === 'active').map((r) => r._id).sort());
    });

    it('reads one case request by id; unknown is 404, malformed is 400', async () => {
      expect(await expectOk(await api.get(`/case_list_api/get_case_list/${c.buy._id}`))).toEqual(c.buy);
      await expectError(await api.get(`/case_list_api/get_case_list/${randomUUID()}`), 404, 'caseRequestNotFound');
      await expectError(await api.get('/case_list_api/get_case_list/not-an-id'), 400, 'invalidId');
    });

    it('lists questions of every kind, with their case request and ordered options in six languages', async () => {
      const kinds = new Set(c.questions.map((q) => `${q.inputType}/${q.dataType}`));
      for (const kind of ['normal_input/string', 'normal_input/number', 'text_area/string', 'select/string']) expect(kinds).toContain(kind);
      expect(new Set(c.questions.map((q) => q.isRequired))).toEqual(new Set(['yes', 'no']));
      for (const question of c.questions) {
        expect(c.caseRequests.map((r) => r._id)).toContain(question.caselist._id);
        for (const lang of LANGS) expect(question[`name_${lang}`], lang).toBeTruthy();
      }
      const select = c.questions.find((q) => q.inputType === 'select')!;
      expect(select.enumValues.length).toBeGreaterThanOrEqual(3);
      for (const option of select.enumValues) {
        expect(option._id).toMatch(UUID);
        for (const lang of LANGS) expect(option.expectedValues[`value_${lang}`], lang).toBeTruthy();
      }
      // Stored order, as the seed wrote them.
      const [first] = await server.db.query<{ id: string }>('SELECT id FROM question_option WHERE question_id = $1 ORDER BY position LIMIT 1', [select._id]);
      expect(select.enumValues[0]._id).toBe(first.id);
      expect([c.houseNumber, c.householdSize, c.paymentMethod, c.description].map((q) => `${q.inputType}/${q.dataType}/${q.isRequired}`)).toEqual([
        'normal_input/string/yes', 'normal_input/number/yes', 'select/string/yes', 'text_area/string/no',
      ]);
    });
  });

  describe('applying for a case', () => {
    it('files a case with every question type and a PDF, fields after the file, and gives it back to its owner only', async () => {
      const pdf = tinyPdf('Supporting documents');
      const related = aliceCases[aliceCases.length - 1];
      const response = await api.apply(alice, goodApplication(c, { related_case_id: related._id }), { bytes: pdf });
      const receipt = await expectOk(response, 201);
      expectMessages(receipt);
      expect(receipt.Message_en).toMatch(/submitted/i);
      expect(receipt._id).toMatch(UUID);
      expect(receipt.case_number).toMatch(new RegExp(`^HDC-${ethiopianYear(new Date())}-\\d{6}$`));

      const [row] = await server.db.query<Json>('SELECT * FROM customer_case WHERE id = $1', [receipt._id]);
      expect(row).toMatchObject({ case_number: receipt.case_number, customer_id: aliceId, status: 'pending', related_case_id: related._id });
      // Ten working days ahead: at least twelve calendar days (casework.test.ts tests the day itself).
      expect(new Date(row.due_at).getTime() - new Date(row.created_at).getTime()).toBeGreaterThan(11 * 24 * 3600_000);
      expect(row.remark).toBe('Please call me in the morning. ጠዋት ይደውሉልኝ።');
      expect(row.attachment).toMatch(/^[0-9a-f-]{36}\.pdf$/);
      expect(await api.caseFile(row.attachment)).toEqual(pdf);
      const answers = await server.db.query<Json>('SELECT question_id, answer FROM case_answer WHERE case_id = $1 ORDER BY position', [receipt._id]);
      expect(answers).toEqual([
        { question_id: c.houseNumber._id, answer: 'B-7/12' },
        { question_id: c.householdSize._id, answer: '4' },
        { question_id: c.paymentMethod._id, answer: c.paymentMethod.enumValues[2]._id },
        { question_id: c.description._id, answer: 'ሰፋ ያለ ቤት እንፈልጋለን።\nA bigger house, please.' },
      ]);
      expect(await api.count('SELECT count(*) AS n FROM case_history WHERE case_id = $1 AND status = $2', [receipt._id, 'pending'])).toBe(1);

      const detail = await expectOk(await api.get(`/customer_case_api/get_case_by_id/${receipt._id}`, alice));
      expect(detail).toMatchObject({
        _id: receipt._id, case_number: receipt.case_number, status: 'pending', masked: false, attachment: row.attachment,
        related_case_id: { _id: related._id, case_number: related.case_number },
        division: { _id: c.buy.division._id }, caselist: { _id: c.buy._id, case_name_am: c.buy.case_name_am },
        customer: { firstname: 'Almaz', phone: '+251911000111' }, response_justification: null, responded_by: null,
      });
      expect(detail.list_of_question.map((a: Json) => [a.question._id, a.answer])).toEqual(answers.map((a) => [a.question_id, a.answer]));
      expect(detail.list_of_question[2].question.name_am).toBe(c.paymentMethod.name_am);

      // The stored PDF: the owner reads it; nobody else learns it exists.
      const media = `/media/CaseFiles/${row.attachment}`;
      const file = await api.get(media, alice);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
      expect(file.headers.get('cache-control')).toBe('private, no-store');
      expect(file.headers.get('content-disposition')).toBe(`inline; filename="${receipt.case_number}-attachment.pdf"`);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(pdf);
      await expectError(await api.get(media), 404, 'notFound');
      await expectError(await api.get(media, bob), 404, 'notFound');
      await expectError(await api.get(media, 'not-a-token'), 404, 'notFound');
    });

    it('keeps an optional question unanswered, and takes an option by its id or its text in any language', async () => {
      const byId = await expectOk(await api.apply(alice, goodApplication(c, { remark: undefined }, [
        { [c.houseNumber._id]: 'C-1' }, { [c.householdSize._id]: '2.5' }, { [c.paymentMethod._id]: c.paymentMethod.enumValues[0]._id },
      ])), 201);
      const byEnglish = await expectOk(await api.apply(alice, goodApplication(c, {}, [
        { [c.houseNumber._id]: 'C-2' }, { [c.householdSize._id]: '3' }, { [c.paymentMethod._id]: 'mobile MONEY' }, { [c.description._id]: '' },
      ])), 201);
      const stored = async (caseId: string) =>
        (await server.db.query<{ answer: string }>('SELECT answer FROM case_answer WHERE case_id = $1 AND question_id = $2', [caseId, c.paymentMethod._id]))[0].answer;
      expect(await stored(byId._id)).toBe(c.paymentMethod.enumValues[0]._id);
      expect(await stored(byEnglish._id)).toBe(c.paymentMethod.enumValues[2]._id);
      expect(await api.count('SELECT count(*) AS n FROM case_answer WHERE case_id = $1', [byEnglish._id])).toBe(3);
      expect((await server.db.query<Json>('SELECT attachment, remark FROM customer_case WHERE id = $1', [byId._id]))[0]).toEqual({ attachment: null, remark: '' });
    });

    it('refuses each bad application with its own translated message, and stores nothing', async () => {
      const otherRequest = c.caseRequest('Repair request');
      const [foreignQuestion] = c.questionsOf(otherRequest._id);
      const inactiveRequest = c.caseRequests.find((r) => r.status === 'inactive')!;
      const withAnswers = (answers: Json[], overrides: Fields = {}) => goodApplication(c, overrides, answers);
      const good = [{ [c.houseNumber._id]: 'B-1' }, { [c.householdSize._id]: '3' }, { [c.paymentMethod._id]: c.paymentMethod.enumValues[0]._id }];
      const refusals: [string, Fields, Attachment | undefined, number, string][] = [
        ['no division', goodApplication(c, { division: undefined }), undefined, 400, 'caseDivisionRequired'],
        ['empty division', goodApplication(c, { division: '  ' }), undefined, 400, 'caseDivisionRequired'],
        ['malformed division', goodApplication(c, { division: "x' OR 1=1" }), undefined, 400, 'caseDivisionUnknown'],
        ['unknown division', goodApplication(c, { division: randomUUID() }), undefined, 400, 'caseDivisionUnknown'],
        ['inactive division', goodApplication(c, { division: c.divisions.find((d) => d.status === 'inactive')!._id }), undefined, 400, 'caseDivisionInactive'],
        ['special division', goodApplication(c, { division: c.divisions.find((d) => d.special === 'yes')!._id }), undefined, 400, 'caseDivisionNotOffered'],
        ['no case request', goodApplication(c, { caselist: undefined }), undefined, 400, 'caseRequestRequired'],
        ['unknown case request', goodApplication(c, { caselist: randomUUID() }), undefined, 400, 'caseRequestUnknown'],
        ['inactive case request', goodApplication(c, { division: inactiveRequest.division._id, caselist: inactiveRequest._id }), undefined, 400, 'caseRequestInactive'],
        ['case request of another division', goodApplication(c, { caselist: otherRequest._id }), undefined, 400, 'caseRequestWrongDivision'],
        ['form not JSON', goodApplication(c, { form: '[{"a": ' }), undefined, 400, 'caseFormInvalid'],
        ['form not a list', goodApplication(c, { form: JSON.stringify({ [c.houseNumber._id]: 'B-1' }) }), undefined, 400, 'caseFormInvalid'],
        ['form entry with two answers', goodApplication(c, { form: JSON.stringify([{ [c.houseNumber._id]: 'B-1', [c.householdSize._id]: '3' }]) }), undefined, 400, 'caseFormInvalid'],
        ['answer that is an object', withAnswers([...good.slice(0, 2), { [c.paymentMethod._id]: { id: 1 } }]), undefined, 400, 'caseFormInvalid'],
        ['question answered twice', withAnswers([...good, { [c.houseNumber._id]: 'B-2' }]), undefined, 400, 'caseFormInvalid'],
        ['answer to a question of another case request', withAnswers([...good, { [foreignQuestion._id]: 'B-1' }]), undefined, 400, 'caseAnswerForeign'],
        ['answer to a made-up question', withAnswers([...good, { 'not-a-question': 'x' }]), undefined, 400, 'caseAnswerForeign'],
        ['required question missing', withAnswers(good.slice(1)), undefined, 400, 'caseAnswerRequired'],
        ['required question blank', withAnswers([{ [c.houseNumber._id]: '   ' }, ...good.slice(1)]), undefined, 400, 'caseAnswerRequired'],
        ['no form at all', goodApplication(c, { form: undefined }), undefined, 400, 'caseAnswerRequired'],
        ['number question given words', withAnswers([good[0], { [c.householdSize._id]: 'five' }, good[2]]), undefined, 400, 'caseAnswerNotNumber'],
        ['select answered off the list', withAnswers([...good.slice(0, 2), { [c.paymentMethod._id]: 'Cheque' }]), undefined, 400, 'caseAnswerNotOption'],
        ['select answered with another question\'s option', withAnswers([...good.slice(0, 2), { [c.paymentMethod._id]: c.questions.find((q) => q.inputType === 'select' && q._id !== c.paymentMethod._id)!.enumValues[0]._id }]), undefined, 400, 'caseAnswerNotOption'],
        ['answer over 5000 characters', withAnswers([...good, { [c.description._id]: 'x'.repeat(5001) }]), undefined, 400, 'caseAnswerTooLong'],
        ['remark over 2000 characters', goodApplication(c, { remark: 'ሀ'.repeat(2001) }), undefined, 400, 'caseRemarkTooLong'],
        ['related case of another customer', goodApplication(c, { related_case_id: bobCases[0]._id }), undefined, 400, 'relatedCaseUnknown'],
        ['related case by another customer\'s number', goodApplication(c, { related_case_id: bobCases[0].case_number }), undefined, 400, 'relatedCaseUnknown'],
        ['unknown related case', goodApplication(c, { related_case_id: randomUUID() }), undefined, 400, 'relatedCaseUnknown'],
        ['attachment that is not a PDF', goodApplication(c), { bytes: new TextEncoder().encode('<html>not a pdf</html>'), name: 'fake.pdf' }, 400, 'attachmentInvalid'],
        ['empty attachment', goodApplication(c), { bytes: new Uint8Array(0), name: 'empty.pdf' }, 400, 'attachmentInvalid'],
      ];
      const before = { cases: await api.caseCount(), files: (await api.caseFiles()), history: await api.count('SELECT count(*) AS n FROM case_history') };
      for (const [what, fields, attachment, status, code] of refusals) {
        // A good PDF rides along with every refusal: it must not be kept either.
        await expectError(await api.apply(alice, fields, attachment ?? { bytes: tinyPdf() }), status, code).catch((error) => {
          throw new Error(`${what}: ${error.message}`);
        });
        expect(await api.caseCount(), what).toBe(before.cases);
        expect((await api.caseFiles()), what).toEqual(before.files);
      }
      expect(await api.count('SELECT count(*) AS n FROM case_history')).toBe(before.history);
      await expectError(await api.apply(undefined, goodApplication(c)), 401, 'unauthorized');
      await expectError(await api.apply('forged.token.value', goodApplication(c)), 401, 'sessionInvalid');
      // JSON where the form must be multipart: the route itself refuses it, saying why.
      const notMultipart = await api.post('/customer_case_api/create_case', goodApplication(c), alice);
      expect((await expectError(notMultipart, 400, 'invalidRequest')).detail).toBe('multipart/form-data expected');
      expect(await api.caseCount()).toBe(before.cases);
    });

    it('takes a PDF of exactly 10 MB and refuses one byte more with 413, keeping nothing', async () => {
      const before = { cases: await api.caseCount(), files: (await api.caseFiles()) };
      const tooBig = await api.apply(alice, goodApplication(c), { bytes: oversizePdf(10 * MiB) });
      await expectError(tooBig, 413, 'attachmentTooLarge');
      expect(await api.caseCount()).toBe(before.cases);
      expect((await api.caseFiles())).toEqual(before.files);

      const exact = oversizePdf(10 * MiB - 1);
      expect(exact.length).toBe(10 * MiB);
      const receipt = await expectOk(await api.apply(alice, goodApplication(c), { bytes: exact }), 201);
      const [{ attachment }] = await server.db.query<{ attachment: string }>('SELECT attachment FROM customer_case WHERE id = $1', [receipt._id]);
      expect((await api.caseFile(attachment)).length).toBe(10 * MiB);
    });

    it('answers a repeated Idempotency-Key with the first receipt and stores the case once', async () => {
      const key = `outbox-${randomUUID()}`;
      const before = { cases: await api.caseCount(), files: (await api.caseFiles()).length };
      const first = await expectOk(await api.apply(alice, goodApplication(c), { bytes: tinyPdf() }, { 'idempotency-key': key }), 201);
      const again = await Promise.all([1, 2].map(() => api.apply(alice, goodApplication(c), { bytes: tinyPdf() }, { 'idempotency-key': key })));
      for (const response of again) expect(await expectOk(response, 201)).toEqual(first);
      expect(await api.caseCount()).toBe(before.cases + 1);
      expect((await api.caseFiles()).length).toBe(before.files + 1);
      // The key belongs to its sender: another customer's same key is another case.
      const other = await expectOk(await api.apply(bob, goodApplication(c), undefined, { 'idempotency-key': key }), 201);
      expect(other._id).not.toBe(first._id);
      await expectError(await api.apply(alice, goodApplication(c), undefined, { 'idempotency-key': 'short' }), 400, 'invalidRequest');
    });

    it('gives 100 applications sent at once 100 distinct, contiguous case numbers of this Ethiopian year', async () => {
      const sender = await api.newCustomer('Parallel');
      const year = ethiopianYear(new Date());
      const lastBefore = (await server.db.query<{ last: number }>('SELECT last FROM case_number_sequence WHERE year = $1', [year]))[0]?.last ?? 0;
      const responses = await Promise.all(Array.from({ length: 100 }, () => api.apply(sender.token, goodApplication(c))));
      const receipts = await Promise.all(responses.map((response) => expectOk(response, 201)));
      const numbers = receipts.map((receipt) => receipt.case_number as string);
      expect(new Set(numbers).size).toBe(100);
      for (const number of numbers) expect(number).toMatch(new RegExp(`^HDC-${year}-\\d{6}$`));
      const sequences = numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: 100 }, (_, index) => lastBefore + 1 + index));
      expect(await api.count('SELECT count(*) AS n FROM customer_case WHERE customer_id = $1', [sender.id])).toBe(100);

      // Ten full pages; a page past the end shows the last one.
      const page = async (query: string) => expectOk(await api.get(`/customer_case_api/get_case?${query}`, sender.token));
      const last = await page('page=11&sort=-1');
      expect([last.currentPage, last.totalPages, last.cases.length]).toEqual([10, 10, 10]);
      const oldest = await page('page=1&sort=1');
      expect(oldest.cases[0].case_number).toBe(numbers.slice().sort()[0]);
    });
  });

  describe('a customer\'s own cases', () => {
    it('pages 10 at a time, newest or oldest first, and clamps the page to the last one', async () => {
      const customer = await api.newCustomer('Pager');
      const page = async (query: string, token = customer.token) => expectOk(await api.get(`/customer_case_api/get_case?${query}`, token));
      expect(await page('page=1&sort=-1')).toEqual({ cases: [], currentPage: 1, totalPages: 1 });
      expect(await page('page=5')).toEqual({ cases: [], currentPage: 1, totalPages: 1 });

      const filed: string[] = [];
      for (let n = 0; n < 13; n++) filed.push((await expectOk(await api.apply(customer.token, goodApplication(c)), 201)).case_number);
      const newest = await page('page=1&sort=-1');
      expect([newest.currentPage, newest.totalPages]).toEqual([1, 2]);
      expect(newest.cases.map((row: Json) => row.case_number)).toEqual(filed.slice().reverse().slice(0, 10));
      const second = await page('page=2&sort=-1');
      expect(second.cases.map((row: Json) => row.case_number)).toEqual(filed.slice(0, 3).reverse());
      expect(await page('page=9&sort=-1')).toEqual(second);
      const oldest = await page('page=1&sort=1');
      expect(oldest.cases.map((row: Json) => row.case_number)).toEqual(filed.slice(0, 10));
      expect(Object.keys(oldest.cases[0]).sort()).toEqual(['_id', 'case_number', 'caselist', 'createdAt', 'status']);
      // Issue 12: a row names its case request in every language, as the case itself does.
      expect(oldest.cases[0].caselist).toMatchObject({ _id: c.buy._id, case_name_en: c.buy.case_name_en, case_name_am: c.buy.case_name_am });
      // The home page sends every filter empty.
      const home = await page('page=1&sort=-1&status=&case_number=&phone_number=&customer_id=&firstname=');
      expect(home).toEqual(newest);
      await expectError(await api.get('/customer_case_api/get_case?page=0', customer.token), 400, 'invalidRequest');
      await expectError(await api.get('/customer_case_api/get_case?sort=2', customer.token), 400, 'invalidRequest');
      await expectError(await api.get('/customer_case_api/get_case'), 401, 'unauthorized');
    });

    it('filters by status, case number, phone and first name, never reaching past the caller', async () => {
      const list = async (query: string, token = alice) => expectOk(await api.get(`/customer_case_api/get_case?${query}`, token));
      const [{ n: pendingCount }] = await server.db.query<{ n: number }>(
        "SELECT count(*) AS n FROM customer_case WHERE customer_id = $1 AND status = 'pending'", [aliceId]);
      const pending = await list(`status=pending&page=1`);
      expect(pending.totalPages).toBe(Math.max(1, Math.ceil(pendingCount / 10)));
      for (const row of pending.cases) expect(row.status).toBe('pending');

      const target = aliceCases[3];
      expect((await list(`case_number=${target.case_number.toLowerCase()}`)).cases.map((row: Json) => row._id)).toEqual([target._id]);
      expect((await list(`case_number=${bobCases[0].case_number}`)).cases).toEqual([]);
      // Name and phone are the caller's own: a match is every one of their cases, a miss none.
      const everything = await list('page=1');
      const total = await api.count('SELECT count(*) AS n FROM customer_case WHERE customer_id = $1', [aliceId]);
      expect(everything.totalPages).toBe(Math.ceil(total / 10));
      for (const matching of ['firstname=alm', 'firstname=ALMAZ', 'phone_number=911000111', 'phone_number=%2B251911000111']) {
        expect(await list(`${matching}&page=1`), matching).toEqual(everything);
      }
      for (const missing of ['firstname=nobody', 'firstname=Meron', 'phone_number=922000333']) {
        expect(await list(missing), missing).toEqual({ cases: [], currentPage: 1, totalPages: 1 });
      }
      // Another customer's id does not open their cases: it is ignored.
      expect(await list(`customer_id=${bobId}&page=1`)).toEqual(await list('page=1'));
      await expectError(await api.get('/customer_case_api/get_case?status=lost', alice), 400, 'caseStatusInvalid');
    });

    it('sums the cases by status as the database holds them', async () => {
      for (const [token, id] of [[alice, aliceId], [bob, bobId]]) {
        const summary = await expectOk(await api.get('/customer_case_api/get_case_cust', token));
        const rows = await server.db.query<{ status: string; n: number }>(
          'SELECT status, count(*) AS n FROM customer_case WHERE customer_id = $1 GROUP BY status', [id]);
        const count = (...statuses: string[]) => rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.n, 0);
        expect(summary).toEqual({
          totalCases: count('pending', 'ongoing', 'responded', 'verified', 'rejected'),
          pendingCases: count('pending'),
          processingCases: count('ongoing', 'responded'),
          respondedCases: count('verified'),
          rejectedCases: count('rejected'),
        });
      }
      const fresh = await api.newCustomer('Empty');
      expect(await expectOk(await api.get('/customer_case_api/get_case_cust', fresh.token))).toEqual({
        totalCases: 0, pendingCases: 0, processingCases: 0, respondedCases: 0, rejectedCases: 0,
      });
    });

    it('lists the caller\'s case numbers and full cases newest first, and their history', async () => {
      const numbers: Json[] = await expectOk(await api.get('/customer_case_api/get_by_case_customerid', bob));
      const all: Json[] = await expectOk(await api.get('/customer_case_api/get_all_cases', bob));
      const n = await api.count('SELECT count(*) AS n FROM customer_case WHERE customer_id = $1', [bobId]);
      expect(numbers).toHaveLength(n);
      expect(all.map((record) => ({ _id: record._id, case_number: record.case_number }))).toEqual(numbers);
      const created = all.map((record) => record.createdAt);
      expect(created).toEqual(created.slice().sort().reverse());
      for (const record of all) expect(record.masked).toBe(false);

      const history: Json[] = await expectOk(await api.get('/customer_case_history_api/get_case_history', bob));
      expect(history.length).toBeGreaterThanOrEqual(n);
      const bobIds = new Set(all.map((record) => record._id));
      for (const entry of history) {
        expect(bobIds.has(entry.case._id)).toBe(true);
        expect(['pending', 'ongoing', 'responded', 'verified', 'rejected']).toContain(entry.status);
      }
      const times = history.map((entry) => entry.changedAt);
      expect(times).toEqual(times.slice().sort().reverse());
      await expectError(await api.get('/customer_case_history_api/get_case_history'), 401, 'unauthorized');
    });
  });

  describe('the demo data', () => {
    it('gives the demo customer 14 cases in every status, with dates, staff, schedules and response PDFs', async () => {
      const seeded = aliceCases;
      expect(seeded).toHaveLength(14);
      const byStatus = (status: string) => seeded.filter((record) => record.status === status);
      expect([byStatus('pending'), byStatus('ongoing'), byStatus('responded'), byStatus('verified'), byStatus('rejected')].map((list) => list.length))
        .toEqual([3, 3, 2, 4, 2]);
      // The seed answers a case 14 days after filing and rejects it after 4 (server/seed/cases.ts).
      const daysAfterFiling = (record: Json, days: number) => new Date(Date.parse(record.createdAt) + days * 24 * 60 * 60 * 1000).toISOString();
      for (const record of byStatus('verified')) {
        // Nine days after filing, in time; the one case answered late, thirty.
        expect(record.verified_date).toBe(daysAfterFiling(record, record.late === 'yes' ? 30 : 9));
        expect(record.responded_by).toEqual({ firstname: 'Meron', middlename: 'Tadesse', lastname: 'Ayele' });
        expect(record.response_justification.attachment).toMatch(/^[0-9a-f-]{36}\.pdf$/);
        const pdf = await api.get(`/media/CaseFiles/${record.response_justification.attachment}`, alice);
        expect(pdf.status).toBe(200);
        expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
      for (const record of byStatus('rejected')) {
        expect(record.rejected_by).toEqual({ firstname: 'Dawit', middlename: 'Alemu', lastname: 'Bekele' });
        expect(record.rejected_date).toBe(daysAfterFiling(record, 4));
      }
      expect(byStatus('rejected').map((record) => record.rejection_justification)).toEqual([
        'No payment with this receipt number was found. ይህ የደረሰኝ ቁጥር ያለው ክፍያ አልተገኘም።',
        'The boundary was surveyed in 2015 E.C. and the record matches the title deed. ወሰኑ በ2015 ዓ.ም. ተለክቶ ከካርታው ጋር ይዛመዳል።',
      ]);
      // Newest first: the repair case of 130 days ago was answered late, and the ongoing and responded
      // cases (20 to 70 days old) are past their due dates unanswered; transfer, title deed and repair have schedules.
      expect(seeded.map((record) => record.late === 'yes')).toEqual(seeded.map((_, index) => index === 11 || (index >= 3 && index <= 7)));
      expect(seeded.map((record) => record.schedule_program.length)).toEqual([0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0, 0]);
      expect(seeded.map((record) => record.related_case_id)).toEqual(seeded.map((_, index) => {
        const related = { 2: seeded[7], 8: seeded[10] }[index];
        return related ? { _id: related._id, case_number: related.case_number } : null;
      }));
      expect(new Set(seeded.map((record) => record.createdAt.slice(0, 7))).size).toBeGreaterThanOrEqual(5);
      for (const record of seeded) {
        const answers = await server.db.query<Json>('SELECT question_id, answer FROM case_answer WHERE case_id = $1 ORDER BY position', [record._id]);
        expect(answers.length, record.case_number).toBe(c.questionsOf(record.caselist._id).length);
        expect(record.list_of_question.map(({ question, answer }: Json) => ({ question_id: question._id, answer }))).toEqual(answers);
      }
      expect(bobCases.map((record) => record.status).sort()).toEqual(['pending', 'verified']);
    });
  });

  describe('another customer', () => {
    it('gets nothing of the demo customer\'s cases but what a visitor gets', async () => {
      const target = aliceCases.find((record) => record.attachment && record.response_justification)!;
      await expectError(await api.get(`/customer_case_api/get_case_by_id/${target._id}`, bob), 404, 'caseNotFound');
      await expectError(await api.get(`/customer_case_api/get_case_by_id/${randomUUID()}`, bob), 404, 'caseNotFound');
      await expectError(await api.get('/customer_case_api/get_case_by_id/nope', bob), 400, 'invalidId');

      expectPublicStatus(await expectOk(await api.post('/customer_case_api/get_case_by_casenum', { casenum: target.case_number }, bob)), target);
      await expectError(await api.get(`/customer_case_api/print_case/${target._id}`, bob), 404, 'caseNotFound');
      await expectError(await api.get(`/div_rate/get_rating_bycase/${target._id}`, bob), 404, 'ratingNotFound');
      await expectError(await api.post('/div_rate/create_custrate', { rateNum: 5, rateCase: target._id }, bob), 404, 'caseNotFound');
      for (const name of [target.attachment, target.response_justification.attachment]) {
        await expectError(await api.get(`/media/CaseFiles/${name}`, bob), 404, 'notFound');
      }

      const own = new Set(aliceCases.map((record) => record._id));
      const lists: Json[][] = [
        (await expectOk(await api.get('/customer_case_api/get_case?page=1', bob))).cases,
        await expectOk(await api.get('/customer_case_api/get_by_case_customerid', bob)),
        await expectOk(await api.get('/customer_case_api/get_all_cases', bob)),
      ];
      for (const list of lists) for (const row of list) expect(own.has(row._id)).toBe(false);
      const history: Json[] = await expectOk(await api.get('/customer_case_history_api/get_case_history', bob));
      for (const entry of history) expect(own.has(entry.case._id)).toBe(false);
      const summary = await expectOk(await api.get('/customer_case_api/get_case_cust', bob));
      expect(summary.totalCases).toBe(await api.count('SELECT count(*) AS n FROM customer_case WHERE customer_id = $1', [bobId]));
    });
  });

  describe('the public status check', () => {
    it('shows a visitor, another customer and a stale token only the public status of every case, with exact values', async () => {
      // The oracle must hold what is to be hidden, or "not in the answer" proves nothing.
      const has = (test: (whole: Json) => boolean) => expect(aliceCases.some(test)).toBe(true);
      has((whole) => whole.status === 'verified' && whole.attachment && whole.response_justification && whole.remark && whole.responded_by);
      has((whole) => whole.status === 'rejected' && whole.rejected_by && whole.rejection_justification && whole.rejected_date);
      has((whole) => whole.schedule_program.length === 2);
      has((whole) => whole.related_case_id !== null);
      for (const [viewer, token] of [['visitor', undefined], ['another customer', bob], ['stale token', 'stale.token.x']] as const) {
        for (const whole of aliceCases) {
          const casenum = viewer === 'visitor' ? `  ${whole.case_number.toLowerCase()} ` : whole.case_number;
          const body = await expectOk(await api.post('/customer_case_api/get_case_by_casenum', { casenum }, token));
          expectPublicStatus(body, whole);
        }
      }
    });

    it('keeps what a status check is for: status, division, case request, number, dates, schedule dates and late', async () => {
      const [stored] = await server.db.query<Json>(
        `SELECT c.case_number, c.status, c.created_at, c.rejected_date, d.name_en AS division, r.case_name_en AS request
         FROM customer_case c JOIN division d ON d.id = c.division_id JOIN case_request r ON r.id = c.case_request_id
         WHERE c.customer_id = $1 AND c.status = 'rejected' ORDER BY c.created_at LIMIT 1`, [aliceId]);
      const rejected = await expectOk(await api.post('/customer_case_api/get_case_by_casenum', { casenum: stored.case_number }));
      expect([rejected.case_number, rejected.status, rejected.late, rejected.division.name_en, rejected.caselist.case_name_en])
        // Rejected four days after filing: in time.
        .toEqual([stored.case_number, 'rejected', 'no', stored.division, stored.request]);
      expect([rejected.createdAt, rejected.rejected_date]).toEqual([new Date(stored.created_at).toISOString(), new Date(stored.rejected_date).toISOString()]);

      const scheduled = aliceCases.find((whole) => whole.schedule_program.length === 2)!;
      const dates = await server.db.query<Json>(
        'SELECT extended_date, scheduled_date FROM case_schedule WHERE case_id = $1 ORDER BY created_at, id', [scheduled._id]);
      const body = await expectOk(await api.post('/customer_case_api/get_case_by_casenum', { casenum: scheduled.case_number }));
      expect(body.schedule_program).toEqual(dates.map((row) => ({
        schedule: { extended_date: new Date(row.extended_date).toISOString(), scheduled_date: new Date(row.scheduled_date).toISOString() },
      })));
      const late = aliceCases.find((whole) => whole.late === 'yes')!;
      expect((await expectOk(await api.post('/customer_case_api/get_case_by_casenum', { casenum: late.case_number }))).late).toBe('yes');
    });

    it('shows the owner the whole case: names, phone, address, answers, remark, files and staff', async () => {
      for (const whole of aliceCases) {
        const body = await expectOk(await api.post('/customer_case_api/get_case_by_casenum', { casenum: whole.case_number }, alice));
        expect(body).toEqual(whole);
      }
      const target = aliceCases.find((whole) => whole.status === 'rejected')!;
      const body = await expectOk(await api.post('/customer_case_api/get_case_by_casenum', { casenum: target.case_number }, alice));
      expect(body).toMatchObject({
        _id: target._id, masked: false, rejected_by: { firstname: 'Dawit', middlename: 'Alemu', lastname: 'Bekele' },
        customer: { _id: aliceId, firstname: 'Almaz', middlename: 'Bekele', lastname: 'Tesfaye', subcity: 'Bole', woreda: '03',
          house_number: '1250', phone: '+251911000111', house_phone_number: '+251111234567', gender: 'Female' },
      });
      // The newest rejected demo case is the refund.
      expect(body.rejection_justification).toBe('No payment with this receipt number was found. ይህ የደረሰኝ ቁጥር ያለው ክፍያ አልተገኘም።');
      const answers = await server.db.query<Json>('SELECT question_id, answer FROM case_answer WHERE case_id = $1 ORDER BY position', [target._id]);
      expect(answers.length).toBe(3);
      expect(body.list_of_question.map(({ question, answer }: Json) => ({ question_id: question._id, answer }))).toEqual(answers);
    });

    it('answers a malformed number with 400 in the SPEC\'s words, an unknown one with 404', async () => {
      for (const casenum of ['', '   ', 'HDC-2019', '2019-000001', 'HDC-2019-1', 'HDC_2019_000001', "' OR 1=1 --"]) {
        const body = await expectError(await api.post('/customer_case_api/get_case_by_casenum', { casenum }), 400, 'caseNumberInvalid');
        expect(body.Message_en).toBe('Please enter a vaild case number');
      }
      const body = await expectError(await api.post('/customer_case_api/get_case_by_casenum', { casenum: 'HDC-1999-999999' }), 404, 'caseNotFound');
      expect(body.Message_en).toBe("This case isn't available");
      await expectError(await api.post('/customer_case_api/get_case_by_casenum', {}), 400, 'invalidRequest');
    });
  });

  describe('ratings', () => {
    it('lets the owner rate a verified case once, from 1 to 5 stars, and read the rating back', async () => {
      const verified = aliceCases.filter((record) => record.status === 'verified');
      // The seed rated the oldest verified case with 4 stars and left the others unrated.
      const [rated, unrated] = [verified.at(-1)!, verified[0]];
      expect(await expectOk(await api.get(`/div_rate/get_rating_bycase/${rated._id}`, alice))).toEqual({ rateNum: 4, rateCase: rated._id, rateCustomer: { _id: aliceId } });
      await expectError(await api.get(`/div_rate/get_rating_bycase/${unrated._id}`, alice), 404, 'ratingNotFound');
      await expectError(await api.get(`/div_rate/get_rating_bycase/${unrated._id}`), 401, 'unauthorized');

      const rate = (rateNum: unknown, rateCase: string, token: string | undefined = alice) => api.post('/div_rate/create_custrate', { rateNum, rateCase }, token);
      for (const stars of [0, 6, -1, 2.5, '3.5']) await expectError(await rate(stars, unrated._id), 400, 'ratingInvalid');
      const pending = aliceCases.find((r) => r.status === 'pending')!;
      await expectError(await rate(5, pending._id), 400, 'ratingNotAllowed');
      await expectError(await rate(5, aliceCases.find((r) => r.status === 'rejected')!._id), 400, 'ratingNotAllowed');
      await expectError(await rate(5, bobCases.find((r) => r.status === 'verified')!._id), 404, 'caseNotFound');
      await expectError(await rate(5, randomUUID()), 404, 'caseNotFound');
      await expectError(await api.post('/div_rate/create_custrate', { rateNum: 5, rateCase: unrated._id }), 401, 'unauthorized');
      expect(await api.count('SELECT count(*) AS n FROM case_rating WHERE case_id = $1', [unrated._id])).toBe(0);

      const saved = await expectOk(await rate('5', unrated._id), 201);
      expectMessages(saved);
      expect(saved.Message_en).toBe('Thank you for rating the service.');
      expect(await expectOk(await api.get(`/div_rate/get_rating_bycase/${unrated._id}`, alice))).toEqual({ rateNum: 5, rateCase: unrated._id, rateCustomer: { _id: aliceId } });
      await expectError(await rate(3, unrated._id), 409, 'ratingExists');
      expect(await api.count('SELECT rate_num AS n FROM case_rating WHERE case_id = $1', [unrated._id])).toBe(5);
    });
  });

  describe('printing', () => {
    it('prints the owner\'s case in full, as a real A4 PDF with Amharic drawn; a case id prints nothing for anyone else', async () => {
      const target = aliceCases.find((record) => record.status === 'verified' && record.attachment)!;
      const full = (await expectOk(await api.get(`/customer_case_api/print_case/${target._id}`, alice))).file as string;
      expect(full).toMatch(new RegExp(`^print-${target._id}-full-\\d+-[A-Za-z0-9_-]{22}\\.pdf$`));
      for (const token of [undefined, bob, 'stale.token.x']) {
        await expectError(await api.get(`/customer_case_api/print_case/${target._id}`, token), 404, 'caseNotFound');
      }
      await expectError(await api.get(`/customer_case_api/print_case/${randomUUID()}`, alice), 404, 'caseNotFound');

      const response = await api.get(`/media/CaseFiles/${full}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(`inline; filename="${target.case_number}.pdf"`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      const text = squashed((await pdfPages(bytes)).join(''));
      const select = target.list_of_question.find((answer: Json) => UUID.test(answer.answer))!;
      const option = c.questions.find((q) => q._id === select.question._id)!.enumValues.find((o: Json) => o._id === select.answer)!;
      // A select's answer is printed as its option's text (English and Amharic), not its id.
      for (const wanted of [target.case_number, target.division.name_am, target.caselist.case_name_am, 'Almaz Bekele Tesfaye', '+251911000111',
        option.expectedValues.value_en, option.expectedValues.value_am, 'Meron Tadesse Ayele']) {
        expect(text).toContain(squashed(wanted));
      }
      expect(text).not.toContain(select.answer);
      // Labels in English with the Amharic of the server catalogs (locales/am/server.po), in the glossary's words.
      for (const label of ['Case request · የጉዳይ ዓይነት', 'Attachment · የተያያዘ ሰነድ', 'Status · ሁኔታ']) expect(text).toContain(squashed(label));
      // Drawn, not only extractable (TOOLCHAIN.md pitfall 9).
      expect(await inkOf(bytes, target.case_number)).toBeGreaterThan(0.1);
      expect(await inkOf(bytes, target.division.name_am)).toBeGreaterThan(0.05);

    });

    it('prints the public copy a status check names: the public facts, none of the people, as a real PDF', async () => {
      const verified = aliceCases.find((record) => record.status === 'verified' && record.attachment && record.remark)!;
      const scheduled = aliceCases.find((record) => record.schedule_program.length === 2)!;
      const rejected = aliceCases.find((record) => record.status === 'rejected')!;
      for (const [target, token] of [[verified, undefined], [scheduled, bob], [rejected, undefined]] as const) {
        const { print } = await expectOk(await api.post('/customer_case_api/get_case_by_casenum', { casenum: target.case_number }, token));
        const response = await api.get(`/media/CaseFiles/${print}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-disposition')).toBe(`inline; filename="${target.case_number}.pdf"`);
        const bytes = new Uint8Array(await response.arrayBuffer());
        const text = squashed((await pdfPages(bytes)).join(''));
        const dates = [target.createdAt, target.ongoing_date, target.verified_date, target.rejected_date,
          ...target.schedule_program.flatMap(({ schedule }: Json) => [schedule.extended_date, schedule.scheduled_date])].filter(Boolean);
        for (const shown of [target.case_number, target.division.name_en, target.division.name_am, target.caselist.case_name_en,
          target.caselist.case_name_am, 'Personal details are hidden in this copy', ...dates.map((date) => formatDate(date))]) {
          expect(text, shown).toContain(squashed(shown));
        }
        for (const secret of [...privateTextsOf(target), 'Customer information', 'Responded by', 'Scheduled by', 'Related case', 'Remark']) {
          expect(text, secret).not.toContain(squashed(secret));
        }
        expect(await inkOf(bytes, target.case_number)).toBeGreaterThan(0.1);
      }
    });

    it('refuses an expired or forged print name with 404', async () => {
      const target = aliceCases[0];
      const links = createPrintLinks(await loadTokenSecret(server.db, server.config.tokenSecret));
      const expired = links.name({ mode: 'full', caseId: target._id }, Date.now() - 11 * 60 * 1000);
      await expectError(await api.get(`/media/CaseFiles/${expired}`, alice), 404, 'printLinkInvalid');
      const masked = (await expectOk(await api.post('/customer_case_api/get_case_by_casenum', { casenum: target.case_number }))).print as string;
      for (const forged of [masked.replace('-masked-', '-full-'), masked.replace(target.case_number, aliceCases[1].case_number),
        `print-${target._id}-full-9999999999-AAAAAAAAAAAAAAAAAAAAAA.pdf`]) {
        await expectError(await api.get(`/media/CaseFiles/${forged}`), 404, 'printLinkInvalid');
      }
      for (const junk of ['nothing.pdf', '..%2F..%2Fetc%2Fpasswd', `${randomUUID()}.pdf`]) {
        expect((await api.get(`/media/CaseFiles/${junk}`, alice)).status).toBe(404);
      }
    });
  });
});

describe.each(databases)('case lookup limits on $name', (database) => {
  let server: TestServer;
  let api: Client;
  beforeAll(async () => {
    // X-Forwarded-For stands for the client address only from a trusted proxy (TRUST_PROXY).
    server = await startTestServer(database, { sameDatabaseAs: await shared(database), lookupLimit: { max: 3, windowMs: 60_000 }, trustProxy: ['127.0.0.1'] });
    api = client(server);
  });
  afterAll(() => server?.close());

  const lookup = (casenum: string, address: string) =>
    api.post('/customer_case_api/get_case_by_casenum', { casenum }, undefined, { 'x-forwarded-for': address });

  async function expectLimited(response: Response) {
    expect(response.headers.get('retry-after')).toBe('180');
    await expectError(response, 429, 'tooManyRequests');
  }

  it('limits one address, whatever numbers it tries', async () => {
    for (let n = 1; n <= 3; n++) expect((await lookup(`HDC-2000-00000${n}`, '203.0.113.7')).status).toBe(404);
    await expectLimited(await lookup('HDC-2000-000009', '203.0.113.7'));
    // Someone else at another address is not held back.
    expect((await lookup('HDC-2000-000009', '203.0.113.8')).status).toBe(404);
  });

  it('limits one case number, whatever addresses ask for it, however it is typed', async () => {
    for (const [n, typed] of ['HDC-2001-000001', 'hdc-2001-000001', ' HDC-2001-000001 '].entries()) {
      expect((await lookup(typed, `198.51.100.${n + 1}`)).status).toBe(404);
    }
    await expectLimited(await lookup('HDC-2001-000001', '198.51.100.50'));
    expect((await lookup('HDC-2001-000002', '198.51.100.51')).status).toBe(404);
  });
});
