import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '../../app/http.ts';
import { staffHttp, staffSession } from '../../app/staff-session.ts';
import { formatDate, formatTime } from '../../i18n/dates.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { personName } from '../../ui/person-name.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { auditQuery, managementKeys, type AuditLogEntry, type AuditLogQuery } from './api.ts';
import { actionLabel, actorLabel } from './audit-words.ts';

/** The names, as they are now, of the ids entries hold (the log keeps ids only), per id and language. */
type Names = Record<string, Record<string, string>>;

/**
 * before → after as short lines: only the fields that changed, so an edit reads at a glance;
 * an id is shown as what it names (a directorate, a team, a staff user …) in the page's language.
 */
function changes(entry: AuditLogEntry, names: Names, language: string): string[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const named = (id: string) => names[id.toLowerCase()]?.[language] || names[id.toLowerCase()]?.en;
  const show = (value: unknown) =>
    value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : typeof value === 'string' ? (named(value) ?? value) : String(value);
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => (key in before ? `${key}: ${show(before[key])} → ${show(after[key])}` : `${key}: ${show(after[key])}`));
}

/** The audit log: who did what, when, before → after; filtered by person, case number and dates. Read-only. */
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
  const go = (next: AuditLogQuery) => void navigate({ to: '/staff/audit', search: next });
  const search = (event: FormEvent) => {
    event.preventDefault();
    go({ ...draft, case_number: draft.case_number?.trim() || undefined, page: 1 });
  };
  const who = (entry: AuditLogEntry) => {
    const actor = actorLabel(i18n, entry);
    return actor.role ? <>{actor.name} <span className="muted">({actor.role})</span></> : actor.name;
  };
  const current = log.data?.currentPage ?? filters.page ?? 1;
  const total = log.data?.totalPages ?? 1;

  return (
    <>
      <div className="page-title-row">
        <h1><Trans>Audit log</Trans></h1>
      </div>
      <form className="filters" onSubmit={search} role="search">
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
          <span><Trans>From</Trans></span>
          <input type="date" value={draft.from ?? ''} onChange={(e) => setDraft({ ...draft, from: e.target.value || undefined })} />
        </label>
        <label className="inline-field">
          <span><Trans>To</Trans></span>
          <input type="date" value={draft.to ?? ''} onChange={(e) => setDraft({ ...draft, to: e.target.value || undefined })} />
        </label>
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
                    {actionLabel(i18n, entry.action, entry.subject_type)}
                    {entry.subject_name && <span className="audit-subject">{entry.subject_name}</span>}
                  </td>
                  <td data-label={t`Case number`}>{entry.case_number ?? '—'}</td>
                  <td data-label={t`Before → after`}>
                    <ul className="audit-changes">{changes(entry, log.data.names, LOCALES[locale].spec.toLowerCase()).map((line) => <li key={line}>{line}</li>)}</ul>
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
