import type { Queryable } from '../db/database.ts';
import { ethiopianYear } from '../calendar/ethiopian-year.ts';

/**
 * The numbers that restart every Ethiopian year, each with its own counter table
 * (migrations 003 and 004): case numbers and accusation references.
 */
const COUNTERS = {
  caseNumber: 'case_number_sequence',
  accusationReference: 'accusation_sequence',
} as const;
export type YearSequence = keyof typeof COUNTERS;

/** PREFIX-YEAR-NNNNNN (SPEC section 2): the sequence padded to six digits. */
export function formatReference(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Takes the next number of `sequence` in the year `at` falls in, with its prefix. Call it
 * inside the transaction that stores the row it numbers: the upsert's row lock serialises
 * concurrent filings on every instance, and a rolled-back filing gives its number back.
 */
export async function nextReference(tx: Queryable, sequence: YearSequence, prefix: string, at: Date): Promise<string> {
  const year = ethiopianYear(at);
  const table = COUNTERS[sequence];
  const [{ last }] = await tx.query<{ last: number }>(
    `INSERT INTO ${table} (year, last) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last = ${table}.last + 1
     RETURNING last`,
    [year],
  );
  return formatReference(prefix, year, last);
}
