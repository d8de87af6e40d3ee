import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';
import { messageBody, type MessageKey } from './messages.ts';

/** SPEC section 8: after a 429 the client waits three minutes. */
export const RETRY_AFTER_SECONDS = 180;

function send(reply: FastifyReply, status: number, key: MessageKey, detail?: string) {
  if (status === 429) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
  return reply.status(status).send({ code: key, ...messageBody(key), ...(detail ? { detail } : {}) });
}

/**
 * The one error handler at the edge (STYLE.md 7): 4xx answers carry Message_* and a
 * stable code; 5xx answers hide everything and are logged once with the request id.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) return send(reply, error.statusCode, error.messageKey, error.detail);
    if ((error as FastifyError).validation) {
      const field = (error as FastifyError).validationContext;
      if (field === 'params') return send(reply, 400, 'invalidId', error.message);
      return send(reply, 400, 'invalidRequest', `${field ?? 'request'}${error.message.replace(/^\S+/, '')}`);
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) return send(reply, 429, 'tooManyRequests');
    if (status === 404) return send(reply, 404, 'notFound');
    if (status === 413) return send(reply, 413, 'fileTooLarge');
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large …: the client's fault, said plainly.
      return send(reply, status, 'invalidRequest', error.message);
    }
    request.log.error({ err: error }, 'unexpected failure');
    return send(reply, 500, 'serverError');
  });
}
