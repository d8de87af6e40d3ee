import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hash, verify } from '@node-rs/argon2';
import { errorResponses, Messages } from '../contract/common.ts';
import { TokenResponse } from '../contract/accounts.ts';
import { StaffLoginBody } from '../contract/accusations.ts';
import { ApiError } from '../errors/api-error.ts';
import { messageBody } from '../errors/messages.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { GuessLimit } from '../auth/guess-limit.ts';
import type { StaffStore } from './store.ts';

/**
 * Accusation acceptors' sign-in and sign-out (SPEC section 6: a staff user type of its
 * own). Logout answers on both paths the SPEC and the issue name.
 */
export const staffRoutes: FastifyPluginAsyncTypebox<{ store: StaffStore; sessions: Sessions; guessLimit: GuessLimit }> = async (
  app,
  { store, sessions, guessLimit },
) => {
  const dummyHash = hash('not-a-real-password-0');
  const acceptorOnly = sessions.require('accusation_acceptor');

  app.post('/accusation_acceptor_user_api/login_accusation_acceptor', {
    schema: { body: StaffLoginBody, response: { 200: TokenResponse, 401: errorResponses[400], ...errorResponses } },
    preHandler: guessLimit('staff-login', (request) => String((request.body as { email: string }).email)),
  }, async (request) => {
    const staff = await store.staffByEmail(request.body.email.trim());
    const matches = await verify(staff?.password_hash ?? (await dummyHash), request.body.password);
    if (!staff || !matches || staff.role !== 'accusation_acceptor' || staff.status !== 'active') {
      throw new ApiError(401, 'loginFailed');
    }
    return { token: sessions.issue(staff.id, 'accusation_acceptor') };
  });

  for (const path of ['/accusation_acceptor_user_api/logout_accusation_acceptor', '/accusation_acceptor_api/logout_accusation_acceptor']) {
    app.get(path, {
      schema: { response: { 200: Messages, 401: errorResponses[400], ...errorResponses } },
      preHandler: acceptorOnly,
    }, async (request) => {
      await sessions.revoke(request.session!);
      return messageBody('loggedOut');
    });
  }
};
