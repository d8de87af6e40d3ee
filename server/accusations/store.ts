import type { Database } from '../db/database.ts';
import { containing, iso } from '../db/sql.ts';
import type { Accusation, AccusationListQuery } from '../contract/accusations.ts';

export const ACCUSATIONS_PER_PAGE = 10;

const COLUMNS = `id AS "_id", reference, name, phone, subject, description, accused_organizational_part, attachment,
  ${iso('created_at')} AS "createdAt"`;

export interface NewAccusation {
  name: string;
  phone: string;
  subject: string;
  description: string;
  accused_organizational_part: string;
  attachment: string | null;
}

export function createAccusationStore(db: Database) {
  return {
    /**
     * Stores an accusation under the next reference of the year, in one transaction; a
     * repeated Idempotency-Key answers the first filing's reference and stores nothing.
     */
    insert(accusation: NewAccusation, year: number, prefix: string, idempotencyKey: string | null) {
      return db.transaction(async (tx): Promise<{ reference: string; repeated: boolean }> => {
        if (idempotencyKey) {
          const [first] = await tx.query<{ reference: string }>('SELECT reference FROM accusation WHERE idempotency_key = $1', [idempotencyKey]);
          if (first) return { reference: first.reference, repeated: true };
        }
        const [{ last }] = await tx.query<{ last: number }>(
          `INSERT INTO accusation_sequence (year, last) VALUES ($1, 1)
           ON CONFLICT (year) DO UPDATE SET last = accusation_sequence.last + 1
           RETURNING last`,
          [year],
        );
        const reference = `${prefix}-${year}-${String(last).padStart(6, '0')}`;
        await tx.query(
          `INSERT INTO accusation (reference, name, phone, subject, description, accused_organizational_part, attachment, idempotency_key)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [reference, accusation.name, accusation.phone, accusation.subject, accusation.description,
            accusation.accused_organizational_part, accusation.attachment, idempotencyKey],
        );
        return { reference, repeated: false };
      });
    },

    /** The first filing's reference for a key, once a concurrent repeat lost the race. */
    async referenceFor(idempotencyKey: string): Promise<string | undefined> {
      return (await db.query<{ reference: string }>('SELECT reference FROM accusation WHERE idempotency_key = $1', [idempotencyKey]))[0]?.reference;
    },

    async page({ page = 1, sort = -1, name, phone }: AccusationListQuery) {
      const filters: string[] = [];
      const params: unknown[] = [];
      if (name?.trim()) {
        params.push(containing(name.trim()));
        filters.push(`name ILIKE $${params.length}`);
      }
      if (phone?.trim()) {
        params.push(containing(phone.trim()));
        filters.push(`phone LIKE $${params.length}`);
      }
      const where = filters.length ? `WHERE ${filters.join(' AND ')}` : '';
      const [{ total }] = await db.query<{ total: number }>(`SELECT count(*) AS total FROM accusation ${where}`, params);
      const totalPages = Math.max(1, Math.ceil(total / ACCUSATIONS_PER_PAGE));
      const currentPage = Math.min(page, totalPages);
      const accusations = await db.query<Accusation>(
        `SELECT ${COLUMNS} FROM accusation ${where}
         ORDER BY created_at ${sort === 1 ? 'ASC' : 'DESC'}, reference ${sort === 1 ? 'ASC' : 'DESC'}
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, ACCUSATIONS_PER_PAGE, (currentPage - 1) * ACCUSATIONS_PER_PAGE],
      );
      return { accusations, currentPage, totalPages, total };
    },

    async byId(id: string): Promise<Accusation | undefined> {
      return (await db.query<Accusation>(`SELECT ${COLUMNS} FROM accusation WHERE id = $1`, [id]))[0];
    },

    async hasAttachment(file: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM accusation WHERE attachment = $1', [file])).length > 0;
    },
  };
}
export type AccusationStore = ReturnType<typeof createAccusationStore>;
