import type { FastifyBaseLogger } from 'fastify';
import type { SessionClaims } from '../auth/tokens.ts';
import { addisDay } from '../casework/due-dates.ts';
import type { Holidays } from '../casework/holidays.ts';
import type { StaffAlert, StaffAlertKind } from '../contract/staff-calls.ts';
import type { Language } from '../errors/catalogs.ts';
import type { AlertMail, DueDigestItem } from '../notifications/notices.ts';
import { dueEventsAt, CATCH_UP_MS, LOOK_AHEAD_MS, LOOK_BACK_MS, type DueEvent } from './alert-due-dates.ts';
import type { AlertPayload, AlertRecipient, AlertStore, CaseFacts } from './alerts-store.ts';
import { repeatEvery } from '../web/repeat-every.ts';

/** The transaction of the event an alert is raised in (the store's own type, so the service needs no database import). */
type Queryable = Parameters<AlertStore['raise']>[0];

/** A case move as the casework store hands it to its afterMove hook (the fields the alerts read). */
export interface MoveForAlerts {
  caseId: string;
  caseNumber: string;
  version: number;
  action: string;
  actor: { id: string };
  at: Date;
  note?: string;
  officer?: string;
  /** A transfer's receiving directorate. */
  directorate?: string;
}

interface Dependencies {
  store: AlertStore;
  /** The notifications' queue, in the alert's own transaction (server/notifications/notifier.ts). */
  mail: {
    alertMailed: (tx: Queryable, alert: { staffId: string; language: string; mail: AlertMail; at: Date }) => Promise<void>;
    dueDigested: (tx: Queryable, digest: { staffId: string; language: string; day: string; item: DueDigestItem; at: Date }) => Promise<void>;
  };
  /** The holidays the due dates skip (administration's calendar). */
  holidays: () => Promise<Holidays>;
  clock: () => number;
}

/** The language an alert's e-mail is written in: the person's last, Amharic when unknown (SPEC 9). */
const languageOf = (recipient: AlertRecipient) => recipient.language ?? 'am';
/** Each person once, whoever they are listed as (the holder may be a manager too). */
const once = (people: AlertRecipient[]) => [...new Map(people.map((person) => [person.id, person])).values()];

/**
 * Staff alerts (issue 24): raised in the transaction of the event that causes them, so an
 * alert and its e-mail exist exactly when the event does. One per person and event (the
 * store's unique key), so a retry or a second instance raising it again changes nothing.
 */
