import { ApiError } from '../errors/api-error.ts';

/**
 * A move names the version of the case its staff user read: when the case changed since, the
 * answer is that someone else changed it (409 `caseChangedMeanwhile`), before the move itself is
 * judged. Two officers pressing Take then hear what happened, not that the case cannot be
 * taken (review defect 10). Without a version (older clients) the move's own check stands.
 */
export function expectVersion(found: { version: number }, seen: number | undefined): void {
  if (seen !== undefined && seen !== found.version) throw new ApiError(409, 'caseChangedMeanwhile');
}
