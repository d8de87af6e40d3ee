import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '../../i18n/dates.ts';
import { localized, type Locale } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { PERFORMANCE_CSV, PERFORMANCE_JSON, performanceQuery, type CorporationMonth, type Figure, type PerformanceData } from './api.ts';
import './performance.css';

type Metric = keyof Omit<CorporationMonth, 'month'>;
type Place = { key: string; name: string; months: (Partial<Record<Metric, Figure>> & { month: string })[]; corporation: boolean };

/** How a metric's value reads, and how long its bar is (0 to 1 of the cell). */
interface Scale {
  format: (value: number, locale: Locale) => string;
  /** The value a full bar stands for; null: the largest of the twelve months. */
  full: number | null;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}
const count: Scale = { format: (value, locale) => numberFormat(locale, {}).format(value), full: null };
const SCALES: Record<Metric, Scale> = {
  cases_filed: count,
  cases_answered: count,
  answered_by_due_share: { format: (value, locale) => numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value), full: 1 },
  median_working_days: { format: (value, locale) => numberFormat(locale, { maximumFractionDigits: 1 }).format(value), full: null },
  ratings: count,
  satisfaction_average: { format: (value, locale) => `${numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(value)} / 5`, full: 5 },
  accusations_received: count,
  accusations_closed: count,
};

/** A month (YYYY-MM) in the reader's language: Gregorian months, as the open data counts them. */
function monthLabel(month: string, locale: Locale): string {
  const date = new Date(`${month}-15T12:00:00Z`);
  try {
    return new Intl.DateTimeFormat(`${locale}-u-ca-gregory`, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
  } catch {
    return month;
  }
}

/**
 * One figure over twelve months: a table (read as such by screen readers) whose cells draw
 * their bar beside the number; a withheld figure reads "Too few to show" and draws none.
 */
function MetricTable({ place, metric, title, hint, locale }: { place: Place; metric: Metric; title: ReactNode; hint?: ReactNode; locale: Locale }) {
  const scale = SCALES[metric];
  const values = place.months.map((month) => month[metric]?.value ?? null);
  const full = scale.full ?? Math.max(1, ...values.filter((value): value is number => value !== null));
  const headingId = useId();
  return (
    <section className="panel performance-metric" aria-labelledby={headingId} data-metric={metric}>
      <h3 id={headingId}>{title}</h3>
      {hint && <p className="performance-hint">{hint}</p>}
      <table className="performance-table">
        <thead>
          <tr>
            <th scope="col"><Trans>Month</Trans></th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {place.months.map((month, index) => {
            const value = values[index];
            return (
              <tr key={month.month}>
                <th scope="row">{monthLabel(month.month, locale)}</th>
                {value === null ? (
                  <td className="performance-too-few"><Trans>Too few to show</Trans></td>
                ) : (
                  <td>
                    <div className="performance-cell">
                      <span className="performance-bar" aria-hidden="true">
                        <span style={{ inlineSize: `${Math.max(0, Math.min(1, value / full)) * 100}%` }} />
                      </span>
                      <span className="performance-value">{scale.format(value, locale)}</span>
                    </div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function places(data: PerformanceData, locale: Locale, corporationName: string): Place[] {
  return [
    { key: 'corporation', name: corporationName, months: data.corporation.months, corporation: true },
    ...data.divisions.map((division) => ({ key: division.id, name: localized(division, 'name', locale), months: division.months, corporation: false })),
  ];
}

/** The public performance page (issue 28): the corporation's and each division's figures, and the open data's links. */
export function PerformancePage() {
  const { t } = useLingui();
  const locale = useLocale();
  const { data, isError } = useQuery(performanceQuery());
  const [chosen, setChosen] = useState('corporation');
  const selectId = useId();

  if (!data) {
    return (
      <main id="main" className="section performance-page">
        <h1><Trans>Our performance</Trans></h1>
        {isError ? (
          <p role="alert"><Trans>The figures could not be loaded. Check your connection and try again.</Trans></p>
        ) : (
          <Spinner />
        )}
      </main>
    );
  }
  const all = places(data, locale, t`The whole corporation`);
  const place = all.find((candidate) => candidate.key === chosen) ?? all[0];
  const generated = formatDate(data.generated_at, locale);
  const minimum = data.minimum_cases;
  const licence = data.licence.name;

  return (
    <main id="main" className="section performance-page">
      <h1><Trans>Our performance</Trans></h1>
      <p className="performance-intro">
        <Trans>How many cases the corporation receives, and how quickly and how well it answers them, month by month over the last 12 months.</Trans>
      </p>
      <p className="performance-intro">
        <Trans>A figure drawn from fewer than {minimum} cases is not shown, so that no one can be recognised: it reads “Too few to show”.</Trans>{' '}
        <Trans>Figures as of {generated}. Months of the Gregorian calendar; the last one is still running.</Trans>
      </p>
      <div className="performance-downloads">
        <h2><Trans>Open data</Trans></h2>
        <p>
          <a className="button button-outline" href={PERFORMANCE_CSV} download="performance.csv"><Trans>Download CSV</Trans></a>{' '}
          <a className="button button-outline" href={PERFORMANCE_JSON} download="performance.json"><Trans>Download JSON</Trans></a>
        </p>
        <p className="performance-hint">
          <Trans>Free to reuse under the {licence} licence, with attribution.</Trans>{' '}
          <a href={data.licence.url} rel="license"><Trans>About the licence</Trans></a>
        </p>
      </div>

      <div className="performance-choice">
        <label htmlFor={selectId}><Trans>Show figures for</Trans></label>
        <select id={selectId} value={place.key} onChange={(event) => setChosen(event.target.value)}>
          {all.map((candidate) => (
            <option key={candidate.key} value={candidate.key}>{candidate.name}</option>
          ))}
        </select>
      </div>

      <h2 className="performance-place">{place.name}</h2>
      <div className="performance-grid">
        <MetricTable place={place} metric="cases_filed" locale={locale} title={<Trans>Cases filed</Trans>} />
        <MetricTable place={place} metric="cases_answered" locale={locale} title={<Trans>Cases answered</Trans>}
          hint={<Trans>Cases whose customer received the decision (approved or rejected) that month.</Trans>} />
        <MetricTable place={place} metric="answered_by_due_share" locale={locale} title={<Trans>Answered by the due day</Trans>}
          hint={<Trans>The share of the cases answered that month that were answered by their due day.</Trans>} />
        <MetricTable place={place} metric="median_working_days" locale={locale} title={<Trans>Median working days to an answer</Trans>}
          hint={<Trans>Half of the cases were answered in fewer working days, half in more. Days spent waiting for the customer are not counted.</Trans>} />
        <MetricTable place={place} metric="satisfaction_average" locale={locale} title={<Trans>Satisfaction rating</Trans>}
          hint={<Trans>The average of the ratings customers gave that month, out of 5.</Trans>} />
        {place.corporation && (
          <>
            <MetricTable place={place} metric="accusations_received" locale={locale} title={<Trans>Accusations received</Trans>}
              hint={<Trans>Accusations are counted for the whole corporation only.</Trans>} />
            <MetricTable place={place} metric="accusations_closed" locale={locale} title={<Trans>Accusations closed</Trans>} />
          </>
        )}
      </div>
    </main>
  );
}
