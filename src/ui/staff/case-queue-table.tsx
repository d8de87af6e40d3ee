import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatDate } from '../../i18n/dates.ts';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import type { QueuedCase } from '../../app/staff-cases.ts';
import { CaseStateBadge, LateBadge } from './case-state-badge.tsx';
import { personName } from '../person-name.ts';

/** A column after the case number: its heading (also each card's label) and its cell. */
export interface CaseColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
}

/**
 * Staff's lists of cases: a table on a desktop, a card per case under 640 px (styles.css
 * .stack-table names each value), the case number first, opening the case page.
 */
export function CaseTable<Row extends { _id: string; case_number: string }>({
  rows,
  columns,
  testId,
}: {
  rows: Row[];
  columns: CaseColumn<Row>[];
  /** The test ids of the table and of each of its rows. */
  testId: { table: string; row: string };
}) {
  const { t } = useLingui();
  return (
    <div className="case-table-wrap">
      <table className="case-table stack-table" data-testid={testId.table}>
        <thead>
          <tr>
            <th scope="col">{t`Case number`}</th>
            {columns.map((column) => (
              <th scope="col" key={column.label}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row._id} data-testid={testId.row}>
              <td>
                <Link to="/staff/cases/$id" params={{ id: row._id }} className="case-number">
                  {row.case_number}
                </Link>
              </td>
              {columns.map((column) => (
                <td data-label={column.label} key={column.label}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The cases of a queue, each with its due day and a late badge. */
export function CaseQueueTable({ cases }: { cases: QueuedCase[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  const columns: CaseColumn<QueuedCase>[] = [
    { label: t`Case request`, cell: (kase) => localized(kase.caselist, 'case_name', locale) },
    { label: t`Customer`, cell: (kase) => personName(kase.customer) },
    { label: t`Phone`, cell: (kase) => kase.customer.phone },
    { label: t`State`, cell: (kase) => <CaseStateBadge status={kase.status} /> },
    {
      label: t`Due date`,
      cell: (kase) => (
        <>
          {formatDate(kase.due_date, locale) ?? '-'} <LateBadge late={kase.late} />
        </>
      ),
    },
    { label: t`Assigned to`, cell: (kase) => (kase.assigned_to ? personName(kase.assigned_to) : '-') },
  ];
  return <CaseTable rows={cases} columns={columns} testId={{ table: 'case-queue', row: 'queued-case' }} />;
}
