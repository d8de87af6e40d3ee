import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { formatDate } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { caseRequestName } from './answers.ts';
import type { CaseListResponse } from './api.ts';
import { StatusBadge } from './status-badge.tsx';

/**
 * SPEC section 2: rows of #, case number and status badge; a row opens the case. Issue 12
 * adds what was asked for and when, so a customer with several cases tells them apart.
 */
export function CaseRows({ cases, firstNumber = 1 }: { cases: CaseListResponse['cases']; firstNumber?: number }) {
  const navigate = useNavigate();
  const locale = useLocale();
  if (cases.length === 0) {
    return (
      <p className="notice">
        <Trans>No available cases</Trans>
      </p>
    );
  }
  return (
    <div className="case-table-wrap">
      <table className="case-table case-rows">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">
              <Trans>Case number</Trans>
            </th>
            <th scope="col">
              <Trans>Case request</Trans>
            </th>
            <th scope="col">
              <Trans>Submitted date</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {cases.map((row, index) => {
            const open = () => void navigate({ to: '/dashboard/case/$id', params: { id: row._id } });
            return (
              <tr key={row._id} className="case-row" onClick={open}>
                <td>{firstNumber + index}</td>
                <td>
                  {/* The link makes the row reachable by keyboard and screen readers. */}
                  <a
                    href={`/dashboard/case/${row._id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      event.stopPropagation();
                      open();
                    }}
                  >
                    {row.case_number}
                  </a>
                </td>
                <td data-testid="case-row-request">{caseRequestName(row.caselist, locale)}</td>
                <td data-testid="case-row-date" className="case-row-date">
                  {formatDate(row.createdAt, locale)}
                </td>
                <td>
                  <StatusBadge status={row.status} onList />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
