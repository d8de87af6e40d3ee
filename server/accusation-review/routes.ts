import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { messageBody } from '../errors/messages.ts';
import { callRoutes } from '../web/call-routes.ts';
import { lookupLimit } from '../limits/lookup-limit.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { ReviewService } from './service.ts';

interface Options {
  service: ReviewService;
  sessions: Sessions;
  /** The status check's limits, per address and per reference. */
  lookupLimit: { max: number; windowMs: number };
}

/** Ethics users handling accusations, and the complainant's look-up by reference. */
export const reviewRoutes: FastifyPluginAsync<Options> = async (app, { service, sessions, lookupLimit: limits }) => {
  const route = callRoutes(app, sessions);

  route(calls.getAccusations, (request) => service.queue(request.query));
  route(calls.getAccusation, (request) => service.byId(request.params.id));
  route(calls.staffListAccusations, (request) => service.queue(request.query));
  route(calls.staffGetAccusation, (request) => service.accusationCase(request.params.id));
  route(calls.staffUpdateAccusation, async (request) => ({
    ...messageBody(request.body.status === 'closed' ? 'accusationClosed' : 'accusationReviewStarted'),
    ...(await service.move(request.session, request.params.id, request.body)),
  }));
  route(calls.staffAssignAccusation, async (request) => ({
    ...messageBody('accusationAssigned'),
    ...(await service.assign(request.session, request.params.id, request.body)),
  }));
  route(calls.staffNoteAccusation, async (request) => ({
    ...messageBody('accusationNoteAdded'),
    ...(await service.addNote(request.session, request.params.id, request.body.note)),
  }));
  route(calls.staffListEthicsUsers, () => service.ethicsUsers());

  route(calls.getAccusationStatus, (request) => service.statusOf(request.params.reference), {
    preHandler: lookupLimit(app, 'accusation-lookup', limits, (request) =>
      service.normaliseReference((request.params as { reference?: string }).reference ?? '')),
  });
};
