import { http } from '../../app/http.ts';

// Kept apart from the customer's tID, so one browser tab never mixes the two roles.
const KEY = 'staffToken';

export const staffSession = {
  token: () => sessionStorage.getItem(KEY) ?? undefined,
  start: (token: string) => sessionStorage.setItem(KEY, token),
  clear: () => sessionStorage.removeItem(KEY),
};

/** The accusation acceptor's client: their token on every call; a 401 ends their session here too. */
export const staffHttp = http.extend({
  beforeRequest: (headers) => {
    const token = staffSession.token();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  },
  afterResponse: (response) => void (response.status === 401 && staffSession.clear()),
});
