import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, Id } from '../contract/common.ts';
import { CaseRequest, Question } from '../contract/cases.ts';
import { notFound } from '../errors/api-error.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { CaseRequestStore } from './case-request-store.ts';

/** SPEC section 7: case_list_api and questions_api, what the apply form is built from. */
export const caseRequestRoutes: FastifyPluginAsyncTypebox<{ store: CaseRequestStore; sessions: Sessions }> = async (app, { store, sessions }) => {
  app.get('/case_list_api/get_all_case_list', {
    schema: { response: { 200: Type.Array(CaseRequest), ...errorResponses } },
  }, () => store.allCaseRequests());

  // The apply form offers only what can be applied for now.
  app.get('/case_list_api/get_case_list', {
    schema: { response: { 200: Type.Array(CaseRequest), 401: errorResponses[400], ...errorResponses } },
    preHandler: sessions.require('customer'),
  }, () => store.activeCaseRequests());

  app.get('/case_list_api/get_case_list/:caselistId', {
    schema: { params: Type.Object({ caselistId: Id }), response: { 200: CaseRequest, ...errorResponses } },
  }, async (request) => {
    const caseRequest = await store.caseRequestById(request.params.caselistId);
    if (!caseRequest) throw notFound('caseRequestNotFound');
    return caseRequest;
  });

  app.get('/questions_api/get_all_questions', {
    schema: { response: { 200: Type.Array(Question), ...errorResponses } },
  }, () => store.allQuestions());
};
