import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler, RouteShorthandOptions } from 'fastify';
import type { Answer, BodyOf, ParamsOf, QueryOf } from '../contract/calls.ts';
import { successStatus, type Call } from '../contract/call.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { SessionClaims } from '../auth/tokens.ts';

/**
 * The request a call's handler gets: typed by its params, query and body, and, when the call
 * needs a token, with the session its token check has put there (so no handler asserts one).
 */
type Request<C> = FastifyRequest<{ Params: ParamsOf<C>; Querystring: QueryOf<C>; Body: BodyOf<C> }> &
  (C extends { auth: false | 'optional' } ? unknown : { session: SessionClaims });

/** Answers with one of the call's declared bodies (the success status is set already), or sends itself. */
export type CallHandler<C> = (request: Request<C>, reply: FastifyReply) => Answer<C> | FastifyReply | Promise<Answer<C> | FastifyReply>;

/** What a route adds to its call: limits that run after the token check, and Fastify's own options. */
export interface RouteExtras {
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  config?: RouteShorthandOptions['config'];
  logLevel?: RouteShorthandOptions['logLevel'];
  attachValidation?: boolean;
}

// OpenAPI's words for who may call: nobody needs a token, a token may be sent, a token is needed.
const NO_TOKEN: Record<string, string[]> = {};
const SECURITY: Record<'none' | 'optional' | 'token', Record<string, string[]>[]> = {
  none: [],
  optional: [NO_TOKEN, { bearer: [] }],
  token: [{ bearer: [] }],
};

/** The Fastify schema of a call: what is validated, and what @fastify/swagger documents. */
export function routeSchema(call: Call) {
  return {
    operationId: call.operationId,
    summary: call.summary,
    ...(call.description ? { description: call.description } : {}),
    tags: call.tags,
    ...(call.params ? { params: call.params } : {}),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body ? { body: call.body } : {}),
    // An upload's body is read by server/files/multipart.ts; its fields are documented by server/docs/openapi.ts.
    ...(call.form ? { consumes: ['multipart/form-data'] } : {}),
    security: SECURITY[call.auth === false ? 'none' : call.auth === 'optional' ? 'optional' : 'token'],
    response: call.responses,
  };
}

/**
 * Registers routes from their calls (server/contract/calls.ts): method, path, schema and
 * the token check come from the contract, so a route cannot differ from what the app and
 * the OpenAPI document are told. The handler's request is typed by the call's params,
 * query and body; what it returns, by the call's answers.
 */
export function callRoutes(app: FastifyInstance, sessions?: Sessions) {
  return function route<C extends Call>(call: C, handler: CallHandler<C>, extras: RouteExtras = {}) {
    const { preHandler = [], ...options } = extras;
    const tokenCheck = call.auth === false || call.auth === 'optional' ? [] : [requireSessions(sessions, call).require(call.auth)];
    const status = successStatus(call);
    app.route({
      method: call.method,
      url: call.path,
      schema: routeSchema(call),
      ...options,
      preHandler: [...tokenCheck, ...([] as preHandlerHookHandler[]).concat(preHandler)],
      handler: (request, reply) => {
        if (status !== 200) reply.code(status);
        return handler(request as Request<C>, reply);
      },
    });
  };
}

function requireSessions(sessions: Sessions | undefined, call: Call): Sessions {
  if (!sessions) throw new Error(`${call.operationId} needs a token: pass sessions to callRoutes`);
  return sessions;
}
