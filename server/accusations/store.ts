import type { AlsoInTransaction, Database, Queryable } from '../db/database.ts';
import { nextReference } from '../numbering/year-sequence.ts';

export interface NewAccusation {
  name: string;
  phone: string;
  subject: string;
  description: string;
  accused_organizational_part: string;
  attachment: string | null;
  /** What its Idempotency-Key was sent with (requestFingerprint); null without a key. */
  idempotencyFingerprint: string | null;
}

/** The first filing under an Idempotency-Key: its reference and what it was sent with. */
export interface FirstFiling {
  reference: string;
  fingerprint: string | null;
}

const FIRST_FILING = 'SELECT reference, idempotency_fingerprint AS fingerprint FROM accusation WHERE idempotency_key = $1';

/** Work another feature does in a filing's transaction: the ethics users' alerts (server/staff/alerts-service.ts). */
export type AfterFiling = (tx: Queryable, accusation: { id: string; reference: string; at: Date }) => Promise<void>;

export function createAccusationStore(db: Database, afterFiling?: AfterFiling) {
  return {
    /**
     * Stores an accusation under the next reference of the year, in one transaction with
     * `claimAttachment`; a repeated Idempotency-Key answers the first filing's reference
     * and stores nothing.
     */
    insert(accusation: NewAccusation, prefix: string, idempotencyKey: string | null, claimAttachment: AlsoInTransaction) {
      return db.transaction(async (tx): Promise<{ reference: string; repeated: boolean; fingerprint?: string | null }> => {
        if (idempotencyKey) {
          const [first] = await tx.query<FirstFiling>(FIRST_FILING, [idempotencyKey]);
          if (first) return { ...first, repeated: true };
        }
        const reference = await nextReference(tx, 'accusationReference', prefix, new Date());
        const [filed] = await tx.query<{ id: string; created_at: Date }>(
          `INSERT INTO accusation (reference, name, phone, subject, description, accused_organizational_part, attachment, idempotency_key,
             idempotency_fingerprint)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, created_at`,
          [reference, accusation.name, accusation.phone, accusation.subject, accusation.description,
            accusation.accused_organizational_part, accusation.attachment, idempotencyKey, accusation.idempotencyFingerprint],
        );
        await claimAttachment(tx);
        await afterFiling?.(tx, { id: filed.id, reference, at: filed.created_at });
        return { reference, repeated: false };
      });
    },

    /** The first filing for a key, once a concurrent repeat lost the race. */
    async firstFiling(idempotencyKey: string): Promise<FirstFiling | undefined> {
      return (await db.query<FirstFiling>(FIRST_FILING, [idempotencyKey]))[0];
    },

    async hasAttachment(file: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM accusation WHERE attachment = $1', [file])).length > 0;
    },
  };
}
export type AccusationStore = ReturnType<typeof createAccusationStore>;
