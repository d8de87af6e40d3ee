import type { Queryable } from '../db/database.ts';

/** What a delivery receipt can say of a message: it reached the phone, or it never will. */
export type ReceiptState = 'delivered' | 'undelivered';

/** The numbers that sent STOP (migration 036), the receipts of sent messages, and a sender's account language. */
export function createSmsStore(db: Queryable) {
  return {
    /** STOP: the number's case notices are held back from now on (the sender keeps them as `stopped`). */
    async stop(phone: string, at: Date): Promise<void> {
      await db.query('INSERT INTO sms_stop (phone, stopped_at) VALUES ($1, $2) ON CONFLICT (phone) DO NOTHING', [phone, at]);
    },

    /** START: the number's case notices go again. */
    async start(phone: string): Promise<void> {
      await db.query('DELETE FROM sms_stop WHERE phone = $1', [phone]);
    },

    /** A receipt for the message the gateway gave `providerId`; false when no message sent has that id. */
    async receipt(providerId: string, state: ReceiptState, at: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE sms_message SET state = $2, updated_at = $3 WHERE provider_id = $1 AND state IN ('sent', 'delivered', 'undelivered') RETURNING id`,
        [providerId, state, at],
      );
      return rows.length > 0;
    },

    /** The language of the account with this phone number, if any (one of them when unverified numbers are shared). */
    async languageOf(phone: string): Promise<string | undefined> {
      const rows = await db.query<{ language: string }>('SELECT language FROM customer_notice_address WHERE phone = $1 LIMIT 1', [phone]);
      return rows[0]?.language;
    },
  };
}
export type SmsStore = ReturnType<typeof createSmsStore>;
