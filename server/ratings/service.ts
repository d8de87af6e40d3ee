import { ApiError, notFound } from '../errors/api-error.ts';
import { RATING_COMMENT_MAX } from '../contract/constants.ts';
import type { RatingLinks } from './rating-links.ts';
import type { RatingStore } from './store.ts';

interface Dependencies {
  store: RatingStore;
  links: RatingLinks;
  /** The app's clock: a link's 30 days are counted on it, and a rating is dated by it (tests move it). */
  clock: () => number;
}

/** What a customer gives: the stars and, optionally, a comment (a blank one is none). */
export interface GivenRating {
  rateNum: number;
  comment?: string;
}

/**
 * SPEC section 4: a customer rates the service once per case, after it was answered
 * (verified). Ratings are personal: only the case's owner reads or makes one, and a
 * foreign case answers as if it did not exist. Issue 25: the "answered" mail's signed link
 * stands for the owner without a session, until the case has its one rating.
 */
export function createRatingService({ store, links, clock }: Dependencies) {
  function commentOf(given: GivenRating): string | null {
    const comment = given.comment?.trim();
    if (!comment) return null;
    if ([...comment].length > RATING_COMMENT_MAX) throw new ApiError(400, 'ratingCommentTooLong', 'comment');
    return comment;
  }

  function checkStars(rateNum: number) {
    if (!Number.isInteger(rateNum) || rateNum < 1 || rateNum > 5) throw new ApiError(400, 'ratingInvalid', 'rateNum');
  }

  /** The case a link may still rate, with its owner; refused when altered, expired or used. */
  async function linkedCase(token: string) {
    const checked = links.check(token, clock());
    if ('refused' in checked) throw new ApiError(checked.refused === 'ratingLinkExpired' ? 410 : 400, checked.refused);
    const linked = await store.linkedCase(checked.caseId);
    // A signed token names a case the server answered; one gone since reads as a bad link.
    if (!linked) throw new ApiError(400, 'ratingLinkInvalid');
    if (linked.rated) throw new ApiError(409, 'ratingLinkUsed');
    if (linked.status !== 'verified') throw new ApiError(400, 'ratingNotAllowed');
    return { caseId: checked.caseId, customerId: linked.customerId };
  }

  return {
    async ratingOf(customerId: string, caseId: string) {
      const rating = await store.ratingOf(caseId, customerId);
      if (!rating) throw notFound('ratingNotFound');
      return rating;
    },

    async rate(customerId: string, caseId: string, given: GivenRating) {
      checkStars(given.rateNum);
      const comment = commentOf(given);
      const status = await store.statusOfOwnCase(caseId, customerId);
      if (!status) throw notFound('caseNotFound');
      if (status !== 'verified') throw new ApiError(400, 'ratingNotAllowed');
      if (!(await store.insertRating(caseId, customerId, given.rateNum, comment, new Date(clock())))) throw new ApiError(409, 'ratingExists');
    },

    /** A case's rating for staff, once casework has found they may read the case; null before any. */
    ratingForStaff: async (caseId: string) => (await store.ratingOfCase(caseId)) ?? null,

    /** The newest comments on a directorate's cases (null: every directorate), for the dashboard, which chose the scope. */
    recentComments: (directorateId: string | null, limit: number) => store.recentComments(directorateId, limit),

    /** Whether a link may rate; says nothing of the case or its owner. */
    async linkState(token: string) {
      await linkedCase(token);
      return { rateable: true };
    },

    async rateByLink(token: string, given: GivenRating) {
      checkStars(given.rateNum);
      const comment = commentOf(given);
      const { caseId, customerId } = await linkedCase(token);
      // Two taps at once: the unique constraint lets one in, the other hears the link is used.
      if (!(await store.insertRating(caseId, customerId, given.rateNum, comment, new Date(clock())))) throw new ApiError(409, 'ratingLinkUsed');
    },
  };
}
export type RatingService = ReturnType<typeof createRatingService>;
