import type { Queryable } from '../db/database.ts';
import { ethiopianYear } from '../calendar/ethiopian-year.ts';

export { ethiopianYear };

/** What the status check accepts: a prefix, the Ethiopian year, a six-digit sequence (SPEC section 2). */
const CASE_NUMBER = /^[A-Z]{2,10}-\d{4}-\d{6}$/;

export function formatCaseNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The case number a person typed, trimmed and upper-cased; undefined when it cannot be one. */
export function normaliseCaseNumber(input: string): string | undefined {
  const candidate = input.trim().toUpperCase();
  return CASE_NUMBER.test(candidate) ? candidate : undefined;
}

/**
 * Takes the next number of the year `at` falls in. Call it inside the transaction that
 * stores the case: the upsert's row lock serialises concurrent applications on every
 * instance, and a rolled-back application gives its number back.
 */
export async function allocateCaseNumber(tx: Queryable, prefix: string, at: Date): Promise<string> {
  const year = ethiopianYear(at);
  const [{ last }] = await tx.query<{ last: number }>(
    `INSERT INTO case_number_sequence (year, last) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last = case_number_sequence.last + 1
     RETURNING last`,
    [year],
  );
  return formatCaseNumber(prefix, year, last);
}
