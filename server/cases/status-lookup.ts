import type { AccusationStatus } from '../contract/accusations.ts';
import type { PublicCaseStatus } from '../contract/cases.ts';
import type { Found } from '../sms/replies.ts';
import { normaliseCaseNumber } from './case-number.ts';

/** A case number or accusation reference in a message: the status check's form (PREFIX-YEAR-NNNNNN), anywhere in the text. */
const NUMBER_IN_TEXT = /\b[A-Za-z]{2,10}-\d{4}-\d{6}\b/;

/** The number a message asks about, as typed; undefined when it names none. */
export const statusNumberIn = (text: string): string | undefined => NUMBER_IN_TEXT.exec(text)?.[0];

interface Reads {
  /** The status check's own reads: the public fields of a case, an accusation's state. */
  caseByNumber: (caseNumber: string) => Promise<Pick<PublicCaseStatus, 'case_number' | 'status' | 'schedule_program'> | undefined>;
  accusationByReference: (reference: string) => Promise<{ reference: string; status: AccusationStatus } | undefined>;
}

/**
 * What a status asked for by message finds (issue 26, the Telegram bot; the SMS answer's
 * words are server/sms/replies.ts's `statusReply`): a case with its appointment as it stands
 * (the last one set, moved if it was), an accusation, or nothing. No more than /checkstatus
 * shows anyone holding the number.
 */
export function createStatusLookup({ caseByNumber, accusationByReference }: Reads) {
  return async (typed: string): Promise<Found> => {
    const number = normaliseCaseNumber(typed) ?? typed.toUpperCase();
    const kase = await caseByNumber(number);
    if (kase) {
      const last = kase.schedule_program.at(-1)?.schedule;
      const appointment = last?.extended_date ?? last?.scheduled_date ?? undefined;
      return { kind: 'case', number: kase.case_number, status: kase.status, ...(appointment ? { appointment } : {}) };
    }
    const accusation = await accusationByReference(number);
    return accusation ? { kind: 'accusation', number: accusation.reference, status: accusation.status } : { kind: 'not_found', number };
  };
}
export type StatusLookup = ReturnType<typeof createStatusLookup>;
