import { HTTPError } from 'ky';
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
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = staffSession.token();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    beforeError: [
      ({ error }) => {
        if (error instanceof HTTPError && error.response.status === 401) staffSession.clear();
        return error;
      },
    ],
  },
});
