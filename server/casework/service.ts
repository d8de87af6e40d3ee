import { Readable } from 'node:stream';
import { ApiError, notFound } from '../errors/api-error.ts';
import { ATTACHMENT_MAX_BYTES } from '../contract/constants.ts';
import { pdfKind, type FileStorage } from '../files/storage.ts';
import { renderCaseLetter } from '../pdf/case-pdf.ts';
import type { SessionClaims, StaffRole } from '../auth/tokens.ts';
import { appointmentMoment } from './appointment-day.ts';
import { CLOSED_STATUSES, nextStatus, type CaseAction, type CaseStatus } from './case-states.ts';
import type { CaseAtWork, CaseMove, CaseworkStore } from './store.ts';
import type { CaseService } from '../cases/service.ts';

interface Dependencies {
  store: CaseworkStore;
  /** The cases' own reads: a case as SPEC section 3 shapes it. */
  cases: Pick<CaseService, 'caseAsFiled'>;
  storage: FileStorage;
  /** The app's clock: the dates a move sets. */
  clock: () => number;
  /** Whether a case may be filed under this archival category (the archive's). */
  isActiveCategory: (id: string) => Promise<boolean>;
}

/** Cases on one page of a staff queue. */
const QUEUE_PAGE_SIZE = 10;

/** What an action brings besides itself: a rejection's justification, an appointment's date. */
type ActionInput = Pick<CaseMove, 'note' | 'appointment' | 'letter' | 'officer' | 'category'>;

/** The roles that read closed cases of every directorate, and file them in the archive. */
const ARCHIVE_ROLES = new Set(['archivist', 'admin']);
/** The closed cases not yet filed: an archivist's worklist. */
const WAITING_FOR_ARCHIVE: readonly CaseStatus[] = ['verified', 'rejected'];
const NOTHING_QUEUED = { cases: [], currentPage: 1, totalPages: 1 };

/**
 * Four eyes: whether this staff user may approve the case's response. Never the one who wrote
 * it; a manager of its directorate (caseInQueue saw to the directorate); an admin only where
 * that directorate has no other active manager, and for that case only.
 */
function mayApprove(session: SessionClaims, found: CaseAtWork): boolean {
  if (found.status !== 'responded' || found.responded_by_id === session.id) return false;
  return session.role === 'manager' || (session.role === 'admin' && !found.another_manager);
}

/**
 * Staff moving a case through its states, with no HTTP in it. A case outside
 * the staff user's directorate does not exist for them (404, as for customers); a move the
 * state machine does not allow, or one that lost a race, is refused with 409.
 */
