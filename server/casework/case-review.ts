import { Readable } from 'node:stream';
import type { SessionClaims, StaffRole } from '../auth/tokens.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError, notFound } from '../errors/api-error.ts';
import { ATTACHMENT_MAX_BYTES } from '../contract/constants.ts';
import type { ReviewOutcome } from '../contract/cases.ts';
import { pdfKind, type FileStorage } from '../files/storage.ts';
import { nextLetterNumber } from '../numbering/year-sequence.ts';
import { renderResponseLetter } from '../pdf/response-letter.ts';
import { pdfSources } from '../pdf/pdf-sources.ts';
import { translate } from '../errors/catalogs.ts';
import { expectVersion } from './case-version.ts';
import { dueDay, lateFrom } from './due-dates.ts';
import type { Holidays } from './holidays.ts';
import { letterLanguage, prefixOf } from './service.ts';
import type { CaseForReview, CaseReviewStore, Decision } from './case-review-store.ts';
import type { LetterFacts } from './store.ts';

interface Dependencies {
  store: CaseReviewStore;
  /** REVIEW_WINDOW_DAYS: working days after a decision during which its review may be asked for. */
  windowDays: number;
  /** The admin's holidays, read in the caller's transaction when one is given. */
  holidays: (tx?: Queryable) => Promise<Holidays>;
  /** When a case of this case request filed at a moment falls due (due-date-store.ts): a review's due moment. */
  dueAt: (caseRequestId: string, from: Date) => Promise<Date>;
  /** What a letter says of its case and customer, `signer` signing it (the casework store's). */
  letterFacts: (caseId: string, signer: string) => Promise<LetterFacts | undefined>;
  /** The directorate a staff user works in. */
  directorateOf: (staffId: string) => Promise<string | null>;
  storage: FileStorage;
  clock: () => number;
}

const DECISIONS: readonly string[] = ['verified', 'rejected'];
const TEXTS = translate(pdfSources);

/** The end of the window in which a decision made at `decidedAt` may be put to review: its last working day's end, Addis Ababa. */
export const reviewWindowEnd = (decidedAt: Date, windowDays: number, holidays: Holidays) => lateFrom(dueDay(decidedAt, windowDays, holidays));

/**
 * Review of a decision (issue 25): the customer asks for it with a reason, within the window
 * after the decision, once per decision; a manager of the directorate who neither wrote,
 * approved nor rejected the decision ends it (an admin only when the directorate has no such
 * manager), upheld or changed, with a letter the server writes.
 */
export function createCaseReviewService({ store, windowDays, holidays, dueAt, letterFacts, directorateOf, storage, clock }: Dependencies) {
  /** Whether this staff user may decide the review: a manager of the case's directorate with no part in the decision, else an admin where none is. */
  function mayDecide(session: SessionClaims, found: CaseForReview): boolean {
    const partOfDecision = [found.responded_by_id, found.verified_by_id, found.rejected_by_id].includes(session.id);
    if (session.role === 'manager') return !partOfDecision;
    return session.role === 'admin' && !found.eligible_manager;
  }

  /** The outcome's letter, in the customer's language, numbered in the decision's transaction and signed by the decider. */
  function letterWriter(caseNumber: string, justification: string, facts: LetterFacts) {
    let written: string | undefined;
    const write = async (tx: Queryable, at: Date) => {
      const language = letterLanguage(facts.language);
      const letterNumber = await nextLetterNumber(tx, prefixOf(caseNumber), at);
      const caseRequest = facts.subject[`case_name_${language}`] || facts.subject.case_name_en;
      const pdf = await renderResponseLetter({
        language, caseNumber, letterNumber, date: at,
        addressee: { name: facts.customer_name, subcity: facts.subcity, woreda: facts.woreda, houseNumber: facts.house_number },
        subject: TEXTS.reviewLetterSubject[language].replace('{caseRequest}', caseRequest),
        body: justification,
        officer: facts.officer_name ?? '',
      });
      const name = (written = (await storage.save('case-files', Readable.from([pdf]), pdfKind(ATTACHMENT_MAX_BYTES))).name);
      await storage.claim(tx, 'case-files', name);
      return { name, letterNumber };
    };
    return { write, written: () => written };
  }

  return {
    /** The customer asks for a review of their verified or rejected case, within its window, once per decision. */
    async request(customerId: string, caseId: string, reason: string): Promise<{ status: 'under_review' }> {
      const found = await store.caseForReview(caseId);
      if (!found || found.customer_id !== customerId) throw notFound('caseNotFound');
      const now = new Date(clock());
      if (found.status === 'under_review' || (DECISIONS.includes(found.status) && found.reviewed)) throw new ApiError(409, 'reviewAlreadyRequested');
      if (!DECISIONS.includes(found.status) && found.status !== 'archived') throw new ApiError(409, 'caseMoveNotAllowed');
      if (found.status === 'archived' || !found.review_until || found.review_until.getTime() <= now.getTime() || !found.decision_date) {
        throw new ApiError(409, 'reviewWindowClosed');
      }
      const decided = { ...found, status: found.status as Decision, decision_date: found.decision_date };
      const requested = await store.requestReview(decided, { reason, at: now, dueAt: await dueAt(found.case_request_id, now) });
      if (!requested) throw new ApiError(409, 'caseChangedMeanwhile');
      return { status: 'under_review' };
    },

    /** A manager (or, where none may, an admin) ends the review of a case under review: upheld or changed, with its letter. */
    async decide(session: SessionClaims, caseId: string, body: { outcome: ReviewOutcome; justification: string; version?: number }) {
      const found = await store.caseForReview(caseId);
      const ownDirectorate = session.role === 'admin' || (found?.directorate_id && found.directorate_id === (await directorateOf(session.id)));
      if (!found || !ownDirectorate) throw notFound();
      expectVersion(found, body.version);
      const review = found.status === 'under_review' ? await store.openReview(caseId) : undefined;
      if (!review) throw new ApiError(409, 'caseMoveNotAllowed');
      if (!mayDecide(session, found)) throw new ApiError(403, 'reviewNeedsAnotherManager');
      const facts = await letterFacts(caseId, session.id);
      if (!facts) throw notFound();
      const letter = letterWriter(found.case_number, body.justification, facts);
      try {
        const decided = await store.decideReview(found, review, {
          outcome: body.outcome, justification: body.justification, at: new Date(clock()),
          actor: { id: session.id, role: session.role as StaffRole }, letter: letter.write,
        });
        if (!decided) throw new ApiError(409, 'caseChangedMeanwhile');
      } catch (error) {
        // A decision not stored keeps no letter.
        await storage.remove('case-files', letter.written());
        throw error;
      }
      return { status: body.outcome === 'upheld' ? review.decision : 'ongoing' };
    },

    /**
     * The casework's afterMove hook, in the move's transaction: a decision (approved or rejected)
     * opens its review window; an upheld review's restored decision does not (one review per decision).
     */
    async afterMove(tx: Queryable, move: { caseId: string; action: string; to: string; at: Date }): Promise<void> {
      if (!DECISIONS.includes(move.to) || move.action === 'decide_review') return;
      await store.openWindow(tx, move.caseId, reviewWindowEnd(move.at, windowDays, await holidays(tx)));
    },
  };
}
export type CaseReviewService = ReturnType<typeof createCaseReviewService>;
