import { ApiError, tooManyAttempts } from '../errors/api-error.ts';
import type { AttemptCounters } from '../auth/attempt-counters.ts';
import type { Challenges } from '../auth/challenge.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { SignIn, SignInAttempt } from '../auth/sign-in.ts';
import type { SessionClaims, StaffRole } from '../auth/tokens.ts';
import type { Language } from '../errors/catalogs.ts';
import type { StaffRow, StaffStore } from './store.ts';
import type { TwoFactor } from './two-factor.ts';

interface Dependencies {
  store: StaffStore;
  sessions: Sessions;
  signIn: SignIn;
  twoFactor: TwoFactor;
  challenges: Challenges;
  /** Wrong second-factor codes are counted per account, as guesses of other codes are (GUESS_LIMIT_*). */
  counters: AttemptCounters;
  codeLimit: { max: number; windowMs: number };
  /** The app's clock: the last sign-in shown to the admin, the audit entries' time. */
  clock?: () => number;
}

/** What a right password answers: a session, or for an admin the challenge of the second step. */
export type SignInAnswer = { token: string } | { second_factor: 'enrol' | 'code'; challenge: string };

const loginFailed = () => new ApiError(401, 'loginFailed');
const isActive = (staff: StaffRow | undefined, onlyRole?: StaffRole): staff is StaffRow =>
  staff !== undefined && staff.status === 'active' && (!onlyRole || staff.role === onlyRole);

/**
 * The staff sign-in rules (SPEC section 6: accusation acceptors are a user type of their own),
 * with no HTTP in them. Admins sign in in two steps (ASVS 4.3.1): the password answers a
 * challenge, not a session, and only a TOTP code turns it into one. Every sign-in, failed
 * sign-in of a staff account, wrong code and sign-out is audited, by ids and codes only.
 */
export function createStaffService({ store, sessions, signIn: checkPassword, twoFactor, challenges, counters, codeLimit, clock = Date.now }: Dependencies) {
  const audit = (staff: Pick<StaffRow, 'id' | 'role'>, action: string, after?: Record<string, string>) =>
    store.audit({ actorId: staff.id, actorRole: staff.role, action, subjectType: 'staff', subjectId: staff.id, after, at: new Date(clock()) });

  /**
   * The account behind a right password, active and of the role asked; anything else is the
   * same refusal as a wrong password. A failure on a staff account is audited under its id
   * (the typed e-mail and password are never kept).
   */
  async function passwordChecked(attempt: SignInAttempt, onlyRole?: StaffRole): Promise<StaffRow> {
    let found: StaffRow | undefined;
    const staff = await checkPassword(attempt, async (email) => (found = await store.staffByEmail(email)));
    if (isActive(staff, onlyRole)) return staff;
    if (found) await audit(found, 'sign_in_failed');
    throw loginFailed();
  }

  async function session(staff: StaffRow, language?: Language): Promise<string> {
    await store.recordSignIn(staff.id, new Date(clock()), language);
    await audit(staff, 'sign_in');
    return sessions.issue(staff.id, staff.role);
  }

  /** The active admin a live challenge is for; a stale or forged one, or a changed account, must start again. */
  async function challenged(challenge: string): Promise<StaffRow> {
    const id = challenges.staffIdOf(challenge);
    const staff = id ? await store.staffById(id) : undefined;
    if (!isActive(staff, 'admin')) throw new ApiError(401, 'twoFactorChallengeInvalid');
    return staff;
  }

  return {
    /** A session token for an active accusation acceptor (the ethics role), on the acceptors' own path. */
    async login(email: string, password: string, address: string): Promise<string> {
      return session(await passwordChecked({ kind: 'staff', email, password, address }, 'accusation_acceptor'));
    },

    /** Any active staff user (the one staff sign-in); the token carries the role. An admin gets the second step's challenge instead. */
    async staffLogin(email: string, password: string, address: string, language?: Language): Promise<SignInAnswer> {
      const staff = await passwordChecked({ kind: 'staff', email, password, address });
      if (staff.role !== 'admin') return { token: await session(staff, language) };
      const standing = await twoFactor.standing(staff.id);
      if (standing === 'sealed-away') throw new ApiError(403, 'twoFactorSealedAway');
      return { second_factor: standing === 'enrolled' ? 'code' : 'enrol', challenge: challenges.issue(staff.id) };
    },

    /** The secret an admin with none enrols with, shown this once. */
    async startEnrolment(challenge: string) {
      const staff = await challenged(challenge);
      if ((await twoFactor.standing(staff.id)) === 'sealed-away') throw new ApiError(403, 'twoFactorSealedAway');
      const enrolment = await twoFactor.startEnrolment(staff.id, staff.email);
      if (!enrolment) throw new ApiError(409, 'twoFactorEnrolled');
      return { secret: enrolment.secret, otpauth_uri: enrolment.uri, qr_svg: enrolment.qrSvg };
    },

    /**
     * The admin's code: a session when it is right (and an enrolment under way is confirmed).
     * Every code counts towards the account's cap; a right one gives its count back.
     */
    async verifyCode(challenge: string, code: string, language?: Language): Promise<string> {
      const staff = await challenged(challenge);
      const key = `two-factor:${staff.id}`;
      const refusal = await counters.take(key, codeLimit.max, codeLimit.windowMs);
      if (refusal) throw tooManyAttempts(refusal.retryAfterSeconds);
      const enrolling = (await twoFactor.standing(staff.id)) !== 'enrolled';
      const result = await twoFactor.check(staff.id, code.trim());
      if (result !== 'accepted') {
        await audit(staff, 'two_factor_failed', { reason: result });
        throw new ApiError(401, result === 'replayed' ? 'twoFactorCodeUsed' : 'twoFactorCodeWrong');
      }
      await counters.giveBack(key);
      if (enrolling) await audit(staff, 'enrol_two_factor');
      return session(staff, language);
    },

    async logout(claims: SessionClaims) {
      await sessions.revoke(claims);
      await store.audit({ actorId: claims.id, actorRole: claims.role, action: 'sign_out', subjectType: 'staff', subjectId: claims.id, at: new Date(clock()) });
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
