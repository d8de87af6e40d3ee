import { Type } from 'typebox';
import { defineCalls } from './call.ts';
import { TokenResponse } from './accounts.ts';
import { errorResponses, Messages } from './common.ts';

/** A staff user's e-mail and password, for every staff sign-in. */
export const StaffLoginBody = Type.Object({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 256 }) });
const withAuth = { 401: errorResponses[400], ...errorResponses };
const logout = { summary: "End the acceptor's session", responses: { 200: Messages, ...withAuth } };

/** The corporation's side: one sign-in for every staff role; the token carries the role. */
export const staffSignInCalls = defineCalls('staff', {
  staffLogin: {
    summary: 'Sign a staff user in',
    description: 'Any active staff user (officer, manager, ethics, archivist, admin). The token carries the role.',
    body: StaffLoginBody,
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
