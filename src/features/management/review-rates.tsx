import { Trans, useLingui } from '@lingui/react/macro';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import type { ManagementSummary } from './api.ts';
import { ChartCard } from './charts.tsx';

/**
 * Issue 25: how often each division's decisions are reviewed: decisions made, reviews asked
 * for, the rate between them and how many reviews changed the decision. Numbers in a table:
 * a few small counts read better than bars.
 */
export function ReviewRates({ divisions }: { divisions: ManagementSummary['divisions'] }) {
  const { t } = useLingui();
  const locale = useLocale();
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const rate = (value: number | null) => (value === null ? '—' : percent.format(value));
  return (
    <ChartCard title={<Trans>Reviews of decisions</Trans>} fileName="reviews-by-division.csv"
      csv={[[t`Division`, t`Decisions`, t`Reviews asked for`, t`Review rate`, t`Changed`],
        ...divisions.map((d) => [localized(d, 'name', locale), d.reviews.decisions, d.reviews.requested, d.reviews.rate, d.reviews.changed])]}>
      <p className="muted">
        <Trans>Reviews the customers asked for, per decision made (approved or rejected), and how many reviews changed the decision.</Trans>
      </p>
      {/* Under 640 px each division is a card with its numbers named, as the workload's officers are. */}
      <table className="case-table stack-table" data-testid="review-rates">
        <thead>
          <tr>
            <th scope="col"><Trans>Division</Trans></th>
            <th scope="col"><Trans>Decisions</Trans></th>
            <th scope="col"><Trans>Reviews asked for</Trans></th>
            <th scope="col"><Trans>Review rate</Trans></th>
            <th scope="col"><Trans>Changed</Trans></th>
          </tr>
        </thead>
        <tbody>
          {divisions.map((d) => (
            <tr key={d.id}>
              <th scope="row">{localized(d, 'name', locale)}</th>
              <td data-label={t`Decisions`}>{d.reviews.decisions}</td>
              <td data-label={t`Reviews asked for`}>{d.reviews.requested}</td>
              <td data-label={t`Review rate`}>{rate(d.reviews.rate)}</td>
              <td data-label={t`Changed`}>{d.reviews.changed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ChartCard>
  );
}
