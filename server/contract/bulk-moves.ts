import { Type, type Static } from 'typebox';
import { Id } from './common.ts';
import { BULK_CASES_MAX } from './constants.ts';

/**
 * What every bulk move of cases takes and answers (casework's take and assign, the archive's
 * filing): kept once, as the service's loop is (server/casework/bulk-moves.ts).
 */

/** A bulk move's cases: each is moved alone, as the single call moves it (staffBulkTakeCases, staffBulkAssignCases, staffBulkArchiveCases). */
export const BulkCaseIds = Type.Array(Id, { minItems: 1, maxItems: BULK_CASES_MAX });
/** A bulk move's answer: one result per case, in the order given; a refused one with the code its single move answers. */
export const BulkResults = Type.Object({
  results: Type.Array(Type.Union([
    Type.Object({ id: Type.String(), ok: Type.Literal(true) }),
    Type.Object({ id: Type.String(), ok: Type.Literal(false), code: Type.String() }),
  ])),
});
export type BulkResults = Static<typeof BulkResults>;
