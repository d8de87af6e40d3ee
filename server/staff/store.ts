import { recordAudit, type AuditEntry } from '../audit/audit-log.ts';
import type { Queryable } from '../db/database.ts';
import type { StaffRole } from '../auth/tokens.ts';

export interface StaffRow {
  id: string;
  firstname: string;
  middlename: string;
  lastname: string;
  email: string;
  // NULL: no password set yet, so no login (the demo officers).
  password_hash: string | null;
  role: StaffRole;
  status: 'active' | 'inactive';
  /** An officer's or a manager's directorate (their queue); null for the other roles. */
  directorate_id: string | null;
  team_id: string | null;
}

const STAFF_COLUMNS = 'id, firstname, middlename, lastname, email, password_hash, role, status, directorate_id, team_id';

export function createStaffStore(db: Queryable) {
  return {
    async staffByEmail(email: string): Promise<StaffRow | undefined> {
      const rows = await db.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff_user WHERE lower(email) = lower($1)`, [email]);
      return rows[0];
    },

    async staffById(id: string): Promise<StaffRow | undefined> {
      const rows = await db.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff_user WHERE id = $1`, [id]);
      return rows[0];
    },

    /** A sign-in's, a sign-out's or a second factor's entry in the audit log. */
    audit: (entry: AuditEntry) => recordAudit(db, entry),

    /** When they last signed in, for the admin's list. */
    async recordSignIn(id: string, at: Date) {
      await db.query('UPDATE staff_user SET last_sign_in_at = $2 WHERE id = $1', [id, at]);
    },

    /**
     * Adds a staff user, or updates the password, names and role of an existing one and
     * ends every session they had: a reset password must lock out whoever knew the old one.
     */
    async upsertStaff(
      { directorate_id = null, team_id = null, ...staff }: Omit<StaffRow, 'id' | 'status' | 'directorate_id' | 'team_id'> & Partial<Pick<StaffRow, 'directorate_id' | 'team_id'>>,
      now = new Date(),
    ): Promise<string> {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO staff_user (firstname, middlename, lastname, email, password_hash, role, directorate_id, team_id)
         VALUES ($1, $2, $3, $4, $5, $6, $8, $9)
         ON CONFLICT ((lower(email))) DO UPDATE
           SET firstname = EXCLUDED.firstname, middlename = EXCLUDED.middlename, lastname = EXCLUDED.lastname,
               password_hash = EXCLUDED.password_hash, role = EXCLUDED.role, status = 'active',
               directorate_id = EXCLUDED.directorate_id, team_id = EXCLUDED.team_id,
               sessions_valid_after = $7
         RETURNING id`,
        // The clock tokens are stamped with (this process's), so "before the reset" is exact.
        [staff.firstname, staff.middlename, staff.lastname, staff.email, staff.password_hash, staff.role, now, directorate_id, team_id],
      );
      return row.id;
    },
  };
}
export type StaffStore = ReturnType<typeof createStaffStore>;
