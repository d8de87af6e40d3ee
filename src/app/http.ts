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

/** A refused upload, shaped like ky's HTTPError for the code that reads refusals. */
export class UploadError extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(status: number, data: unknown) {
    super(`upload refused with ${status}`);
    this.status = status;
    this.data = data;
  }
}

/** The status of a failed call, or undefined when no answer came (offline, timeout). */
export const httpStatus = (error: unknown) =>
  error instanceof HTTPError ? error.response.status : error instanceof UploadError ? error.status : undefined;

export const isRateLimited = (error: unknown) => httpStatus(error) === 429;

/**
 * Sends a form with upload progress. fetch cannot report upload progress over HTTP/1.1
 * (streamed request bodies need HTTP/2), so this one call uses XMLHttpRequest, with the
 * same token, language and 429/500 handling as the rest.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  // The outbox sends in the background: it keys each send and handles failures itself.
  { idempotencyKey, quiet = false }: { idempotencyKey?: string; quiet?: boolean } = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/${path}`);
    request.responseType = 'json';
    request.timeout = 120_000;
    request.setRequestHeader('Accept-Language', i18n.locale || 'am');
    if (idempotencyKey) request.setRequestHeader('Idempotency-Key', idempotencyKey);
    const token = session.get()?.token;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve(request.response as T);
      if (!quiet) {
        if (request.status === 429) blocking.rateLimited();
        else if (request.status >= 500) blocking.serverError();
        else if (request.status === 401 && session.get()) session.expired();
      }
      reject(new UploadError(request.status, request.response));
    };
    request.onerror = request.ontimeout = () => reject(new TypeError('network error'));
    request.send(form);
  });
}

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
  const data = error instanceof HTTPError || error instanceof UploadError ? error.data : undefined;
  if (typeof data !== 'object' || data === null) return undefined;
  return 'Message_en' in data ? (data as ServerMessages) : undefined;
}
