import { Type } from 'typebox';
import { defineCalls } from './call.ts';
import { TokenResponse } from './accounts.ts';
import { Accusation, AccusationForm, AccusationList, AccusationListQuery, CreatedAccusation, StaffLoginBody } from './accusations.ts';
import { errorResponses, IdParams, Messages } from './common.ts';

const refused = errorResponses[400];
const withAuth = { 401: refused, ...errorResponses };
const logout = { summary: "End the acceptor's session", responses: { 200: Messages, ...withAuth } };

/** SPEC section 7 create_accusation, and what accusation acceptors need to do their job (issue 5). */
export const accusationCalls = defineCalls('accusations', {
  createAccusation: {
    summary: 'File an accusation',
    description: 'Open to anyone. An Idempotency-Key header makes a repeat answer with the first reference and store nothing.',
    form: { fields: AccusationForm, file: { name: 'attachment', description: 'Optional PDF, at most 10 MB.' } },
    responses: { 201: CreatedAccusation, 413: refused, 422: refused, ...errorResponses },
  },
  getAccusations: {
    summary: 'A page of accusations',
    query: AccusationListQuery,
    responses: { 200: AccusationList, ...withAuth },
  },
  getAccusation: {
    summary: 'Read one accusation',
    params: IdParams,
    responses: { 200: Accusation, ...withAuth },
  },
});

/** Accusation acceptors' sign-in and sign-out (SPEC section 6: a staff user type of its own). */
export const staffCalls = defineCalls('accusation acceptors', {
  loginAccusationAcceptor: {
    summary: 'Sign an accusation acceptor in',
    body: StaffLoginBody,
    responses: { 200: TokenResponse, ...withAuth },
  },
  logoutAccusationAcceptor: logout,
  logoutAccusationAcceptorApi: logout,
});

/** For load balancers and orchestrators (README "Health and metrics"). */
export const healthCalls = defineCalls('operations', {
  getHealth: {
    summary: 'The process answers',
    responses: { 200: Type.Object({ status: Type.Literal('ok') }) },
  },
  getReadiness: {
    summary: 'Every dependency is usable',
    responses: {
      200: Type.Object({ status: Type.Literal('ready'), checks: Type.Record(Type.String(), Type.String()) }),
      503: Type.Object({ status: Type.Literal('not ready'), checks: Type.Record(Type.String(), Type.String()) }),
    },
  },
});
