import ky, { HTTPError } from 'ky';
import { i18n } from '@lingui/core';
import { blocking } from './blocking.ts';
import { session } from './session.ts';

/**
 * The one HTTP client. It is also the one place that turns a 429 into the wait screen
 * and a 500 into "Connection Lost!" (SPEC section 8); callers still get the error.
 */
export const http = ky.create({
  prefix: '/',
  timeout: 30_000,
  retry: 0, // TanStack Query decides about retries
  hooks: {
    // The server writes e-mails in the reader's language.
    beforeRequest: [({ request }) => void request.headers.set('Accept-Language', i18n.locale || 'am')],
    afterResponse: [
      ({ response }) => {
        if (response.status === 429) blocking.rateLimited();
        else if (response.status >= 500) blocking.serverError();
      },
    ],
  },
});

export const isRateLimited = (error: unknown) => error instanceof HTTPError && error.response.status === 429;

/** The status of a failed call, or undefined when no answer came (offline, timeout). */
export const httpStatus = (error: unknown) => (error instanceof HTTPError ? error.response.status : undefined);

/**
 * The same client with the customer's bearer token (SPEC section 6 names the calls that
 * send it). A 401 means the session ended on the server: it ends here too.
 */
export const authedHttp = http.extend({
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = session.get()?.token;
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [({ response }) => void (response.status === 401 && session.get() && session.expired())],
  },
});

type ServerMessages = Partial<Record<`Message_${'en' | 'am' | 'or' | 'tg' | 'sm' | 'af'}`, string>>;

/** The Message_* body of a refusal, when the server sent one. */
export function refusalBody(error: unknown): ServerMessages | undefined {
  if (!(error instanceof HTTPError) || typeof error.data !== 'object' || error.data === null) return undefined;
  return 'Message_en' in error.data ? (error.data as ServerMessages) : undefined;
}
