import { QueryClient } from '@tanstack/react-query';
import { httpStatus } from './http.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // A refusal will not change by asking again; a lost connection may.
      retry: (failureCount, error) => httpStatus(error) === undefined && failureCount < 2,
    },
  },
});
