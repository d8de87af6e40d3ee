import { queryOptions } from '@tanstack/react-query';
import type { StaffDraft, StaffMember, StaffRoleName } from '../../../server/contract/administration-calls.ts';
import { api } from '../../app/http.ts';
import { STAFF_QUERIES, staffHttp } from '../../app/staff-session.ts';

export type { StaffDraft, StaffMember, StaffRoleName };

export const ROLES: readonly StaffRoleName[] = ['officer', 'manager', 'accusation_acceptor', 'archivist', 'admin'];

const keys = {
  all: [...STAFF_QUERIES, 'administration', 'staff-users'] as const,
  staff: () => [...keys.all, 'staff'] as const,
  organisation: () => [...keys.all, 'organisation'] as const,
};
export const staffAdminKeys = keys;

/** Every staff user (admin only). */
export const staffListQuery = () =>
  queryOptions({
    queryKey: keys.staff(),
    queryFn: ({ signal }) => api('adminListStaff', { via: staffHttp, signal }),
  });

/** Directorates and teams, for the placement fields and for naming them in the list. */
export const organisationQuery = () =>
  queryOptions({
    queryKey: keys.organisation(),
    queryFn: async ({ signal }) => {
      const [directorates, teams] = await Promise.all([api('getAllDirectorates', { signal }), api('getAllTeams', { signal })]);
      return { directorates, teams };
    },
    staleTime: 5 * 60_000,
  });

export const saveStaff = (json: StaffDraft) => api('adminSaveStaff', { json, via: staffHttp });

/** The public page's call: the token from the mailed link sets the person's own password. */
export const setStaffPassword = (id: string, token: string, password: string) =>
  api('staffSetPassword', { params: { id, token }, json: { password } });
