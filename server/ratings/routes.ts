import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { ApiError } from '../errors/api-error.ts';
import { messageBody } from '../errors/messages.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { RatingService } from './service.ts';

/**
 * SPEC section 7: div_rate. Reading a rating needs the owner's token (ratings are personal
 * data); making one needs it too, unless the one-tap link's signed token stands for the owner.
 */
export const ratingRoutes: FastifyPluginAsync<{ service: RatingService; sessions: Sessions }> = async (app, { service, sessions }) => {
  const route = callRoutes(app, sessions);
  const requireCustomer = sessions.require('customer');

  route(calls.getRatingByCase, (request) => service.ratingOf(request.session.id, request.params.caseId));

  route(calls.getRatingLink, (request) => service.linkState(request.params.token), {
    // It answers for one person's case: no cache may keep it.
    config: { personal: true },
  });

  route(calls.createCustomerRating, async (request) => {
    const token = (request.body as { rating_token?: unknown } | undefined)?.rating_token;
    // Without a link it is the signed-in owner's call, as it always was: 401 before anything else.
    if (!token) await requireCustomer(request);
    const invalid = request.validationError;
    if (invalid) {
      const issues = invalid.validation as { instancePath?: string; params?: unknown }[];
      const about = (field: string) => issues.some((issue) => issue.instancePath === `/${field}` || JSON.stringify(issue.params ?? {}).includes(field));
      throw new ApiError(400, about('rateNum') ? 'ratingInvalid' : about('comment') ? 'ratingCommentTooLong' : 'invalidRequest', invalid.message);
    }
    const { rateNum, rateCase, rating_token: ratingToken, comment } = request.body;
    if (ratingToken) await service.rateByLink(ratingToken, { rateNum, comment });
    else if (!rateCase) throw new ApiError(400, 'invalidRequest', 'rateCase');
    else await service.rate(request.session!.id, rateCase, { rateNum, comment });
    return messageBody('ratingSaved');
  }, {
    // A star count that is not a whole number gets the rating message, not a generic one.
    attachValidation: true,
  });
};
