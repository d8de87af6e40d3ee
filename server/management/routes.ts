import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { ManagementService } from './service.ts';

/** The management dashboard's calls: the service's figures, and each officer's workload. */
export const managementRoutes: FastifyPluginAsync<{ service: ManagementService; sessions: Sessions }> = async (app, { service, sessions }) => {
  const route = callRoutes(app, sessions);
  route(calls.managementSummary, (request) => service.summary(request.session, request.query.weeks));
  route(calls.managementWorkload, (request) => service.workload(request.session));
};
