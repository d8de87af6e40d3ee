import { DEMO_LOGINS } from '../../server/seed/logins.ts';
import { codeAt, stepAt } from '../../server/staff/two-factor.ts';

export interface StaffLogin {
  email: string;
  password: string;
}

/** The admin's phone, for tests: the TOTP secrets known, by server and e-mail (the demo admin's on every server). */
const secrets = new Map<string, string>();
/** The last 30-second step each admin's code was given for: the server takes each step once. */
const takenSteps = new Map<string, number>();
/** Each admin's last session: for a test that signs the same admin in more often than the steps allow. */
const sessions = new Map<string, string>();

const keyOf = (baseURL: string, email: string) => `${new URL(baseURL).origin} ${email.toLowerCase()}`;

async function post(baseURL: string, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL(path, baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

function tokenOf(answer: { status: number; body: Record<string, unknown> }, what: string): string {
  if (answer.status !== 200 || typeof answer.body.token !== 'string') throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

/** Whether an admin's earlier session still holds (an admin-only read). */
async function stillSignedIn(baseURL: string, token: string): Promise<boolean> {
  const response = await fetch(new URL('/staff_api/admin/staff', baseURL), { headers: { authorization: `Bearer ${token}` } });
  await response.body?.cancel();
  return response.status === 200;
}

/**
 * A staff session token from the API's own sign-in, as the log-in page gets it. An admin's
 * second step is done as the admin would: enrolling at the first sign-in (the secret is
 * kept for later ones), then the code of the moment by the server's clock (`clock`, the
 * test's when the server has one). A step is given once; when the current and the next
 * are both taken (a test signing one admin in three times within 30 s), the admin's last
 * session is given again while it holds.
 */
export async function staffSignIn(baseURL: string, { email, password }: StaffLogin, { clock = Date.now }: { clock?: () => number } = {}): Promise<string> {
  const key = keyOf(baseURL, email);
  const answer = await post(baseURL, '/staff_api/login', { email, password });
  const { second_factor: step, challenge } = answer.body;
  if (answer.status !== 200 || typeof challenge !== 'string') return tokenOf(answer, `The staff log-in of ${email}`);

  if (step === 'enrol') {
    const enrolment = await post(baseURL, '/staff_api/login/two_factor/enrolment', { challenge });
    if (enrolment.status !== 200) throw new Error(`The enrolment of ${email} answered ${enrolment.status}: ${JSON.stringify(enrolment.body)}`);
    secrets.set(key, String(enrolment.body.secret));
  }
  const secret = secrets.get(key) ?? (email.toLowerCase() === DEMO_LOGINS.staff.admin.email ? DEMO_LOGINS.staff.admin.totpSecret : undefined);
  if (!secret) throw new Error(`${email} is enrolled for two-step log-in by someone else: the tests do not know the secret`);

  const now = stepAt(clock());
  const taken = takenSteps.get(key);
  const given = taken === undefined || taken < now ? now : taken + 1;
  if (given > now + 1) {
    const last = sessions.get(key);
    if (last && (await stillSignedIn(baseURL, last))) return last;
    throw new Error(`${email} was signed in twice in this 30-second step and has no live session: move the test's clock`);
  }
  takenSteps.set(key, given);
  const token = tokenOf(await post(baseURL, '/staff_api/login/two_factor', { challenge, code: codeAt(secret, given * 30_000) }), `The code of ${email}`);
  sessions.set(key, token);
  return token;
}

/** The secret a helper enrolled an admin with (a test computing codes of its own). */
export const knownSecret = (baseURL: string, email: string) => secrets.get(keyOf(baseURL, email));
