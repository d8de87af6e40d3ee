import type { AlsoInTransaction, Database, Queryable } from '../db/database.ts';
import type { Static } from 'typebox';
import type { Case, CaseHistoryEntry, CaseListResponse, CaseStatus, CaseSummary, PublicCaseStatus } from '../contract/cases.ts';
import { nextReference } from '../numbering/year-sequence.ts';
import type { StoredAnswer } from './application.ts';
import { containing, filedOption, filedQuestionNames, iso, pageOf, personName, sixColumns, sixNames, SNAPSHOT_COLUMNS, SNAPSHOT_VALUES } from '../db/sql.ts';
import { customerStatus, lateness, responseApproved } from './state-sql.ts';
import { phoneDigits, phoneSearchDigits } from '../phones/phone-number.ts';
import { filingDirectorate } from './routing-sql.ts';
import { latestReview, reviewUntil } from '../casework/case-review-sql.ts';
import { INFORMATION_REQUESTS } from './information-request-sql.ts';

/** A case as the API gives it, with its owner for the ownership checks (never sent). */
export type OwnedCase = Case & { ownerId: string };
export type CaseRow = CaseListResponse['cases'][number];
/** The fields of a case the public status is cut from, and its owner (never sent). */
export type PublicCaseRecord = Omit<PublicCaseStatus, 'print' | 'masked'> & { ownerId: string };

export interface NewCase {
  customerId: string;
  divisionId: string;
  caseRequestId: string;
  relatedCaseId: string | null;
  remark: string;
  attachment: string | null;
  answers: StoredAnswer[];
  idempotencyKey: string | null;
  /** What the key was sent with (requestFingerprint); null without a key. */
  idempotencyFingerprint: string | null;
  /** When it becomes late (server/cases/casework-due-dates.ts). */
  dueAt: Date;
}

export interface CaseFilters {
  status?: CaseStatus;
  caseNumber?: string;
  phone?: string;
  firstname?: string;
}

export interface Receipt {
  id: string;
  caseNumber: string;
}

/**
 * Who reads a whole case. Its customer gets the response (the letter and who wrote it) only
 * once a manager approved it (responseApproved); staff read the draft they work on.
 */
type Reader = 'customer' | 'staff';

// One statement reads a whole case: its division, case request, people, answers and schedule.
// `now` is the placeholder of the app clock's time, which lateness is judged at.
const fullCase = (now: string, reader: Reader) => `
  SELECT c.id AS "_id", c.customer_id AS "ownerId", c.case_number, ${customerStatus('c')} AS status,
    ${lateness('c', now)} AS late, c.remark, c.attachment,
    ${iso('c.created_at')} AS "createdAt", ${iso('c.ongoing_date')} AS ongoing_date,
    ${iso('c.verified_date')} AS verified_date, ${iso('c.rejected_date')} AS rejected_date,
    c.rejection_justification,
    json_build_object('_id', d.id, ${sixNames('d')}) AS division,
    json_build_object('_id', r.id, ${sixNames('r', 'case_name')}) AS caselist,
    CASE WHEN rc.id IS NULL THEN NULL ELSE json_build_object('_id', rc.id, 'case_number', rc.case_number) END AS related_case_id,
    ${personName('rb')} AS responded_by,
    ${personName('jb')} AS rejected_by,
    CASE WHEN response.letter IS NULL THEN NULL
      ELSE json_build_object('attachment', response.letter, 'letter_number', response.letter_number) END AS response_justification,
    json_build_object('_id', u.id, 'firstname', u.firstname, 'middlename', u.middlename, 'lastname', u.lastname,
      'subcity', u.subcity, 'woreda', u.woreda, 'house_number', u.house_number, 'phone', u.phone,
      'house_phone_number', u.house_phone_number, 'gender', u.gender) AS customer,
    -- The question and chosen option as they read when the case was filed (migration 017), not as edited since.
    coalesce((SELECT json_agg(json_build_object('question', json_build_object('_id', a.question_id, ${filedQuestionNames('a')},
                                'enumValues', ${filedOption('a')}), 'answer', a.answer)
                              ORDER BY a.position)
              FROM case_answer a WHERE a.case_id = c.id), '[]'::json) AS list_of_question,
    coalesce((SELECT json_agg(json_build_object('schedule', json_build_object(
                'extended_by', ${personName('eb')}, 'extended_date', ${iso('s.extended_date')},
                'scheduled_by', ${personName('sb')}, 'scheduled_date', ${iso('s.scheduled_date')})) ORDER BY s.created_at, s.id)
              FROM case_schedule s
              LEFT JOIN staff_name eb ON eb.id = s.extended_by_id
              LEFT JOIN staff_name sb ON sb.id = s.scheduled_by_id
              WHERE s.case_id = c.id), '[]'::json) AS schedule_program,
    ${INFORMATION_REQUESTS} AS information_requests,
    ${latestReview('c')} AS review, ${reviewUntil('c', now)} AS review_until,
    false AS masked
  FROM customer_case c
  JOIN division_name d ON d.id = c.division_id
  JOIN case_request r ON r.id = c.case_request_id
  JOIN customer_contact u ON u.id = c.customer_id
  LEFT JOIN customer_case rc ON rc.id = c.related_case_id
  -- The response as this reader may see it: the one place its customer's view is cut.
  LEFT JOIN LATERAL (SELECT c.response_attachment AS letter, c.response_letter_number AS letter_number, c.responded_by_id AS writer
    WHERE ${reader === 'staff' ? 'true' : responseApproved('c')}) AS response ON true
  LEFT JOIN staff_name rb ON rb.id = response.writer
  LEFT JOIN staff_name jb ON jb.id = c.rejected_by_id`;

