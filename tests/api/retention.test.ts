import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/database.ts';
import { fileStorageFor, pdfKind } from '../../server/files/storage.ts';
import { pseudonymOf } from '../../server/privacy/pseudonym.ts';
import { nextTuesdayAt } from '../helpers/clock.ts';
import { testDatabases } from '../helpers/databases.ts';
import type { Json } from '../helpers/expect-api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { storedFileNames } from '../helpers/stored-files.ts';

const databases = await testDatabases();
const DAY = 86_400_000;
const T0 = nextTuesdayAt('09:00');

/** `years` calendar years and `months` months before `at`, as PostgreSQL's interval arithmetic counts them. */
function before(at: number, { years = 0, months = 0 }: { years?: number; months?: number }): number {
  const day = new Date(at);
  day.setUTCFullYear(day.getUTCFullYear() - years, day.getUTCMonth() - months);
  return day.getTime();
}

/**
 * Issue 28's retention, by a moved clock: a case closed 10 years and a day ago loses its personal
 * data, answers, remarks and files (and its customer's account, whose every case is past); one
 * closed a day less is kept until the clock moves on; an accusation closed 24 months and a day
 * ago loses its complainant's name and phone. Two instances sweep at once: each record once.
 */
describe.each(databases)('retention (issue 28), on $name', (database) => {
  let first: TestServer;
  let second: TestServer;
  const clock = { now: T0 };
  const tag = randomUUID().slice(0, 8);
  const ids: Record<'oldCase' | 'withdrawnCase' | 'newCase' | 'oldCustomer' | 'newCustomer' | 'oldAccusation' | 'newAccusation', string> = {} as never;
  const files: string[] = [];

  async function addCustomer(db: Queryable, name: string): Promise<string> {
    const [{ id }] = await db.query<{ id: string }>(
      `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, gender, email_verified_at)
       VALUES ($1, 'Retained', $2, $3, 'x', '', 'Male', now()) RETURNING id`,
      [name, `Person${tag}`, `${name.toLowerCase()}.${tag}@example.test`],
    );
    return id;
  }

  /** A case verified at `closedAt`, with an answer, a remark, a note, an answered request for information, a rating comment and two files. */
  async function addClosedCase(server: TestServer, customerId: string, number: string, closedAt: number): Promise<string> {
    const db = server.db;
    const storage = fileStorageFor(db, server.config.dataDir);
    const pdf = async () => {
      const { name } = await storage.save('case-files', Readable.from([Buffer.from(`%PDF-1.4\n% ${number}\n%%EOF\n`)]), pdfKind(1024 * 1024));
      await db.transaction((tx) => storage.claim(tx, 'case-files', name));
      files.push(name);
      return name;
    };
    const [request] = await db.query<{ id: string; division_id: string }>('SELECT id, division_id FROM case_request ORDER BY position, id LIMIT 1');
    const [officer] = await db.query<{ id: string }>(`SELECT id FROM staff_user WHERE lower(email) = 'officer@portal.local'`);
    const at = new Date(closedAt);
    const [{ id }] = await db.query<{ id: string }>(
      `INSERT INTO customer_case (case_number, customer_id, division_id, case_request_id, status, remark, attachment, response_attachment, created_at, verified_date)
       VALUES ($1, $2, $3, $4, 'verified', 'My remark', $5, $6, $7, $7) RETURNING id`,
      [number, customerId, request.division_id, request.id, await pdf(), await pdf(), at],
    );
    await db.query(
      `INSERT INTO case_answer (case_id, question_id, answer, question_name_en, question_name_am, question_name_or, question_name_tg, question_name_sm, question_name_af)
       SELECT $1, id, 'My answer', name_en, name_am, name_or, name_tg, name_sm, name_af FROM question WHERE case_request_id = $2 LIMIT 1`,
      [id, request.id],
    );
    await db.query(
      `INSERT INTO case_history (case_id, status, changed_at, action, actor_id, actor_role, note) VALUES ($1, 'verified', $2, 'approve', $3, 'manager', 'A note')`,
      [id, at, officer.id],
    );
    await db.query(
      `INSERT INTO information_request (case_id, message, asked_by_id, asked_at, answer_text, answered_at) VALUES ($1, 'Your ID, please', $2, $3, 'Here it is', $3)`,
      [id, officer.id, at],
    );
    await db.query(`INSERT INTO case_rating (case_id, customer_id, rate_num, comment) VALUES ($1, $2, 4, 'A comment')`, [id, customerId]);
    return id;
  }

  async function addClosedAccusation(db: Queryable, reference: string, closedAt: number): Promise<string> {
    const [{ id }] = await db.query<{ id: string }>(
      `INSERT INTO accusation (reference, name, phone, subject, description, status, closed_at, outcome, created_at)
       VALUES ($1, 'Complainant Name', '+251911223344', 'Subject', 'Description', 'closed', $2, 'substantiated', $2) RETURNING id`,
      [reference, new Date(closedAt)],
    );
    return id;
  }

  const caseRow = async (id: string) =>
    (await first.db.query<Json>(
      `SELECT c.remark, c.attachment IS NULL AS no_attachment, c.response_attachment IS NULL AS no_response, c.anonymised_at IS NOT NULL AS anonymised,
              (SELECT count(*)::int FROM case_answer a WHERE a.case_id = c.id) AS answers,
              (SELECT string_agg(coalesce(h.note, '-'), ',') FROM case_history h WHERE h.case_id = c.id) AS notes,
              (SELECT string_agg(r.answer_text, ',') FROM information_request r WHERE r.case_id = c.id) AS information,
              (SELECT string_agg(coalesce(r.comment, '-'), ',') FROM case_rating r WHERE r.case_id = c.id) AS comments
         FROM customer_case c WHERE c.id = $1`,
      [id],
    ))[0];
  const audits = (subjectId: string) =>
    first.db.query<Json>('SELECT actor_id, actor_role, action, subject_type FROM audit_entry WHERE subject_id = $1 ORDER BY id', [subjectId]);

  beforeAll(async () => {
    first = await startTestServer(database, { clock: () => clock.now, env: { RETENTION_CASE_YEARS: '10', RETENTION_ACCUSATION_MONTHS: '24' } });
    // The same files too: on PGlite the one process's folder, on PostgreSQL the shared database.
    second = await startTestServer(database, { clock: () => clock.now, sameDatabaseAs: first, dataDir: first.config.dataDir });
    ids.oldCustomer = await addCustomer(first.db, 'Old');
    ids.newCustomer = await addCustomer(first.db, 'New');
    ids.oldCase = await addClosedCase(first, ids.oldCustomer, `RET-${tag}-1`, before(T0, { years: 10 }) - DAY);
    ids.newCase = await addClosedCase(first, ids.newCustomer, `RET-${tag}-2`, before(T0, { years: 10 }) + DAY);
    // Withdrawn by its customer (migration 040) with no history entry: its withdrawn_date is its closing moment.
    [{ id: ids.withdrawnCase }] = await first.db.query<{ id: string }>(
      `INSERT INTO customer_case (case_number, customer_id, division_id, case_request_id, status, remark, created_at, withdrawn_date)
       SELECT $1, $2, division_id, case_request_id, 'withdrawn', 'Withdrawn remark', $3, $3 FROM customer_case WHERE id = $4 RETURNING id`,
      [`RET-${tag}-3`, ids.oldCustomer, new Date(before(T0, { years: 10 }) - DAY), ids.oldCase],
    );
    ids.oldAccusation = await addClosedAccusation(first.db, `RET-${tag}-A1`, before(T0, { months: 24 }) - DAY);
    ids.newAccusation = await addClosedAccusation(first.db, `RET-${tag}-A2`, before(T0, { months: 24 }) + DAY);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('anonymises what is past its period, keeps what is not, each once though two instances sweep', async () => {
    await Promise.all([first.app.sweepRetention(), second.app.sweepRetention()]);

    expect(await caseRow(ids.oldCase)).toEqual({
      remark: '', no_attachment: true, no_response: true, anonymised: true, answers: 0, notes: '-', information: '—', comments: '-',
    });
    expect(await caseRow(ids.newCase)).toEqual({
      remark: 'My remark', no_attachment: false, no_response: false, anonymised: false, answers: 1, notes: 'A note', information: 'Here it is', comments: 'A comment',
    });
    const stored = await storedFileNames(first, 'case-files');
    expect(files.filter((name) => stored.includes(name))).toEqual(files.slice(2));

    // The old case's customer has no case left inside the period: the account goes too. The other stays.
    const accounts = await first.db.query<Json>('SELECT id, firstname, email, status FROM customer_user WHERE id IN ($1, $2)', [ids.oldCustomer, ids.newCustomer]);
    expect(accounts.find((row) => row.id === ids.oldCustomer)).toEqual({ id: ids.oldCustomer, firstname: pseudonymOf(ids.oldCustomer), email: null, status: 'inactive' });
    expect(accounts.find((row) => row.id === ids.newCustomer)).toMatchObject({ firstname: 'New', status: 'active' });

    const accusations = await first.db.query<Json>('SELECT id, name, phone FROM accusation WHERE id IN ($1, $2) ORDER BY reference', [ids.oldAccusation, ids.newAccusation]);
    expect(accusations).toEqual([
      { id: ids.oldAccusation, name: '', phone: '' },
      { id: ids.newAccusation, name: 'Complainant Name', phone: '+251911223344' },
    ]);

    // One audit entry per record, by the system.
    expect(await audits(ids.oldCase)).toEqual([{ actor_id: null, actor_role: 'system', action: 'anonymise', subject_type: 'case' }]);
    expect(await audits(ids.withdrawnCase)).toEqual([{ actor_id: null, actor_role: 'system', action: 'anonymise', subject_type: 'case' }]);
    expect(await caseRow(ids.withdrawnCase)).toMatchObject({ remark: '', anonymised: true });
    expect(await audits(ids.oldCustomer)).toEqual([{ actor_id: null, actor_role: 'system', action: 'anonymise', subject_type: 'account' }]);
    expect(await audits(ids.oldAccusation)).toEqual([{ actor_id: null, actor_role: 'system', action: 'remove_contact', subject_type: 'accusation' }]);
    expect(await audits(ids.newCase)).toEqual([]);
    expect(await audits(ids.newAccusation)).toEqual([]);
  });

  it('takes the rest when the clock has moved past their period, and nothing twice', async () => {
    clock.now = T0 + 2 * DAY;
    await Promise.all([second.app.sweepRetention(), first.app.sweepRetention()]);
    expect(await caseRow(ids.newCase)).toMatchObject({ remark: '', anonymised: true, answers: 0 });
    expect(await audits(ids.newCase)).toHaveLength(1);
    expect(await audits(ids.newAccusation)).toHaveLength(1);
    expect(await audits(ids.oldCase)).toHaveLength(1);
    expect(await audits(ids.oldCustomer)).toHaveLength(1);
    expect((await storedFileNames(first, 'case-files')).filter((name) => files.includes(name))).toEqual([]);
  });
});
