import ky, { HTTPError } from 'ky';
import { blocking } from './blocking.ts';

/**
 * The one HTTP client. It is also the one place that turns a 429 into the wait screen
 * and a 500 into "Connection Lost!" (SPEC section 8); callers still get the error.
 */
export const http = ky.create({
  prefix: '/',
  timeout: 30_000,
  retry: 0, // TanStack Query decides about retries
  hooks: {
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
