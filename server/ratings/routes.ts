import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { ApiError } from '../errors/api-error.ts';
import { messageBody } from '../errors/messages.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { RatingService } from './service.ts';

/** SPEC section 7: div_rate. Both calls need the owner's token (ratings are personal data). */
export const ratingRoutes: FastifyPluginAsync<{ service: RatingService; sessions: Sessions }> = async (app, { service, sessions }) => {
  const route = callRoutes(app, sessions);

  route(calls.getRatingByCase, (request) => service.ratingOf(request.session.id, request.params.caseId));

  route(calls.createCustomerRating, async (request) => {
    const invalid = request.validationError;
    if (invalid) {
      const issues = invalid.validation as { instancePath?: string; params?: unknown }[];
      const aboutStars = issues.some((issue) => issue.instancePath === '/rateNum' || JSON.stringify(issue.params ?? {}).includes('rateNum'));
      throw new ApiError(400, aboutStars ? 'ratingInvalid' : 'invalidRequest', invalid.message);
    }
    await service.rate(request.session.id, request.body.rateCase, request.body.rateNum);
    return messageBody('ratingSaved');
  }, {
    // A star count that is not a whole number gets the rating message, not a generic one.
    attachValidation: true,
  });
};
