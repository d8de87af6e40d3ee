import { Type } from 'typebox';
import { defineCalls } from './call.ts';
import { ErrorBody, errorResponses, Messages } from './common.ts';

/** Issue 28: the password that confirms closing the account. */
export const CloseAccountBody = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 200 }),
});

/** Issue 28: a customer closes their own account (erasure). */
export const closeAccountCalls = defineCalls('accounts', {
  closeMyAccount: {
    summary: "Close the signed-in customer's account and erase their personal data",
    description:
      'Confirmed with the password (a wrong one: 400 closePasswordWrong). Refused with 409 (closeOpenCases) while a case is open: one not verified, rejected, archived or withdrawn. ' +
      "Otherwise, in one transaction, the account's personal fields are erased (name, e-mail, phone, address, picture, password, sessions, codes, Telegram link, notice choices), " +
      "the person's e-mail, phone and full name are replaced by a pseudonym ('Customer XXXX-XXXX') in every text column of the database (the audit log keeps who acted), " +
      'and the cases stay for the corporation under that pseudonym. The session ends; the e-mail and phone may register again.',
    body: CloseAccountBody,
    responses: { 200: Messages, 401: ErrorBody, 409: ErrorBody, ...errorResponses },
  },
});
