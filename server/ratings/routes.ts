import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, Id, Messages } from '../contract/common.ts';
import { Rating, RatingBody } from '../contract/cases.ts';
import { ApiError } from '../errors/api-error.ts';
import { messageBody } from '../errors/messages.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { RatingService } from './service.ts';

/** SPEC section 7: div_rate. Both calls need the owner's token (ratings are personal data). */
export const ratingRoutes: FastifyPluginAsyncTypebox<{ service: RatingService; sessions: Sessions }> = async (app, { service, sessions }) => {
  const customerOnly = sessions.require('customer');

  app.get('/div_rate/get_rating_bycase/:caseId', {
    schema: { params: Type.Object({ caseId: Id }), response: { 200: Rating, 401: errorResponses[400], ...errorResponses } },
    preHandler: customerOnly,
  }, (request) => service.ratingOf(request.session!.id, request.params.caseId));

  app.post('/div_rate/create_custrate', {
    schema: { body: RatingBody, response: { 201: Messages, 401: errorResponses[400], 409: errorResponses[400], ...errorResponses } },
    // A star count that is not a whole number gets the rating message, not a generic one.
    attachValidation: true,
    preHandler: customerOnly,
  }, async (request, reply) => {
    const invalid = request.validationError;
    if (invalid) {
      const issues = invalid.validation as { instancePath?: string; params?: unknown }[];
      const aboutStars = issues.some((issue) => issue.instancePath === '/rateNum' || JSON.stringify(issue.params ?? {}).includes('rateNum'));
      throw new ApiError(400, aboutStars ? 'ratingInvalid' : 'invalidRequest', invalid.message);
    }
    await service.rate(request.session!.id, request.body.rateCase, request.body.rateNum);
    return reply.status(201).send(messageBody('ratingSaved'));
  });
};
