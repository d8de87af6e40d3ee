import type { FastifyPluginAsync } from 'fastify';
import type { Sessions } from '../auth/sessions.ts';
import type { GuessLimit } from '../auth/guess-limit.ts';
import { calls } from '../contract/calls.ts';
import { messageBody } from '../errors/messages.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { AccountClosing } from './closing.ts';

interface Options {
  closing: AccountClosing;
  sessions: Sessions;
  guessLimit: GuessLimit;
}

/** Issue 28: closeMyAccount. Its password is a guessable secret: limited per account like a code. */
export const privacyRoutes: FastifyPluginAsync<Options> = async (app, { closing, sessions, guessLimit }) => {
  const route = callRoutes(app, sessions);
  route(calls.closeMyAccount, async (request) => {
    await closing.close(request.session, request.body.password);
    return messageBody('accountClosed');
  }, { preHandler: guessLimit('close-account', (request) => request.session?.id ?? '') });
};
