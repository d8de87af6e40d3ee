import type { FastifyBaseLogger } from 'fastify';
import type { SessionClaims } from '../auth/tokens.ts';
import { ApiError } from '../errors/api-error.ts';
import { CATALOG_LOCALE, translate, type Language } from '../errors/catalogs.ts';
import { caseNoticeSources } from '../mail/mail-sources.ts';
import { appointmentDay } from '../notifications/notice-texts.ts';
import type { Queryable } from '../db/database.ts';
import { INFORMATION_MESSAGE_MAX } from '../contract/constants.ts';
import { dueDay, lateFrom, workingDaysBetween } from './due-dates.ts';
import type { Holidays } from './holidays.ts';
import type { CaseworkService } from './service.ts';
import type { InformationRequestStore } from './information-request-store.ts';
import { repeatEvery } from '../web/repeat-every.ts';

interface Dependencies {
  store: InformationRequestStore;
  /** The staff moves (request and close are moves as any other: holder, version, history, audit, notices). */
  casework: Pick<CaseworkService, 'move'>;
  /** The admin's holidays: working days are counted without them. */
  holidays: () => Promise<Holidays>;
  /** The officer's alerts (server/staff/alerts-service.ts), in the answer's or the sweep's transaction. */
  alerts: {
    holderAlerted: (tx: Queryable, alert: { kind: 'information_answered' | 'information_unanswered'; caseId: string; caseNumber: string; eventKey: string; at: Date }) => Promise<void>;
  };
  /** The customer's reminder (server/notifications/notifier.ts), in the sweep's transaction. */
  notices: {
    informationReminder: (tx: Queryable, reminder: { caseId: string; caseNumber: string; customerId: string; message: string; at: Date }) => Promise<void>;
  };
  /** INFO_REMINDER_DAYS and INFO_EXPIRY_DAYS (config.dialogue), in working days. */
  days: { infoReminderDays: number; infoExpiryDays: number };
  clock: () => number;
}

const DAY_MS = 86_400_000;
const texts = translate(caseNoticeSources);
const LANGUAGES = new Set(Object.keys(CATALOG_LOCALE));

/** The moment a request asked at `askedAt` has been open `days` working days: the end of the last of them (Addis Ababa). */
export const afterWorkingDays = (askedAt: Date, days: number, holidays: Holidays) => lateFrom(dueDay(askedAt, days, holidays));

/** A due moment moved on by `days` working days: the end of the day that many working days after its due day. */
export function dueMovedOn(dueAt: Date, days: number, holidays: Holidays): Date {
  // The due moment is the midnight that ends the due day: noon of that day counts from it.
  return lateFrom(dueDay(new Date(dueAt.getTime() - DAY_MS / 2), days, holidays));
}

/** The standard reason of a case closed as unanswered, in its customer's language, dated as they read dates. */
function unansweredReason(language: string, askedAt: Date): string {
  const reader: Language = LANGUAGES.has(language) ? (language as Language) : 'am';
  return texts.informationUnansweredReason[reader].replace('{date}', appointmentDay(askedAt.toISOString(), reader));
}

/**
 * Ask the customer (issue 25): an officer asks for information or a document, the case waits
 * for its customer (waiting_customer; its due day paused), and the customer's answer puts it
 * back to ongoing with the due moment moved by the working days it waited. Left unanswered,
 * the customer is reminded once after INFO_REMINDER_DAYS, and after INFO_EXPIRY_DAYS the
 * officer is alerted and may close the case as unanswered (a rejection with a standard reason).
 */
