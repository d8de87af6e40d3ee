import type { FastifyPluginAsync } from 'fastify';
import { calls } from '../contract/calls.ts';
import { messageBody } from '../errors/messages.ts';
import { callRoutes } from '../web/call-routes.ts';
import { statedLanguage } from '../mail/language.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { StaffService } from './service.ts';

/**
 * Accusation acceptors' sign-in and sign-out (SPEC section 6: a staff user type of its
 * own), and the one sign-in and sign-out for every staff role, with an admin's second
 * step. The acceptors' logout answers on both paths the SPEC names.
 */
export const staffRoutes: FastifyPluginAsync<{ service: StaffService; sessions: Sessions }> = async (app, { service, sessions }) => {
  const route = callRoutes(app, sessions);

  route(calls.loginAccusationAcceptor, async (request) => ({ token: await service.login(request.body.email, request.body.password, request.ip) }));
  // The language the app is in when someone signs in is the one their alerts' e-mails are written in.
  route(calls.staffLogin, (request) => service.staffLogin(request.body.email, request.body.password, request.ip, statedLanguage(request)));
  route(calls.staffStartTwoFactorEnrolment, (request) => service.startEnrolment(request.body.challenge));
  route(calls.staffVerifyTwoFactorCode, async (request) => ({
    token: await service.verifyCode(request.body.challenge, request.body.code, statedLanguage(request)),
  }));

  for (const logout of [calls.logoutAccusationAcceptor, calls.logoutAccusationAcceptorApi, calls.staffLogout]) {
    route(logout, async (request) => {
      await service.logout(request.session);
      return messageBody('loggedOut');
    });
  }
};