export function createCaseworkService({ store, cases, storage, clock, isActiveCategory }: Dependencies) {
  /**
   * The case, if this staff user may see it: one in their directorate's queue for officers
   * and managers, a closed one (verified, rejected, archived) of any directorate for
   * archivists and admins, and for an admin also a response only they may approve; 404 otherwise.
   */
  async function caseInQueue(session: SessionClaims, caseId: string) {
    const found = await store.caseAtWork(caseId);
    const visible = ARCHIVE_ROLES.has(session.role)
      ? found && (CLOSED_STATUSES.includes(found.status as CaseStatus) || mayApprove(session, found))
      : found?.directorate_id && found.directorate_id === (await store.directorateOf(session.id));
    if (!found || !visible) throw notFound();
    return found;
  }

  /** The directorate whose officers a manager assigns to; a manager without one has nobody. */
  async function managersDirectorate(session: SessionClaims) {
    const directorate = await store.directorateOf(session.id);
    if (!directorate) throw notFound();
    return directorate;
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

  return {
    /**
     * A page of the staff user's directorate's queue (for archivists and admins, the closed
     * cases of every directorate), soonest due first, paged in SQL.
     * Lateness is judged at the app's clock, so every instance answers the same.
     */
    async queue(session: SessionClaims, filter: {
      status?: string; late?: 'yes' | 'no'; mine?: 'yes' | 'no'; for_approval?: 'yes' | 'no'; q?: string; page?: number;
    }) {
      // The responses waiting for this staff user's approval: a manager's or an admin's.
      const forApproval = filter.for_approval === 'yes';
      if (forApproval && session.role !== 'manager' && session.role !== 'admin') return NOTHING_QUEUED;
      // Archivists and admins work on the closed cases of every directorate: without a state
      // asked for, those still to be filed (verified and rejected).
      const archive = ARCHIVE_ROLES.has(session.role);
      const directorateId = archive ? undefined : ((await store.directorateOf(session.id)) ?? undefined);
      if (!archive && !directorateId) return NOTHING_QUEUED;
      const statuses = !archive || forApproval ? undefined : filter.status ? CLOSED_STATUSES : WAITING_FOR_ARCHIVE;
      return store.queue({
        directorateId, statuses, staffId: session.id, status: filter.status, late: filter.late, mine: filter.mine === 'yes',
        approver: forApproval ? { id: session.id, admin: session.role === 'admin' } : undefined,
        q: filter.q?.trim() || undefined, page: filter.page ?? 1, perPage: QUEUE_PAGE_SIZE, now: new Date(clock()),
      });
    },

    /** A case the staff user may see, as the customer's calls shape it, with its real state, its work and every move and note. */
    async caseForStaff(session: SessionClaims, caseId: string) {
      const atWork = await caseInQueue(session, caseId);
      const [found, work] = await Promise.all([cases.caseAsFiled(caseId), store.work(caseId, new Date(clock()))]);
      if (!found || !work) throw notFound();
      const history = (await store.history(caseId)).map((entry) => ({
        action: entry.action, from: entry.from, to: entry.to, note: entry.note,
        by: entry.actor_id ? { _id: entry.actor_id, role: entry.actor_role ?? '' } : null,
        assigned_to: entry.assigned_to,
        at: new Date(entry.at).toISOString(),
      }));
      return { ...found, ...work, history, may_approve: mayApprove(session, atWork) };
    },

    take: (session: SessionClaims, caseId: string) => act(session, caseId, 'take'),

    /** A manager hands a pending or ongoing case of the directorate to one of its active officers. */
    async assign(session: SessionClaims, caseId: string, officerId: string) {
      const found = await caseInQueue(session, caseId);
      if (!(await store.officerOf(found.directorate_id!, officerId))) throw notFound('officerNotFound');
      return act(session, caseId, 'assign', { officer: officerId }, found);
    },

    /** The directorate's active officers, with their open cases: whom a manager may assign to. */
    async officers(session: SessionClaims) {
      return store.officers(await managersDirectorate(session));
    },

    /** An archivist (or an admin) files a verified or rejected case under an active category. */
    async archive(session: SessionClaims, caseId: string, categoryId: string) {
      const found = await caseInQueue(session, caseId);
      if (!(await isActiveCategory(categoryId))) throw notFound('archivalCategoryNotFound');
      return act(session, caseId, 'archive', { category: categoryId }, found);
    },

    schedule(session: SessionClaims, caseId: string, when: { scheduled_date: string } | { extended_date: string }) {
      // A day that exists, from today to a year ahead (S5), checked before anything moves or is sent.
      const now = new Date(clock());
      const appointment = 'scheduled_date' in when
        ? { kind: 'scheduled' as const, date: appointmentMoment(when.scheduled_date, now) }
        : { kind: 'extended' as const, date: appointmentMoment(when.extended_date, now) };
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

    /** responded → verified, by a second person (mayApprove): the one who wrote the response is refused, nothing changed. */
    async approve(session: SessionClaims, caseId: string) {
      const found = await caseInQueue(session, caseId);
      if (found.status === 'responded' && !mayApprove(session, found)) throw new ApiError(403, 'approvalNeedsSecondPerson');
      return act(session, caseId, 'approve', {}, found);
    },
    sendBack: (session: SessionClaims, caseId: string, note: string) => act(session, caseId, 'return', { note }),

    reject: (session: SessionClaims, caseId: string, justification: string) => act(session, caseId, 'reject', { note: justification }),
  };
}
export type CaseworkService = ReturnType<typeof createCaseworkService>;
