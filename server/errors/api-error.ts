import type { MessageKey } from './messages.ts';

/** A refusal the user should read: its status, stable code and translated message. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly messageKey: MessageKey;
  /** English detail for developers (which field failed); never holds secrets. */
  readonly detail?: string;
  /** For a 429: seconds until the counter that refused lets the client in again. */
  readonly retryAfterSeconds?: number;

  constructor(statusCode: number, messageKey: MessageKey, detail?: string, retryAfterSeconds?: number) {
    super(detail ?? messageKey);
    this.statusCode = statusCode;
    this.messageKey = messageKey;
    this.detail = detail;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A 429 that says when its own counter's window ends, instead of the generic 3 minutes. */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new ApiError(429, 'tooManyRequests', undefined, Math.max(1, Math.ceil(retryAfterSeconds)));

export const notFound = (key: MessageKey = 'notFound') => new ApiError(404, key);