const NEWEST_FIRST = 'ORDER BY c.created_at DESC, c.case_number DESC';

/**
 * The status check as a visitor sees it (masking.ts decides the fields), plus the owner
 * for the "is this the signed-in owner?" check. Issue 13: the whole case with its people,
 * answers and staff names cost the public lookup most of its time, only to be cut away.
 */
const PUBLIC_CASE = `
  SELECT c.customer_id AS "ownerId", c.case_number, ${customerStatus('c')} AS status, ${lateness('c', '$2')} AS late,
    ${iso('c.created_at')} AS "createdAt", ${iso('c.ongoing_date')} AS ongoing_date,
    ${iso('c.verified_date')} AS verified_date, ${iso('c.rejected_date')} AS rejected_date,
    json_build_object('_id', d.id, ${sixNames('d')}) AS division,
    json_build_object('_id', r.id, ${sixNames('r', 'case_name')}) AS caselist,
    coalesce((SELECT json_agg(json_build_object('schedule', json_build_object(
                'extended_date', ${iso('s.extended_date')}, 'scheduled_date', ${iso('s.scheduled_date')})) ORDER BY s.created_at, s.id)
              FROM case_schedule s WHERE s.case_id = c.id), '[]'::json) AS schedule_program
  FROM customer_case c
  JOIN division_name d ON d.id = c.division_id
  JOIN case_request r ON r.id = c.case_request_id
  WHERE c.case_number = $1`;


/** Thrown inside the create transaction to roll it back when the Idempotency-Key was used already. */
class AlreadySubmitted extends Error {}

/** Stores a new case with its answers and first history row; the case number comes from the same transaction. */
async function insertCase(tx: Queryable, prefix: string, data: NewCase): Promise<Receipt | undefined> {
  const caseNumber = await nextReference(tx, 'caseNumber', prefix, new Date());
  // Filed "now" as of after the number's lock was taken, so filing times follow case numbers.
  const [created] = await tx.query<{ id: string }>(
    `INSERT INTO customer_case (case_number, customer_id, division_id, case_request_id, related_case_id, remark,
       attachment, idempotency_key, idempotency_fingerprint, due_at, created_at, directorate_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, clock_timestamp(),
       (SELECT ${filingDirectorate('r')} FROM case_request r WHERE r.id = $4))
     ON CONFLICT (customer_id, idempotency_key) DO NOTHING
     RETURNING id`,
    [caseNumber, data.customerId, data.divisionId, data.caseRequestId, data.relatedCaseId, data.remark, data.attachment,
      data.idempotencyKey, data.idempotencyFingerprint, data.dueAt],
  );
  if (!created) return undefined;
  await insertAnswers(tx, created.id, data.answers);
  await tx.query(
    `INSERT INTO case_history (case_id, status, changed_at) SELECT id, 'pending', created_at FROM customer_case WHERE id = $1`,
    [created.id],
  );
  return { id: created.id, caseNumber };
}

async function insertAnswers(tx: Queryable, caseId: string, answers: StoredAnswer[]) {
  if (answers.length === 0) return;
  await tx.query(
    // With the words of each question and chosen option as they read now: the case keeps them (migration 017).
    `INSERT INTO case_answer (case_id, question_id, answer, position, ${SNAPSHOT_COLUMNS})
     SELECT $1, t.question_id, t.answer, t.position, ${SNAPSHOT_VALUES}
     FROM unnest($2::uuid[], $3::text[], $4::int[]) AS t (question_id, answer, position)
     JOIN question q ON q.id = t.question_id
     LEFT JOIN question_option o ON o.question_id = q.id AND o.id::text = t.answer`,
    [caseId, answers.map((a) => a.questionId), answers.map((a) => a.answer), answers.map((a) => a.position)],
  );
}

