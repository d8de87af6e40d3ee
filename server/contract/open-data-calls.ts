import { Type, type Static } from 'typebox';
import { defineCalls } from './call.ts';
import { errorResponses, Id, Names } from './common.ts';

/**
 * Issue 28: the corporation's public performance, as open data (docs/open-data.md). The
 * schema is stable: a change that renames or removes a field raises `schema_version`'s
 * major number; new fields raise its minor one.
 */
export const PERFORMANCE_SCHEMA_VERSION = '1.0';

/** Why a figure is null: drawn from fewer cases (or ratings, or accusations) than `minimum_cases`. */
export const TOO_FEW = 'too_few_cases';

/** One figure: its value, or null with the reason it is withheld. */
export const Figure = Type.Object({
  value: Type.Union([Type.Number(), Type.Null()]),
  reason: Type.Union([Type.Literal(TOO_FEW), Type.Null()]),
});
export type Figure = Static<typeof Figure>;

const CaseFigures = {
  /** Cases filed in the month. */
  cases_filed: Figure,
  /** Cases whose customer got the decision (approved or rejected) in the month. */
  cases_answered: Figure,
  /** Of those, the share (0 to 1, three decimals) answered by their due day. */
  answered_by_due_share: Figure,
  /** Of those, the median working days from filing to the decision, days waiting for the customer excluded. */
  median_working_days: Figure,
  /** Ratings customers gave in the month (1 to 5 stars). */
  ratings: Figure,
  /** Their average, two decimals. */
  satisfaction_average: Figure,
};

export const DivisionMonth = Type.Object({ month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }), ...CaseFigures });
export const CorporationMonth = Type.Object({
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
  ...CaseFigures,
  /** Accusations filed in the month (corporation-wide only: accusations have no division). */
  accusations_received: Figure,
  /** Accusations closed in the month. */
  accusations_closed: Figure,
});

export const PerformanceData = Type.Object({
  schema_version: Type.String(),
  generated_at: Type.String({ description: 'ISO 8601 time the figures were computed' }),
  licence: Type.Object({ name: Type.String(), url: Type.String(), attribution: Type.String() }),
  publisher: Type.String(),
  documentation: Type.String(),
  /** A figure drawn from fewer than this many is null, with reason `too_few_cases`. */
  minimum_cases: Type.Integer(),
  time_zone: Type.String(),
  /** The months covered, oldest first (YYYY-MM, Addis Ababa time); the last is the current one, still running. */
  months: Type.Array(Type.String()),
  reasons: Type.Object({ too_few_cases: Type.String() }),
  corporation: Type.Object({ months: Type.Array(CorporationMonth) }),
  divisions: Type.Array(Type.Intersect([Type.Object({ id: Id }), Names, Type.Object({ months: Type.Array(DivisionMonth) })])),
});
export type PerformanceData = Static<typeof PerformanceData>;
export type DivisionMonth = Static<typeof DivisionMonth>;
export type CorporationMonth = Static<typeof CorporationMonth>;

const CsvFile = Type.Unsafe<string>({ content: { 'text/csv': { schema: { type: 'string' } } } });
const OPEN_DATA = 'Public, cached for an hour (Cache-Control, ETag: a matching If-None-Match answers 304). Licence CC BY 4.0; schema in docs/open-data.md.';

export const openDataCalls = defineCalls('open data', {
  getPerformanceData: {
    summary: "The corporation's and each division's performance over the last 12 months, by month (JSON)",
    description:
      'Cases filed and answered, the share answered by their due day, the median working days to an answer, the ' +
      'satisfaction rating, and (corporation-wide) accusations received and closed. A figure drawn from fewer than ' +
      '`minimum_cases` is null with reason `too_few_cases`. No personal data. ' + OPEN_DATA,
    responses: { 200: PerformanceData, ...errorResponses },
  },
  getPerformanceCsv: {
    summary: 'The same figures as CSV: one row per place and month',
    description:
      'Lines beginning with # come first (schema version, licence, attribution, time computed); then a header row and ' +
      "one row per month for the corporation (division_id empty) and each division. A withheld figure's cell is empty " +
      'and its `…_note` cell says `too_few_cases`. ' + OPEN_DATA,
    responses: { 200: CsvFile, ...errorResponses },
  },
});
