import type { CaseRequest, Question } from '../contract/cases.ts';
import { notFound } from '../errors/api-error.ts';
import type { CaseRequestStore } from './case-request-store.ts';

/** What can be applied for (SPEC section 7 case_list_api and questions_api): the apply form is built from it. */
export function createCaseRequestService(store: CaseRequestStore) {
  return {
    all: (): Promise<CaseRequest[]> => store.allCaseRequests(),
    /** The apply form offers only what can be applied for now. */
    active: (): Promise<CaseRequest[]> => store.activeCaseRequests(),

    async byId(id: string): Promise<CaseRequest> {
      const caseRequest = await store.caseRequestById(id);
      if (!caseRequest) throw notFound('caseRequestNotFound');
      return caseRequest;
    },

    questions: (): Promise<Question[]> => store.allQuestions(),
  };
}
export type CaseRequestService = ReturnType<typeof createCaseRequestService>;
