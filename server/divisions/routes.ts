import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, IdParams } from '../contract/common.ts';
import { Directorate, Division, Team } from '../contract/divisions.ts';
import { notFound } from '../errors/api-error.ts';
import type { DivisionStore } from './store.ts';
import type { Sessions } from '../auth/sessions.ts';

/** SPEC section 7: the reads of the organisation: divisions, directorates, teams. */
export const divisionRoutes: FastifyPluginAsyncTypebox<{ store: DivisionStore; sessions: Sessions }> = async (app, { store, sessions }) => {
  app.get('/division_api/get_all_divisions', {
    schema: { response: { 200: Type.Array(Division), ...errorResponses } },
  }, () => store.allDivisions());

  // SPEC section 7: the same list for a signed-in customer (bearer).
  app.get('/division_api/get_division', {
    schema: { response: { 200: Type.Array(Division), 401: errorResponses[400], ...errorResponses } },
    preHandler: sessions.require('customer'),
  }, () => store.allDivisions());

  app.get('/division_api/get_division/:id', {
    schema: { params: IdParams, response: { 200: Division, ...errorResponses } },
  }, async (request) => {
    const division = await store.divisionById(request.params.id);
    if (!division) throw notFound('divisionNotFound');
    return division;
  });

  app.get('/directorate_api/get_all_directorate', {
    schema: { response: { 200: Type.Array(Directorate), ...errorResponses } },
  }, () => store.allDirectorates());

  app.get('/team_leader_api/get_all_team', {
    schema: { response: { 200: Type.Array(Team), ...errorResponses } },
  }, () => store.allTeams());
};
