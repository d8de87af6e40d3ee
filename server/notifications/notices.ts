import type { Language } from '../errors/catalogs.ts';

/**
 * Which case moves a customer is told of, and what each notice says besides the
 * customer's name. Respond and return stay internal (the customer sees "processing" before
 * and after them); an archive changes nothing the customer sees.
 */
export type CaseNotice = 'processing_started' | 'appointment_set' | 'appointment_moved' | 'answered' | 'rejected' | 'review_decided'
  // Issue 25: the corporation asks the customer for something, and reminds them once (server/casework/information-requests.ts).
  | 'information_requested' | 'information_reminder';
/** After every password change (server/notifications/password-notices.ts): to a customer, or to a staff user. */
export type PasswordNotice = 'password_changed' | 'staff_password_changed';
/** A staff user's alert by e-mail, and their daily digest of due-soon and late cases (server/notifications/staff-alert-mail.ts). */
export type StaffNotice = 'staff_alert' | 'staff_due_digest';
export type Notice = CaseNotice | PasswordNotice | StaffNotice;

/** What a staff alert's e-mail says: its kind and the case or accusation it is about. */
export interface AlertMail {
  kind: 'case_assigned' | 'approval_waiting' | 'response_returned' | 'accusation_filed' | 'case_transferred' | 'review_requested'
    | 'information_answered' | 'information_unanswered' | 'case_withdrawn';
  caseId?: string;
  caseNumber?: string;
  accusationId?: string;
  reference?: string;
  /** A send-back's note, as the manager wrote it. */
  note?: string;
  /** A transfer's receiving directorate, by language. */
  directorate?: Partial<Record<Language, string>>;
}

/** One case of a daily digest: due soon (its due moment ahead), late, or escalated (five working days late). */
export interface DueDigestItem {
  kind: 'due_soon' | 'late' | 'escalated';
  caseId: string;
  caseNumber: string;
  /** The moment it falls (or fell) due, ISO. */
  dueAt: string;
}

export interface NoticePayload {
  /** The case a case notice is about. */
  caseNumber?: string;
  /** The appointment (ISO), for appointment_set and appointment_moved. */
  date?: string;
  /** Why the case was rejected, as the staff user wrote it. */
  justification?: string;
  /** A rejection's e-mail (issue 25): the working days in which a review may be asked for (REVIEW_WINDOW_DAYS). */
  reviewDays?: number;
  /** What the officer asked the customer for (issue 25): in the e-mail, never in the SMS. */
  message?: string;
  /** A staff user's notice: the language they set the password in, or the one they last used the portal in. */
  language?: string;
  /** A staff alert's e-mail: what the alert says. */
  alert?: AlertMail;
  /** The "answered" e-mail's signed one-tap rating link (issue 25); never in an SMS. */
  ratingLink?: string;
  /** A daily digest: its cases, growing until it is sent. */
  due?: DueDigestItem[];
}

/** What a stored case move tells (server/cases/casework-store.ts hands it over in its transaction). */
export interface MovedCase {
  caseId: string;
  caseNumber: string;
  customerId: string;
  action: string;
  from: string;
  to: string;
  at: Date;
  note?: string;
  appointment?: { kind: 'scheduled' | 'extended'; date: Date };
}

/** The notice a move makes, or undefined when the customer is not told of it. */
export function noticeOf(move: MovedCase): { notice: CaseNotice; payload: NoticePayload } | undefined {
  const payload: NoticePayload = { caseNumber: move.caseNumber };
  // A review's outcome, whatever state it leaves the case in (issue 25): its own notice, not a second "answered".
  if (move.action === 'decide_review') return { notice: 'review_decided', payload };
  // Taken by an officer or assigned by a manager: either way the case leaves "pending".
  if (move.from === 'pending' && move.to === 'ongoing') return { notice: 'processing_started', payload };
  if (move.appointment) {
    const notice = move.appointment.kind === 'scheduled' ? 'appointment_set' : 'appointment_moved';
    return { notice, payload: { ...payload, date: move.appointment.date.toISOString() } };
  }
  // Approved by a manager: what the customer sees as "responded".
  if (move.to === 'verified') return { notice: 'answered', payload };
  if (move.to === 'rejected') return { notice: 'rejected', payload: { ...payload, justification: move.note ?? '' } };
  if (move.to === 'waiting_customer') return { notice: 'information_requested', payload: { ...payload, message: move.note ?? '' } };
  return undefined;
}
