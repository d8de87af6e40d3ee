import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { summaryQuery } from './api.ts';
import { ChartCard, DistributionBars, StackedBars, WeeklyBars, type Series } from './charts.tsx';
import { ReviewRates } from './review-rates.tsx';
import { RecentComments } from './recent-comments.tsx';
import { WorkloadTable } from './workload-table.tsx';

/** How the service performs, and each officer's workload: a manager's directorate, or everything for an admin. */
export function DashboardPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const { data } = useSuspenseQuery(summaryQuery());

  // The staff's words for the states, as the queue's badges say them.
  const states: Series[] = [
    { key: 'pending', label: t`new`, colour: '#8a96a3' },
    { key: 'ongoing', label: t`in progress`, colour: '#2563eb' },
    { key: 'responded', label: t`waiting for approval`, colour: '#7c3aed' },
    // Issue 25's two states: a case waiting for its customer or under review is still open work.
    { key: 'waiting_customer', label: t`waiting for the customer`, colour: '#d97706' },
    { key: 'under_review', label: t`under review`, colour: '#0891b2' },
    { key: 'verified', label: t`approved`, colour: '#0f7a4a' },
    { key: 'rejected', label: t`rejected`, colour: '#c2410c' },
    { key: 'archived', label: t`archived`, colour: '#4b5563' },
    // Issue 28: withdrawn by the customer before an answer: counted, no longer work.
    { key: 'withdrawn', label: t`withdrawn by the customer`, colour: '#a3a3a3' },
  ];
  const weekly: Series[] = [
    { key: 'filed', label: t`Filed`, colour: '#2563eb' },
    { key: 'answered', label: t`Answered`, colour: '#0f7a4a' },
  ];
  const accusationStates: Series[] = [
    { key: 'received', label: t`received`, colour: '#8a96a3' },
    { key: 'under_review', label: t`under review`, colour: '#2563eb' },
    { key: 'closed', label: t`closed`, colour: '#0f7a4a' },
  ];
  const stateHeader = [...states.map((s) => s.label), t`Total`, t`Late`];
  const stateCells = (place: { byState: Record<string, number>; total: number; late: number }) => [...states.map((s) => place.byState[s.key] ?? 0), place.total, place.late];
  const days = (value: number | null) => (value === null ? '—' : t`${value} days`);
  const ratingsTotal = data.divisions.reduce((sum, d) => d.rating.distribution.map((n, i) => sum[i] + n), [0, 0, 0, 0, 0]);

  return (
    <>
      <div className="page-title-row">
        <h1><Trans>Dashboard</Trans></h1>
        <span className="muted">{data.scope === 'all' ? <Trans>All directorates</Trans> : <Trans>Your directorate</Trans>}</span>
      </div>
      <dl className="figures">
        <div><dt><Trans>Cases</Trans></dt><dd>{data.totalCases}</dd></div>
        <div><dt><Trans>Late cases</Trans></dt><dd>{data.lateCases}</dd></div>
        <div><dt><Trans>Median time to answer</Trans></dt><dd>{days(data.answerTime.medianDays)}</dd></div>
        <div><dt><Trans>90% answered within</Trans></dt><dd>{days(data.answerTime.p90Days)}</dd></div>
      </dl>
      <WorkloadTable />
      <div className="chart-grid">
        <ChartCard title={<Trans>Cases by state per division</Trans>} legend={states} fileName="cases-by-division.csv"
          csv={[[t`Division`, ...stateHeader], ...data.divisions.map((d) => [localized(d, 'name', locale), ...stateCells(d)])]}>
          <StackedBars label={t`Cases by state per division`} series={states}
            rows={data.divisions.map((d) => ({ label: localized(d, 'name', locale), values: d.byState }))} />
        </ChartCard>
        <ChartCard title={<Trans>Cases by state per directorate</Trans>} legend={states} fileName="cases-by-directorate.csv"
          csv={[[t`Directorate`, ...stateHeader], ...data.directorates.map((d) => [localized(d, 'name', locale), ...stateCells(d)])]}>
          <StackedBars label={t`Cases by state per directorate`} series={states}
            rows={data.directorates.map((d) => ({ label: localized(d, 'name', locale), values: d.byState }))} />
        </ChartCard>
        <ChartCard title={<Trans>Cases filed and answered per week</Trans>} legend={weekly} fileName="weekly-trend.csv"
          csv={[[t`Week starting`, t`Filed`, t`Answered`], ...data.weekly.map((w) => [w.weekStart, w.filed, w.answered])]}>
          <WeeklyBars label={t`Cases filed and answered per week`} series={weekly}
            weeks={data.weekly.map((w) => ({ label: w.weekStart.slice(5), values: { filed: w.filed, answered: w.answered } }))} />
        </ChartCard>
        <ChartCard title={<Trans>Ratings</Trans>} fileName="ratings-by-division.csv"
          csv={[[t`Division`, t`Ratings`, t`Average`, '1', '2', '3', '4', '5'],
            ...data.divisions.map((d) => [localized(d, 'name', locale), d.rating.count, d.rating.average, ...d.rating.distribution])]}>
          <DistributionBars label={t`Ratings`} counts={ratingsTotal} colour="#d97706" />
          <table className="chart-table">
            <thead><tr><th><Trans>Division</Trans></th><th><Trans>Ratings</Trans></th><th><Trans>Average</Trans></th></tr></thead>
            <tbody>
              {data.divisions.map((d) => (
                <tr key={d.id}><td>{localized(d, 'name', locale)}</td><td>{d.rating.count}</td><td>{d.rating.average ?? '—'}</td></tr>
              ))}
            </tbody>
          </table>
        </ChartCard>
        <ReviewRates divisions={data.divisions} />
        {data.accusations && (
          <ChartCard title={<Trans>Accusations by state</Trans>} legend={accusationStates} fileName="accusations-by-state.csv"
            csv={[[...accusationStates.map((s) => s.label), t`Total`], [...accusationStates.map((s) => data.accusations!.byState[s.key] ?? 0), data.accusations.total]]}>
            <StackedBars label={t`Accusations by state`} series={accusationStates}
              rows={[{ label: t`Accusations`, values: data.accusations.byState }]} />
          </ChartCard>
        )}
      </div>
      <RecentComments comments={data.recentComments} />
    </>
  );
}
