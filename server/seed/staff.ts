import { hash } from '@node-rs/argon2';
import type { Queryable } from '../db/database.ts';
import { DEMO_LOGINS, type DemoStaffKey } from './logins.ts';
import { DEMO_PASSWORD_HASHES } from './password-hashes.ts';
import { sealSecret } from '../staff/two-factor.ts';

/**
 * Each demo password's hash: the one made in advance (password-hashes.ts), else made once
 * per process, as a hash costs tens of milliseconds of CPU and the tests seed a hundred databases.
 */
const hashes = new Map(Object.entries(DEMO_PASSWORD_HASHES).map(([password, hashed]) => [password, Promise.resolve(hashed)]));

export function demoPasswordHash(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hash(password);
    hashes.set(password, hashed);
    hashed.catch(() => hashes.delete(password));
  }
  return hashed;
}

/** Hashes every demo password at once (on the thread pool), before the seed's transaction waits on any. */
export function hashDemoPasswords(): Promise<string[]> {
  const logins = [...Object.values(DEMO_LOGINS.customers), ...Object.values(DEMO_LOGINS.staff)];
  return Promise.all(logins.map(({ password }) => demoPasswordHash(password)));
}

/**
 * The demo staff, each with a password: the ethics user, an officer and a manager in each
 * directorate the demo cases are in, an archivist and an admin (enrolled for two-step
 * log-in when the seed is given the key that seals it). Someone `npm run staff`
 * made under a demo e-mail before the first start keeps their password and role.
 * Answers every demo staff user's id.
 */
export async function seedStaff(tx: Queryable, twoFactorKey?: Buffer): Promise<Record<DemoStaffKey, string>> {
  const directorates = new Map(
    (await tx.query<{ id: string; name_en: string }>('SELECT id, name_en FROM directorate')).map((row) => [row.name_en, row.id]),
  );
  const ids = {} as Record<DemoStaffKey, string>;
  for (const [key, staff] of Object.entries(DEMO_LOGINS.staff) as [DemoStaffKey, (typeof DEMO_LOGINS.staff)[DemoStaffKey]][]) {
    const directorate = 'directorate' in staff ? directorates.get(staff.directorate)! : null;
    const [inserted] = await tx.query<{ id: string }>(
      `INSERT INTO staff_user (firstname, middlename, lastname, email, password_hash, role, directorate_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [staff.firstname, staff.middlename, staff.lastname, staff.email, await demoPasswordHash(staff.password), staff.role, directorate],
    );
    // The demo admin's published second factor, enrolled: sealed as the app seals (server/staff/two-factor.ts).
    if (inserted && 'totpSecret' in staff && twoFactorKey) {
      await tx.query(
        'INSERT INTO staff_two_factor (staff_id, sealed_secret, confirmed_at) VALUES ($1, $2, now())',
        [inserted.id, sealSecret(twoFactorKey, staff.totpSecret)],
      );
    }
    ids[key] = inserted?.id
      ?? (await tx.query<{ id: string }>('SELECT id FROM staff_user WHERE lower(email) = lower($1)', [staff.email]))[0].id;
  }
  return ids;
}
