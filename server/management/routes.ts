import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { ManagementService } from './service.ts';

/** The management dashboard's one call. */
export const managementRoutes: FastifyPluginAsync<{ service: ManagementService; sessions: Sessions }> = async (app, { service, sessions }) => {
  callRoutes(app, sessions)(calls.managementSummary, (request) => service.summary(request.session, request.query.weeks));
};
