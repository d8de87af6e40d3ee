import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../audit/audit-log.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { FileArea, FileStorage } from '../files/storage.ts';
import { repeatEvery } from '../web/repeat-every.ts';
import { anonymiseAccount, anonymiseCase, CLOSED_CASE_STATUSES } from './anonymise.ts';

/** Records anonymised per transaction: a sweep that meets many commits in small steps. */
const BATCH = 50;

interface Dependencies {
  db: Database;
  storage: FileStorage;
  clock: () => number;
  retention: { caseYears: number; accusationMonths: number };
}

export interface RetentionSweep {
  cases: number;
  accounts: number;
  accusations: number;
}

const system = { actorId: null, actorRole: 'system' } as const;

/**
 * Issue 28's retention. A case's closing moment is its last decision (verified, rejected) or
 * its withdrawal, as its history says, else the decision's or withdrawal's date (migration
 * 040's withdrawn_date); an archived case closed when it was decided. Every instance sweeps: each record is claimed under a row lock that other
 * instances skip (FOR UPDATE SKIP LOCKED) and marked in the same transaction, so each is
 * anonymised and audited exactly once.
 */
export function createRetention({ db, storage, clock, retention }: Dependencies) {
  /** One batch of cases past their period, done in one transaction; the files to remove after it. */
  async function caseBatch(at: Date): Promise<{ cases: number; accounts: number; files: { area: FileArea; name: string }[] }> {
    return db.transaction(async (tx) => {
      const due = await tx.query<{ id: string; case_number: string; customer_id: string }>(
        `SELECT c.id, c.case_number, c.customer_id FROM customer_case c
          WHERE c.anonymised_at IS NULL AND c.status = ANY($3::text[])
            AND COALESCE((SELECT max(h.changed_at) FROM case_history h
                           WHERE h.case_id = c.id AND h.status IN ('verified', 'rejected', 'withdrawn')),
                         c.verified_date, c.rejected_date, c.withdrawn_date, c.archived_date)
                < $1::timestamptz - make_interval(years => $2::int)
          ORDER BY c.id LIMIT ${BATCH} FOR UPDATE OF c SKIP LOCKED`,
        [at, retention.caseYears, CLOSED_CASE_STATUSES],
      );
      const files: { area: FileArea; name: string }[] = [];
      let accounts = 0;
      for (const kase of due) {
        files.push(...(await anonymiseCase(tx, kase.id, at)).map((name) => ({ area: 'case-files' as const, name })));
        await recordAudit(tx, { ...system, action: 'anonymise', subjectType: 'case', subjectId: kase.id, caseNumber: kase.case_number, at });
      }
      // An account whose every case is past its period goes too (retention removes "the account's personal fields").
      for (const customerId of new Set(due.map((kase) => kase.customer_id))) {
        if (await hasKeptCases(tx, customerId)) continue;
        const erased = await anonymiseAccount(tx, customerId, at);
        if (!erased) continue;
        accounts += 1;
        if (erased.picture) files.push({ area: 'customer-images', name: erased.picture });
        await recordAudit(tx, { ...system, action: 'anonymise', subjectType: 'account', subjectId: customerId, at });
      }
      return { cases: due.length, accounts, files };
    });
  }

  const hasKeptCases = async (tx: Queryable, customerId: string) =>
    (await tx.query('SELECT 1 FROM customer_case WHERE customer_id = $1 AND anonymised_at IS NULL LIMIT 1', [customerId])).length > 0;

  /** One batch of accusations closed past their period: the complainant's name and phone go. */
  async function accusationBatch(at: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await tx.query<{ id: string }>(
        `SELECT id FROM accusation
          WHERE status = 'closed' AND contact_removed_at IS NULL AND closed_at < $1::timestamptz - make_interval(months => $2::int)
          ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
        [at, retention.accusationMonths],
      );
      for (const { id } of due) {
        await tx.query(`UPDATE accusation SET name = '', phone = '', contact_removed_at = $2 WHERE id = $1`, [id, at]);
        await recordAudit(tx, { ...system, action: 'remove_contact', subjectType: 'accusation', subjectId: id, at });
      }
      return due.length;
    });
  }

  async function sweep(): Promise<RetentionSweep> {
    const at = new Date(clock());
    const done: RetentionSweep = { cases: 0, accounts: 0, accusations: 0 };
    for (;;) {
      const batch = await caseBatch(at);
      done.cases += batch.cases;
      done.accounts += batch.accounts;
      for (const file of batch.files) await storage.remove(file.area, file.name);
      if (batch.cases < BATCH) break;
    }
    for (;;) {
      const count = await accusationBatch(at);
      done.accusations += count;
      if (count < BATCH) break;
    }
    return done;
  }

  return {
    sweep,
    /** Sweeps every `everyMs` until stopped; a failed sweep is logged and the next one tries again. */
    startSweeping: (everyMs: number, log: FastifyBaseLogger) =>
      repeatEvery(everyMs, sweep, (error) => log.error(`the retention sweep failed: ${error.message}`)),
  };
}
export type Retention = ReturnType<typeof createRetention>;
