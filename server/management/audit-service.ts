import type { AuditLogQuery } from '../contract/management-calls.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import { ApiError } from '../errors/api-error.ts';
import type { AuditStore } from './audit-store.ts';

/** A real calendar day (the pattern lets 2026-02-31 through), or a 400 before it reaches SQL. */
function day(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) throw new ApiError(400, 'invalidRequest', 'not a date');
  return text;
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every id an entry is about or holds in its before and after (a question's options too): the
 * reader names them (the log itself keeps no names).
 */
function idsIn(rows: { subject_id: string; before: unknown; after: unknown }[]): string[] {
  const ids = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === 'string' && UUID_TEXT.test(value)) ids.add(value.toLowerCase());
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  for (const row of rows) [row.subject_id, row.before, row.after].forEach(visit);
  return [...ids];
}

// A case number (HDC-2026-000001) or an accusation reference (ACC-2019-000005), whole.
const WHOLE_NUMBER = /^[a-z]+-\d{4}-\d+$/i;

/** What the subject filter looks for: a whole number or reference exactly, anything else as a piece of a name. */
function subjectFilter(typed: string | undefined) {
  const text = typed?.trim();
  if (!text) return undefined;
  return WHOLE_NUMBER.test(text) ? { exactly: text } : { containing: text };
}

// A manager with no directorate matches no case: this id is nobody's.
const NO_DIRECTORATE = '00000000-0000-0000-0000-000000000000';

/** Who may read which part of the audit log: admins all of it, a manager their directorate's cases. */
export function createAuditService(store: AuditStore) {
  return {
    async page(session: SessionClaims, query: AuditLogQuery) {
      const directorateId = session.role === 'admin' ? undefined : ((await store.directorateOf(session.id)) ?? NO_DIRECTORATE);
      const { rows, currentPage, totalPages } = await store.page({
        actorId: query.actor, caseNumber: query.case_number?.trim() || undefined, from: day(query.from), to: day(query.to), directorateId,
        subject: subjectFilter(query.subject), subjectType: query.subject_type,
        page: query.page ?? 1,
      });
      const names = await store.namesOf(idsIn(rows));
      return { entries: rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() })), names, currentPage, totalPages };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
