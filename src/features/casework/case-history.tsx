import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '../../i18n/dates.ts';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { personName } from '../../ui/person-name.ts';
import type { StaffHistoryEntry } from '../../app/staff-cases.ts';

/**
 * Every move of a case as staff see it, oldest first: what was done, by which role, and
 * the note (justifications and send-back notes, which the customer never sees here).
 */
export function CaseHistory({ history }: { history: StaffHistoryEntry[] }) {
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
      transfer: t`Transferred to another directorate`,
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
          <li key={index} className="history-entry">
            <div className="history-head">
              <strong>{actionName(entry.action)}</strong>
              {entry.assigned_to && <span>→ {personName(entry.assigned_to)}</span>}
              {entry.transfer && (
                <span data-testid="history-transfer">
                  {entry.transfer.from ? localized(entry.transfer.from, 'name', locale) : t`No directorate`} → {localized(entry.transfer.to, 'name', locale)}
                </span>
              )}
              <span className="muted">
                {formatDate(entry.at, locale)}
                {entry.by && ` · ${roleName(entry.by.role)}`}
              </span>
            </div>
            {entry.note && <p className="remark">{entry.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
