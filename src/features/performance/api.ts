import { queryOptions } from '@tanstack/react-query';
import type { CorporationMonth, DivisionMonth, Figure, PerformanceData } from '../../../server/contract/open-data-calls.ts';
import { api } from '../../app/http.ts';

export type { CorporationMonth, DivisionMonth, Figure, PerformanceData };

/** The open data's own addresses (the page links to both). */
export const PERFORMANCE_JSON = '/open-data/performance.json';
export const PERFORMANCE_CSV = '/open-data/performance.csv';

/**
 * The public performance figures (issue 28). Offline, the service worker answers with the
 * copy it kept (sw/sw.ts), so the page reads after one visit.
 */
export const performanceQuery = () =>
  queryOptions({
    queryKey: ['performance'] as const,
    queryFn: ({ signal }) => api('getPerformanceData', { signal }),
    // The server computes them once an hour.
    staleTime: 10 * 60_000,
  });
