import { Readable } from 'node:stream';
import { ApiError, notFound } from '../errors/api-error.ts';
import { API_LANGUAGES, ATTACHMENT_MAX_BYTES, REFILE_WINDOW_DAYS, type ApiLanguage, type Locale } from '../contract/constants.ts';
import { pdfKind, type FileStorage } from '../files/storage.ts';
import { renderResponseLetter } from '../pdf/response-letter.ts';
import { fullName } from '../pdf/case-pdf.ts';
import { nextLetterNumber } from '../numbering/year-sequence.ts';
import { renderStaffCasePdf } from '../pdf/staff-case-pdf.ts';
import { filledTemplate } from './letter-template.ts';
import type { SessionClaims, StaffRole } from '../auth/tokens.ts';
import { appointmentMoment } from './appointment-day.ts';
import { expectMayMove } from './case-holder.ts';
import { expectVersion } from './case-version.ts';
import { CLOSED_STATUSES, nextStatus, type CaseAction, type CaseStatus } from './case-states.ts';
import type { CaseAtWork, CaseMove, CaseworkStore, LetterFacts } from './store.ts';
import type { CaseService } from '../cases/service.ts';
import type { RatingService } from '../ratings/service.ts';
import type { QueueSort, QueueView } from '../contract/constants.ts';
import type { QueueStore } from './queue-store.ts';
import { dueSoonBefore, viewsOf } from './queue-views.ts';
import { moveEach } from './bulk-moves.ts';
import type { HolidaySource } from './due-date-store.ts';

interface Dependencies {
  store: CaseworkStore;
  /** The queues' reads: a page of a view, and each view's count. */
  queue: QueueStore;
  /** The holidays "due soon" skips: the admin's. */
  holidays: HolidaySource;
  /** The cases' own reads: a case as SPEC section 3 shapes it. */
  cases: Pick<CaseService, 'caseAsFiled'>;
  /** The case's rating and comment, which staff who may read the case see (issue 25). */
  ratings: Pick<RatingService, 'ratingForStaff'>;
  storage: FileStorage;
  /** The app's clock: the dates a move sets. */
  clock: () => number;
  /** Whether a case may be filed under this archival category (the archive's). */
  isActiveCategory: (id: string) => Promise<boolean>;
}

/** Cases on one page of a staff queue. */
const QUEUE_PAGE_SIZE = 10;

/** What an action brings besides itself: a rejection's justification, an appointment's date. */
type ActionInput = Pick<CaseMove, 'note' | 'appointment' | 'letter' | 'numberLetter' | 'officer' | 'category' | 'fromCategory' | 'directorate' | 'fromDirectorate' | 'alsoInTransaction'>;

/** The moment a filing may no longer be corrected: REFILE_WINDOW_DAYS after it (archive-sql.ts's REFILE_UNTIL, in SQL). */
const refileUntil = (archivedDate: Date) => new Date(archivedDate).getTime() + REFILE_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** The roles that read closed cases of every directorate, and file them in the archive. */
const ARCHIVE_ROLES = new Set(['archivist', 'admin']);
/** The closed cases not yet filed: an archivist's worklist. */
const WAITING_FOR_ARCHIVE: readonly CaseStatus[] = ['verified', 'rejected'];
const NOTHING_QUEUED = { cases: [], currentPage: 1, totalPages: 1 };

/** A letter number's prefix is its case number's (PREFIX-YEAR-NNNNNN), so it follows the case even if CASE_NUMBER_PREFIX changes later. */
export const prefixOf = (caseNumber: string) => caseNumber.replace(/-\d+-\d+$/, '');

