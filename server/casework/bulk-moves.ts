import { ApiError } from '../errors/api-error.ts';
import type { BulkResults } from '../contract/bulk-moves.ts';

/**
 * A bulk move (take, assign, archive several cases): each case moved by the single move's
 * own function, one after the other, so each has its own transaction, history and audit
 * entry, in the order given. A refusal of one is its result, with the code the single call
 * answers, and stops none of the others; a fault of the server (a 5xx, the database gone)
 * ends the call as it would the single move (the cases moved before it stay moved).
 */
export async function moveEach(caseIds: readonly string[], move: (caseId: string) => Promise<unknown>): Promise<BulkResults> {
  const results: BulkResults['results'] = [];
  for (const id of caseIds) {
    try {
      await move(id);
      results.push({ id, ok: true });
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
      results.push({ id, ok: false, code: error.messageKey });
    }
  }
  return { results };
}
