import type { FastifyPluginAsync } from 'fastify';
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
import { validateRegistration } from './validation.ts';

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
  // Guessable secrets are limited per e-mail or account as well as per address.
  const byEmail = (scope: string) => guessLimit(scope, (request) => String((request.body as { email?: string }).email));
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
      // address cannot be flooded; new and known e-mails are counted alike.
      await guessLimit('register', () => registering.email)(request);
      // A known e-mail is answered as a new one (its owner gets a mail); its picture is not kept.
      if (!(await service.register(registering, picture, requestLanguage(request)))) {
        await storage.remove('customer-images', picture);
      }
    } catch (error) {
      await storage.remove('customer-images', picture);
      throw error;
    }
    return messageBody('registered');
  });

  route(calls.validateCustomerOtp, async (request) => {
    await service.verifyOtp(request.body.email, request.body.otp);
    return messageBody('emailVerified');
  }, { preHandler: byEmail('otp') });

  route(calls.resendCustomerOtp, async (request) => {
    await service.resendOtp(request.body.email, statedLanguage(request));
    return messageBody('otpSent');
  }, { preHandler: byEmail('resend') });

  // Failed sign-ins are counted in service.login (server/auth/sign-in.ts), not every attempt.
  route(calls.loginCustomerUser, async (request) => ({ token: await service.login(request.body.email, request.body.password, request.ip) }));

  route(calls.getCustomerUser, (request) => service.customer(request.session, request.params.id));

  route(calls.logoutCustomerUser, async (request) => {
    await service.logout(request.session);
    return messageBody('loggedOut');
  });

  route(calls.forgotCustomerUser, async (request) => {
    // The same answer whether or not the e-mail has an account.
    await service.forgotPassword(request.body.email, statedLanguage(request));
    return messageBody('forgotSent');
  }, { preHandler: byEmail('forgot') });

  route(calls.resetCustomerUser, async (request) => {
    await service.resetPassword(request.params.id, request.params.token, request.body.password);
    return messageBody('resetDone');
  }, { preHandler: byAccount('reset') });
};
