import { Type } from 'typebox';
import { defineCalls } from './call.ts';
import { TokenResponse } from './accounts.ts';
import { errorResponses, Messages } from './common.ts';

/** A staff user's e-mail and password, for every staff sign-in. */
export const StaffLoginBody = Type.Object({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 256 }) });
const withAuth = { 401: errorResponses[400], ...errorResponses };
const logout = { summary: "End the acceptor's session", responses: { 200: Messages, ...withAuth } };

/**
 * What an admin's right password answers instead of a session: a short-lived challenge for
 * the second step, and which step it is (enrol a new authenticator, or give its code).
 */
export const SecondFactorChallenge = Type.Object({
  second_factor: Type.Union([Type.Literal('enrol'), Type.Literal('code')]),
  challenge: Type.String(),
});
/** The admin's code of the moment (six digits), with the password step's challenge. */
export const TwoFactorCodeBody = Type.Object({ challenge: Type.String({ maxLength: 2048 }), code: Type.String({ maxLength: 16 }) });
/** Shown once, at enrolment: the secret as text, the otpauth URI and its QR code (SVG). */
export const TwoFactorEnrolment = Type.Object({ secret: Type.String(), otpauth_uri: Type.String(), qr_svg: Type.String() });

/** The corporation's side: one sign-in for every staff role; the token carries the role. */
export const staffSignInCalls = defineCalls('staff', {
  staffLogin: {
    summary: 'Sign a staff user in',
    description:
      'Any active staff user (officer, manager, ethics, archivist, admin). The token carries the role. ' +
      'An admin gets no token here but a challenge for the second step: enrol (staffStartTwoFactorEnrolment) or give the code (staffVerifyTwoFactorCode).',
    body: StaffLoginBody,
    // 403 twoFactorSealedAway: an admin whose second factor a rotated TOKEN_SECRET cannot open, until an operator resets it.
    responses: { 200: Type.Union([TokenResponse, SecondFactorChallenge]), 401: errorResponses[400], 403: errorResponses[400], ...errorResponses },
  },
  staffStartTwoFactorEnrolment: {
    summary: "Start an admin's two-step log-in",
    description: 'For an admin with no second factor yet: the TOTP secret, shown this once (409 once it is confirmed).',
    body: Type.Object({ challenge: Type.String({ maxLength: 2048 }) }),
    responses: { 200: TwoFactorEnrolment, 401: errorResponses[400], 403: errorResponses[400], 409: errorResponses[400], ...errorResponses },
  },
  staffVerifyTwoFactorCode: {
    summary: "Finish an admin's log-in with the authenticator code",
    description: 'The 6-digit TOTP code (30 s steps, one either side, each step taken once); the first code confirms an enrolment. Answers the session token.',
    body: TwoFactorCodeBody,
    responses: { 200: TokenResponse, 401: errorResponses[400], ...errorResponses },
  },
  staffLogout: {
    summary: "End a staff user's session",
    description: 'Any staff role; the token is refused from then on.',
    responses: { 200: Messages, 401: errorResponses[400], ...errorResponses },
  },
});

/** Accusation acceptors' sign-in and sign-out (SPEC section 6: a staff user type of its own). */
export const acceptorSignInCalls = defineCalls('staff', {
  loginAccusationAcceptor: {
    summary: 'Sign an accusation acceptor in',
    body: StaffLoginBody,
    responses: { 200: TokenResponse, ...withAuth },
  },
  logoutAccusationAcceptor: logout,
  logoutAccusationAcceptorApi: logout,
});
