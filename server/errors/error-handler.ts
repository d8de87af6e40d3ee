import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATA_POLICY } from '../web/security-headers.ts';
import { ApiError } from './api-error.ts';
import { isConnectionLost } from '../db/connection-lost.ts';
import { messageBody, type MessageKey } from './messages.ts';

/** SPEC section 8: after a 429 the client waits three minutes. */
export const RETRY_AFTER_SECONDS = 180;
/** A database restart or failover takes seconds: a client (the app's outbox, a proxy) tries again after this. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function send(reply: FastifyReply, status: number, key: MessageKey, detail?: string, retryAfter = RETRY_AFTER_SECONDS) {
  // The body says it too, so the app can count down the real wait.
  const wait = status === 429 ? { retry_after: retryAfter } : {};
  if (status === 429 || status === 503) reply.header('Retry-After', String(retryAfter));
  return reply.status(status).send({ code: key, ...messageBody(key), ...(detail ? { detail } : {}), ...wait });
}

/**
 * Refusals Fastify and @fastify/multipart make before or around a route, by their code:
 * each says what happened rather than one "too large" for all.
 */
const FRAMEWORK_REFUSALS: Record<string, [status: number, key: MessageKey]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'bodyTooLarge'],
  FST_FILES_LIMIT: [400, 'tooManyFiles'],
  FST_FIELDS_LIMIT: [400, 'tooManyFields'],
  FST_PARTS_LIMIT: [400, 'tooManyFields'],
  FST_MP_PREMATURE_CLOSE: [400, 'uploadIncomplete'],
  FST_REQ_FILE_TOO_LARGE: [413, 'fileTooLarge'],
  // A path Fastify cannot decode, or a path parameter past maxParamLength (100).
  FST_ERR_BAD_URL: [400, 'invalidRequest'],
  FST_ERR_MAX_PARAM_LENGTH: [400, 'invalidId'],
};

/**
 * The one error handler at the edge (STYLE.md 7): 4xx answers carry Message_* and a
 * stable code; 5xx answers hide everything and are logged once with the request id.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) return send(reply, error.statusCode, error.messageKey, error.detail, error.retryAfterSeconds);
    if ((error as FastifyError).validation) {
      const field = (error as FastifyError).validationContext;
      if (field === 'params') return send(reply, 400, 'invalidId', error.message);
      return send(reply, 400, 'invalidRequest', `${field ?? 'request'}${error.message.replace(/^\S+/, '')}`);
    }
    const refusal = FRAMEWORK_REFUSALS[(error as FastifyError).code];
    if (refusal) return send(reply, refusal[0], refusal[1], error.message);
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) return send(reply, 429, 'tooManyRequests');
    if (status === 404) return send(reply, 404, 'notFound');
    if (status === 413) return send(reply, 413, 'fileTooLarge');
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type …: the client's fault, said plainly.
      return send(reply, status, 'invalidRequest', error.message);
    }
    if (isConnectionLost(error)) {
      // Not the request's fault nor a bug: the database is restarting or out of reach (a read was already tried twice).
      request.log.warn({ err: error }, 'database unreachable: answered 503');
      return send(reply, 503, 'databaseUnavailable', undefined, DATABASE_RETRY_AFTER_SECONDS);
    }
    request.log.error({ err: error }, 'unexpected failure');
    return send(reply, 500, 'serverError');
  });
}

/**
 * Fastify's `frameworkErrors` option: a URL it cannot route (bad encoding, a path
 * parameter past 100 characters) is answered here, in the same form as every refusal.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [status, key] = FRAMEWORK_REFUSALS[error.code] ?? [400, 'invalidRequest'];
  return send(reply, status, key, error.message);
}

/** What Node's HTTP parser refuses before there is a request (Fastify's `clientErrorHandler`), by its code. */
const CLIENT_ERRORS: Record<string, [status: number, key: MessageKey]> = {
  // The request line and headers together past maxHeaderSize (16 KB): a very long URL or query string.
  HPE_HEADER_OVERFLOW: [431, 'requestTooLong'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'requestTimeout'],
  // The client ended its side before the body Content-Length announced had come: a cut-off upload.
  HPE_INVALID_EOF_STATE: [400, 'uploadIncomplete'],
};

/**
 * Answers a request Node could not parse with the same JSON as every other refusal
 * (Fastify's default writes its own shape, without a code or Message_*), then closes.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'invalidRequest'];
  const body = JSON.stringify({ code: key, ...messageBody(key) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        // Written past Fastify, so past its onSend hook: the headers every answer carries, here by hand.
        `X-Content-Type-Options: nosniff\r\nReferrer-Policy: same-origin\r\nContent-Security-Policy: ${DATA_POLICY}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
