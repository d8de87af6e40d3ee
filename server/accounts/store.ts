import type { AlsoInTransaction, Database, Queryable } from '../db/database.ts';
import type { CustomerUser, Registration } from '../contract/accounts.ts';

export interface CustomerRow extends CustomerUser {
  password_hash: string;
  language: string;
  email_verified: boolean;
  phone_verified: boolean;
}

/** What a code proves: the mailbox it was mailed to, or the phone it was texted to (issue 26). */
export type Verifies = 'email' | 'phone';
const VERIFIED_AT: Record<Verifies, string> = { email: 'email_verified_at', phone: 'phone_verified_at' };

const CUSTOMER_COLUMNS = `id AS "_id", id, firstname, middlename, lastname, gender, email, phone,
  house_phone_number, subcity, woreda, house_number, picture, status`;
const ACCOUNT_COLUMNS = `${CUSTOMER_COLUMNS}, password_hash, language,
  email_verified_at IS NOT NULL AS email_verified, phone_verified_at IS NOT NULL AS phone_verified`;

export function createAccountStore(db: Database) {
  const one = async <T,>(sql: string, params: unknown[]) => (await db.query<T>(sql, params))[0];

  return {
    /**
     * Inserts a new customer, in one transaction with `claimPicture`; undefined when the
     * e-mail, or for an account without one the phone, is taken (the unique indexes decide,
     * race-free), and the picture is not claimed. An empty e-mail is stored as none.
     */
    insertCustomer(
      data: Omit<Registration, 'password'> & { passwordHash: string; picture: string | null; language: string },
      claimPicture: AlsoInTransaction,
    ) {
      return db.transaction(async (tx) => {
        const [created] = await tx.query<{ id: string }>(
          `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, house_phone_number,
             subcity, woreda, house_number, gender, picture, language)
           VALUES ($1, $2, $3, nullif($4, ''), $5, $6, $7, $8, $9, $10, $11, $12, $13)
           ON CONFLICT DO NOTHING
           RETURNING id`,
          [data.firstname, data.middlename, data.lastname, data.email, data.passwordHash, data.phone,
            data.house_phone_number, data.subcity, data.woreda, data.house_number, data.gender, data.picture, data.language],
        );
        if (created) await claimPicture(tx);
        return created;
      });
    },

    customerByEmail: (email: string) =>
      one<CustomerRow>(`SELECT ${ACCOUNT_COLUMNS} FROM customer_user WHERE lower(email) = lower($1)`, [email]),

    /** The account a number signs in: the one that verified it, or the phone account waiting for its code (migration 035). */
    customerByPhone: (phone: string) =>
      one<CustomerRow>(
        `SELECT ${ACCOUNT_COLUMNS} FROM customer_user WHERE phone = $1 AND (phone_verified_at IS NOT NULL OR email IS NULL)`,
        [phone],
      ),

    customerById: (id: string) =>
      one<CustomerUser>(`SELECT ${CUSTOMER_COLUMNS} FROM customer_user WHERE id = $1`, [id]),

    async replaceOtp(customerId: string, codeHash: string, ttlSeconds: number) {
      await db.query(
        `INSERT INTO customer_otp (customer_id, code_hash, expires_at)
         VALUES ($1, $2, now() + make_interval(secs => $3))
         ON CONFLICT (customer_id) DO UPDATE
           SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, attempts = 0, created_at = now()`,
        [customerId, codeHash, ttlSeconds],
      );
    },

    /**
     * Uses a one-time code: verifies what it was sent to and deletes the code when it matches,
     * counts a failed attempt otherwise and destroys the code at the cap. The code is
     * taken by one DELETE … RETURNING, so two guesses at once cannot both pass; with a right
     * code `alsoInTransaction` runs in the same transaction (a reset by code sets the password).
     */
    async consumeOtp(customerId: string, codeHash: string, maxAttempts: number, verifies: Verifies, alsoInTransaction?: AlsoInTransaction) {
      const used = await db.transaction(async (tx) => {
        const deleted = await tx.query(
          `DELETE FROM customer_otp WHERE customer_id = $1 AND code_hash = $2 AND expires_at > now() AND attempts < $3
           RETURNING customer_id`,
          [customerId, codeHash, maxAttempts],
        );
        if (deleted.length === 0) return false;
        const verifiedAt = VERIFIED_AT[verifies];
        await tx.query(`UPDATE customer_user SET ${verifiedAt} = coalesce(${verifiedAt}, now()) WHERE id = $1`, [customerId]);
        await alsoInTransaction?.(tx);
        return true;
      });
      if (used) return true;
      await db.query('UPDATE customer_otp SET attempts = attempts + 1 WHERE customer_id = $1', [customerId]);
      await db.query('DELETE FROM customer_otp WHERE customer_id = $1 AND (attempts >= $2 OR expires_at <= now())', [
        customerId,
        maxAttempts,
      ]);
      return false;
    },

    /** A new password, set in the caller's transaction (a reset by code); sessions from before it end. */
    async setPassword(tx: Queryable, customerId: string, passwordHash: string, now: Date) {
      await tx.query('UPDATE customer_user SET password_hash = $2, sessions_valid_after = $3 WHERE id = $1', [customerId, passwordHash, now]);
    },

    /** Undoes a registration whose code could not be sent, so the e-mail (or phone) can register again. */
    async deleteUnverifiedCustomer(customerId: string) {
      await db.query('DELETE FROM customer_user WHERE id = $1 AND email_verified_at IS NULL AND phone_verified_at IS NULL', [customerId]);
    },

    async insertReset(customerId: string, tokenHash: string, ttlSeconds: number) {
      await db.query(
        `INSERT INTO password_reset (token_hash, customer_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
        [tokenHash, customerId, ttlSeconds],
      );
    },

    /** Marks a reset token used and sets the new password, in one step; false when the token is not live. */
    /** The e-mail of the customer whose live reset link this is, so the new password can be held against it. */
    async resetOwner(customerId: string, tokenHash: string): Promise<string | undefined> {
      const row = await one<{ email: string }>(
        `SELECT c.email FROM password_reset r JOIN customer_user c ON c.id = r.customer_id
         WHERE r.token_hash = $1 AND r.customer_id = $2 AND r.used_at IS NULL AND r.expires_at > now()`,
        [tokenHash, customerId],
      );
      return row?.email;
    },

    /**
     * Uses the link and sets the password, in one transaction with `alsoInTransaction` (the
     * notice of the change); false, and nothing written, when the link is not live.
     */
    useReset(customerId: string, tokenHash: string, passwordHash: string, now: Date, alsoInTransaction: AlsoInTransaction): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx.query(
          `UPDATE password_reset SET used_at = now()
           WHERE token_hash = $1 AND customer_id = $2 AND used_at IS NULL AND expires_at > now()
           RETURNING token_hash`,
          [tokenHash, customerId],
        );
        if (used.length === 0) return false;
        // The link proves the mailbox too; sessions from before the reset end here.
        await tx.query(
          `UPDATE customer_user SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now()),
             sessions_valid_after = $3
           WHERE id = $1`,
          // The app's clock, the one tokens are stamped with, so "before the reset" is exact.
          [customerId, passwordHash, now],
        );
        await alsoInTransaction(tx);
        return true;
      });
    },
  };
}
export type AccountStore = ReturnType<typeof createAccountStore>;
