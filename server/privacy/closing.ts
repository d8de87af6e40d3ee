import { verify } from '@node-rs/argon2';
import { recordAudit } from '../audit/audit-log.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../errors/api-error.ts';
import type { FileStorage } from '../files/storage.ts';
import { anonymiseAccount, CLOSED_CASE_STATUSES } from './anonymise.ts';

interface Dependencies {
  db: Database;
  sessions: Sessions;
  storage: FileStorage;
  clock: () => number;
}

/** How many of the customer's cases are still open (case_owner shows an archived case as its verdict). */
async function openCases(db: Queryable, customerId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM customer_case WHERE customer_id = $1 AND status <> ALL($2::text[])`,
    [customerId, CLOSED_CASE_STATUSES],
  );
  return Number(row.n);
}

/** Issue 28: a customer closes their account; their personal data is erased at once. */
export function createAccountClosing({ db, sessions, storage, clock }: Dependencies) {
  return {
    async close(session: SessionClaims, password: string): Promise<void> {
      const [account] = await db.query<{ password_hash: string }>(
        `SELECT password_hash FROM customer_user WHERE id = $1 AND closed_at IS NULL`,
        [session.id],
      );
      const matches = Boolean(account?.password_hash) && (await verify(account.password_hash, password).catch(() => false));
      if (!matches) throw new ApiError(400, 'closePasswordWrong');
      // Checked again under the account's lock: a case filed meanwhile holds a key lock on the account's row.
      if (await openCases(db, session.id)) throw new ApiError(409, 'closeOpenCases');
      const at = new Date(clock());
      const closed = await db.transaction(async (tx) => {
        const [locked] = await tx.query('SELECT 1 FROM customer_user WHERE id = $1 FOR UPDATE', [session.id]);
        if (!locked) return undefined;
        if (await openCases(tx, session.id)) throw new ApiError(409, 'closeOpenCases');
        const erased = await anonymiseAccount(tx, session.id, at);
        // Who and what only: the account's id, which now stands for the pseudonym.
        if (erased) await recordAudit(tx, { actorId: null, actorRole: 'customer', action: 'close_account', subjectType: 'account', subjectId: session.id, at });
        return erased;
      });
      if (!closed) throw new ApiError(400, 'closePasswordWrong');
      await storage.remove('customer-images', closed.picture);
      await sessions.revoke(session);
    },
  };
}
export type AccountClosing = ReturnType<typeof createAccountClosing>;