/** The customer's language for their letter; Amharic when the stored one is unknown. */
export const letterLanguage = (language: string): ApiLanguage => ((API_LANGUAGES as readonly string[]).includes(language) ? (language as ApiLanguage) : 'am');

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
export function createCaseworkService({ store, queue, holidays, cases, ratings, storage, clock, isActiveCategory }: Dependencies) {
  /**
   * The case, if this staff user may see it: one in their directorate's queue for officers
   * and managers, a closed one (verified, rejected, archived) of any directorate for
   * archivists and admins, and for an admin also a response only they may approve, or a review only they
   * may decide (issue 25); 404 otherwise.
   */
  async function caseInQueue(session: SessionClaims, caseId: string) {
    const found = await store.caseAtWork(caseId);
    const visible = ARCHIVE_ROLES.has(session.role)
      ? found && (CLOSED_STATUSES.includes(found.status as CaseStatus) || mayApprove(session, found) || (session.role === 'admin' && found.review_for_admin))
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

  /** The case, if this staff user may see it and it is still at the version they read (when they name one). */
  async function caseToMove(session: SessionClaims, caseId: string, version: number | undefined) {
    const found = await caseInQueue(session, caseId);
    expectVersion(found, version);
    return found;
  }

  /**
   * One move: who may make it (the case's holder), then whether its state allows it. `found` is
   * the case as caseToMove read it, or the version the staff user read, when the caller read nothing.
   */
  async function act(session: SessionClaims, caseId: string, action: CaseAction, input: ActionInput = {}, found?: CaseAtWork | { version?: number }) {
    const current = found && 'status' in found ? found : await caseToMove(session, caseId, found?.version);
    expectMayMove(session, current, action);
    const to = nextStatus(action, current.status);
    if (!to || (action === 'extend' && !(await store.hasAppointment(caseId)))) throw new ApiError(409, 'caseMoveNotAllowed');
    const moved = await store.move({
      caseId, version: current.version, action, from: current.status, to,
      actor: { id: session.id, role: session.role as StaffRole }, at: new Date(clock()), ...input,
    });
    if (!moved) throw new ApiError(409, 'caseChangedMeanwhile');
    return { status: to };
  }

  /** An archivist (or an admin) files a verified or rejected case under an active category: alone or in a bulk filing. */
  async function fileCase(session: SessionClaims, caseId: string, categoryId: string) {
    const found = await caseInQueue(session, caseId);
    if (!(await isActiveCategory(categoryId))) throw notFound('archivalCategoryNotFound');
    // Issue 25: not while its customer may still ask for a review of the decision.
    if (found.review_until && found.review_until.getTime() > clock()) throw new ApiError(409, 'reviewWindowOpen');
    return act(session, caseId, 'archive', { category: categoryId }, found);
  }

  /**
   * The response letter the server writes from the justification when the officer uploads none
   * (issue 25): a draft without a number, or at approval the final one with its number and approver.
   */
  async function generatedLetter(facts: LetterFacts, justification: string, date: Date, final?: { letterNumber: string; approver: string }): Promise<string> {
    const language = letterLanguage(facts.language);
    const pdf = await renderResponseLetter({
      language,
      caseNumber: facts.case_number,
      letterNumber: final?.letterNumber ?? null,
      date,
      addressee: { name: facts.customer_name, subcity: facts.subcity, woreda: facts.woreda, houseNumber: facts.house_number },
      subject: facts.subject[`case_name_${language}`] || facts.subject.case_name_en,
      body: justification,
      officer: facts.officer_name ?? '',
      approval: final && { by: final.approver, date },
    });
    return (await storage.save('case-files', Readable.from([pdf]), pdfKind(ATTACHMENT_MAX_BYTES))).name;
  }

  /** A manager hands a pending or ongoing case of the directorate to one of its active officers. */
  async function assignCase(session: SessionClaims, caseId: string, officerId: string, version?: number) {
    const found = await caseToMove(session, caseId, version);
    if (!(await store.officerOf(found.directorate_id!, officerId))) throw notFound('officerNotFound');
    return act(session, caseId, 'assign', { officer: officerId }, found);
  }

  return {
    /**
     * A page of one view of the staff user's directorate's queue (issue 24), with how many
     * cases each of the role's views holds: officers and managers see only open cases, `open`
     * unless they name a view. Archivists and admins without a view keep the archive's
     * worklist: the closed cases of every directorate. Paged in SQL; due days and lateness are
     * judged at the app's clock, so every instance answers the same.
     */
    async queue(session: SessionClaims, filter: {
      view?: QueueView; sort?: QueueSort;
      status?: string; late?: 'yes' | 'no'; mine?: 'yes' | 'no'; for_approval?: 'yes' | 'no'; q?: string; page?: number;
    }) {
      const views = viewsOf(session.role);
      if (filter.view && !views.includes(filter.view)) throw new ApiError(403, 'viewNotForRole');
      const archive = ARCHIVE_ROLES.has(session.role);
      const directorateId = archive ? undefined : ((await store.directorateOf(session.id)) ?? undefined);
      if (!archive && !directorateId) return { ...NOTHING_QUEUED, counts: Object.fromEntries(views.map((view) => [view, 0])) };
      const now = new Date(clock());
      const scope = {
        directorateId, staffId: session.id, admin: session.role === 'admin', wholeDirectorate: session.role === 'manager',
        now, dueSoonBefore: dueSoonBefore(now, await holidays()),
      };
      // `for_approval=yes` is the approval view, as before views; for a role without it, nothing.
      const view = filter.view ?? (filter.for_approval === 'yes' ? 'approval' : archive ? undefined : 'open');
      if (view && !views.includes(view)) return { ...NOTHING_QUEUED, counts: await queue.counts(scope, views) };
      // Without a view, archivists and admins work on the closed cases: without a state asked
      // for, those still to be filed (verified and rejected).
      const statuses = view ? undefined : filter.status ? CLOSED_STATUSES : WAITING_FOR_ARCHIVE;
      // Issue 25: a decision reaches the archive's worklist once no review of it may be asked for.
      const toFile = statuses === WAITING_FOR_ARCHIVE;
      const [page, counts] = await Promise.all([
        queue.queue({
          scope, view, statuses, toFile, status: filter.status, late: filter.late, mine: filter.mine === 'yes',
          q: filter.q?.trim() || undefined, sort: filter.sort ?? 'due', page: filter.page ?? 1, perPage: QUEUE_PAGE_SIZE,
        }),
        queue.counts(scope, views),
      ]);
      return { ...page, counts };
    },

    /** A case the staff user may see, as the customer's calls shape it, with its real state, its work and every move and note. */
    async caseForStaff(session: SessionClaims, caseId: string) {
      const atWork = await caseInQueue(session, caseId);
      const [found, work, template, rating] = await Promise.all([
        cases.caseAsFiled(caseId), store.work(caseId, new Date(clock())), store.letterTemplate(caseId), ratings.ratingForStaff(caseId),
      ]);
      if (!found || !work) throw notFound();
      // The text a response starts from, filled for this case (issue 25); null: the case request has none in the customer's language.
      const letterTemplate = template.text ? filledTemplate(template.text, {
        name: fullName(found.customer), case_number: found.case_number, filed_date: found.createdAt, due_date: work.due_date, today: new Date(clock()),
      }) : null;
      const history = (await store.history(caseId)).map((entry) => ({
        action: entry.action, from: entry.from, to: entry.to, note: entry.note,
        by: entry.actor_id ? { _id: entry.actor_id, role: entry.actor_role ?? '' } : null,
        actor_name: entry.actor_name,
        by_customer: entry.actor_role === 'customer',
        assigned_to: entry.assigned_to,
        transfer: entry.transfer,
        at: new Date(entry.at).toISOString(),
      }));
      const customerCases = await store.customerCases(caseId, ARCHIVE_ROLES.has(session.role)
        ? { closed: CLOSED_STATUSES }
        : { directorateId: await store.directorateOf(session.id) });
      return {
        ...found, ...work, history, may_approve: mayApprove(session, atWork), version: atWork.version, customer_cases: customerCases,
        letter_template: letterTemplate, rating,
        // Whom an officer writes to (issue 25: a request for information is written in the customer's language).
        customer_language: template.language,
      };
    },

    /** The staff's printout (a PDF) of a case this staff user may read, as staffGetCase reads it (404 otherwise), in their language. */
    async printout(session: SessionClaims, caseId: string, locale: Locale) {
      const record = { ...(await this.caseForStaff(session, caseId)), response: await store.responseOf(caseId) };
      return { pdf: await renderStaffCasePdf(record, locale, new Date(clock())), caseNumber: record.case_number };
    },

    take: (session: SessionClaims, caseId: string, version?: number) => act(session, caseId, 'take', {}, { version }),

    /** A move of a feature of its own (issue 25's requests for information): judged and stored as every other move. */
    move: (session: SessionClaims, caseId: string, action: CaseAction, input: ActionInput, version?: number) => act(session, caseId, action, input, { version }),

    assign: assignCase,

    /** Several cases taken at once, each as `take` takes it; one result per case, in the order given. */
    bulkTake: (session: SessionClaims, caseIds: readonly string[]) => moveEach(caseIds, (caseId) => act(session, caseId, 'take')),

    /** Several cases assigned to one officer at once, each as `assign` assigns it; one result per case. */
    bulkAssign: (session: SessionClaims, caseIds: readonly string[], officerId: string) =>
      moveEach(caseIds, (caseId) => assignCase(session, caseId, officerId)),

    /** The directorate's active officers, with their open cases: whom a manager may assign to. */
    async officers(session: SessionClaims) {
      return store.officers(await managersDirectorate(session));
    },

    archive: fileCase,

    /** Several cases filed under one category, each as the single filing files it. */
    archiveMany: (session: SessionClaims, caseIds: readonly string[], categoryId: string) =>
      moveEach(caseIds, (caseId) => fileCase(session, caseId, categoryId)),

    /**
     * A filing corrected (review defect 9): an archived case moves to another active category
     * within REFILE_WINDOW_DAYS of its filing, which stays its filing day, so the window never
     * grows; the reason is kept in its history, the two categories in the audit entry.
     */
    async refile(session: SessionClaims, caseId: string, categoryId: string, reason: string) {
      const found = await caseInQueue(session, caseId);
      if (!reason.trim()) throw new ApiError(400, 'refileReasonRequired');
      if (found.status === 'archived') {
        if (found.archival_category_id === categoryId) throw new ApiError(400, 'refileSameCategory');
        if (clock() >= refileUntil(found.archived_date!)) throw new ApiError(409, 'refileWindowClosed');
      }
      if (!(await isActiveCategory(categoryId))) throw notFound('archivalCategoryNotFound');
      return act(session, caseId, 'refile', { category: categoryId, fromCategory: found.archival_category_id, note: reason.trim() }, found);
    },

    schedule(session: SessionClaims, caseId: string, when: ({ scheduled_date: string } | { extended_date: string }) & { version?: number }) {
      // A day that exists, from today to a year ahead (S5), checked before anything moves or is sent.
      const now = new Date(clock());
      const appointment = 'scheduled_date' in when
        ? { kind: 'scheduled' as const, date: appointmentMoment(when.scheduled_date, now) }
        : { kind: 'extended' as const, date: appointmentMoment(when.extended_date, now) };
      return act(session, caseId, appointment.kind === 'scheduled' ? 'schedule' : 'extend', { appointment }, { version: when.version });
    },

    /** ongoing → responded: the justification, and the uploaded letter or one the server writes from it. */
    async respond(session: SessionClaims, caseId: string, justification: string, uploaded: string | null, version?: number) {
      let letter = uploaded;
      try {
        const found = await caseToMove(session, caseId, version);
        // Judged before a letter is written from the justification.
        expectMayMove(session, found, 'respond');
        const generated = !letter;
        letter ??= await generatedLetter((await store.letterFacts(caseId, session.id))!, justification, new Date(clock()));
        const name = letter;
        return await act(session, caseId, 'respond', {
          note: justification, letter: { name, generated, claim: (tx) => storage.claim(tx, 'case-files', name) },
        }, found);
      } catch (error) {
        // A refused response keeps no letter.
        await storage.remove('case-files', letter);
        throw error;
      }
    },

    /**
     * responded → verified, by a second person (mayApprove): the one who wrote the response is
     * refused, nothing changed. The letter gets its number in the approval's transaction; a
     * letter the server wrote is written again with it and the approver, and replaces the draft.
     */
    async approve(session: SessionClaims, caseId: string, version?: number) {
      const found = await caseToMove(session, caseId, version);
      if (found.status === 'responded' && !mayApprove(session, found)) throw new ApiError(403, 'approvalNeedsSecondPerson');
      const facts = found.status === 'responded' ? await store.letterFacts(caseId, found.responded_by_id ?? '') : undefined;
      const approver = facts?.generated ? await store.staffName(session.id) : '';
      let final: string | undefined;
      const numberLetter: NonNullable<CaseMove['numberLetter']> = async (tx, at) => {
        const letterNumber = await nextLetterNumber(tx, prefixOf(found.case_number), at);
        if (!facts?.generated) return { letterNumber };
        const name = (final = await generatedLetter(facts, facts.justification ?? '', at, { letterNumber, approver }));
        return { letterNumber, letter: { name, claim: (claimIn) => storage.claim(claimIn, 'case-files', name) } };
      };
      try {
        const approved = await act(session, caseId, 'approve', facts ? { numberLetter } : {}, found);
        // The draft is no longer any case's letter.
        if (final) await storage.remove('case-files', facts?.attachment);
        return approved;
      } catch (error) {
        await storage.remove('case-files', final);
        throw error;
      }
    },
    sendBack: (session: SessionClaims, caseId: string, note: string, version?: number) => act(session, caseId, 'return', { note }, { version }),

    reject: (session: SessionClaims, caseId: string, justification: string, version?: number) =>
      act(session, caseId, 'reject', { note: justification }, { version }),

    /**
     * A misrouted pending or ongoing case goes to another active directorate's queue, with the
     * reason: a manager of its directorate, or an admin for any case (routing is the admin's to
     * fix, and a case of a division with no directorate is in nobody's queue). Its officer is
     * cleared: the old directorate's can no longer see it. The customer is not told.
     */
    async transfer(session: SessionClaims, caseId: string, to: { directorate_id: string; reason: string; version?: number }) {
      const found = session.role === 'admin' ? await store.caseAtWork(caseId) : await caseInQueue(session, caseId);
      if (!found) throw notFound();
      expectVersion(found, to.version);
      if (!nextStatus('transfer', found.status)) throw new ApiError(409, 'caseMoveNotAllowed');
      if (found.directorate_id === to.directorate_id) throw new ApiError(400, 'transferToSameDirectorate');
      if (!(await store.isActiveDirectorate(to.directorate_id))) throw notFound('directorateNotFound');
      return act(session, caseId, 'transfer', { note: to.reason, directorate: to.directorate_id, fromDirectorate: found.directorate_id }, found);
    },

    /**
     * An internal note, by anyone of the case's directorate (or an admin on a case it reads):
     * kept in the history and audited, in whatever state the case is. It leaves the version
     * alone, so a note never makes a colleague's move fail.
     */
    async note(session: SessionClaims, caseId: string, text: string) {
      await caseInQueue(session, caseId);
      const added = await store.addNote({ caseId, text: text.replace(/\r\n?/g, '\n').trim(), actor: { id: session.id, role: session.role as StaffRole }, at: new Date(clock()) });
      if (!added) throw notFound();
    },
  };
}
export type CaseworkService = ReturnType<typeof createCaseworkService>;
