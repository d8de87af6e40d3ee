import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/http.ts';
import { STAFF_QUERIES, staffHttp } from '../../app/staff-session.ts';

export const staffApi = {
  // One sign-in for every staff role; the token carries the role. An admin gets a challenge for the second step instead.
  login: (email: string, password: string) => api('staffLogin', { json: { email, password } }),
  // An admin's second step: the secret to enrol with (shown once), then the code of the moment.
  startTwoFactorEnrolment: (challenge: string) => api('staffStartTwoFactorEnrolment', { json: { challenge } }),
  verifyTwoFactorCode: (challenge: string, code: string) => api('staffVerifyTwoFactorCode', { json: { challenge, code } }),
  logout: () => api('staffLogout', { via: staffHttp }),
};

/** The signed-in staff user's alerts and who they are: every staff query key starts with STAFF_QUERIES, so signing out removes them. */
export const alertKeys = {
  all: [...STAFF_QUERIES, 'alerts'] as const,
  me: [...STAFF_QUERIES, 'me'] as const,
};

/**
 * My alerts, with the unread count the nav shows. Polled modestly: every minute while the
 * page is open, and when the window comes back into focus (React Query's default).
 */
export const alertsQuery = () =>
  queryOptions({
    queryKey: alertKeys.all,
    queryFn: ({ signal }) => api('staffListAlerts', { via: staffHttp, signal }),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });

/** Who is signed in: name and role, for the header; it does not change during a session. */
export const meQuery = () =>
  queryOptions({
    queryKey: alertKeys.me,
    queryFn: ({ signal }) => api('staffWhoAmI', { via: staffHttp, signal }),
    staleTime: Infinity,
  });

export const alertsApi = {
  markRead: (ids: string[]) => api('staffMarkAlertsRead', { json: { ids }, via: staffHttp }),
  saveSettings: (mail: boolean) => api('staffSaveAlertSettings', { json: { mail }, via: staffHttp }),
};
