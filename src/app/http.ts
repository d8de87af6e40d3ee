import ky, { HTTPError, TimeoutError, type Hooks, type KyInstance } from 'ky';
import { i18n } from '@lingui/core';
import { endpoints } from '../../server/contract/endpoints.ts';
import type { BodyOf, CallName, Calls, ParamsOf, QueryOf, Success } from '../../server/contract/calls.ts';
import type { ErrorBody } from '../../server/contract/common.ts';
import { blocking, waitSeconds } from './blocking.ts';
import { session } from './session.ts';

/**
 * The one HTTP client, ky (the design card's choice) behind a small interface of our own
 * so callers and tests do not depend on ky's shapes. A call is relative to the site,
 * answers JSON, gives up after 30 s and never retries on its own (TanStack Query decides
 * about retries). It is also the one place that turns a 429 into the wait screen and a 500
 * into "Connection Lost!" (SPEC section 8); callers still get the error.
 */
const TIMEOUT_MS = 30_000;

/** A refusal: ky's HTTPError, whose `data` is the parsed body (undefined when empty or not JSON). */
export { HTTPError, TimeoutError };

/** What a client adds to each call: headers before it goes, a look at the answer before the caller's. */
export interface ClientHooks {
  beforeRequest?: (headers: Headers) => void;
  afterResponse?: (response: Response) => void;
}

export interface CallInit {
  method: string;
  searchParams?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  body?: BodyInit;
  signal?: AbortSignal;
}

export interface Client {
  /** Sends the call to `/<path>` and resolves with the parsed JSON answer. */
  <T>(path: string, init: CallInit): Promise<T>;
  /** The same client with more hooks, run after this one's. */
  extend(hooks: ClientHooks): Client;
}

/** The query without its undefined values, which would otherwise be sent as "undefined". */
function definedOnly(searchParams: CallInit['searchParams']): Record<string, string | number | boolean> | undefined {
  if (!searchParams) return undefined;
  return Object.fromEntries(Object.entries(searchParams).filter(([, value]) => value !== undefined)) as Record<string, string | number | boolean>;
}

const kyHooks = ({ beforeRequest, afterResponse }: ClientHooks): Hooks => ({
  beforeRequest: beforeRequest ? [({ request }) => void beforeRequest(request.headers)] : [],
  afterResponse: afterResponse ? [({ response }) => void afterResponse(response)] : [],
});

function clientOver(instance: KyInstance): Client {
  const call = <T,>(path: string, { method, searchParams, json, body, signal }: CallInit): Promise<T> =>
    instance(path, {
      method,
      signal,
      searchParams: definedOnly(searchParams),
      ...(json !== undefined ? { json } : {}),
      ...(body !== undefined ? { body } : {}),
    }).json<T>();
  return Object.assign(call, { extend: (hooks: ClientHooks) => clientOver(instance.extend({ hooks: kyHooks(hooks) })) });
}

export const http = clientOver(
  ky.create({
    prefix: '/',
    timeout: TIMEOUT_MS,
    retry: 0,
    headers: { accept: 'application/json' },
    hooks: kyHooks({
      // The server writes e-mails in the reader's language.
      beforeRequest: (headers) => headers.set('Accept-Language', i18n.locale || 'am'),
      afterResponse: (response) => {
        if (response.status === 429) blocking.rateLimited(waitSeconds(response.headers.get('Retry-After')));
        else if (response.status >= 500) blocking.serverError();
      },
    }),
  }),
);

/** A refused upload, shaped like HTTPError for the code that reads refusals. */
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
export function uploadForm<N extends UploadCallName>(
  name: N,
  form: FormData,
  onProgress: (fraction: number) => void,
  // The outbox sends in the background: it keys each send and handles failures itself.
  // `params` fill the call's path (an answer goes to its case's `:id`).
  { idempotencyKey, quiet = false, params }: { idempotencyKey?: string; quiet?: boolean; params?: Record<string, string> } = {},
): Promise<Success<Calls[N]>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(endpoints[name].method, `/${callPath(name, params)}`);
    request.responseType = 'json';
    request.timeout = 120_000;
    request.setRequestHeader('Accept-Language', i18n.locale || 'am');
    if (idempotencyKey) request.setRequestHeader('Idempotency-Key', idempotencyKey);
    const token = session.get()?.token;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve(request.response as Success<Calls[N]>);
      if (!quiet) {
        if (request.status === 429) blocking.rateLimited(waitSeconds(request.getResponseHeader('Retry-After')));
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
  beforeRequest: (headers) => {
    const token = session.get()?.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
  },
  afterResponse: (response) => void (response.status === 401 && session.get() && session.expired()),
});

/** The body of a refusal (a stable code and Message_*), when the server sent one. */
export function refusalBody(error: unknown): Partial<ErrorBody> | undefined {
  const data = error instanceof HTTPError || error instanceof UploadError ? error.data : undefined;
  if (typeof data !== 'object' || data === null) return undefined;
  return 'Message_en' in data ? (data as Partial<ErrorBody>) : undefined;
}

/** The calls whose body is an upload form (multipart). */
export type UploadCallName = { [N in CallName]: Calls[N] extends { form: object } ? N : never }[CallName];

/** An option a call needs exactly when its contract has the part; otherwise it may not be given. */
type Part<T, Key extends string> = [T] extends [undefined] ? { [K in Key]?: never } : { [K in Key]: T };

/** What a call is sent with, typed by its contract (server/contract/calls.ts). */
export type CallOptions<N extends CallName> = Part<ParamsOf<Calls[N]>, 'params'> &
  Part<QueryOf<Calls[N]>, 'query'> &
  Part<BodyOf<Calls[N]>, 'json'> &
  Part<N extends UploadCallName ? FormData : undefined, 'form'> &
  // A staff call (any role) goes with the staff client (app/staff-session.ts), which holds their token.
  Part<Calls[N]['auth'] extends false | 'customer' | 'optional' ? undefined : Client, 'via'> & { signal?: AbortSignal };

/** A call's path with its parameters filled in, relative to the client's prefix. */
export function callPath(name: CallName, params: Record<string, string | number> = {}): string {
  return endpoints[name].path.slice(1).replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key])));
}

/** The customer's client for calls that need their token, and for those a token only changes. */
function clientFor(auth: (typeof endpoints)[CallName]['auth']): Client {
  if (auth === 'customer') return authedHttp;
  if (auth === 'optional') return session.get() ? authedHttp : http;
  return http;
}

/**
 * Makes a call of the contract by its operationId: the method and path come from the
 * contract, the options and the answer's type from its schemas, so a renamed path, field
 * or answer fails the typecheck here as on the server.
 */
export function api<N extends CallName>(
  name: N,
  // Optional exactly when the call needs nothing (no params, body or staff client).
  ...[options]: Record<never, never> extends CallOptions<N> ? [CallOptions<N>?] : [CallOptions<N>]
) {
  const { params, query, json, form, via, signal } = (options ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, string | number | boolean>;
    json?: unknown;
    form?: FormData;
    via?: Client;
    signal?: AbortSignal;
  };
  const { method, auth } = endpoints[name];
  return (via ?? clientFor(auth))<Success<Calls[N]>>(callPath(name, params), { method, signal, searchParams: query, json, body: form });
}
