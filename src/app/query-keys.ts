/**
 * Every query key of the app, in one place, so a loader, a component and an
 * invalidation always name the same data (STYLE.md 1). Invalidate by prefix.
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
  },
};
