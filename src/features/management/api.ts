import { queryOptions } from '@tanstack/react-query';
import type { AuditLogEntry, AuditLogQuery, ManagementSummary, ManagementWorkload } from '../../../server/contract/management-calls.ts';
import { api } from '../../app/http.ts';
import { STAFF_QUERIES, staffHttp } from '../../app/staff-session.ts';

export type { AuditLogEntry, AuditLogQuery, ManagementSummary, ManagementWorkload };

const keys = {
  all: [...STAFF_QUERIES, 'management'] as const,
  summary: (weeks: number) => [...keys.all, 'summary', weeks] as const,
  workload: () => [...keys.all, 'workload'] as const,
  audit: (filters: AuditLogQuery) => [...keys.all, 'audit', filters] as const,
};
export const managementKeys = keys;

/** The dashboard's figures: the manager's directorate, or everything for an admin. */
export const summaryQuery = (weeks = 12) =>
  queryOptions({
    queryKey: keys.summary(weeks),
    queryFn: ({ signal }) => api('managementSummary', { query: { weeks }, via: staffHttp, signal }),
  });

/** Each officer's open, late and answered cases: the manager's directorate, or every directorate for an admin. */
export const workloadQuery = () =>
  queryOptions({
    queryKey: keys.workload(),
    queryFn: ({ signal }) => api('managementWorkload', { via: staffHttp, signal }),
  });

/** A page of the audit log; empty filters are left out of the query. */
export const auditQuery = (filters: AuditLogQuery) =>
  queryOptions({
    queryKey: keys.audit(filters),
    queryFn: ({ signal }) =>
      api('auditLog', {
        query: Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as AuditLogQuery,
        via: staffHttp,
        signal,
      }),
  });
