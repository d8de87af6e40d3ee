import type { Queryable } from '../db/database.ts';
import type { NoticeChannels } from '../contract/telegram-calls.ts';

type Stored = NoticeChannels & { has_email: boolean; telegram_linked: boolean };

/** The channels each customer chose on the profile page (migration 037); no row means every channel they have. */
export function createChannelChoiceStore(db: Queryable) {
  return {
    async choiceOf(customerId: string): Promise<Stored> {
      const [row] = await db.query<Stored>(
        `SELECT coalesce(n.mail, true) AS email, coalesce(n.sms, true) AS sms, coalesce(n.telegram, true) AS telegram,
                a.email IS NOT NULL AS has_email,
                EXISTS (SELECT 1 FROM telegram_chat t WHERE t.customer_id = a.id) AS telegram_linked
         FROM customer_notice_address a LEFT JOIN customer_notice_choice n ON n.customer_id = a.id
         WHERE a.id = $1`,
        [customerId],
      );
      return row;
    },

    async save(customerId: string, { email, sms, telegram }: NoticeChannels): Promise<void> {
      await db.query(
        `INSERT INTO customer_notice_choice (customer_id, mail, sms, telegram) VALUES ($1, $2, $3, $4)
         ON CONFLICT (customer_id) DO UPDATE SET mail = EXCLUDED.mail, sms = EXCLUDED.sms, telegram = EXCLUDED.telegram`,
        [customerId, email, sms, telegram],
      );
    },
  };
}
export type ChannelChoiceStore = ReturnType<typeof createChannelChoiceStore>;
