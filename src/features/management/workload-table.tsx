import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { formatDate } from '../../i18n/dates.ts';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { personName } from '../../ui/person-name.ts';
import { workloadQuery } from './api.ts';
import { roleLabel } from './audit-words.ts';
import { ChartCard } from './charts.tsx';

/**
 * Each officer's workload (issue 24): open, late, answered this Ethiopian month and the
 * median working days to the customer's answer. A table, not a chart: every number is
 * written out, and under 640 px each officer is a card with its numbers named.
 */
export function WorkloadTable() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { data } = useSuspenseQuery(workloadQuery());
  const everyDirectorate = data.scope === 'all';
  const since = formatDate(`${data.monthStart}T12:00:00Z`, locale);
  const directorate = (officer: (typeof data.officers)[number]) => (officer.directorate ? localized(officer.directorate, 'name', locale) : '—');
  const who = (officer: (typeof data.officers)[number]) =>
    [personName(officer), officer.role !== 'officer' && `(${roleLabel(i18n, officer.role)})`, !officer.active && `(${t`inactive`})`].filter(Boolean).join(' ');
  const days = (value: number | null) => (value === null ? '—' : String(value));

  return (
    <ChartCard title={<Trans>Workload per officer</Trans>} fileName="workload.csv"
      csv={[[t`Officer`, ...(everyDirectorate ? [t`Directorate`] : []), t`Open cases`, t`Late cases`, t`Answered since ${since}`, t`Median working days to answer`],
        ...data.officers.map((o) => [who(o), ...(everyDirectorate ? [directorate(o)] : []), o.open, o.late, o.answeredThisMonth, o.medianWorkingDays])]}>
      <p className="muted"><Trans>This month: since {since}. Working days skip weekends and holidays.</Trans></p>
      {data.officers.length === 0 ? (
        <p className="muted"><Trans>No officers here yet.</Trans></p>
      ) : (
        <table className="case-table stack-table workload-table">
          <thead>
            <tr>
              <th scope="col"><Trans>Officer</Trans></th>
              {everyDirectorate && <th scope="col"><Trans>Directorate</Trans></th>}
              <th scope="col"><Trans>Open cases</Trans></th>
              <th scope="col"><Trans>Late cases</Trans></th>
              <th scope="col"><Trans>Answered this month</Trans></th>
              <th scope="col"><Trans>Median working days to answer</Trans></th>
            </tr>
          </thead>
          <tbody>
            {data.officers.map((officer) => (
              <tr key={officer.id}>
                <th scope="row">{who(officer)}</th>
                {everyDirectorate && <td data-label={t`Directorate`}>{directorate(officer)}</td>}
                <td data-label={t`Open cases`}>{officer.open}</td>
                <td data-label={t`Late cases`}>{officer.late}</td>
                <td data-label={t`Answered this month`}>{officer.answeredThisMonth}</td>
                <td data-label={t`Median working days to answer`}>{days(officer.medianWorkingDays)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ChartCard>
  );
}
