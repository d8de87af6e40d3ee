import type { Queryable } from '../db/database.ts';
import { ethiopianYear } from '../calendar/ethiopian-year.ts';

/**
 * The numbers that restart every Ethiopian year, each with its own counter table
 * (migrations 003, 004 and 031): case numbers, accusation references and letter numbers.
 */
const COUNTERS = {
  caseNumber: 'case_number_sequence',
  accusationReference: 'accusation_sequence',
  letterNumber: 'letter_number_sequence',
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
  const { year, last } = await nextInYear(tx, sequence, at);
  return formatReference(prefix, year, last);
}

/**
 * A response letter's number (issue 25): PREFIX/YEAR/N, the sequence unpadded, as the
 * corporation's letters are numbered. Taken, like nextReference, in the approval's transaction.
 */
export async function nextLetterNumber(tx: Queryable, prefix: string, at: Date): Promise<string> {
  const { year, last } = await nextInYear(tx, 'letterNumber', at);
  return `${prefix}/${year}/${last}`;
}

async function nextInYear(tx: Queryable, sequence: YearSequence, at: Date): Promise<{ year: number; last: number }> {
  const year = ethiopianYear(at);
  const table = COUNTERS[sequence];
  const [{ last }] = await tx.query<{ last: number }>(
    `INSERT INTO ${table} (year, last) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last = ${table}.last + 1
     RETURNING last`,
    [year],
  );
  return { year, last };
}
