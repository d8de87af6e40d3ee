import type { Queryable } from '../db/database.ts';
import type { Role } from '../auth/tokens.ts';

export interface StaffRow {
  id: string;
  firstname: string;
  middlename: string;
  lastname: string;
  email: string;
  password_hash: string;
  role: Role | 'case_officer';
  status: 'active' | 'inactive';
}

export function createStaffStore(db: Queryable) {
  return {
    async staffByEmail(email: string): Promise<StaffRow | undefined> {
      const rows = await db.query<StaffRow>(
        `SELECT id, firstname, middlename, lastname, email, password_hash, role, status
         FROM staff_user WHERE lower(email) = lower($1)`,
        [email],
      );
      return rows[0];
    },

    /** Adds a staff user, or updates the password, names and role of an existing one. */
    async upsertStaff(staff: Omit<StaffRow, 'id' | 'status'>): Promise<string> {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO staff_user (firstname, middlename, lastname, email, password_hash, role)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ((lower(email))) DO UPDATE
           SET firstname = EXCLUDED.firstname, middlename = EXCLUDED.middlename, lastname = EXCLUDED.lastname,
               password_hash = EXCLUDED.password_hash, role = EXCLUDED.role, status = 'active'
         RETURNING id`,
        [staff.firstname, staff.middlename, staff.lastname, staff.email, staff.password_hash, staff.role],
      );
      return row.id;
    },
  };
}
export type StaffStore = ReturnType<typeof createStaffStore>;
