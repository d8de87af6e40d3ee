import type { MessageKey } from './messages.ts';

/** A refusal the user should read: its status, stable code and translated message. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly messageKey: MessageKey;
  /** English detail for developers (which field failed); never holds secrets. */
  readonly detail?: string;

  constructor(statusCode: number, messageKey: MessageKey, detail?: string) {
    super(detail ?? messageKey);
    this.statusCode = statusCode;
    this.messageKey = messageKey;
    this.detail = detail;
  }
}

export const notFound = (key: MessageKey = 'notFound') => new ApiError(404, key);
