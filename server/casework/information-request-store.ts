import type { AlsoInTransaction, Database, Queryable } from '../db/database.ts';
import { notFound, ApiError } from '../errors/api-error.ts';
import { checkSameRequest } from '../web/idempotency-key.ts';

/** The request a case waits on: when it was asked, what, and in which language its customer reads. */
export interface OpenRequest {
  id: string;
  message: string;
  asked_at: Date;
  language: string;
}

/** An open request as the reminder sweep sees it, with what it has raised already. */
export interface WaitingRequest {
  id: string;
  case_id: string;
  case_number: string;
  customer_id: string;
  message: string;
  asked_at: Date;
  reminded: boolean;
  expiry_alerted: boolean;
}

/** The customer's answer to store, and what storing it does besides (the file's claim, the due day, the officer's alert). */
export interface NewAnswer {
  caseId: string;
  customerId: string;
  text: string;
  attachment: string | null;
  idempotency: { key: string; fingerprint: string } | null;
  at: Date;
  claimAttachment: AlsoInTransaction;
  /** The case's new due moment, from the request's asking moment and the one it had. */
  dueAfterWaiting: (askedAt: Date, dueAt: Date) => Date;
  /** In the answer's transaction, once it is stored. */
  answered: (tx: Queryable, kase: { caseId: string; caseNumber: string; version: number; at: Date }) => Promise<void>;
}

/** The open request of a case (`q`): neither answered nor closed (migration 033 allows one per case). */
const OPEN = 'q.answered_at IS NULL AND q.closed_at IS NULL';

/** The requests for information (migration 033): asked in the officer's move, answered in the customer's own transaction. */
export function createInformationRequestStore(db: Database) {
  return {
    /** The request the case waits on, or undefined. */
    async openRequest(caseId: string): Promise<OpenRequest | undefined> {
      const [row] = await db.query<OpenRequest>(
        `SELECT q.id, q.message, q.asked_at, n.language FROM information_request q
         JOIN customer_case c ON c.id = q.case_id JOIN customer_notice_address n ON n.id = c.customer_id
         WHERE q.case_id = $1 AND ${OPEN}`,
        [caseId],
      );
      return row;
    },

    /** In the request_information move's transaction: the request itself. */
    async ask(tx: Queryable, request: { caseId: string; message: string; askedBy: string; at: Date }): Promise<void> {
      await tx.query('INSERT INTO information_request (case_id, message, asked_by_id, asked_at) VALUES ($1, $2, $3, $4)', [
        request.caseId, request.message, request.askedBy, request.at,
      ]);
    },

    /** In the close_unanswered move's transaction: the request ends unanswered; false when it was answered or closed meanwhile. */
    async close(tx: Queryable, requestId: string, at: Date): Promise<boolean> {
      const rows = await tx.query(`UPDATE information_request q SET closed_at = $2 WHERE q.id = $1 AND ${OPEN} RETURNING q.id`, [requestId, at]);
      return rows.length > 0;
    },

    /**
     * Stores the customer's answer, in one transaction with the case back to ongoing (its
     * version moved on, its due moment moved by the working days it waited), the file's claim,
     * the history entry and the officer's alert. The case row is locked first, so of two
     * answers (a replay racing its original) the second sees the first. `repeated`: the same
     * Idempotency-Key answered this case already, and nothing new was stored.
     */
    async answer(answer: NewAnswer): Promise<{ repeated: boolean }> {
      return db.transaction(async (tx) => {
        const [kase] = await tx.query<{ status: string; version: number; due_at: Date; case_number: string }>(
          'SELECT status, version, due_at, case_number FROM customer_case WHERE id = $1 AND customer_id = $2 FOR UPDATE',
          [answer.caseId, answer.customerId],
        );
        if (!kase) throw notFound();
        if (answer.idempotency) {
          const [first] = await tx.query<{ idempotency_fingerprint: string | null }>(
            'SELECT idempotency_fingerprint FROM information_request WHERE case_id = $1 AND idempotency_key = $2',
            [answer.caseId, answer.idempotency.key],
          );
          if (first) {
            checkSameRequest(first.idempotency_fingerprint, answer.idempotency.fingerprint);
            return { repeated: true };
          }
        }
        const [open] = await tx.query<{ id: string; asked_at: Date }>(`SELECT q.id, q.asked_at FROM information_request q WHERE q.case_id = $1 AND ${OPEN}`, [answer.caseId]);
        if (kase.status !== 'waiting_customer' || !open) throw new ApiError(409, 'caseNotWaitingForCustomer');
        await tx.query(
          `UPDATE information_request SET answer_text = $2, answer_attachment = $3, answered_at = $4, idempotency_key = $5, idempotency_fingerprint = $6
           WHERE id = $1`,
          [open.id, answer.text, answer.attachment, answer.at, answer.idempotency?.key ?? null, answer.idempotency?.fingerprint ?? null],
        );
        await answer.claimAttachment(tx);
        await tx.query("UPDATE customer_case SET status = 'ongoing', version = version + 1, due_at = $2 WHERE id = $1", [
          answer.caseId, answer.dueAfterWaiting(open.asked_at, kase.due_at),
        ]);
        // The customer acts: no staff actor; the answer's text is the entry's note, as a move's reason is.
        await tx.query(
          `INSERT INTO case_history (case_id, status, changed_at, action, actor_role, from_status, note)
           VALUES ($1, 'ongoing', $2, 'answer_information', 'customer', 'waiting_customer', $3)`,
          [answer.caseId, answer.at, answer.text],
        );
        await answer.answered(tx, { caseId: answer.caseId, caseNumber: kase.case_number, version: kase.version, at: answer.at });
        return { repeated: false };
      });
    },

    /** The open requests of waiting cases whose reminder or unanswered alert is still to come (the sweep picks the due ones). */
    waiting(): Promise<WaitingRequest[]> {
      return db.query<WaitingRequest>(
        `SELECT q.id, q.case_id, c.case_number, c.customer_id, q.message, q.asked_at,
           q.reminded_at IS NOT NULL AS reminded, q.expiry_alerted_at IS NOT NULL AS expiry_alerted
         FROM information_request q JOIN customer_case c ON c.id = q.case_id
         WHERE ${OPEN} AND c.status = 'waiting_customer' AND (q.reminded_at IS NULL OR q.expiry_alerted_at IS NULL)
         ORDER BY q.asked_at, q.id`,
      );
    },

    transaction: db.transaction.bind(db),

    /**
     * Claims a request's reminder (`reminded_at`) or unanswered alert (`expiry_alerted_at`) for
     * this sweep: true for exactly one caller, whichever instance it runs in; false once set,
     * or when the request was answered or closed meanwhile.
     */
    async claim(tx: Queryable, requestId: string, what: 'reminded_at' | 'expiry_alerted_at', at: Date): Promise<boolean> {
      const rows = await tx.query(`UPDATE information_request q SET ${what} = $2 WHERE q.id = $1 AND q.${what} IS NULL AND ${OPEN} RETURNING q.id`, [
        requestId, at,
      ]);
      return rows.length > 0;
    },
  };
}
export type InformationRequestStore = ReturnType<typeof createInformationRequestStore>;
