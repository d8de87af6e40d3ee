import type { Queryable } from '../db/database.ts';
import type { DueDigestItem, Notice, NoticePayload } from './notices.ts';
import type { Recipient } from './notice-texts.ts';

/** Telegram (issue 26) carries only the notices of cases, to a chat the bot linked. */
export type Channel = 'mail' | 'sms' | 'telegram';

/** A job a drainer holds the lease of. */
export interface LeasedJob {
  id: number;
  channel: Channel;
  notice: Notice;
  /** Null for a password notice. */
  case_id: string | null;
  /** Exactly one of the two: whom the notice tells. */
  customer_id: string | null;
  staff_id: string | null;
  payload: NoticePayload;
  /** This attempt included. */
  attempts: number;
}

/** The notification jobs (migrations 015 and 019): queued in a move's or a password change's transaction, leased, sent, kept. */
export function createJobStore(db: Queryable) {
  return {
    /**
     * Queues one job per channel in the caller's transaction (the case move's, the password
     * change's), for a customer or a staff user. No SMS job for a customer without a phone,
     * no mail job for one without an e-mail (a phone account, issue 26). A case's notice goes
     * only by the channels its customer has and chose (migration 037's customer_notice_channel,
     * the one rule); a password notice by every contact they have, whatever they chose.
     */
    async queue(
      tx: Queryable,
      job: { channels: Channel[]; notice: Notice; caseId?: string; customerId?: string; staffId?: string; payload: NoticePayload; at: Date },
    ) {
      await tx.query(
        `INSERT INTO notification_job (channel, notice, case_id, customer_id, staff_id, payload, run_after)
         SELECT queued.channel, $2, $3, $4, $5, $6::jsonb, $7 FROM unnest($1::text[]) AS queued (channel)
         WHERE (queued.channel <> 'sms' OR EXISTS (SELECT 1 FROM customer_notice_address WHERE id = $4 AND phone <> ''))
           AND (queued.channel <> 'mail' OR $4::uuid IS NULL OR EXISTS (SELECT 1 FROM customer_notice_address WHERE id = $4 AND email IS NOT NULL))
           AND CASE WHEN $3::uuid IS NULL OR $4::uuid IS NULL THEN queued.channel <> 'telegram'
                    ELSE EXISTS (SELECT 1 FROM customer_notice_channel c WHERE c.customer_id = $4 AND c.channel = queued.channel) END`,
        [job.channels, job.notice, job.caseId ?? null, job.customerId ?? null, job.staffId ?? null, JSON.stringify(job.payload), job.at],
      );
    },

    /**
     * Adds a case to a staff user's digest of `day` (an Addis Ababa day) in the caller's
     * transaction: the first one queues the digest's one job (unique per staff user and day,
     * migration 023), later ones join its list while it waits unsent.
     */
    async queueDigestItem(tx: Queryable, digest: { staffId: string; language: string; day: string; item: DueDigestItem; at: Date }) {
      await tx.query(
        `INSERT INTO notification_job (channel, notice, staff_id, payload, run_after, digest_day)
         VALUES ('mail', 'staff_due_digest', $1, jsonb_build_object('language', $2::text, 'due', jsonb_build_array($3::jsonb)), $4, $5::date)
         ON CONFLICT (staff_id, digest_day) WHERE digest_day IS NOT NULL
         DO UPDATE SET payload = jsonb_set(notification_job.payload, '{due}', (notification_job.payload -> 'due') || (EXCLUDED.payload -> 'due'))
         WHERE notification_job.sent_at IS NULL AND notification_job.failed_at IS NULL AND notification_job.lease IS NULL`,
        [digest.staffId, digest.language, JSON.stringify(digest.item), digest.at, digest.day],
      );
    },

    /**
     * Leases the oldest due job of the channels this instance sends to this drainer until
     * `until`. FOR UPDATE SKIP LOCKED passes over the rows another drainer is leasing at
     * this very moment, and a committed lease keeps the job from every other drainer until
     * it expires: one statement, so one transaction, and no two drainers ever hold one job.
     */
    async claimNext(channels: Channel[], now: Date, until: Date, lease: string): Promise<LeasedJob | undefined> {
      const rows = await db.query<LeasedJob>(
        `UPDATE notification_job j SET lease = $3, leased_until = $2, attempts = j.attempts + 1
         FROM (SELECT id FROM notification_job
               WHERE sent_at IS NULL AND failed_at IS NULL AND run_after <= $1 AND (leased_until IS NULL OR leased_until <= $1)
                 AND channel = ANY($4::text[])
               ORDER BY run_after, id LIMIT 1
               FOR UPDATE SKIP LOCKED) due
         WHERE j.id = due.id
         RETURNING j.id, j.channel, j.notice, j.case_id, j.customer_id, j.staff_id, j.payload, j.attempts`,
        [now, until, lease, channels],
      );
      return rows[0];
    },

    /** The notices not sent: waiting (due now or for a retry) and given up. */
    async unsent(): Promise<{ waiting: number; failed: number }> {
      // Each count within a partial index of migration 015: sent jobs pile up, these stay few.
      const [counts] = await db.query<{ waiting: number; failed: number }>(
        `SELECT (SELECT count(*) FROM notification_job WHERE sent_at IS NULL AND failed_at IS NULL)::int AS waiting,
                (SELECT count(*) FROM notification_job WHERE failed_at IS NOT NULL)::int AS failed`,
      );
      return counts;
    },

    /** Whom a job tells: its customer, or its staff user in the language the job carries. */
    async recipient(job: LeasedJob): Promise<Recipient | undefined> {
      const rows = job.staff_id
        ? await db.query<Recipient>(`SELECT firstname, email, '' AS phone, $2::text AS language FROM staff_notice_address WHERE id = $1`, [
            job.staff_id,
            job.payload.language ?? '',
          ])
        : await db.query<Recipient>('SELECT firstname, email, phone, language FROM customer_notice_address WHERE id = $1', [job.customer_id]);
      return rows[0];
    },

    /** The Telegram chat linked to a customer now; undefined once they sent /stop (or never linked one). */
    async chatOf(customerId: string): Promise<number | undefined> {
      const rows = await db.query<{ chat_id: string | number }>('SELECT chat_id FROM telegram_chat WHERE customer_id = $1', [customerId]);
      return rows[0] && Number(rows[0].chat_id);
    },

    /** Marks a job sent; false when this drainer no longer held its lease (it expired and another took it). */
    async markSent(id: number, lease: string, at: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE notification_job SET sent_at = $3, lease = NULL, leased_until = NULL, last_error = NULL
         WHERE id = $1 AND lease = $2 RETURNING id`,
        [id, lease, at],
      );
      return rows.length > 0;
    },

    /** A failed attempt: due again at `retryAt`, or given up (kept as failed) when that is null. */
    async markFailed(id: number, lease: string, error: string, at: Date, retryAt: Date | null): Promise<void> {
      await db.query(
        `UPDATE notification_job SET lease = NULL, leased_until = NULL, last_error = $3,
           run_after = COALESCE($5, run_after), failed_at = CASE WHEN $5::timestamptz IS NULL THEN $4::timestamptz END
         WHERE id = $1 AND lease = $2`,
        [id, lease, error.slice(0, 1000), at, retryAt],
      );
    },
  };
}
export type JobStore = ReturnType<typeof createJobStore>;
