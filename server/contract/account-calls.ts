import { defineCalls } from './call.ts';
import { CustomerUser, EmailBody, LoginBody, OtpBody, RegistrationForm, ResetBody, ResetByCodeBody, ResetParams, TokenResponse } from './accounts.ts';
import { errorResponses, IdParams, Messages } from './common.ts';

const refused = errorResponses[400];

/** SPEC section 7: the customer_user_api calls. */
export const accountCalls = defineCalls('accounts', {
  createCustomerUser: {
    summary: 'Register a customer',
    description:
      'Mails a 6-digit code to verify the e-mail; without an e-mail, texts it to the phone. A known e-mail or taken phone is answered the same way, stores nothing and tells its owner.',
    form: { fields: RegistrationForm, file: { name: 'picture', description: 'Optional JPEG, PNG or WebP, at most 2 MB.' } },
    responses: { 201: Messages, 413: refused, ...errorResponses },
  },
  validateCustomerOtp: {
    summary: "Verify a customer's e-mail (or a phone account's phone) with the code sent",
    body: OtpBody,
    responses: { 200: Messages, ...errorResponses },
  },
  resendCustomerOtp: {
    summary: 'Send a new verification code (by SMS for { phone })',
    description: 'At most 5 texts per number an hour (429 smsCodeLimit).',
    body: EmailBody,
    responses: { 200: Messages, ...errorResponses },
  },
  loginCustomerUser: {
    summary: 'Sign a customer in',
    body: LoginBody,
    responses: { 200: TokenResponse, 401: refused, 403: refused, ...errorResponses },
  },
  getCustomerUser: {
    summary: "Read the signed-in customer's own record",
    params: IdParams,
    responses: { 200: CustomerUser, 401: refused, ...errorResponses },
  },
  logoutCustomerUser: {
    summary: "End the customer's session",
    responses: { 200: Messages, 401: refused, ...errorResponses },
  },
  forgotCustomerUser: {
    summary: 'Mail a password reset link, or text a code to { phone }',
    description: 'Answers the same whether or not the e-mail or phone has an account. The code is used with resetPasswordByCode.',
    body: EmailBody,
    responses: { 200: Messages, ...errorResponses },
  },
  resetCustomerUser: {
    summary: 'Set a new password with a reset link',
    params: ResetParams,
    body: ResetBody,
    responses: { 200: Messages, ...errorResponses },
  },
  resetPasswordByCode: {
    summary: "Set a new password with the code texted by forgotCustomerUser { phone } (issue 26)",
    description: 'The code also verifies the phone. Refused as otpInvalid when wrong, used or expired.',
    body: ResetByCodeBody,
    responses: { 200: Messages, ...errorResponses },
  },
});