export function createInformationRequests({ store, casework, holidays, alerts, notices, days, clock }: Dependencies) {
  /**
   * Raises the reminders and unanswered alerts that have fallen (every instance runs this on its
   * timer): each is claimed on its request's row, so it is raised once whichever instance
   * sweeps, in one transaction with its notice or alert. Answers how many it raised.
   */
  async function sweep(): Promise<number> {
    const now = new Date(clock());
    const calendar = await holidays();
    const due = (await store.waiting()).flatMap((request) => [
      ...(!request.reminded && afterWorkingDays(request.asked_at, days.infoReminderDays, calendar) <= now ? [{ request, what: 'reminded_at' as const }] : []),
      ...(!request.expiry_alerted && afterWorkingDays(request.asked_at, days.infoExpiryDays, calendar) <= now ? [{ request, what: 'expiry_alerted_at' as const }] : []),
    ]);
    let raised = 0;
    for (const { request, what } of due) {
      await store.transaction(async (tx) => {
        if (!(await store.claim(tx, request.id, what, now))) return;
        raised += 1;
        const kase = { caseId: request.case_id, caseNumber: request.case_number };
        if (what === 'reminded_at') await notices.informationReminder(tx, { ...kase, customerId: request.customer_id, message: request.message, at: now });
        else await alerts.holderAlerted(tx, { kind: 'information_unanswered', ...kase, eventKey: `information_unanswered:${request.id}`, at: now });
      });
    }
    return raised;
  }

  return {
    /** ongoing → waiting_customer, by whoever may move the case; the message is the history entry's note, which the customer sees. */
    requestInformation(session: SessionClaims, caseId: string, message: string, version?: number) {
      const text = message.replace(/\r\n?/g, '\n').trim();
      return casework.move(session, caseId, 'request_information', {
        note: text,
        alsoInTransaction: (tx) => store.ask(tx, { caseId, message: text, askedBy: session.id, at: new Date(clock()) }),
      }, version);
    },

    /**
     * waiting_customer → rejected, once the request has been open INFO_EXPIRY_DAYS working days
     * (before: 409 infoRequestStillOpen, judged after who may move the case and its state).
     */
    async closeUnanswered(session: SessionClaims, caseId: string, version?: number) {
      const [open, calendar] = await Promise.all([store.openRequest(caseId), holidays()]);
      const now = new Date(clock());
      return casework.move(session, caseId, 'close_unanswered', {
        note: open ? unansweredReason(open.language, open.asked_at) : '',
        alsoInTransaction: async (tx) => {
          if (!open || afterWorkingDays(open.asked_at, days.infoExpiryDays, calendar) > now) throw new ApiError(409, 'infoRequestStillOpen');
          if (!(await store.close(tx, open.id, now))) throw new ApiError(409, 'caseChangedMeanwhile');
        },
      }, version);
    },

    /**
     * The customer's answer to the request their case waits on: text (required) and an optional
     * PDF already stored. The case goes back to ongoing and its officer is alerted. With an
     * Idempotency-Key, a repeat answers as the first did and stores nothing (`repeated`).
     */
    async answer(
      customerId: string, caseId: string, text: string | undefined, attachment: string | null,
      idempotency: { key: string; fingerprint: string } | null, claimAttachment: (tx: Queryable) => Promise<void>,
    ): Promise<{ repeated: boolean }> {
      const answer = text?.trim();
      if (!answer) throw new ApiError(400, 'informationAnswerRequired');
      if ([...answer].length > INFORMATION_MESSAGE_MAX) throw new ApiError(400, 'informationAnswerTooLong');
      const [calendar, at] = [await holidays(), new Date(clock())];
      return store.answer({
        caseId, customerId, text: answer, attachment, idempotency, at, claimAttachment,
        // The working days after the day of the request up to the day of the answer (asked on Friday, answered on Monday: one).
        dueAfterWaiting: (askedAt, dueAt) => dueMovedOn(dueAt, workingDaysBetween(askedAt, at, calendar), calendar),
        answered: (tx, kase) => alerts.holderAlerted(tx, {
          kind: 'information_answered', caseId, caseNumber: kase.caseNumber, eventKey: `information_answered:${caseId}:${kase.version}`, at,
        }),
      });
    },

    sweep,

    /** Sweeps every `everyMs` until stopped; a failed sweep is logged and the next one tries again. */
    startSweeping: (everyMs: number, log: FastifyBaseLogger) =>
      repeatEvery(everyMs, sweep, (error) => log.error(`the information requests' sweep failed: ${error.message}`)),
  };
}
export type InformationRequests = ReturnType<typeof createInformationRequests>;
