import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { calls } from '../contract/calls.ts';
import { formFieldNames } from '../contract/call.ts';
import { requestLanguage, statedLanguage } from '../mail/language.ts';
import { messageBody } from '../errors/messages.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { GuessLimit } from '../auth/guess-limit.ts';
import { imageKind, type FileStorage } from '../files/storage.ts';
import { receiveForm } from '../files/multipart.ts';
import { callRoutes } from '../web/call-routes.ts';
import type { AccountService } from './service.ts';
import { readLogin, validateRegistration, type Login } from './validation.ts';

export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;

interface Options {
  service: AccountService;
  sessions: Sessions;
  storage: FileStorage;
  guessLimit: GuessLimit;
}

/** SPEC section 7: the customer_user_api calls. */
export const accountRoutes: FastifyPluginAsync<Options> = async (app, { service, sessions, storage, guessLimit }) => {
  const route = callRoutes(app, sessions);
  // Guessable secrets are limited per e-mail (or phone) or account as well as per address;
  // a number counts as one whichever way it is written.
  const loginOf = (request: FastifyRequest) => readLogin(request.body as { email?: string; phone?: string });
  const keyOf = (login: Login) => ('phone' in login ? login.phone : login.email);
  const byLogin = (scope: string) => guessLimit(scope, (request) => keyOf(loginOf(request)));
  const byAccount = (scope: string) => guessLimit(scope, (request) => (request.params as { id: string }).id);
  const registration = calls.createCustomerUser.form;

  route(calls.createCustomerUser, async (request) => {
    const { fields, file: picture } = await receiveForm(request, storage, {
      fields: formFieldNames(registration),
      file: { field: registration.file.name, area: 'customer-images', kind: imageKind(PICTURE_MAX_BYTES) },
      limits: { files: 2, fields: 20, fieldSize: 2000 },
    });
    try {
      const registering = validateRegistration(fields);
      // Each attempt mails someone (the code, or the owner's warning): limited per e-mail, so an
      // address cannot be flooded; new and known e-mails are counted alike. A phone's texts
      // are counted by the service, with every other code to that number.
      if (registering.email) await guessLimit('register', () => registering.email)(request);
      // A known e-mail (or taken phone) is answered as a new one (its owner is told); its picture is not kept.
      if (!(await service.register(registering, picture, requestLanguage(request)))) {
        await storage.remove('customer-images', picture);
      }
      return messageBody(registering.email ? 'registered' : 'registeredByPhone');
    } catch (error) {
      await storage.remove('customer-images', picture);
      throw error;
    }
  });

  route(calls.validateCustomerOtp, async (request) => {
    const login = loginOf(request);
    await service.verifyOtp(login, request.body.otp);
    return messageBody('phone' in login ? 'phoneVerified' : 'emailVerified');
  }, { preHandler: byLogin('otp') });

  route(calls.resendCustomerOtp, async (request) => {
    const login = loginOf(request);
    await service.resendOtp(login, statedLanguage(request));
    return messageBody('phone' in login ? 'otpSentByPhone' : 'otpSent');
  }, { preHandler: byLogin('resend') });

  // Failed sign-ins are counted in service.login (server/auth/sign-in.ts), not every attempt.
  route(calls.loginCustomerUser, async (request) => ({ token: await service.login(loginOf(request), request.body.password, request.ip) }));

  route(calls.getCustomerUser, (request) => service.customer(request.session, request.params.id));

  route(calls.logoutCustomerUser, async (request) => {
    await service.logout(request.session);
    return messageBody('loggedOut');
  });

  route(calls.forgotCustomerUser, async (request) => {
    // The same answer whether or not the e-mail (or number) has an account.
    const login = loginOf(request);
    await service.forgotPassword(login, statedLanguage(request));
    return messageBody('phone' in login ? 'forgotSentByPhone' : 'forgotSent');
  }, { preHandler: byLogin('forgot') });

  route(calls.resetPasswordByCode, async (request) => {
    await service.resetPasswordByCode(request.body.phone, request.body.otp, request.body.password);
    return messageBody('resetDone');
  }, { preHandler: byLogin('reset-code') });

  route(calls.resetCustomerUser, async (request) => {
    await service.resetPassword(request.params.id, request.params.token, request.body.password);
    return messageBody('resetDone');
  }, { preHandler: byAccount('reset') });
};
