import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { messageBody } from '../errors/messages.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { CaseReviewService } from './case-review.ts';

/** Review of a decision (issue 25): the customer's request, and a manager's outcome. */
export const caseReviewRoutes: FastifyPluginAsync<{ service: CaseReviewService; sessions: Sessions }> = async (app, { service, sessions }) => {
  const route = callRoutes(app, sessions);
  route(calls.requestCaseReview, (request) => service.request(request.session.id, request.params.id, request.body.reason.trim()));
  route(calls.staffDecideReview, async (request) => {
    const { outcome, justification, version } = request.body;
    return { ...messageBody('reviewDecided'), ...(await service.decide(request.session, request.params.id, { outcome, justification: justification.trim(), version })) };
  });
};
