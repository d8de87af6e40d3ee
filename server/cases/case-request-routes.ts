import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { CaseRequestService } from './case-request-service.ts';

/** SPEC section 7: case_list_api and questions_api, what the apply form is built from. */
export const caseRequestRoutes: FastifyPluginAsync<{ service: CaseRequestService; sessions: Sessions }> = async (app, { service, sessions }) => {
  const route = callRoutes(app, sessions);

  route(calls.getAllCaseLists, () => service.all());
  // The apply form offers only what can be applied for now.
  route(calls.getCaseLists, () => service.active());

  route(calls.getCaseList, (request) => service.byId(request.params.caselistId));

  route(calls.getAllQuestions, () => service.questions());
};
