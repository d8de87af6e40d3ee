import type { AlsoInTransaction, Database } from '../db/database.ts';
import { containing, iso } from '../db/sql.ts';
import { nextReference } from '../numbering/year-sequence.ts';
import type { ReviewedAccusation, ReviewQueueQuery } from '../contract/accusations.ts';

export const ACCUSATIONS_PER_PAGE = 10;

/** An ethics user as an accusation names them (assignee, author of an action), or NULL. */
export const ethicsUser = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('_id', ${alias}.id, 'firstname', ${alias}.firstname,
     'middlename', ${alias}.middlename, 'lastname', ${alias}.lastname) END`;

/** An accusation as filed, where it stands and who has it; `FROM` joins the assignee's name. */
const COLUMNS = `a.id AS "_id", a.reference, a.name, a.phone, a.subject, a.description, a.accused_organizational_part, a.attachment,
  ${iso('a.created_at')} AS "createdAt", a.status, a.version, ${ethicsUser('s')} AS "assignedTo",
  ${iso('a.review_started_at')} AS "reviewStartedAt", ${iso('a.closed_at')} AS "closedAt"`;
const FROM = 'accusation a LEFT JOIN staff_name s ON s.id = a.assigned_to_id';

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

export function createAccusationStore(db: Database) {
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
        await tx.query(
          `INSERT INTO accusation (reference, name, phone, subject, description, accused_organizational_part, attachment, idempotency_key,
             idempotency_fingerprint)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [reference, accusation.name, accusation.phone, accusation.subject, accusation.description,
            accusation.accused_organizational_part, accusation.attachment, idempotencyKey, accusation.idempotencyFingerprint],
        );
        await claimAttachment(tx);
        return { reference, repeated: false };
      });
    },

    /** The first filing for a key, once a concurrent repeat lost the race. */
    async firstFiling(idempotencyKey: string): Promise<FirstFiling | undefined> {
      return (await db.query<FirstFiling>(FIRST_FILING, [idempotencyKey]))[0];
    },

    /** A page of accusations, newest first unless asked otherwise, filtered by state, name and phone. */
    async page({ page = 1, sort = -1, name, phone, status }: ReviewQueueQuery) {
      const filters: string[] = [];
      const params: unknown[] = [];
      const filter = (value: string | undefined, condition: (param: string) => string) => {
        if (!value) return;
        params.push(value);
        filters.push(condition(`$${params.length}`));
      };
      filter(name?.trim() && containing(name.trim()), (param) => `a.name ILIKE ${param}`);
      filter(phone?.trim() && containing(phone.trim()), (param) => `a.phone LIKE ${param}`);
      filter(status, (param) => `a.status = ${param}`);
      const where = filters.length ? `WHERE ${filters.join(' AND ')}` : '';
      const [{ total }] = await db.query<{ total: number }>(`SELECT count(*) AS total FROM accusation a ${where}`, params);
      const totalPages = Math.max(1, Math.ceil(total / ACCUSATIONS_PER_PAGE));
      const currentPage = Math.min(page, totalPages);
      const direction = sort === 1 ? 'ASC' : 'DESC';
      const accusations = await db.query<ReviewedAccusation>(
        `SELECT ${COLUMNS} FROM ${FROM} ${where}
         ORDER BY a.created_at ${direction}, a.reference ${direction}
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, ACCUSATIONS_PER_PAGE, (currentPage - 1) * ACCUSATIONS_PER_PAGE],
      );
      return { accusations, currentPage, totalPages, total };
    },

    async byId(id: string): Promise<ReviewedAccusation | undefined> {
      return (await db.query<ReviewedAccusation>(`SELECT ${COLUMNS} FROM ${FROM} WHERE a.id = $1`, [id]))[0];
    },

    async hasAttachment(file: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM accusation WHERE attachment = $1', [file])).length > 0;
    },
  };
}
export type AccusationStore = ReturnType<typeof createAccusationStore>;
