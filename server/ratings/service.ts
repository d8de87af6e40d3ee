import { ApiError, notFound } from '../errors/api-error.ts';
import type { RatingStore } from './store.ts';

/**
 * SPEC section 4: a customer rates the service once per case, after it was answered
 * (verified). Ratings are personal: only the case's owner reads or makes one, and a
 * foreign case answers as if it did not exist.
 */
export function createRatingService(store: RatingStore) {
  return {
    async ratingOf(customerId: string, caseId: string) {
      const rating = await store.ratingOf(caseId, customerId);
      if (!rating) throw notFound('ratingNotFound');
      return rating;
    },

    async rate(customerId: string, caseId: string, rateNum: number) {
      if (!Number.isInteger(rateNum) || rateNum < 1 || rateNum > 5) throw new ApiError(400, 'ratingInvalid', 'rateNum');
      const status = await store.statusOfOwnCase(caseId, customerId);
      if (!status) throw notFound('caseNotFound');
      if (status !== 'verified') throw new ApiError(400, 'ratingNotAllowed');
      if (!(await store.insertRating(caseId, customerId, rateNum))) throw new ApiError(409, 'ratingExists');
    },
  };
}
export type RatingService = ReturnType<typeof createRatingService>;
