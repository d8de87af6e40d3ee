import { ApiError } from '../errors/api-error.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { SignIn, SignInAttempt } from '../auth/sign-in.ts';
import type { SessionClaims, StaffRole } from '../auth/tokens.ts';
import type { StaffRow, StaffStore } from './store.ts';

interface Dependencies {
  store: StaffStore;
  sessions: Sessions;
  signIn: SignIn;
  /** The app's clock: the last sign-in shown to the admin. */
  clock?: () => number;
}

/** The staff sign-in rules (SPEC section 6: accusation acceptors are a user type of their own), with no HTTP in them. */
export function createStaffService({ store, sessions, signIn: checkPassword, clock = Date.now }: Dependencies) {
  const signIn = (attempt: SignInAttempt) => checkPassword(attempt, store.staffByEmail);
  /** Anyone inactive, or not of the role a sign-in path is for, gets the same refusal as a wrong password. */
  async function issueFor(staff: StaffRow | undefined, onlyRole?: StaffRole): Promise<string> {
    if (!staff || staff.status !== 'active' || (onlyRole && staff.role !== onlyRole)) {
      throw new ApiError(401, 'loginFailed');
    }
    await store.recordSignIn(staff.id, new Date(clock()));
    return sessions.issue(staff.id, staff.role);
  }

  return {
    /** A session token for an active accusation acceptor (the ethics role), on the acceptors' own path. */
    async login(email: string, password: string, address: string): Promise<string> {
      return issueFor(await signIn({ kind: 'staff', email, password, address }), 'accusation_acceptor');
    },

    /** A session token for any active staff user (issue 15's one staff sign-in); the token carries the role. */
    async staffLogin(email: string, password: string, address: string): Promise<string> {
      return issueFor(await signIn({ kind: 'staff', email, password, address }));
    },

    logout: (session: SessionClaims) => sessions.revoke(session),
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
