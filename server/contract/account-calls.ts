import { defineCalls } from './call.ts';
import { CustomerUser, EmailBody, LoginBody, OtpBody, RegistrationForm, ResetBody, ResetParams, TokenResponse } from './accounts.ts';
import { errorResponses, IdParams, Messages } from './common.ts';

const refused = errorResponses[400];

/** SPEC section 7: the customer_user_api calls. */
export const accountCalls = defineCalls('accounts', {
  createCustomerUser: {
    summary: 'Register a customer',
    description: 'Mails a 6-digit code to verify the e-mail. A known e-mail is answered the same way and stores nothing.',
    form: { fields: RegistrationForm, file: { name: 'picture', description: 'Optional JPEG, PNG or WebP, at most 2 MB.' } },
    responses: { 201: Messages, 413: refused, ...errorResponses },
  },
  validateCustomerOtp: {
    summary: "Verify a customer's e-mail with the mailed code",
    body: OtpBody,
    responses: { 200: Messages, ...errorResponses },
  },
  resendCustomerOtp: {
    summary: 'Mail a new verification code',
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
    summary: 'Mail a password reset link',
    description: 'Answers the same whether or not the e-mail has an account.',
    body: EmailBody,
    responses: { 200: Messages, ...errorResponses },
  },
  resetCustomerUser: {
    summary: 'Set a new password with a reset link',
    params: ResetParams,
    body: ResetBody,
    responses: { 200: Messages, ...errorResponses },
  },
});
