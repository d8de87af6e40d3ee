import type { Language } from '../errors/catalogs.ts';
import type { Database } from '../db/database.ts';

/** The bot's chats (migration 037): the language each chose, and the account each is linked to. */
export function createTelegramStore(db: Database) {
  return {
    /** The language the chat chose at /start; undefined before it chose one. */
    async languageOf(chatId: number): Promise<Language | undefined> {
      const rows = await db.query<{ language: Language | null }>('SELECT language FROM telegram_chat WHERE chat_id = $1', [chatId]);
      return rows[0]?.language ?? undefined;
    },

    async setLanguage(chatId: number, language: Language, at: Date): Promise<void> {
      await db.query(
        `INSERT INTO telegram_chat (chat_id, language, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (chat_id) DO UPDATE SET language = EXCLUDED.language, updated_at = EXCLUDED.updated_at`,
        [chatId, language, at],
      );
    },

    /**
     * Links the chat to the account whose verified phone is `phone`; false when none has it.
     * An account has one chat: a link from a newer chat takes it from the older one.
     */
    async link(chatId: number, phone: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [account] = await tx.query<{ id: string }>('SELECT id FROM customer_verified_phone WHERE phone = $1', [phone]);
        if (!account) return false;
        await tx.query('UPDATE telegram_chat SET customer_id = NULL, linked_at = NULL, updated_at = $3 WHERE customer_id = $1 AND chat_id <> $2', [account.id, chatId, at]);
        await tx.query(
          `INSERT INTO telegram_chat (chat_id, customer_id, linked_at, updated_at) VALUES ($1, $2, $3, $3)
           ON CONFLICT (chat_id) DO UPDATE SET customer_id = EXCLUDED.customer_id, linked_at = EXCLUDED.linked_at, updated_at = EXCLUDED.updated_at`,
          [chatId, account.id, at],
        );
        return true;
      });
    },

    /** /stop: the chat's account gets no more notices here. */
    async unlink(chatId: number, at: Date): Promise<void> {
      await db.query('UPDATE telegram_chat SET customer_id = NULL, linked_at = NULL, updated_at = $2 WHERE chat_id = $1', [chatId, at]);
    },
  };
}
export type TelegramStore = ReturnType<typeof createTelegramStore>;