export function createAlertService({ store, mail, holidays, clock }: Dependencies) {
  /** Raises one alert for each of `people` but the actor; each one made (not a repeat) queues its e-mail, if the person takes them. */
  async function raise(tx: Queryable, people: AlertRecipient[], alert: { mail: AlertMail; eventKey: string; payload: AlertPayload; at: Date }, actorId?: string) {
    for (const person of once(people)) {
      if (person.id === actorId) continue;
      const { kind, caseId, accusationId } = alert.mail;
      if (!(await store.raise(tx, { staffId: person.id, kind, caseId, accusationId, eventKey: alert.eventKey, payload: alert.payload, at: alert.at }))) continue;
      if (person.alert_mail) await mail.alertMailed(tx, { staffId: person.id, language: languageOf(person), mail: alert.mail, at: alert.at });
    }
  }

  /** Who may approve what `writer` wrote: the directorate's other managers; where it has none active, the admins (four eyes). */
  async function approversOf(tx: Queryable, directorateId: string | null, writer: string) {
    const managers = (await store.ofRole(tx, 'manager', directorateId)).filter((manager) => manager.id !== writer);
    return managers.length > 0 ? managers : store.ofRole(tx, 'admin');
  }

  /** Whom a due-date event tells: the holder (or, unassigned, the managers), or both; or management, the active admins. */
  async function toldOf(tx: Queryable, event: DueEvent, kase: CaseFacts) {
    if (event.tells === 'admins') return store.ofRole(tx, 'admin');
    const holder = kase.assigned_to_id ? await store.person(tx, kase.assigned_to_id) : [];
    if (event.tells === 'holder' && holder.length > 0) return holder;
    return [...holder, ...(await store.ofRole(tx, 'manager', kase.directorate_id))];
  }

  /**
   * Raises the due-date events that have fallen (every instance runs this on its timer):
   * each is claimed once per case, kind and due moment, in one transaction with its
   * alerts and its line in each person's digest of the day. Answers how many it raised.
   */
  async function sweep(): Promise<number> {
    const now = new Date(clock());
    const calendar = await holidays();
    const candidates = await store.dueCandidates(new Date(now.getTime() - CATCH_UP_MS - LOOK_BACK_MS), new Date(now.getTime() + LOOK_AHEAD_MS));
    const due = candidates.flatMap((kase) => dueEventsAt(kase.due_at, kase.raised, now, calendar).map((event) => ({ kase, event })));
    if (due.length === 0) return 0;
    let raised = 0;
    await store.transaction(async (tx) => {
      if (!(await store.sweepTurn(tx))) return;
      for (const { kase, event } of due) {
        if (!(await store.claimDueEvent(tx, { caseId: kase.id, kind: event.kind, dueAt: kase.due_at, at: now }))) continue;
        raised += 1;
        const dueAt = kase.due_at.toISOString();
        const alert = { kind: event.kind, caseId: kase.id, eventKey: `${event.kind}:${kase.id}:${dueAt}`, payload: { case_number: kase.case_number, due_at: dueAt }, at: now };
        for (const person of once(await toldOf(tx, event, kase))) {
          if (!(await store.raise(tx, { staffId: person.id, ...alert })) || !person.alert_mail) continue;
          const item: DueDigestItem = { kind: event.kind, caseId: kase.id, caseNumber: kase.case_number, dueAt };
          await mail.dueDigested(tx, { staffId: person.id, language: languageOf(person), day: addisDay(now), item, at: now });
        }
      }
    });
    return raised;
  }

  return {
    /** The casework store's afterMove hook: the alerts a move raises, in its transaction. */
    async afterMove(tx: Queryable, move: MoveForAlerts): Promise<void> {
      // The version the move read: each committed move of a case has its own.
      const about = { eventKey: `${move.action}:${move.caseId}:${move.version}`, at: move.at };
      const kase = { caseId: move.caseId, caseNumber: move.caseNumber };
      const payload: AlertPayload = { case_number: move.caseNumber };
      if (move.action === 'assign' && move.officer) {
        await raise(tx, await store.person(tx, move.officer), { ...about, mail: { kind: 'case_assigned', ...kase }, payload }, move.actor.id);
      } else if (move.action === 'respond') {
        const directorate = (await store.caseFacts(tx, move.caseId))?.directorate_id ?? null;
        await raise(tx, await approversOf(tx, directorate, move.actor.id), { ...about, mail: { kind: 'approval_waiting', ...kase }, payload }, move.actor.id);
      } else if (move.action === 'return') {
        const writer = (await store.caseFacts(tx, move.caseId))?.responded_by_id;
        const note = move.note ?? '';
        const returned = { ...about, mail: { kind: 'response_returned', ...kase, note } as const, payload: { ...payload, note } };
        if (writer) await raise(tx, await store.person(tx, writer), returned, move.actor.id);
      } else if (move.action === 'request_review') {
        // Issue 25: the directorate's managers decide it (one who had no part in the decision: the service's rule).
        const directorate = (await store.caseFacts(tx, move.caseId))?.directorate_id ?? null;
        await raise(tx, await store.ofRole(tx, 'manager', directorate), { ...about, mail: { kind: 'review_requested', ...kase }, payload });
      } else if (move.action === 'withdraw') {
        // Issue 28: the customer withdrew the case: its holder, or (unassigned) its directorate's managers.
        const facts = await store.caseFacts(tx, move.caseId);
        const people = facts?.assigned_to_id ? await store.person(tx, facts.assigned_to_id) : await store.ofRole(tx, 'manager', facts?.directorate_id ?? null);
        await raise(tx, people, { ...about, mail: { kind: 'case_withdrawn', ...kase }, payload });
      } else if (move.action === 'transfer' && move.directorate) {
        const directorate = await store.directorateNames(tx, move.directorate);
        const transferred = { ...about, mail: { kind: 'case_transferred', ...kase, directorate } as const, payload: { ...payload, directorate } };
        await raise(tx, await store.ofRole(tx, 'manager', move.directorate), transferred, move.actor.id);
      }
    },

    /**
     * Issue 25's requests for information: the customer answered (`information_answered`), or
     * left the request unanswered until it may be closed (`information_unanswered`). The case's
     * holder is told (its directorate's managers when nobody holds it), once per `eventKey`.
     */
    async holderAlerted(tx: Queryable, alert: { kind: 'information_answered' | 'information_unanswered'; caseId: string; caseNumber: string; eventKey: string; at: Date }) {
      const facts = await store.caseFacts(tx, alert.caseId);
      const people = facts?.assigned_to_id ? await store.person(tx, facts.assigned_to_id) : await store.ofRole(tx, 'manager', facts?.directorate_id ?? null);
      await raise(tx, people, {
        mail: { kind: alert.kind, caseId: alert.caseId, caseNumber: alert.caseNumber },
        eventKey: alert.eventKey, payload: { case_number: alert.caseNumber }, at: alert.at,
      });
    },

    /** The accusations' hook: a new accusation alerts every active ethics user, in the filing's transaction. */
    async accusationFiled(tx: Queryable, accusation: { id: string; reference: string; at: Date }): Promise<void> {
      await raise(tx, await store.ofRole(tx, 'accusation_acceptor'), {
        mail: { kind: 'accusation_filed', accusationId: accusation.id, reference: accusation.reference },
        eventKey: `accusation:${accusation.id}`,
        payload: { reference: accusation.reference },
        at: accusation.at,
      });
    },

    sweep,

    /** The caller's alerts, the unread total and their e-mail setting. */
    async list(session: SessionClaims): Promise<{ alerts: StaffAlert[]; unread: number; mail: boolean }> {
      const [rows, unread, settings] = await Promise.all([store.list(session.id), store.unread(session.id), store.settings(session.id)]);
      const alerts = rows.map((row): StaffAlert => ({
        id: row.id,
        kind: row.kind as StaffAlertKind,
        unread: row.unread,
        created_at: row.created_at.toISOString(),
        ...(row.case_id ? { case: { id: row.case_id, case_number: row.payload.case_number ?? '' } } : {}),
        ...(row.accusation_id ? { accusation: { id: row.accusation_id, reference: row.payload.reference ?? '' } } : {}),
        note: row.payload.note ?? null,
        due_at: row.payload.due_at ?? null,
      }));
      return { alerts, unread, mail: settings.mail };
    },

    /** Marks the caller's own alerts among `ids` read; answers how many stay unread. */
    async markRead(session: SessionClaims, ids: string[]): Promise<{ unread: number }> {
      await store.markRead(session.id, ids, new Date(clock()));
      return { unread: await store.unread(session.id) };
    },

    async saveSettings(session: SessionClaims, mail: boolean, language: Language): Promise<{ mail: boolean }> {
      await store.saveSettings(session, mail, language, new Date(clock()));
      return { mail };
    },

    me: (session: SessionClaims) => store.me(session.id),

    /** Sweeps every `everyMs` until stopped; a failed sweep is logged and the next one tries again. */
    startSweeping: (everyMs: number, log: FastifyBaseLogger) =>
      repeatEvery(everyMs, sweep, (error) => log.error(`raising the due-date alerts failed: ${error.message}`)),
  };
}
export type AlertService = ReturnType<typeof createAlertService>;
