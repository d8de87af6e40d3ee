import type { Queryable } from '../../server/db/database.ts';
import type { StaffRow } from '../../server/staff/store.ts';

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
