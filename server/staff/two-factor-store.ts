import type { Queryable } from '../db/database.ts';

export interface TwoFactorRow {
  sealed_secret: string;
  confirmed_at: Date | null;
}

/** The staff_two_factor rows (migration 019): one sealed TOTP secret per admin. */
export function createTwoFactorStore(db: Queryable) {
  return {
    async byStaff(staffId: string): Promise<TwoFactorRow | undefined> {
      const rows = await db.query<TwoFactorRow>('SELECT sealed_secret, confirmed_at FROM staff_two_factor WHERE staff_id = $1', [staffId]);
      return rows[0];
    },

    /** A new secret to enrol with; replaces one left unreadable by a new key, never a confirmed readable one (the caller checks). */
    async saveUnconfirmed(staffId: string, sealedSecret: string) {
      await db.query(
        `INSERT INTO staff_two_factor (staff_id, sealed_secret) VALUES ($1, $2)
         ON CONFLICT (staff_id) DO UPDATE SET sealed_secret = EXCLUDED.sealed_secret, confirmed_at = NULL, last_used_step = NULL`,
        [staffId, sealedSecret],
      );
    },

    /**
     * Takes a code's step, in one statement so two requests with the same code cannot both
     * pass: false when a step as late was taken already. The first step taken confirms an
     * enrolment under way.
     */
    async takeStep(staffId: string, step: number, at: Date): Promise<boolean> {
      const taken = await db.query(
        `UPDATE staff_two_factor SET last_used_step = $2, confirmed_at = COALESCE(confirmed_at, $3)
         WHERE staff_id = $1 AND (last_used_step IS NULL OR last_used_step < $2)
         RETURNING staff_id`,
        [staffId, step, at],
      );
      return taken.length > 0;
    },

    async remove(staffId: string) {
      await db.query('DELETE FROM staff_two_factor WHERE staff_id = $1', [staffId]);
    },
  };
}
export type TwoFactorStore = ReturnType<typeof createTwoFactorStore>;
