import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { messageBody } from '../errors/messages.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { WithdrawService } from './withdraw-service.ts';

/** Issue 28: the customer withdraws a case not yet answered. */
export const withdrawRoutes: FastifyPluginAsync<{ service: WithdrawService; sessions: Sessions }> = async (app, { service, sessions }) => {
  const route = callRoutes(app, sessions);
  route(calls.withdrawCase, async (request) => ({ ...messageBody('caseWithdrawn'), ...(await service.withdraw(request.session.id, request.params.id)) }));
};
