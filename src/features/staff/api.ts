import { api } from '../../app/http.ts';
import { staffHttp } from '../../app/staff-session.ts';

export const staffApi = {
  // One sign-in for every staff role; the token carries the role. An admin gets a challenge for the second step instead.
  login: (email: string, password: string) => api('staffLogin', { json: { email, password } }),
  // An admin's second step: the secret to enrol with (shown once), then the code of the moment.
  startTwoFactorEnrolment: (challenge: string) => api('staffStartTwoFactorEnrolment', { json: { challenge } }),
  verifyTwoFactorCode: (challenge: string, code: string) => api('staffVerifyTwoFactorCode', { json: { challenge, code } }),
  logout: () => api('staffLogout', { via: staffHttp }),
};
