import { Type, type Static } from 'typebox';
import { Id, Status } from './common.ts';

// Lengths here only stop absurd input early; the product's rules (SPEC section 5) and
// their messages live in server/accounts/validation.ts.
// Issue 26: a customer is named by their e-mail or, for an account without one, their phone
// (either form of SPEC's calls; server/accounts/validation.ts wants exactly one of the two).
const EMAIL = Type.Optional(Type.String({ maxLength: 254 }));
const PHONE = Type.Optional(Type.String({ maxLength: 40, description: "An account's phone number, in any form server/phones reads (0911…, +251…)" }));
export const EmailBody = Type.Object({ email: EMAIL, phone: PHONE });
export const LoginBody = Type.Object({ email: EMAIL, phone: PHONE, password: Type.String({ maxLength: 256 }) });
export const OtpBody = Type.Object({ email: EMAIL, phone: PHONE, otp: Type.String({ maxLength: 12 }) });
export const ResetByCodeBody = Type.Object({
  phone: Type.String({ maxLength: 40 }),
  otp: Type.String({ maxLength: 12 }),
  password: Type.String({ maxLength: 256 }),
});
export const ResetParams = Type.Object({ id: Id, token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) });
export const ResetBody = Type.Object({ password: Type.String({ maxLength: 256 }) });

export const TokenResponse = Type.Object({ token: Type.String() });

export const Gender = Type.Union([Type.Literal('Male'), Type.Literal('Female')]);

/** SPEC section 3 "Customer user": what a customer reads of their own record. */
export const CustomerUser = Type.Object({
  _id: Id,
  id: Id,
  firstname: Type.String(),
  middlename: Type.String(),
  lastname: Type.String(),
  gender: Gender,
  /** Null for an account registered with its phone alone (issue 26). */
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.String(),
  house_phone_number: Type.String(),
  subcity: Type.String(),
  woreda: Type.String(),
  house_number: Type.String(),
  picture: Type.Union([Type.String(), Type.Null()]),
  status: Status,
});
export type CustomerUser = Static<typeof CustomerUser>;

/**
 * The registration form's text fields (multipart, SPEC section 7 create_customer_user);
 * the picture is its file part. Lengths and formats are server/accounts/validation.ts's.
 */
export const RegistrationForm = Type.Object({
  firstname: Type.String(),
  middlename: Type.String(),
  lastname: Type.String(),
  email: Type.Optional(Type.String({ description: 'Left out (or empty) for an account of the phone alone: its code then goes by SMS' })),
  password: Type.String(),
  subcity: Type.Optional(Type.String()),
  woreda: Type.Optional(Type.String()),
  house_number: Type.Optional(Type.String()),
  phone: Type.String(),
  house_phone_number: Type.Optional(Type.String()),
  gender: Type.String({ description: 'Male or Female' }),
});
/** A registration as validated: every field present ('' when left empty; email '' for a phone account). */
export type Registration = Required<Static<typeof RegistrationForm>>;