/**
 * The filters of the case list as SQL conditions on top of "this customer's cases", and
 * the join to the customer's contact that only the phone and name filters need (issue 13:
 * on PGlite, which plans every statement anew, the join doubled the page's time).
 */
function filterSql(customerId: string, filters: CaseFilters) {
  const params: unknown[] = [customerId];
  const conditions = ['c.customer_id = $1'];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (filters.status) add((p) => `${customerStatus('c')} = ${p}`, filters.status);
  if (filters.caseNumber) add((p) => `c.case_number ILIKE ${p}`, containing(filters.caseNumber));
  // The caller's own number in any form they type it (0911…, +251911…); no number matches nothing.
  if (filters.phone) add((p) => `${phoneDigits('u.phone')} LIKE ${p}`, containing(phoneSearchDigits(filters.phone) ?? '-'));
  if (filters.firstname) add((p) => `u.firstname ILIKE ${p}`, containing(filters.firstname));
  const customerJoin = filters.phone || filters.firstname ? 'JOIN customer_contact u ON u.id = c.customer_id' : '';
  return { where: conditions.join(' AND '), params, customerJoin };
}

/** `clock`: the app's, which lateness is judged by. */
export function createCaseStore(db: Database, caseNumberPrefix: string, clock: () => number = Date.now) {
  const fullCases = (where: string, params: unknown[], order = '', reader: Reader = 'customer') =>
    db.query<OwnedCase>(`${fullCase(`$${params.length + 1}`, reader)} WHERE ${where} ${order}`, [...params, new Date(clock())]);

  return {
    /**
     * The new case's receipt; undefined when this customer already sent this Idempotency-Key.
     * `claimAttachment` runs in the same transaction, so the case and its file stay together.
     */
    async createCase(data: NewCase, claimAttachment: AlsoInTransaction): Promise<Receipt | undefined> {
      try {
        return await db.transaction(async (tx) => {
          const receipt = await insertCase(tx, caseNumberPrefix, data);
          // Roll back so the allocated number is given back.
          if (!receipt) throw new AlreadySubmitted();
          await claimAttachment(tx);
          return receipt;
        });
      } catch (error) {
        if (error instanceof AlreadySubmitted) return undefined;
        throw error;
      }
    },

    /** The first case filed under this key, and the fingerprint of what it was filed with. */
    async receiptFor(customerId: string, idempotencyKey: string): Promise<(Receipt & { fingerprint: string | null }) | undefined> {
      const rows = await db.query<Receipt & { fingerprint: string | null }>(
        `SELECT id, case_number AS "caseNumber", idempotency_fingerprint AS fingerprint
         FROM customer_case WHERE customer_id = $1 AND idempotency_key = $2`,
        [customerId, idempotencyKey],
      );
      return rows[0];
    },

    /** The id of one of this customer's cases, given its id or its number. */
    async ownCaseId(customerId: string, idOrNumber: { id?: string; caseNumber?: string }): Promise<string | undefined> {
      const rows = await db.query<{ id: string }>(
        'SELECT id FROM customer_case WHERE customer_id = $1 AND (id = $2 OR case_number = $3)',
        [customerId, idOrNumber.id ?? null, idOrNumber.caseNumber ?? null],
      );
      return rows[0]?.id;
    },

    /** One page of this customer's matching cases and how many pages there are (pageOf: one statement, the page clamped). */
    async pageOfCases(customerId: string, filters: CaseFilters, oldestFirst: boolean, perPage: number, wantedPage: number): Promise<CaseListResponse> {
      const { where, params, customerJoin } = filterSql(customerId, filters);
      const order = oldestFirst ? 'ORDER BY c.created_at, c.case_number' : NEWEST_FIRST;
      const { rows, currentPage, totalPages } = await pageOf<CaseRow>(db, {
        matching: `SELECT c.id, row_number() OVER (${order}) AS position FROM customer_case c ${customerJoin} WHERE ${where}`,
        shown: `SELECT json_build_object('_id', c.id, 'case_number', c.case_number, 'status', ${customerStatus('c')},
            'createdAt', ${iso('c.created_at')}, 'caselist', json_build_object('_id', r.id, ${sixNames('r', 'case_name')})) AS row
          FROM page JOIN customer_case c ON c.id = page.id JOIN case_request r ON r.id = c.case_request_id
          ORDER BY page.position`,
        params, perPage, page: wantedPage,
      });
      return { cases: rows, currentPage, totalPages };
    },

    async summary(customerId: string): Promise<CaseSummary> {
      const [summary] = await db.query<CaseSummary>(
        `SELECT count(*) AS "totalCases",
           count(*) FILTER (WHERE status = 'pending') AS "pendingCases",
           count(*) FILTER (WHERE status IN ('ongoing', 'responded', 'waiting_customer', 'under_review')) AS "processingCases",
           count(*) FILTER (WHERE status = 'verified') AS "respondedCases",
           count(*) FILTER (WHERE status = 'rejected') AS "rejectedCases"
         FROM (SELECT ${customerStatus('c')} AS status FROM customer_case c WHERE c.customer_id = $1) AS own`,
        [customerId],
      );
      return summary;
    },

    caseNumbersOf: (customerId: string) =>
      db.query<{ _id: string; case_number: string }>(
        `SELECT c.id AS "_id", c.case_number FROM customer_case c WHERE c.customer_id = $1 ${NEWEST_FIRST}`,
        [customerId],
      ),

    casesOf: (customerId: string) => fullCases('c.customer_id = $1', [customerId], NEWEST_FIRST),

    async caseById(id: string): Promise<OwnedCase | undefined> {
      return (await fullCases('c.id = $1', [id]))[0];
    },

    async caseByNumber(caseNumber: string): Promise<OwnedCase | undefined> {
      return (await fullCases('c.case_number = $1', [caseNumber]))[0];
    },

    /** A case as staff read it: the same shape, with a response not yet approved in it. */
    async staffCaseById(id: string): Promise<OwnedCase | undefined> {
      return (await fullCases('c.id = $1', [id], '', 'staff'))[0];
    },

    /** What a visitor's status check needs of a case (see PUBLIC_CASE), and its owner. */
    async publicCaseByNumber(caseNumber: string): Promise<PublicCaseRecord | undefined> {
      return (await db.query<PublicCaseRecord>(PUBLIC_CASE, [caseNumber, new Date(clock())]))[0];
    },

    async caseOwner(id: string): Promise<string | undefined> {
      const rows = await db.query<{ customer_id: string }>('SELECT customer_id FROM customer_case WHERE id = $1', [id]);
      return rows[0]?.customer_id;
    },

    /** The case a stored PDF belongs to, if it is this customer's attachment, an answer's to a request for information, or their approved response letter. */
    async caseOfFile(customerId: string, file: string): Promise<{ caseNumber: string; response: boolean } | undefined> {
      const rows = await db.query<{ caseNumber: string; response: boolean }>(
        `SELECT c.case_number AS "caseNumber", c.response_attachment = $2 AS response FROM customer_case c
         WHERE c.customer_id = $1 AND (c.attachment = $2
           -- Issue 25: a review's letter, every review's, once written.
           OR EXISTS (SELECT 1 FROM case_review v WHERE v.case_id = c.id AND v.letter = $2)
           OR (c.response_attachment = $2 AND ${responseApproved('c')})
           OR EXISTS (SELECT 1 FROM information_request q WHERE q.case_id = c.id AND q.answer_attachment = $2))`,
        [customerId, file],
      );
      return rows[0];
    },

    /** Questions and answers for a printout: a select's answer as its option's text. */
    printedAnswers: (caseId: string) =>
      db.query<{ question: string[]; answer: string; option: string[] | null }>(
        `SELECT json_build_array(${sixColumns('a', 'question_name')}) AS question, a.answer,
           CASE WHEN a.option_value_en IS NULL THEN NULL ELSE json_build_array(${sixColumns('a', 'option_value')}) END AS option
         FROM case_answer a
         WHERE a.case_id = $1 ORDER BY a.position`,
        [caseId],
      ),

    history: (customerId: string) =>
      db.query<Static<typeof CaseHistoryEntry>>(
        `SELECT h.id AS "_id", json_build_object('_id', c.id, 'case_number', c.case_number) AS "case", h.status,
           ${iso('h.changed_at')} AS "changedAt"
         FROM case_history h JOIN customer_case c ON c.id = h.case_id
         WHERE c.customer_id = $1
           -- The staff's own loop stays internal: a response is the customer's once a
           -- manager approves it, and appointments show in schedule_program, not as a state.
           -- Internal notes (issue 24) are the staff's alone, and so is a transfer to another
           -- directorate: the customer's case keeps its state, division and number.
           AND h.action NOT IN ('respond', 'return', 'schedule', 'extend', 'archive', 'refile', 'note', 'transfer')
           -- A case handed from one officer to another has not moved, for its customer.
           AND NOT (h.action = 'assign' AND h.from_status = h.status)
         ORDER BY h.changed_at DESC, c.case_number DESC, h.id`,
        [customerId],
      ),
  };
}
export type CaseStore = ReturnType<typeof createCaseStore>;
