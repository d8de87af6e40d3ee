import { createHash } from 'node:crypto';
import type { Holidays } from '../casework/holidays.ts';
import { PERFORMANCE_SCHEMA_VERSION, type Figure, type PerformanceData } from '../contract/open-data-calls.ts';
import { MINIMUM_CASES, monthsUpTo, performanceFigures } from './figures.ts';
import type { PerformanceStore } from './store.ts';

/** How long one computation is served (and Cache-Control's max-age): the figures are monthly. */
export const PERFORMANCE_CACHE_SECONDS = 3600;

export const LICENCE = {
  name: 'CC BY 4.0',
  url: 'https://creativecommons.org/licenses/by/4.0/',
  attribution: 'Housing Development Corporation, customer service portal',
} as const;
const PUBLISHER = 'Housing Development Corporation';
const DOCUMENTATION = 'docs/open-data.md in the portal\'s source; the OpenAPI document at /docs (tag "open data")';
const TOO_FEW_WORDS = `Too few to show: drawn from fewer than ${MINIMUM_CASES} cases (ratings, accusations)`;

/** The figures as published: the JSON and the CSV, each with its ETag. */
export interface Published {
  data: PerformanceData;
  json: string;
  csv: string;
  jsonEtag: string;
  csvEtag: string;
  computedAt: number;
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

const CASE_COLUMNS = ['cases_filed', 'cases_answered', 'answered_by_due_share', 'median_working_days', 'ratings', 'satisfaction_average'] as const;
const ACCUSATION_COLUMNS = ['accusations_received', 'accusations_closed'] as const;
const NAME_COLUMNS = ['name_en', 'name_am', 'name_or', 'name_tg', 'name_sm', 'name_af'] as const;

/** A CSV cell: numbers as they are, text always quoted (names may hold commas or quotes). */
const cell = (value: string | number | null) => (value === null ? '' : typeof value === 'number' ? String(value) : `"${value.replace(/"/g, '""')}"`);

/** The same figures as CSV: `#` lines first (what, schema, licence), then a header and one row per place and month. */
export function performanceCsv(data: PerformanceData): string {
  const metrics = [...CASE_COLUMNS, ...ACCUSATION_COLUMNS];
  const header = ['month', 'division_id', ...NAME_COLUMNS.map((name) => `division_${name}`), ...metrics.flatMap((metric) => [metric, `${metric}_note`])];
  const figureCells = (figure: Figure | undefined) => (figure ? [cell(figure.value), cell(figure.reason)] : ['', '']);
  const rows: string[] = [];
  for (const month of data.corporation.months) {
    rows.push([cell(month.month), '', ...NAME_COLUMNS.map(() => ''), ...metrics.flatMap((metric) => figureCells(month[metric]))].join(','));
  }
  for (const division of data.divisions) {
    for (const month of division.months) {
      const byMetric = month as Partial<Record<(typeof metrics)[number], Figure>>;
      rows.push([cell(month.month), cell(division.id), ...NAME_COLUMNS.map((name) => cell(division[name])), ...metrics.flatMap((metric) => figureCells(byMetric[metric]))].join(','));
    }
  }
  const preamble = [
    `# ${PUBLISHER}: performance of the customer service, by month (open data)`,
    `# schema_version: ${data.schema_version}`,
    `# generated_at: ${data.generated_at}`,
    `# licence: ${data.licence.name} (${data.licence.url}); attribution: ${data.licence.attribution}`,
    `# months: ${data.months[0]} to ${data.months[data.months.length - 1]} (${data.time_zone}); the last is still running`,
    `# too_few_cases: ${data.reasons.too_few_cases}; the figure's cell is then empty`,
    `# rows with an empty division_id are the corporation as a whole; accusations are counted corporation-wide only`,
  ];
  return [...preamble, header.join(','), ...rows].join('\r\n') + '\r\n';
}

/**
 * The public performance page's figures and their open data (issue 28), computed at most once
 * per PERFORMANCE_CACHE_SECONDS per instance (concurrent requests share one computation).
 */
export function createPerformanceService(store: PerformanceStore, clock: () => number, holidays: () => Promise<Holidays>) {
  let cached: { expires: number; published: Promise<Published> } | undefined;

  async function compute(): Promise<Published> {
    const now = new Date(clock());
    const { from } = monthsUpTo(now);
    const [cases, ratings, accusations, divisions, calendar] = await Promise.all([
      store.cases(from), store.ratings(from), store.accusations(from), store.divisions(), holidays(),
    ]);
    const figures = performanceFigures({ now, holidays: calendar, divisionIds: divisions.map((division) => division.id), cases, ratings, accusations });
    // Offered divisions, and any other that had cases in these months.
    const active = new Set([...cases.map((row) => row.division_id), ...ratings.map((row) => row.division_id)]);
    const data: PerformanceData = {
      schema_version: PERFORMANCE_SCHEMA_VERSION,
      generated_at: now.toISOString(),
      licence: { ...LICENCE },
      publisher: PUBLISHER,
      documentation: DOCUMENTATION,
      minimum_cases: MINIMUM_CASES,
      time_zone: 'Africa/Addis_Ababa',
      months: figures.months,
      reasons: { too_few_cases: TOO_FEW_WORDS },
      corporation: { months: figures.corporation },
      divisions: divisions
        .filter((division) => division.status === 'active' || active.has(division.id))
        .map(({ id, name_en, name_am, name_or, name_tg, name_sm, name_af }) => ({
          id, name_en, name_am, name_or, name_tg, name_sm, name_af, months: figures.divisions.get(id)!,
        })),
    };
    const json = JSON.stringify(data);
    const csv = performanceCsv(data);
    return { data, json, csv, jsonEtag: etagOf(json), csvEtag: etagOf(csv), computedAt: now.getTime() };
  }

  return {
    /** The figures as last computed, or computed now when older than the cache's period. */
    published(): Promise<Published> {
      const now = clock();
      if (!cached || now >= cached.expires) {
        const published = compute();
        cached = { expires: now + PERFORMANCE_CACHE_SECONDS * 1000, published };
        // A failure is not kept: the next request tries again.
        published.catch(() => {
          if (cached?.published === published) cached = undefined;
        });
      }
      return cached.published;
    },
  };
}
export type PerformanceService = ReturnType<typeof createPerformanceService>;
