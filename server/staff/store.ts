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

    /** When they last signed in, for the admin's list, and the language they signed in in (their alerts' e-mails are written in it). */
    async recordSignIn(id: string, at: Date, language: string | undefined) {
      await db.query('UPDATE staff_user SET last_sign_in_at = $2, language = COALESCE($3, language) WHERE id = $1', [id, at, language ?? null]);
    },
  };
}
export type StaffStore = ReturnType<typeof createStaffStore>;
