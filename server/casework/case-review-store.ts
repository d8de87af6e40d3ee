import type { Database, Queryable } from '../db/database.ts';
import type { StaffRole } from '../auth/tokens.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { ReviewOutcome } from '../contract/cases.ts';
import { ELIGIBLE_REVIEWER } from './case-review-sql.ts';

/**
 * Reviews of a decision (issue 25, migration 034): the customer's request and a manager's
 * outcome, each one transaction with the case's move, its history entry, its audit entry and
 * what the move tells people (the casework's afterMove hook: notices and staff alerts).
 */

export type Decision = 'verified' | 'rejected';

/** What a review's rules read of its case. */
export interface CaseForReview {
  id: string;
  case_number: string;
  status: string;
  version: number;
  customer_id: string;
  case_request_id: string;
  directorate_id: string | null;
  due_at: Date | null;
  /** The present decision's moment (verified_date or rejected_date), if any. */
  decision_date: Date | null;
  review_until: Date | null;
  /** Whether the present decision was reviewed already (one review per decision). */
  reviewed: boolean;
  /** Who wrote, approved and rejected the decision: none of them may decide its review. */
  responded_by_id: string | null;
  verified_by_id: string | null;
  rejected_by_id: string | null;
  /** Whether an active manager of its directorate had no part in the decision: only then may no admin decide. */
  eligible_manager: boolean;
}

/** The open review of a case under review. */
export interface OpenReview {
  id: string;
  decision: Decision;
  decision_due_at: Date | null;
}

/** A review's move as the casework's afterMove hook takes it (notices, staff alerts). */
export interface ReviewMove {
  caseId: string;
  caseNumber: string;
  customerId: string;
  version: number;
  action: 'request_review' | 'decide_review';
  from: string;
  to: string;
  actor: { id: string; role: string };
  at: Date;
  note?: string;
}
export type ReviewMoveHook = (tx: Queryable, move: ReviewMove) => Promise<void>;

/** The outcome's letter, numbered and written in the decision's transaction. */
export type ReviewLetter = (tx: Queryable, at: Date) => Promise<{ name: string; letterNumber: string }>;

/** Thrown inside a transaction to roll it back when the case moved meanwhile. */
class Moved extends Error {}

