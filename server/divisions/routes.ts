import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { DivisionService } from './service.ts';
import type { Sessions } from '../auth/sessions.ts';

/** SPEC section 7: the reads of the organisation: divisions, directorates, teams. */
export const divisionRoutes: FastifyPluginAsync<{ service: DivisionService; sessions: Sessions }> = async (app, { service, sessions }) => {
  const route = callRoutes(app, sessions);

  route(calls.getAllDivisions, () => service.divisions());
  // SPEC section 7: the same list for a signed-in customer (bearer).
  route(calls.getDivisions, () => service.divisions());

  route(calls.getDivision, (request) => service.division(request.params.id));

  route(calls.getAllDirectorates, () => service.directorates());
  route(calls.getAllTeams, () => service.teams());
};
