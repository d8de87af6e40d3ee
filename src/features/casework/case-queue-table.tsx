import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatDate } from '../../i18n/dates.ts';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import type { QueuedCase } from './api.ts';
import { CaseStateBadge, LateBadge } from './case-state-badge.tsx';
import { personName } from '../../ui/person-name.ts';

/**
 * The cases of a queue: a table on a desktop, a card per case under 640 px (styles.css
 * .stack-table names each value), each with its due day and a late badge.
 */
export function CaseQueueTable({ cases }: { cases: QueuedCase[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <div className="case-table-wrap">
      <table className="case-table stack-table" data-testid="case-queue">
        <thead>
          <tr>
            <th scope="col"><Trans>Case number</Trans></th>
            <th scope="col"><Trans>Case request</Trans></th>
            <th scope="col"><Trans>Customer</Trans></th>
            <th scope="col"><Trans>Phone</Trans></th>
            <th scope="col"><Trans>State</Trans></th>
            <th scope="col"><Trans>Due date</Trans></th>
            <th scope="col"><Trans>Assigned to</Trans></th>
          </tr>
        </thead>
        <tbody>
          {cases.map((kase) => (
            <tr key={kase._id} data-testid="queued-case">
              <td>
                <Link to="/staff/cases/$id" params={{ id: kase._id }} className="case-number">
                  {kase.case_number}
                </Link>
              </td>
              <td data-label={t`Case request`}>{localized(kase.caselist, 'case_name', locale)}</td>
              <td data-label={t`Customer`}>{personName(kase.customer)}</td>
              <td data-label={t`Phone`}>{kase.customer.phone}</td>
              <td data-label={t`State`}>
                <CaseStateBadge status={kase.status} />
              </td>
              <td data-label={t`Due date`}>
                {formatDate(kase.due_date, locale) ?? '-'} <LateBadge late={kase.late} />
              </td>
              <td data-label={t`Assigned to`}>{kase.assigned_to ? personName(kase.assigned_to) : '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
