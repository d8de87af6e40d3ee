import type { Database, Queryable } from '../db/database.ts';
import type { StaffRole } from '../auth/tokens.ts';

/** A staff user as the admin reads and edits them. */
export interface StaffRecord {
  id: string;
  email: string;
  firstname: string;
  middlename: string;
  lastname: string;
  role: StaffRole;
  status: 'active' | 'inactive';
  directorate_id: string | null;
  team_id: string | null;
  password_set: boolean;
  last_sign_in_at: Date | null;
}

/** The fields an admin sets. */
export type StaffFields = Omit<StaffRecord, 'id' | 'password_set' | 'last_sign_in_at'>;

const COLUMNS = `id, email, firstname, middlename, lastname, role, status, directorate_id, team_id,
  password_hash IS NOT NULL AS password_set, last_sign_in_at`;

/** The SQL of staff administration; each write runs in the caller's transaction. */
export function createStaffAdminStore(db: Database) {
  /** A new password; whoever knew an older one is signed out (`now`: the app's clock, the one tokens are stamped with). */
  async function setPassword(tx: Queryable, staffId: string, passwordHash: string, now: Date) {
    await tx.query('UPDATE staff_user SET password_hash = $2, sessions_valid_after = $3 WHERE id = $1', [staffId, passwordHash, now]);
  }

  return {
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => db.transaction(work),

    list: () => db.query<StaffRecord>(`SELECT ${COLUMNS} FROM staff_user ORDER BY lower(lastname), lower(firstname), lower(email)`),

    async byId(tx: Queryable, id: string, forUpdate = false): Promise<StaffRecord | undefined> {
      return (await tx.query<StaffRecord>(`SELECT ${COLUMNS} FROM staff_user WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]))[0];
    },

    /** The staff user with this e-mail (any case), for the command line, which names people by e-mail. */
    async byEmail(tx: Queryable, email: string, forUpdate = false): Promise<StaffRecord | undefined> {
      return (await tx.query<StaffRecord>(`SELECT ${COLUMNS} FROM staff_user WHERE lower(email) = lower($1)${forUpdate ? ' FOR UPDATE' : ''}`, [email]))[0];
    },

    async emailTaken(tx: Queryable, email: string, exceptId: string | null): Promise<boolean> {
      const rows = await tx.query('SELECT 1 FROM staff_user WHERE lower(email) = lower($1) AND id IS DISTINCT FROM $2', [email, exceptId]);
      return rows.length > 0;
    },

    /** The active admins, locked until the transaction ends (the last-admin rule reads them). */
    async lockActiveAdmins(tx: Queryable): Promise<string[]> {
      const rows = await tx.query<{ id: string }>(`SELECT id FROM staff_user WHERE role = 'admin' AND status = 'active' ORDER BY id FOR UPDATE`);
      return rows.map((row) => row.id);
    },

    /** Whether a directorate is active, and whether a team is an active team of it. */
    async placement(tx: Queryable, directorateId: string, teamId: string | null) {
      const [row] = await tx.query<{ directorate: boolean; team: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM directorate_placement WHERE id = $1 AND status = 'active') AS directorate,
                EXISTS (SELECT 1 FROM team_placement WHERE id = $2 AND directorate_id = $1 AND status = 'active') AS team`,
        [directorateId, teamId],
      );
      return row;
    },

    async insert(tx: Queryable, fields: StaffFields): Promise<string> {
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO staff_user (email, firstname, middlename, lastname, role, status, directorate_id, team_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [fields.email, fields.firstname, fields.middlename, fields.lastname, fields.role, fields.status, fields.directorate_id, fields.team_id],
      );
      return row.id;
    },

    /** Saves the fields; `endSessions` makes every token issued before `now` invalid (deactivation, a new role). */
    async update(tx: Queryable, id: string, fields: StaffFields, endSessions: boolean, now: Date) {
      await tx.query(
        `UPDATE staff_user SET email = $2, firstname = $3, middlename = $4, lastname = $5, role = $6, status = $7,
           directorate_id = $8, team_id = $9,
           sessions_valid_after = CASE WHEN $10::boolean THEN $11::timestamptz ELSE sessions_valid_after END
         WHERE id = $1`,
        [id, fields.email, fields.firstname, fields.middlename, fields.lastname, fields.role, fields.status, fields.directorate_id, fields.team_id, endSessions, now],
      );
    },

    /** A new set-password link; the person's older unused links stop working. */
    async insertPasswordLink(tx: Queryable, staffId: string, tokenHash: string, ttlSeconds: number) {
      await tx.query('DELETE FROM staff_password_link WHERE staff_id = $1 AND used_at IS NULL', [staffId]);
      await tx.query(
        `INSERT INTO staff_password_link (token_hash, staff_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
        [tokenHash, staffId, ttlSeconds],
      );
    },

    /** The e-mail of the active staff user whose live link this is, so the new password can be held against it. */
    async linkOwner(staffId: string, tokenHash: string): Promise<string | undefined> {
      const rows = await db.query<{ email: string }>(
        `SELECT s.email FROM staff_password_link l JOIN staff_user s ON s.id = l.staff_id
         WHERE l.token_hash = $1 AND l.staff_id = $2 AND s.status = 'active' AND l.used_at IS NULL AND l.expires_at > now()`,
        [tokenHash, staffId],
      );
      return rows[0]?.email;
    },

    /** Uses a live link of an active staff user and sets the password; false when the link is not live. */
    async usePasswordLink(tx: Queryable, staffId: string, tokenHash: string, passwordHash: string, now: Date): Promise<boolean> {
      const used = await tx.query(
        `UPDATE staff_password_link l SET used_at = now()
         FROM staff_user s
         WHERE l.token_hash = $1 AND l.staff_id = $2 AND s.id = l.staff_id AND s.status = 'active'
           AND l.used_at IS NULL AND l.expires_at > now()
         RETURNING l.token_hash`,
        [tokenHash, staffId],
      );
      if (used.length === 0) return false;
      await setPassword(tx, staffId, passwordHash, now);
      return true;
    },

    setPassword,
  };
}
export type StaffAdminStore = ReturnType<typeof createStaffAdminStore>;
