/**
 * The query keys of the customer's side that several features read (divisions, the
 * customer's own data, case requests), so a loader, a component and an invalidation always
 * name the same data (STYLE.md 1). A feature's own reads keep their key factory in its
 * api.ts; every staff key starts with STAFF_QUERIES (app/staff-session.ts). Invalidate by prefix.
 */
export const queryKeys = {
  divisions: {
    all: ['divisions'] as const,
    list: () => [...queryKeys.divisions.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.divisions.all, 'detail', id] as const,
    directorates: () => [...queryKeys.divisions.all, 'directorates'] as const,
  },
  /** A customer's own data: cleared whole on logout. */
  customer: {
    all: ['customer'] as const,
    profile: (id: string) => [...queryKeys.customer.all, 'profile', id] as const,
    noticeChannels: (id: string) => [...queryKeys.customer.all, 'notice-channels', id] as const,
    cases: () => [...queryKeys.customer.all, 'cases'] as const,
    casesPage: (page: number, sort: -1 | 1) => [...queryKeys.customer.cases(), 'list', page, sort] as const,
    caseSummary: () => [...queryKeys.customer.cases(), 'summary'] as const,
    caseNumbers: () => [...queryKeys.customer.cases(), 'numbers'] as const,
    case: (id: string) => [...queryKeys.customer.cases(), 'detail', id] as const,
    rating: (caseId: string) => [...queryKeys.customer.cases(), 'rating', caseId] as const,
    history: () => [...queryKeys.customer.cases(), 'history'] as const,
  },
  /** Public reference data of the apply form and the case views. */
  caseRequests: {
    all: ['case-requests'] as const,
    list: () => [...queryKeys.caseRequests.all, 'list'] as const,
    questions: () => [...queryKeys.caseRequests.all, 'questions'] as const,
  },
  /** A status check is its own lookup (anonymous or not), never mixed with the customer's cache. */
  statusCheck: (caseNumber: string, signedIn: boolean) => ['status-check', caseNumber, signedIn] as const,
  print: (id: string, signedIn: boolean) => ['print', id, signedIn] as const,
};
