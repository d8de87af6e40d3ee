import { api } from '../../app/http.ts';
import { staffHttp } from '../../app/staff-session.ts';

export const staffApi = {
  // One sign-in for every staff role; the token carries the role.
  login: (email: string, password: string) => api('staffLogin', { json: { email, password } }),
  logout: () => api('staffLogout', { via: staffHttp }),
};
