import { queryOptions } from '@tanstack/react-query';
import type { ReviewOutcome } from '../../../server/contract/cases.ts';
import { api } from '../../app/http.ts';
import { staffCaseKeys } from '../../app/staff-cases.ts';
import { staffHttp } from '../../app/staff-session.ts';

const keys = {
  officers: () => [...staffCaseKeys.all, 'officers'] as const,
  directorates: () => [...staffCaseKeys.all, 'transfer-directorates'] as const,
};

/** The directorate's officers a manager can give a case to. */
export const officersQuery = () =>
  queryOptions({
    queryKey: keys.officers(),
    queryFn: ({ signal }) => api('staffListOfficers', { via: staffHttp, signal }),
  });

/**
 * The moves of the case's state machine; the server refuses any its state or the staff user's role does not allow.
 * Each names the case's version as read, so a case someone changed meanwhile is refused (409) instead of moved.
 */
export const caseMoves = {
  take: (id: string, version: number) => api('staffTakeCase', { params: { id }, json: { version }, via: staffHttp }),
  assign: (id: string, officer: string, version: number) => api('staffAssignCase', { params: { id }, json: { officer, version }, via: staffHttp }),
  schedule: (id: string, day: string, version: number) =>
    api('staffScheduleCase', { params: { id }, json: { scheduled_date: day, version }, via: staffHttp }),
  extend: (id: string, day: string, version: number) =>
    api('staffScheduleCase', { params: { id }, json: { extended_date: day, version }, via: staffHttp }),
  /** Without a letter the server writes one from the justification. */
  respond: (id: string, justification: string, version: number, letter?: File) => {
    const form = new FormData();
    form.append('justification', justification);
    form.append('version', String(version));
    if (letter) form.append('attachment', letter);
    return api('staffRespondCase', { params: { id }, form, via: staffHttp });
  },
  approve: (id: string, version: number) => api('staffApproveCase', { params: { id }, json: { version }, via: staffHttp }),
  sendBack: (id: string, note: string, version: number) => api('staffReturnCase', { params: { id }, json: { note, version }, via: staffHttp }),
  reject: (id: string, justification: string, version: number) =>
    api('staffRejectCase', { params: { id }, json: { rejection_justification: justification, version }, via: staffHttp }),
  /** Issue 25: the case waits for its customer's answer to `message`. */
  askCustomer: (id: string, message: string, version: number) => api('staffRequestInformation', { params: { id }, json: { message, version }, via: staffHttp }),
  /** Issue 25: a request left unanswered INFO_EXPIRY_DAYS working days ends in a rejection with a standard reason. */
  closeUnanswered: (id: string, version: number) => api('staffCloseUnanswered', { params: { id }, json: { version }, via: staffHttp }),
};

export type { ReviewOutcome };
/** Issue 25: a manager's decision on a case under review, with the version read (the server writes the customer's letter). */
export const decideReview = (id: string, decision: { outcome: ReviewOutcome; justification: string; version: number }) =>
  api('staffDecideReview', { params: { id }, json: decision, via: staffHttp });

/** An internal note on a case: the staff's alone; it does not change the case's version. */
export const noteCase = (id: string, text: string) => api('staffNoteCase', { params: { id }, json: { text }, via: staffHttp });

/** Where a case may be transferred: every active directorate, grouped under its division (by name in the reader's language, on screen). */
export const transferTargetsQuery = () =>
  queryOptions({
    queryKey: keys.directorates(),
    queryFn: async ({ signal }) => {
      const [divisions, directorates] = await Promise.all([api('getAllDivisions', { signal }), api('getAllDirectorates', { signal })]);
      return divisions.map((division) => ({
        division,
        directorates: directorates.filter((each) => each.division._id === division._id && each.status === 'active'),
      })).filter((group) => group.directorates.length > 0);
    },
  });

/** A misrouted case to another directorate's queue, with the reason (staff only: its customer is not told). */
export const transferCase = (id: string, move: { directorate_id: string; reason: string; version: number }) =>
  api('staffTransferCase', { params: { id }, json: move, via: staffHttp });

/** SPEC section 7: case files load from the CaseFiles media path; staff name the case they read it for. */
export const caseFileUrl = (file: string, caseId: string) => `/media/CaseFiles/${file}?case=${caseId}`;
