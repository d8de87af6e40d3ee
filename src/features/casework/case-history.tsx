import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, formatTime } from '../../i18n/dates.ts';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { personName } from '../../ui/person-name.ts';
import type { StaffHistoryEntry } from '../../app/staff-cases.ts';
import { CaseNoteForm } from './case-note-form.tsx';

/**
 * Every move of a case as staff see it, oldest first: what was done, by whom (or the system:
 * the filing, a job) in which role, when, and the note (justifications, send-back notes,
 * internal notes, which the customer never sees). `noteCaseId`: where staff who may add an
 * internal note add it (officers, managers, admins).
 */
export function CaseHistory({ history, noteCaseId }: { history: StaffHistoryEntry[]; noteCaseId?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const actionName = (action: string): string =>
    ({
      file: t`Filed by the customer`,
      take: t`Taken`,
      assign: t`Assigned`,
      schedule: t`Appointment set`,
      extend: t`Appointment moved`,
      respond: t`Response written`,
      approve: t`Response approved`,
      return: t`Sent back`,
      reject: t`Rejected`,
      archive: t`Archived`,
      refile: t`Moved to another category`,
      note: t`Internal note`,
      transfer: t`Transferred to another directorate`,
      request_information: t`The customer was asked for something`,
      answer_information: t`Answered by the customer`,
      request_review: t`Review requested by the customer`,
      decide_review: t`Review decided`,
    })[action] ?? action;
  const roleName = (role: string): string =>
    ({ officer: t`officer`, manager: t`manager`, archivist: t`archivist`, admin: t`administrator` })[role] ?? role;

  return (
    <section className="details-section" aria-labelledby="case-history">
      <h2 id="case-history">
        <Trans>History</Trans>
      </h2>
      <ol className="history-list" data-testid="staff-history">
        {history.map((entry, index) => (
          // An internal note is marked apart from the moves: staff words, never the customer's to read.
          <li key={index} className={entry.action === 'note' ? 'history-entry history-note' : 'history-entry'}>
            <div className="history-head">
              {entry.action === 'note' ? <span className="badge badge-blue">{actionName('note')}</span> : <strong>{actionName(entry.action)}</strong>}
              {entry.assigned_to && <span>→ {personName(entry.assigned_to)}</span>}
              {entry.transfer && (
                <span data-testid="history-transfer">
                  {entry.transfer.from ? localized(entry.transfer.from, 'name', locale) : t`No directorate`} → {localized(entry.transfer.to, 'name', locale)}
                </span>
              )}
            </div>
            <div className="muted">
              {formatDate(entry.at, locale)} {formatTime(new Date(entry.at), locale)} · {entry.actor_name ?? (entry.by_customer ? t`The customer` : t`System`)}
              {entry.by && ` (${roleName(entry.by.role)})`}
            </div>
            {entry.note && <p className="remark">{entry.note}</p>}
          </li>
        ))}
      </ol>
      {noteCaseId && <CaseNoteForm caseId={noteCaseId} />}
    </section>
  );
}
