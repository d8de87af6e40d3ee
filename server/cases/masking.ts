import type { PublicCaseStatus } from '../contract/cases.ts';
import type { PublicCaseRecord } from './store.ts';

/**
 * What anyone but the signed-in owner learns of a case (DESIGN.md: a public lookup must not
 * hand out personal data). Built from an allow-list rather than by blanking fields, so a
 * field added to Case later stays private until someone decides otherwise: what the case
 * is, where it stands and when things happened. No names — the customer's or the staff's —
 * no phone, address or gender, no free text (answers, remark, justification may hold
 * personal data), no files, and no ids that lead further: not the customer's, not the
 * related case's, not the case's own. `print` names this same public copy as a PDF.
 */
export function publicStatus(record: PublicCaseRecord, print: string): PublicCaseStatus {
  const { case_number, status, division, caselist, late, createdAt, ongoing_date, verified_date, rejected_date } = record;
  return {
    case_number,
    status,
    division,
    caselist,
    late,
    createdAt,
    ongoing_date,
    verified_date,
    rejected_date,
    schedule_program: record.schedule_program.map(({ schedule }) => ({
      schedule: { extended_date: schedule.extended_date, scheduled_date: schedule.scheduled_date },
    })),
    print,
    masked: true,
  };
}
