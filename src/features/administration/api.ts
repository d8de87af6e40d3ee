import { queryOptions } from '@tanstack/react-query';
import type {
  AdminCaseRequest,
  AdminDirectorate,
  AdminDivision,
  AdminQuestion,
  CaseRequestDraft,
  DirectorateDraft,
  DivisionDraft,
  Holiday,
  HolidayDraft,
  LetterTemplateDraft,
  QuestionDraft,
  TeamDraft,
} from '../../../server/contract/administration-calls.ts';
import { api } from '../../app/http.ts';
import { STAFF_QUERIES, staffHttp } from '../../app/staff-session.ts';
import type { Locale } from '../../i18n/locales.ts';

export type { AdminCaseRequest, AdminDirectorate, AdminDivision, AdminQuestion, Holiday, HolidayDraft };
export type { CaseRequestDraft, DirectorateDraft, DivisionDraft, LetterTemplateDraft, QuestionDraft, TeamDraft };

const keys = {
  all: [...STAFF_QUERIES, 'administration'] as const,
  divisions: () => [...keys.all, 'divisions'] as const,
  holidays: () => [...keys.all, 'holidays'] as const,
};
export const adminKeys = keys;

/** Every division with everything under it, inactive entries too (admin only). */
export const adminDivisionsQuery = () =>
  queryOptions({ queryKey: keys.divisions(), queryFn: ({ signal }) => api('adminListDivisions', { via: staffHttp, signal }) });

export const holidaysQuery = () =>
  queryOptions({ queryKey: keys.holidays(), queryFn: ({ signal }) => api('adminListHolidays', { via: staffHttp, signal }) });

export const saveDivision = (json: DivisionDraft) => api('adminSaveDivision', { json, via: staffHttp });
export const saveDirectorate = (json: DirectorateDraft) => api('adminSaveDirectorate', { json, via: staffHttp });
export const saveTeam = (json: TeamDraft) => api('adminSaveTeam', { json, via: staffHttp });
export const saveCaseRequest = (json: CaseRequestDraft) => api('adminSaveCaseRequest', { json, via: staffHttp });
export const saveLetterTemplate = (id: string, json: LetterTemplateDraft) => api('adminSaveLetterTemplate', { params: { id }, json, via: staffHttp });
export const saveQuestion = (json: QuestionDraft) => api('adminSaveQuestion', { json, via: staffHttp });
export const saveHoliday = (json: HolidayDraft) => api('adminSaveHoliday', { json, via: staffHttp });
export const deleteHoliday = (id: string) => api('adminDeleteHoliday', { params: { id }, via: staffHttp });
export const saveLanguages = (languages: Locale[]) => api('adminSaveLanguages', { json: { languages }, via: staffHttp });
