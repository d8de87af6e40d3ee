import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../server/db/database.ts';
import type { StaffRow } from '../../server/staff/store.ts';
import { loadTokenSecret } from '../../server/auth/secret.ts';
import { createTokenSigner, type StaffRole } from '../../server/auth/tokens.ts';

type StaffFixture = Omit<StaffRow, 'id' | 'status' | 'directorate_id' | 'team_id'> & Partial<Pick<StaffRow, 'directorate_id' | 'team_id'>>;

/**
 * A staff user put straight into the database, as tests need many with known passwords
 * (the portal itself adds them through the admin's screen or `npm run staff`). The same
 * e-mail again updates that person, active again, and ends their sessions as of `now`.
 */
export async function addStaff(db: Queryable, { directorate_id = null, team_id = null, ...staff }: StaffFixture, now = new Date()): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO staff_user (firstname, middlename, lastname, email, password_hash, role, directorate_id, team_id)
     VALUES ($1, $2, $3, $4, $5, $6, $8, $9)
     ON CONFLICT ((lower(email))) DO UPDATE
       SET firstname = EXCLUDED.firstname, middlename = EXCLUDED.middlename, lastname = EXCLUDED.lastname,
           password_hash = EXCLUDED.password_hash, role = EXCLUDED.role, status = 'active',
           directorate_id = EXCLUDED.directorate_id, team_id = EXCLUDED.team_id,
           sessions_valid_after = $7
     RETURNING id`,
    [staff.firstname, staff.middlename, staff.lastname, staff.email, staff.password_hash, staff.role, now, directorate_id, team_id],
  );
  return row.id;
}

/** A staff user of a test, with a session: who they are, and the name their moves are shown under. */
export interface SignedStaff {
  id: string;
  token: string;
  /** Their full name, as staff screens show it (first, last: the fixture gives no middle name). */
  name: string;
}

/**
 * A new staff user with a session token signed as the server signs one: for tests of what staff
 * may do, not of signing in (an admin's sign-in asks for a second factor). Each gets a last name
 * of its own, so an answer can be searched for it.
 */
export async function signedStaff(
  server: { db: Database; config: { tokenSecret: string } },
  role: StaffRole,
  directorateId: string | null,
  firstname = 'Almaz',
): Promise<SignedStaff> {
  const lastname = `Staff${randomUUID().slice(0, 8)}`;
  const id = await addStaff(server.db, {
    email: `${role}-${randomUUID()}@portal.test`, password_hash: null, firstname, middlename: '', lastname, role, directorate_id: directorateId,
  }, new Date(Date.now() - 1000));
  const signer = createTokenSigner(await loadTokenSecret(server.db, server.config.tokenSecret));
  return { id, token: signer.sign(id, role, 3600).token, name: `${firstname} ${lastname}` };
}
