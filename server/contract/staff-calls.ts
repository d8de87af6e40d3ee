import { Type, type Static } from 'typebox';
import { defineCalls } from './call.ts';
import { TokenResponse } from './accounts.ts';
import { StaffRoleName } from './administration-calls.ts';
import { errorResponses, Id, Messages } from './common.ts';

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

/** What an alert is about (server/staff/alerts-service.ts raises each). */
export const StaffAlertKind = Type.Union([
  Type.Literal('case_assigned'),
  Type.Literal('approval_waiting'),
  Type.Literal('response_returned'),
  Type.Literal('accusation_filed'),
  Type.Literal('case_transferred'),
  Type.Literal('due_soon'),
  Type.Literal('late'),
  // Five working days past the due moment, to management (the admins): issue 25's escalation.
  Type.Literal('escalated'),
  // Issue 25: a customer asked for a review of a decision of the manager's directorate.
  Type.Literal('review_requested'),
  // Issue 25: the customer answered the holder's request for information, or left it unanswered INFO_EXPIRY_DAYS.
  Type.Literal('information_answered'),
  Type.Literal('information_unanswered'),
  // Issue 28: the customer withdrew a case the holder (or, unassigned, the directorate) had.
  Type.Literal('case_withdrawn'),
]);
export type StaffAlertKind = Static<typeof StaffAlertKind>;

/** One alert: a case's (its number) or an accusation's (its reference); a send-back's note; a due date's moment. */
export const StaffAlert = Type.Object({
  id: Id,
  kind: StaffAlertKind,
  unread: Type.Boolean(),
  created_at: Type.String(),
  case: Type.Optional(Type.Object({ id: Id, case_number: Type.String() })),
  accusation: Type.Optional(Type.Object({ id: Id, reference: Type.String() })),
  note: Type.Union([Type.String(), Type.Null()]),
  due_at: Type.Union([Type.String(), Type.Null()]),
});
export type StaffAlert = Static<typeof StaffAlert>;

/** The signed-in user's alerts (the last 50, newest first), how many are unread, and whether they take them by e-mail. */
export const StaffAlerts = Type.Object({ alerts: Type.Array(StaffAlert), unread: Type.Integer(), mail: Type.Boolean() });
export type StaffAlerts = Static<typeof StaffAlerts>;

/** Who is signed in, for the staff header. */
export const StaffMe = Type.Object({ id: Id, firstname: Type.String(), lastname: Type.String(), role: StaffRoleName });
export type StaffMe = Static<typeof StaffMe>;

/** Who is signed in, and their alerts: every staff role, each only their own. */
export const staffAlertCalls = defineCalls('staff', {
  staffWhoAmI: {
    summary: 'The signed-in staff user: name and role',
    responses: { 200: StaffMe, 401: errorResponses[400], ...errorResponses },
  },
  staffListAlerts: {
    summary: "The signed-in staff user's alerts, newest first",
    description: 'The last 50 alerts of the caller only, each unread or not, with the unread total and the e-mail setting.',
    responses: { 200: StaffAlerts, 401: errorResponses[400], ...errorResponses },
  },
  staffMarkAlertsRead: {
    summary: 'Mark some of my alerts read',
    description: "Ids of the caller's own alerts; anyone else's are ignored. Answers the unread total left.",
    body: Type.Object({ ids: Type.Array(Id, { maxItems: 100 }) }),
    responses: { 200: Type.Object({ unread: Type.Integer() }), 401: errorResponses[400], ...errorResponses },
  },
  staffSaveAlertSettings: {
    summary: 'Turn my alerts by e-mail on or off',
    description: 'The alerts stay in the portal either way; the e-mails go in the language of this request.',
    body: Type.Object({ mail: Type.Boolean() }),
    responses: { 200: Type.Object({ mail: Type.Boolean() }), 401: errorResponses[400], ...errorResponses },
  },
});