export function createCaseReviewStore(db: Database, afterMove: ReviewMoveHook) {
  /** Runs `work`; false when it found the case moved meanwhile (nothing written). */
  async function inTransaction(work: (tx: Queryable) => Promise<void>): Promise<boolean> {
    try {
      await db.transaction(work);
      return true;
    } catch (error) {
      if (error instanceof Moved) return false;
      throw error;
    }
  }

  return {
    async caseForReview(caseId: string): Promise<CaseForReview | undefined> {
      const [found] = await db.query<CaseForReview>(
        `SELECT c.id, c.case_number, c.status, c.version, c.customer_id, c.case_request_id, c.directorate_id, c.due_at,
           COALESCE(c.verified_date, c.rejected_date) AS decision_date, c.review_until,
           EXISTS (SELECT 1 FROM case_review v WHERE v.case_id = c.id AND v.decision_date = COALESCE(c.verified_date, c.rejected_date)) AS reviewed,
           c.responded_by_id, c.verified_by_id, c.rejected_by_id,
           ${ELIGIBLE_REVIEWER('c')} AS eligible_manager
         FROM customer_case c WHERE c.id = $1`,
        [caseId],
      );
      return found;
    },

    async openReview(caseId: string): Promise<OpenReview | undefined> {
      const [open] = await db.query<OpenReview>(
        'SELECT id, decision, decision_due_at FROM case_review WHERE case_id = $1 AND outcome IS NULL ORDER BY requested_at DESC LIMIT 1',
        [caseId],
      );
      return open;
    },

    /**
     * The customer's request: the case goes under review, due `dueAt`, and no other review of this
     * decision may be asked for. False when the case is no longer as `found` read it.
     */
    requestReview(found: CaseForReview & { status: Decision; decision_date: Date }, request: { reason: string; at: Date; dueAt: Date }) {
      return inTransaction(async (tx) => {
        const moved = await tx.query(
          `UPDATE customer_case SET status = 'under_review', version = version + 1, due_at = $4, review_until = NULL
           WHERE id = $1 AND version = $2 AND status = $3 RETURNING id`,
          [found.id, found.version, found.status, request.dueAt],
        );
        if (moved.length === 0) throw new Moved();
        await tx.query(
          `INSERT INTO case_review (case_id, decision, decision_date, decision_due_at, reason, requested_at, due_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [found.id, found.status, found.decision_date, found.due_at, request.reason, request.at, request.dueAt],
        );
        // The customer is the actor: a history entry names no staff user, only the role.
        await tx.query(
          `INSERT INTO case_history (case_id, status, changed_at, action, actor_role, from_status, note)
           VALUES ($1, 'under_review', $2, 'request_review', 'customer', $3, $4)`,
          [found.id, request.at, found.status, request.reason],
        );
        await recordAudit(tx, {
          actorId: found.customer_id, actorRole: 'customer', action: 'request_review', subjectType: 'case', subjectId: found.id,
          caseNumber: found.case_number, at: request.at, before: { status: found.status }, after: { status: 'under_review', due_at: request.dueAt.toISOString() },
        });
        await afterMove(tx, {
          caseId: found.id, caseNumber: found.case_number, customerId: found.customer_id, version: found.version,
          action: 'request_review', from: found.status, to: 'under_review', actor: { id: found.customer_id, role: 'customer' }, at: request.at, note: request.reason,
        });
      });
    },

    /**
     * A manager's outcome: "upheld" restores the decision (its state and due moment), "changed"
     * returns the case to ongoing with the old decision cleared (its dates, who approved or
     * rejected it, the rejection's reason, the letter's number), so the customer no longer sees it
     * as current and a new answer is approved as any other. Either way with its letter.
     */
    decideReview(
      found: CaseForReview,
      review: OpenReview,
      decision: { outcome: ReviewOutcome; justification: string; at: Date; actor: { id: string; role: StaffRole }; letter: ReviewLetter },
    ) {
      const to = decision.outcome === 'upheld' ? review.decision : 'ongoing';
      return inTransaction(async (tx) => {
        const moved = decision.outcome === 'upheld'
          ? await tx.query(
            `UPDATE customer_case SET status = $3, version = version + 1, due_at = $4
             WHERE id = $1 AND version = $2 AND status = 'under_review' RETURNING id`,
            [found.id, found.version, to, review.decision_due_at],
          )
          : await tx.query(
            `UPDATE customer_case SET status = 'ongoing', version = version + 1, verified_date = NULL, verified_by_id = NULL,
               rejected_date = NULL, rejected_by_id = NULL, rejection_justification = NULL, response_letter_number = NULL
             WHERE id = $1 AND version = $2 AND status = 'under_review' RETURNING id`,
            [found.id, found.version],
          );
        if (moved.length === 0) throw new Moved();
        const letter = await decision.letter(tx, decision.at);
        await tx.query(
          `UPDATE case_review SET outcome = $2, justification = $3, decided_at = $4, decided_by_id = $5, letter = $6, letter_number = $7
           WHERE id = $1`,
          [review.id, decision.outcome, decision.justification, decision.at, decision.actor.id, letter.name, letter.letterNumber],
        );
        const note = `${decision.outcome}: ${decision.justification}`;
        await tx.query(
          `INSERT INTO case_history (case_id, status, changed_at, action, actor_id, actor_role, from_status, note)
           VALUES ($1, $2, $3, 'decide_review', $4, $5, 'under_review', $6)`,
          [found.id, to, decision.at, decision.actor.id, decision.actor.role, note],
        );
        // The justification is free text about a person's case: in the history, not the audit log (issue 23).
        await recordAudit(tx, {
          actorId: decision.actor.id, actorRole: decision.actor.role, action: 'decide_review', subjectType: 'case', subjectId: found.id,
          caseNumber: found.case_number, at: decision.at, before: { status: 'under_review' },
          after: { status: to, outcome: decision.outcome, review_letter: letter.name, letter_number: letter.letterNumber },
        });
        await afterMove(tx, {
          caseId: found.id, caseNumber: found.case_number, customerId: found.customer_id, version: found.version,
          action: 'decide_review', from: 'under_review', to, actor: decision.actor, at: decision.at, note,
        });
      });
    },

    /** In a decision's transaction: until when its review may be asked for. */
    async openWindow(tx: Queryable, caseId: string, until: Date): Promise<void> {
      await tx.query('UPDATE customer_case SET review_until = $2 WHERE id = $1', [caseId, until]);
    },
  };
}
export type CaseReviewStore = ReturnType<typeof createCaseReviewStore>;
