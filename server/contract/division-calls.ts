import { Type } from 'typebox';
import { defineCalls } from './call.ts';
import { errorResponses, IdParams } from './common.ts';
import { Directorate, Division, Team } from './divisions.ts';

/** SPEC section 7: the reads of the organisation: divisions, directorates, teams. */
export const divisionCalls = defineCalls('organisation', {
  getAllDivisions: {
    summary: 'List every division',
    responses: { 200: Type.Array(Division), ...errorResponses },
  },
  getDivisions: {
    summary: 'List every division, for a signed-in customer',
    responses: { 200: Type.Array(Division), 401: errorResponses[400], ...errorResponses },
  },
  getDivision: {
    summary: 'Read one division',
    params: IdParams,
    responses: { 200: Division, ...errorResponses },
  },
  getAllDirectorates: {
    summary: 'List every directorate',
    responses: { 200: Type.Array(Directorate), ...errorResponses },
  },
  getAllTeams: {
    summary: 'List every team',
    responses: { 200: Type.Array(Team), ...errorResponses },
  },
});
