import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatDate } from '../../i18n/dates.ts';
import { localized, type Locale } from '../../i18n/locales.ts';
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
  selection,
}: {
  rows: Row[];
  columns: CaseColumn<Row>[];
  /** The test ids of the table and of each of its rows. */
  testId: { table: string; row: string };
  /** A checkbox before each case, for a bulk move (issue 24). */
  selection?: CaseSelection;
}) {
  const { t } = useLingui();
  return (
    <div className="case-table-wrap">
      <table className="case-table stack-table" data-testid={testId.table}>
        <thead>
          <tr>
            {selection && <th scope="col" className="case-select">{t`Select`}</th>}
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
              {selection && (
                <td className="case-select">
                  <input
                    type="checkbox"
                    aria-label={t`Select ${row.case_number}`}
                    checked={selection.selected.has(row._id)}
                    onChange={() => selection.toggle(row._id)}
                  />
                </td>
              )}
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

/** Which cases of a list are ticked for a bulk move, and how to tick one. */
export interface CaseSelection {
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
}

/** A customer's answer as the queue shows it: a select's option in the reader's language, else what they typed. */
const answerText = (answer: QueuedCase['queue_answers'][number], locale: Locale) =>
  answer.option ? localized(answer.option, 'value', locale) : answer.answer;

/**
 * The cases of a queue, each with its due day, a late badge and a "Sent back" one, and the
 * answers an admin shows in the queue (a column each on a desktop, a line on a phone's card).
 */
export function CaseQueueTable({ cases, selection }: { cases: QueuedCase[]; selection?: CaseSelection }) {
  const { t } = useLingui();
  const locale = useLocale();
  // One column per question shown, named as the first case that answers it words it.
  const questions = new Map<string, string>();
  for (const answer of cases.flatMap((kase) => kase.queue_answers)) {
    const name = localized(answer.question, 'name', locale);
    if (!questions.has(answer.question.name_en)) questions.set(answer.question.name_en, name);
  }
  const columns: CaseColumn<QueuedCase>[] = [
    { label: t`Case request`, cell: (kase) => localized(kase.caselist, 'case_name', locale) },
    { label: t`Customer`, cell: (kase) => personName(kase.customer) },
    { label: t`Phone`, cell: (kase) => kase.customer.phone },
    {
      label: t`State`,
      cell: (kase) => (
        <>
          <CaseStateBadge status={kase.status} /> <SentBackBadge sentBack={kase.sent_back} />
        </>
      ),
    },
    ...[...questions].map(([key, label]) => ({
      label,
      cell: (kase: QueuedCase) => {
        const answer = kase.queue_answers.find((each) => each.question.name_en === key);
        return answer ? answerText(answer, locale) : '-';
      },
    })),
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
  return <CaseTable rows={cases} columns={columns} testId={{ table: 'case-queue', row: 'queued-case' }} selection={selection} />;
}

/** A response a manager sent back, not answered again yet (review defect 2: it looked like any case in progress). */
function SentBackBadge({ sentBack }: { sentBack: boolean }) {
  return sentBack ? (
    <span className="badge badge-amber">
      <Trans>Sent back</Trans>
    </span>
  ) : null;
}
