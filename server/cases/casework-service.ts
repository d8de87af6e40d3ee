import { Readable } from 'node:stream';
import { ApiError, notFound } from '../errors/api-error.ts';
import { ATTACHMENT_MAX_BYTES } from '../contract/constants.ts';
import { pdfKind, type FileStorage } from '../files/storage.ts';
import { renderCaseLetter } from '../pdf/case-pdf.ts';
import type { SessionClaims, StaffRole } from '../auth/tokens.ts';
import { nextStatus, type CaseAction } from '../casework/case-states.ts';
import { dueDay, isLate } from '../casework/due-dates.ts';
import type { CaseAtWork, CaseMove, CaseworkStore } from './casework-store.ts';
import type { CaseStore } from './store.ts';

interface Dependencies {
  store: CaseworkStore;
  /** The cases' own reads: a case as SPEC section 3 shapes it. */
  cases: CaseStore;
  storage: FileStorage;
  /** The app's clock: the dates a move sets. */
  clock: () => number;
}

/** Cases on one page of a staff queue. */
const QUEUE_PAGE_SIZE = 10;

/** What an action brings besides itself: a rejection's justification, an appointment's date. */
type ActionInput = Pick<CaseMove, 'note' | 'appointment' | 'letter'>;

/**
 * Staff moving a case through its states (issue 15), with no HTTP in it. A case outside
 * the staff user's directorate does not exist for them (404, as for customers); a move the
 * state machine does not allow, or one that lost a race, is refused with 409.
 */
export function createCaseworkService({ store, cases, storage, clock }: Dependencies) {
  /** The case, if it is in this staff user's directorate's queue; 404 otherwise. */
  async function caseInQueue(session: SessionClaims, caseId: string) {
    const found = await store.caseAtWork(caseId);
    if (!found?.directorate_id || found.directorate_id !== (await store.directorateOf(session.id))) throw notFound();
    return found;
  }

  async function act(session: SessionClaims, caseId: string, action: CaseAction, input: ActionInput = {}, found?: CaseAtWork) {
    const current = found ?? (await caseInQueue(session, caseId));
    const to = nextStatus(action, current.status);
    if (!to || (action === 'extend' && !(await store.hasAppointment(caseId)))) throw new ApiError(409, 'caseMoveNotAllowed');
    const moved = await store.move({
      caseId, version: current.version, action, from: current.status, to,
      actor: { id: session.id, role: session.role as StaffRole }, at: new Date(clock()), ...input,
    });
    if (!moved) throw new ApiError(409, 'caseChangedMeanwhile');
    return { status: to };
  }

  /** The response letter the server writes from the justification when the officer uploads none. */
  async function generatedLetter(caseNumber: string, justification: string): Promise<string> {
    const pdf = await renderCaseLetter({
      caseNumber,
      title: { en: 'Response to your case', am: 'ለጉዳይዎ የተሰጠ ምላሽ' },
      paragraphs: justification.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean),
      date: new Date(clock()),
    });
    return (await storage.save('case-files', Readable.from([pdf]), pdfKind(ATTACHMENT_MAX_BYTES))).name;
  }

  /** An ISO date (or date and time) a person chose; anything else is refused. */
  function dateOf(text: string): Date {
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) throw new ApiError(400, 'invalidRequest', 'not an ISO date');
    return date;
  }

  return {
    /**
     * A page of the staff user's directorate's queue, soonest due first. Due days and
     * lateness are computed here from the app's clock, so every instance answers the same.
     */
    async queue(session: SessionClaims, filter: { status?: string; late?: 'yes' | 'no'; page?: number }) {
      const directorate = await store.directorateOf(session.id);
      const today = new Date(clock());
      const cases = (directorate ? await store.queue(directorate) : [])
        .map((row) => {
          const due_date = dueDay(new Date(row.created_at), row.target_working_days);
          return {
            _id: row.id, case_number: row.case_number, status: row.status, due_date,
            late: isLate(due_date, row.status, today) ? ('yes' as const) : ('no' as const),
            createdAt: new Date(row.created_at).toISOString(),
          };
        })
        .filter((row) => (!filter.status || row.status === filter.status) && (!filter.late || row.late === filter.late))
        .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.case_number.localeCompare(b.case_number));
      const totalPages = Math.max(1, Math.ceil(cases.length / QUEUE_PAGE_SIZE));
      const currentPage = filter.page ?? 1;
      return { cases: cases.slice((currentPage - 1) * QUEUE_PAGE_SIZE, currentPage * QUEUE_PAGE_SIZE), currentPage, totalPages };
    },

    /** A case of the staff user's directorate, as the customer's calls shape it, with every move and note. */
    async caseForStaff(session: SessionClaims, caseId: string) {
      await caseInQueue(session, caseId);
      const found = await cases.caseById(caseId);
      if (!found) throw notFound();
      const { ownerId: _owner, ...shaped } = found;
      const history = (await store.history(caseId)).map((entry) => ({
        action: entry.action, from: entry.from, to: entry.to, note: entry.note,
        by: entry.actor_id ? { _id: entry.actor_id, role: entry.actor_role ?? '' } : null,
        at: new Date(entry.at).toISOString(),
      }));
      return { ...shaped, history };
    },

    take: (session: SessionClaims, caseId: string) => act(session, caseId, 'take'),

    schedule(session: SessionClaims, caseId: string, when: { scheduled_date: string } | { extended_date: string }) {
      const appointment = 'scheduled_date' in when
        ? { kind: 'scheduled' as const, date: dateOf(when.scheduled_date) }
        : { kind: 'extended' as const, date: dateOf(when.extended_date) };
      return act(session, caseId, appointment.kind === 'scheduled' ? 'schedule' : 'extend', { appointment });
    },

    /** ongoing → responded: the justification, and the uploaded letter or one the server writes from it. */
    async respond(session: SessionClaims, caseId: string, justification: string, uploaded: string | null) {
      let letter = uploaded;
      try {
        const found = await caseInQueue(session, caseId);
        letter ??= await generatedLetter(found.case_number, justification);
        const name = letter;
        return await act(session, caseId, 'respond', { note: justification, letter: { name, claim: (tx) => storage.claim(tx, 'case-files', name) } }, found);
      } catch (error) {
        // A refused response keeps no letter.
        await storage.remove('case-files', letter);
        throw error;
      }
    },

    approve: (session: SessionClaims, caseId: string) => act(session, caseId, 'approve'),
    sendBack: (session: SessionClaims, caseId: string, note: string) => act(session, caseId, 'return', { note }),

    reject: (session: SessionClaims, caseId: string, justification: string) => act(session, caseId, 'reject', { note: justification }),
  };
}
export type CaseworkService = ReturnType<typeof createCaseworkService>;
