import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, Messages } from '../contract/common.ts';
import {
  CustomerUser,
  EmailBody,
  LoginBody,
  OtpBody,
  ResetBody,
  ResetParams,
  TokenResponse,
  type Registration,
} from '../contract/accounts.ts';
import { IdParams } from '../contract/common.ts';
import { ApiError } from '../errors/api-error.ts';
import { requestLanguage } from '../errors/language.ts';
import { messageBody } from '../errors/messages.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { GuessLimit } from '../auth/guess-limit.ts';
import { imageKind, type FileStorage } from '../files/storage.ts';
import type { AccountService } from './service.ts';
import { validateRegistration } from './validation.ts';

export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
const REGISTRATION_FIELDS = new Set<keyof Registration>([
  'firstname', 'middlename', 'lastname', 'email', 'password', 'subcity', 'woreda', 'house_number', 'phone',
  'house_phone_number', 'gender',
]);

interface Options {
  service: AccountService;
  sessions: Sessions;
  storage: FileStorage;
  guessLimit: GuessLimit;
}

/** SPEC section 7: the customer_user_api calls. */
export const accountRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { service, sessions, storage, guessLimit }) => {
  const customerOnly = sessions.require('customer');
  // Guessable secrets are limited per e-mail or account as well as per address.
  const byEmail = (scope: string) => guessLimit(scope, (request) => String((request.body as { email?: string }).email));
  const byAccount = (scope: string) => guessLimit(scope, (request) => (request.params as { id: string }).id);

  app.post('/customer_user_api/create_customer_user', {
    schema: { consumes: ['multipart/form-data'], response: { 201: Messages, 409: errorResponses[400], 413: errorResponses[400], ...errorResponses } },
  }, async (request, reply) => {
    if (!request.isMultipart()) throw new ApiError(400, 'invalidRequest', 'multipart/form-data expected');
    const fields: Partial<Record<keyof Registration, string>> = {};
    let picture: string | null = null;
    try {
      for await (const part of request.parts({ limits: { files: 2, fields: 20, fieldSize: 2000, fileSize: PICTURE_MAX_BYTES } })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'picture' || picture) {
            part.file.resume();
            continue;
          }
          if (!part.filename) {
            part.file.resume(); // an empty file input sends a nameless, empty part
            continue;
          }
          picture = (await storage.save('customer-images', part.file, imageKind(PICTURE_MAX_BYTES))).name;
        } else if (REGISTRATION_FIELDS.has(part.fieldname as keyof Registration)) {
          fields[part.fieldname as keyof Registration] = String(part.value);
        }
      }
      const registration = validateRegistration(fields);
      if (!(await service.register(registration, picture, requestLanguage(request)))) {
        throw new ApiError(409, 'emailTaken');
      }
    } catch (error) {
      storage.remove('customer-images', picture);
      throw error;
    }
    return reply.status(201).send(messageBody('registered'));
  });

  app.post('/customer_user_api/validate_customer_otp', {
    schema: { body: OtpBody, response: { 200: Messages, ...errorResponses } },
    preHandler: byEmail('otp'),
  }, async (request) => {
    await service.verifyOtp(request.body.email, request.body.otp);
    return messageBody('emailVerified');
  });

  app.put('/customer_user_api/resend_customer_otp', {
    schema: { body: EmailBody, response: { 200: Messages, ...errorResponses } },
    preHandler: byEmail('resend'),
  }, async (request) => {
    await service.resendOtp(request.body.email);
    return messageBody('otpSent');
  });

  app.post('/customer_user_api/login_customer_user', {
    schema: { body: LoginBody, response: { 200: TokenResponse, 401: errorResponses[400], 403: errorResponses[400], ...errorResponses } },
    preHandler: byEmail('login'),
  }, async (request) => ({ token: await service.login(request.body.email, request.body.password) }));

  app.get('/customer_user_api/get_customer_user/:id', {
    schema: { params: IdParams, response: { 200: CustomerUser, 401: errorResponses[400], ...errorResponses } },
    preHandler: customerOnly,
  }, (request) => service.customer(request.session!, request.params.id));

  app.get('/customer_user_api/logout_customer_user', {
    schema: { response: { 200: Messages, 401: errorResponses[400], ...errorResponses } },
    preHandler: customerOnly,
  }, async (request) => {
    await service.logout(request.session!);
    return messageBody('loggedOut');
  });

  app.post('/customer_user_api/forgot_customer_user', {
    schema: { body: EmailBody, response: { 200: Messages, ...errorResponses } },
    preHandler: byEmail('forgot'),
  }, async (request) => {
    // The same answer whether or not the e-mail has an account.
    await service.forgotPassword(request.body.email);
    return messageBody('forgotSent');
  });

  app.put('/customer_user_api/reset_customer_user/:id/:token', {
    schema: { params: ResetParams, body: ResetBody, response: { 200: Messages, ...errorResponses } },
    preHandler: byAccount('reset'),
  }, async (request) => {
    await service.resetPassword(request.params.id, request.params.token, request.body.password);
    return messageBody('resetDone');
  });
};
