import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '../../app/http.ts';
import { staffHttp, staffSession } from '../../app/staff-session.ts';
import { formatDate, formatTime } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { personName } from '../../ui/person-name.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { DayField, useDayProblemText } from '../../ui/staff/day-field.tsx';
import { dayRangeProblem } from '../../ui/staff/day-checks.ts';
import { auditQuery, managementKeys, type AuditLogEntry, type AuditLogQuery } from './api.ts';
import { actionLabel, actorLabel, changeLines, isSubjectType, namedId, settingLabel, subjectTypes, type ValueContext } from './audit-words.ts';

/**
 * Whom or what an entry is about, by the name people know it by: a case by its number, a
 * setting by what it sets, anything else by its name now in the reader's language.
 */
function subjectName(context: ValueContext, entry: AuditLogEntry): string {
  if (entry.subject_type === 'case' && entry.case_number) return entry.case_number;
  if (entry.subject_type === 'setting') return settingLabel(context.i18n, entry.subject_id);
  return entry.subject_name ?? namedId(context, entry.subject_id);
}

/**
 * The audit log: who did what to which record, when, before → after, all in the reader's
 * words (review defect 6: no id, code, key or ISO time on screen); filtered by person,
 * case number, subject and dates. Read-only.
 */
export function AuditLogPage({ filters }: { filters: AuditLogQuery }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const log = useQuery({ ...auditQuery(filters), placeholderData: (previous) => previous });
  // Only an admin may list the staff; a manager filters by case and date.
  const admin = staffSession.role() === 'admin';
  const people = useQuery({
    queryKey: [...managementKeys.all, 'people'],
    queryFn: ({ signal }) => api('adminListStaff', { via: staffHttp, signal }),
    enabled: admin,
  });
  const [draft, setDraft] = useState(filters);
  const [rangeError, setRangeError] = useState<{ field: 'from' | 'to'; text: string }>();
  const dayProblemText = useDayProblemText();
  const rangeErrorOf = (field: 'from' | 'to') => (rangeError?.field === field ? rangeError.text : undefined);
  const go = (next: AuditLogQuery) => void navigate({ to: '/staff/audit', search: next });
  const search = (event: FormEvent) => {
    event.preventDefault();
    // A day that does not exist, or a range that ends before it starts, is said so rather than searched.
    const problem = dayRangeProblem(draft.from, draft.to);
    setRangeError(problem && { field: problem.field, text: dayProblemText(problem.problem) });
    if (problem) return;
    go({ ...draft, case_number: draft.case_number?.trim() || undefined, subject: draft.subject?.trim() || undefined, page: 1 });
  };
  const who = (entry: AuditLogEntry) => {
    const actor = actorLabel(i18n, entry);
    return actor.role ? <>{actor.name} <span className="muted">({actor.role})</span></> : actor.name;
  };
  const context: ValueContext = { i18n, locale, names: log.data?.names ?? {} };
  const current = log.data?.currentPage ?? filters.page ?? 1;
  const total = log.data?.totalPages ?? 1;

  return (
    <>
      <div className="page-title-row">
        <h1><Trans>Audit log</Trans></h1>
      </div>
      <form className="filters" onSubmit={search} role="search" noValidate>
        {admin && (
          <label className="inline-field">
            <span><Trans>Person</Trans></span>
            <select value={draft.actor ?? ''} onChange={(e) => setDraft({ ...draft, actor: e.target.value || undefined })}>
              <option value="">{t`Everyone`}</option>
              {people.data?.staff.map((person) => <option key={person.id} value={person.id}>{personName(person)}</option>)}
            </select>
          </label>
        )}
        <label className="inline-field">
          <span><Trans>Case number</Trans></span>
          <input value={draft.case_number ?? ''} onChange={(e) => setDraft({ ...draft, case_number: e.target.value })} />
        </label>
        <label className="inline-field">
          <span><Trans>About</Trans></span>
          <input value={draft.subject ?? ''} onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
            placeholder={t`Case number, reference or name`} />
        </label>
        <label className="inline-field">
          <span><Trans>Kind of record</Trans></span>
          <select value={draft.subject_type ?? ''} onChange={(e) => setDraft({ ...draft, subject_type: isSubjectType(e.target.value) ? e.target.value : undefined })}>
            <option value="">{t`Any`}</option>
            {subjectTypes(i18n).map((type) => <option key={type.value} value={type.value}>{type.label}</option>)}
          </select>
        </label>
        <DayField inline id="audit-from" label={<Trans>From</Trans>} value={draft.from ?? ''} error={rangeErrorOf('from')}
          onChange={(day) => setDraft({ ...draft, from: day || undefined })} />
        <DayField inline id="audit-to" label={<Trans>To</Trans>} value={draft.to ?? ''} error={rangeErrorOf('to')}
          onChange={(day) => setDraft({ ...draft, to: day || undefined })} />
        <button type="submit" className="button button-primary"><Trans>Search</Trans></button>
      </form>
      {!log.data ? (
        <Spinner />
      ) : log.data.entries.length === 0 ? (
        <p className="muted"><Trans>Nothing was recorded for these filters.</Trans></p>
      ) : (
        <div className="case-table-wrap">
          <table className="case-table stack-table audit-table">
            <thead>
              <tr>
                <th><Trans>When</Trans></th>
                <th><Trans>Who</Trans></th>
                <th><Trans>Action</Trans></th>
                <th><Trans>Case number</Trans></th>
                <th><Trans>Before → after</Trans></th>
              </tr>
            </thead>
            <tbody>
              {log.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label={t`When`}>{formatDate(entry.at, locale)} {formatTime(new Date(entry.at), locale)}</td>
                  <td data-label={t`Who`}>{who(entry)}</td>
                  <td data-label={t`Action`} title={entry.action}>
                    {actionLabel(i18n, entry)}
                    <span className="audit-subject">{subjectName(context, entry)}</span>
                  </td>
                  <td data-label={t`Case number`}>{entry.case_number ?? '—'}</td>
                  <td data-label={t`Before → after`}>
                    <ul className="audit-changes">
                      {changeLines(context, entry).map((line) => (
                        <li key={line.key} title={line.key}>
                          {line.label}: {[line.before, line.after].filter((value) => value !== undefined).join(' → ')}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total > 1 && (
        <nav className="pager" aria-label={t`Pages`}>
          <button type="button" className="button button-outline" disabled={current <= 1} onClick={() => go({ ...filters, page: current - 1 })}>
            <Trans>Previous</Trans>
          </button>
          <span><Trans>Page {current} of {total}</Trans></span>
          <button type="button" className="button button-outline" disabled={current >= total} onClick={() => go({ ...filters, page: current + 1 })}>
            <Trans>Next</Trans>
          </button>
        </nav>
      )}
    </>
  );
}
