/** What the status check accepts: a prefix, the Ethiopian year, a six-digit sequence (SPEC section 2). */
const CASE_NUMBER = /^[A-Z]{2,10}-\d{4}-\d{6}$/;

/** The case number a person typed, trimmed and upper-cased; undefined when it cannot be one. */
export function normaliseCaseNumber(input: string): string | undefined {
  const candidate = input.trim().toUpperCase();
  return CASE_NUMBER.test(candidate) ? candidate : undefined;
}
