import { defineCalls } from './call.ts';
import { TokenResponse } from './accounts.ts';
import { StaffLoginBody } from './accusations.ts';
import { errorResponses, Messages } from './common.ts';

/** The corporation's side (issue 15): one sign-in for every staff role; the token carries the role. */
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
