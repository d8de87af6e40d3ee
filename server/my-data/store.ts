import type { Queryable } from '../db/database.ts';
import { iso } from '../db/sql.ts';

type Row = Record<string, unknown>;

/** A file of the customer's as the export lists it: where it is kept, what it belongs to, and when it came. */
export interface FileRef {
  area: 'customer-images' | 'case-files';
  name: string;
  /** profile_picture, case_attachment, response_letter, information_answer or review_letter. */
  kind: string;
  case_number: string | null;
  date: string | null;
}

/**
 * The rows the portal holds about one customer that the customer's own reads (the case views,
 * the profile) do not give (issue 28's export): each query is limited to that customer.
 * Secrets are left out: the password hash, one-time codes, reset links and session tokens.
 */
export function createMyDataStore(db: Queryable) {
  return {
    async profile(customerId: string): Promise<Row | undefined> {
      const [row] = await db.query<Row>(
        `SELECT id, firstname, middlename, lastname, gender, email, phone, house_phone_number, subcity, woreda, house_number,
           picture, status, language, ${iso('email_verified_at')} AS email_verified_at, ${iso('phone_verified_at')} AS phone_verified_at,
           ${iso('created_at')} AS created_at
         FROM customer_user WHERE id = $1`,
        [customerId],
      );
      return row;
    },

    ratings: (customerId: string) =>
      db.query<Row>(
        `SELECT r.id, c.case_number, r.rate_num, r.comment, ${iso('r.created_at')} AS created_at
         FROM case_rating r JOIN customer_case c ON c.id = r.case_id
         WHERE r.customer_id = $1 ORDER BY r.created_at, r.id`,
        [customerId],
      ),

    /**
     * Their files as they see them: the profile picture, each case's attachment, a response
     * letter once approved, the answers' PDFs to requests for information and reviews' letters.
     */
    files: (customerId: string) =>
      db.query<FileRef>(
        `SELECT 'customer-images' AS area, u.picture AS name, 'profile_picture' AS kind, NULL AS case_number, ${iso('u.created_at')} AS date
           FROM customer_user u WHERE u.id = $1 AND u.picture IS NOT NULL
         UNION ALL
         SELECT 'case-files', c.attachment, 'case_attachment', c.case_number, ${iso('c.created_at')}
           FROM customer_case c WHERE c.customer_id = $1 AND c.attachment IS NOT NULL
         UNION ALL
         SELECT 'case-files', c.response_attachment, 'response_letter', c.case_number, ${iso('c.verified_date')}
           FROM customer_case c WHERE c.customer_id = $1 AND c.response_attachment IS NOT NULL AND c.verified_date IS NOT NULL
         UNION ALL
         SELECT 'case-files', q.answer_attachment, 'information_answer', c.case_number, ${iso('q.answered_at')}
           FROM information_request q JOIN customer_case c ON c.id = q.case_id WHERE c.customer_id = $1 AND q.answer_attachment IS NOT NULL
         UNION ALL
         SELECT 'case-files', v.letter, 'review_letter', c.case_number, ${iso('v.decided_at')}
           FROM case_review v JOIN customer_case c ON c.id = v.case_id WHERE c.customer_id = $1 AND v.letter IS NOT NULL
         ORDER BY 5, 2`,
        [customerId],
      ),

    /** Every notice queued for them (e-mail, SMS, Telegram), with what it said; the one-tap rating link's token left out. */
    notices: (customerId: string) =>
      db.query<Row>(
        `SELECT j.id::text AS id, j.channel, j.notice, c.case_number, j.payload - 'ratingLink' AS payload,
           ${iso('j.created_at')} AS created_at, ${iso('j.sent_at')} AS sent_at, ${iso('j.failed_at')} AS failed_at
         FROM notification_job j LEFT JOIN customer_case c ON c.id = j.case_id
         WHERE j.customer_id = $1 ORDER BY j.created_at, j.id`,
        [customerId],
      ),

    /** The SMS handed to the gateway for them: their notices' and any sent to their phone (codes, replies). */
    sms: (customerId: string) =>
      db.query<Row>(
        `SELECT m.id::text AS id, m.phone, m.state, m.job_id::text AS job_id, ${iso('m.created_at')} AS created_at, ${iso('m.updated_at')} AS updated_at
         FROM sms_message m
         WHERE m.job_id IN (SELECT j.id FROM notification_job j WHERE j.customer_id = $1)
            OR m.phone = (SELECT u.phone FROM customer_user u WHERE u.id = $1 AND u.phone <> '')
         ORDER BY m.created_at, m.id`,
        [customerId],
      ),

    async telegram(customerId: string): Promise<Row | null> {
      const [row] = await db.query<Row>(
        `SELECT t.chat_id::text AS chat_id, t.language, ${iso('t.linked_at')} AS linked_at FROM telegram_chat t WHERE t.customer_id = $1`,
        [customerId],
      );
      return row ?? null;
    },

    /** Their choice of channels (null: never chosen, every channel they have) and the channels their notices go by now. */
    async noticeChannels(customerId: string): Promise<Row> {
      const [choice] = await db.query<Row>('SELECT mail, sms, telegram FROM customer_notice_choice WHERE customer_id = $1', [customerId]);
      const now = await db.query<{ channel: string }>('SELECT channel FROM customer_notice_channel WHERE customer_id = $1 ORDER BY channel', [customerId]);
      return { choice: choice ?? null, in_use: now.map((row) => row.channel) };
    },
  };
}
export type MyDataStore = ReturnType<typeof createMyDataStore>;
