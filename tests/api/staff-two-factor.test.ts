import { randomUUID } from 'node:crypto';
import { jsonCalls } from '../helpers/json-calls.ts';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/seed/logins.ts';
import { codeAt } from '../../server/staff/two-factor.ts';
import { resetSecondFactor } from '../../server/staff/two-factor-reset.ts';
import type { StaffRole } from '../../server/auth/tokens.ts';
import { nextTuesdayAt } from '../helpers/clock.ts';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addStaff } from '../helpers/staff-fixture.ts';

const databases = await testDatabases();
const PASSWORD = 'Staff-12345';
const STEP = 30_000;

/**
 * An admin's two-step log-in (ASVS 4.3.1): a right password answers a challenge, never a
 * session; an admin with no second factor enrols first; codes follow the app's clock, one
 * step either side, each step once; wrong codes are counted per account. Other roles sign
 * in as before. Every sign-in, failure and sign-out is in the audit log, by ids only.
 */
describe.each(databases)('staff two-step log-in on $name', (database) => {
  let server: TestServer;
  // A step's middle: one step back or ahead is still the same day, and "Date.now()" is days away.
  let now = nextTuesdayAt('09:00') + 10_000;

  const { post, get } = jsonCalls(() => server.url);
  const login = (email: string, password = PASSWORD) => post('/staff_api/login', { email, password });
  const enrol = (challenge: string) => post('/staff_api/login/two_factor/enrolment', { challenge });
  const verify = (challenge: string, code: string) => post('/staff_api/login/two_factor', { challenge, code });
  const adminCall = (token: string) => get('/staff_api/admin/staff', token);
  const auditOf = (staffId: string) =>
    server.db.query<Json>('SELECT action, actor_id, actor_role, subject_type, before, after FROM audit_entry WHERE subject_id = $1 ORDER BY id', [staffId]);

  async function staff(role: StaffRole): Promise<{ id: string; email: string }> {
    const email = `${role}-${randomUUID()}@two-factor.test`;
    const id = await addStaff(server.db,
      { email, password_hash: await hash(PASSWORD), firstname: 'Meron', middlename: '', lastname: 'Tadesse', role },
      new Date(now - 60_000),
    );
    return { id, email };
  }
  /** The password step of an admin: the challenge, and which second step it asks for. */
  async function challengeOf(email: string, expected: 'enrol' | 'code'): Promise<string> {
    const answer: Json = await expectOk(await login(email));
    expect(answer).toEqual({ second_factor: expected, challenge: expect.any(String) });
    return answer.challenge;
  }
  /** An admin enrolled through the API, as at their first sign-in: their secret, and the step its first code took. */
  async function enrolled(email: string): Promise<string> {
    const { secret } = await expectOk(await enrol(await challengeOf(email, 'enrol')));
    now += STEP;
    await expectOk(await verify(await challengeOf(email, 'enrol'), codeAt(secret, now)));
    return secret;
  }

  beforeAll(async () => {
    server = await startTestServer(database, { clock: () => now });
  });
  afterAll(() => server?.close());

  it('leads an admin with no second factor to enrol: the secret shown once, confirmed by a code, before any admin call works', async () => {
    const admin = await staff('admin');
    const challenge = await challengeOf(admin.email, 'enrol');
    // The challenge is no session: refused as a bearer token on any call.
    await expectError(await adminCall(challenge), 401, 'sessionInvalid');
    await expectError(await post('/staff_api/logout', undefined, challenge), 401, 'sessionInvalid');

    const enrolment: Json = await expectOk(await enrol(challenge));
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauth_uri).toBe(
      `otpauth://totp/Housing%20Customer%20Portal:${encodeURIComponent(admin.email)}?issuer=Housing%20Customer%20Portal&secret=${enrolment.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(enrolment.qr_svg).toMatch(/^<svg[^>]*>.*<\/svg>$/s);
    // The page reloaded before the first code: the same secret, still matching the phone.
    expect((await expectOk(await enrol(challenge))).secret).toBe(enrolment.secret);

    await expectError(await verify(challenge, codeAt(enrolment.secret, now + 5 * STEP)), 401, 'twoFactorCodeWrong');
    const { token } = await expectOk(await verify(challenge, codeAt(enrolment.secret, now)));
    await expectOk(await adminCall(token));

    // Enrolled: the next sign-in asks for the code, and the secret is never given again.
    const next = await challengeOf(admin.email, 'code');
    await expectError(await enrol(next), 409, 'twoFactorEnrolled');
    const stored = await server.db.query<{ sealed_secret: string }>('SELECT sealed_secret FROM staff_two_factor WHERE staff_id = $1', [admin.id]);
    expect(stored[0].sealed_secret).not.toContain(enrolment.secret);
  });

  it("takes the code of the app's clock, one step either side, each step once", async () => {
    const admin = await staff('admin');
    const secret = await enrolled(admin.email);

    now += STEP;
    // The wall clock is days away from the app's: its code is refused.
    await expectError(await verify(await challengeOf(admin.email, 'code'), codeAt(secret, Date.now())), 401, 'twoFactorCodeWrong');
    await expectError(await verify(await challengeOf(admin.email, 'code'), codeAt(secret, now + 2 * STEP)), 401, 'twoFactorCodeWrong');
    await expectError(await verify(await challengeOf(admin.email, 'code'), '12345'), 401, 'twoFactorCodeWrong');
    const code = codeAt(secret, now);
    const { token } = await expectOk(await verify(await challengeOf(admin.email, 'code'), code));
    await expectOk(await adminCall(token));
    // The same code again, with a new challenge: a replay.
    await expectError(await verify(await challengeOf(admin.email, 'code'), code), 401, 'twoFactorCodeUsed');
    // The phone a step behind, after a later step was taken: refused too.
    await expectError(await verify(await challengeOf(admin.email, 'code'), codeAt(secret, now - STEP)), 401, 'twoFactorCodeUsed');
    // The phone a step ahead: taken.
    await expectOk(await verify(await challengeOf(admin.email, 'code'), codeAt(secret, now + STEP)));
  });

  it('refuses a challenge past its five minutes, one of another key, and a session token in its place', async () => {
    const admin = await staff('admin');
    const secret = await enrolled(admin.email);
    const challenge = await challengeOf(admin.email, 'code');
    now += 5 * 60_000 + 1000;
    await expectError(await verify(challenge, codeAt(secret, now)), 401, 'twoFactorChallengeInvalid');
    const officer = await staff('officer');
    const { token } = await expectOk(await login(officer.email));
    await expectError(await verify(token, codeAt(secret, now)), 401, 'twoFactorChallengeInvalid');
    await expectError(await enrol(token), 401, 'twoFactorChallengeInvalid');
  });

  it('counts wrong codes per account with the guess limit, a right code refused too once it is reached', async () => {
    const admin = await staff('admin');
    const secret = await enrolled(admin.email);
    now += STEP;
    const challenge = await challengeOf(admin.email, 'code');
    for (let attempt = 1; attempt < server.config.guessLimit.max; attempt++) {
      await expectError(await verify(challenge, '000000'), 401, 'twoFactorCodeWrong');
    }
    // The cap's last attempt, then the account's codes are refused whatever they are.
    await expectError(await verify(challenge, codeAt(secret, now + 5 * STEP)), 401, 'twoFactorCodeWrong');
    const refused = await verify(await challengeOf(admin.email, 'code'), codeAt(secret, now));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses an admin whose second factor a rotated TOKEN_SECRET cannot open, until an operator resets it', async () => {
    const admin = await staff('admin');
    await enrolled(admin.email);
    const rotated = await startTestServer(database, { sameDatabaseAs: server, clock: () => now, tokenSecret: 'a-rotated-token-secret-of-32-characters-or-more' });
    try {
      const login = await fetch(`${rotated.url}/staff_api/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: PASSWORD }),
      });
      // The password alone must not let whoever holds it enrol a phone of their own.
      await expectError(login, 403, 'twoFactorSealedAway');
      const [row] = await rotated.db.query<Json>('SELECT confirmed_at FROM staff_two_factor WHERE staff_id = $1', [admin.id]);
      expect(row.confirmed_at).not.toBeNull();

      // `npm run staff -- --email … --reset-two-factor` (tests/api/staff-cli.test.ts runs the command itself).
      await resetSecondFactor(rotated.db, admin.email, 'command_line', new Date(now));
      const again: Json = await expectOk(await fetch(`${rotated.url}/staff_api/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: PASSWORD }),
      }));
      expect(again.second_factor).toBe('enrol');
      expect((await auditOf(admin.id)).filter((entry) => entry.action === 'reset_two_factor')).toEqual([
        { action: 'reset_two_factor', actor_id: null, actor_role: 'command_line', subject_type: 'staff', before: null, after: null },
      ]);
    } finally {
      await rotated.close();
    }
  });

  it('signs other roles in with the password alone, as before', async () => {
    for (const role of ['officer', 'manager', 'accusation_acceptor', 'archivist'] as const) {
      const { email } = await staff(role);
      const answer: Json = await expectOk(await login(email));
      expect(Object.keys(answer)).toEqual(['token']);
    }
  });

  it("enrols the demo admin with the README's published secret", async () => {
    const { email, password, totpSecret } = DEMO_LOGINS.staff.admin;
    const answer: Json = await expectOk(await login(email, password));
    expect(answer.second_factor).toBe('code');
    now += STEP;
    await expectOk(await adminCall((await expectOk(await verify(answer.challenge, codeAt(totpSecret, now)))).token));
  });

  it('audits sign-ins, failed sign-ins of staff accounts, wrong codes, enrolment and sign-outs, by ids only', async () => {
    const officer = await staff('officer');
    await expectError(await login(officer.email, 'Wrong-Password-1'), 401, 'loginFailed');
    const { token } = await expectOk(await login(officer.email));
    await expectOk(await post('/staff_api/logout', undefined, token));
    // An e-mail of no staff account leaves no entry (nobody to name, and the typed e-mail is not kept).
    const before = (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entry'))[0].n;
    await expectError(await login(`nobody-${randomUUID()}@two-factor.test`), 401, 'loginFailed');
    expect((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entry'))[0].n).toBe(before);
    expect((await auditOf(officer.id)).map((entry) => [entry.action, entry.actor_id, entry.actor_role, entry.subject_type])).toEqual([
      ['sign_in_failed', officer.id, 'officer', 'staff'],
      ['sign_in', officer.id, 'officer', 'staff'],
      ['sign_out', officer.id, 'officer', 'staff'],
    ]);

    const admin = await staff('admin');
    const secret = await enrolled(admin.email);
    now += STEP;
    await expectError(await verify(await challengeOf(admin.email, 'code'), '000000'), 401, 'twoFactorCodeWrong');
    await expectOk(await verify(await challengeOf(admin.email, 'code'), codeAt(secret, now)));
    await expectError(await verify(await challengeOf(admin.email, 'code'), codeAt(secret, now)), 401, 'twoFactorCodeUsed');
    const entries = await auditOf(admin.id);
    expect(entries.map((entry) => [entry.action, entry.after])).toEqual([
      ['enrol_two_factor', null],
      ['sign_in', null],
      ['two_factor_failed', { reason: 'wrong' }],
      ['sign_in', null],
      ['two_factor_failed', { reason: 'replayed' }],
    ]);
    // No e-mail, password, secret or code is ever copied into the log.
    const everything = JSON.stringify(await server.db.query('SELECT * FROM audit_entry WHERE subject_id IN ($1, $2)', [officer.id, admin.id]));
    for (const secretText of [officer.email, admin.email, PASSWORD, 'Wrong-Password-1', secret]) expect(everything).not.toContain(secretText);
  });
});
