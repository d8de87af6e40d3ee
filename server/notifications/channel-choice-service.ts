import type { NoticeChannels, NoticeChannelsAnswer } from '../contract/telegram-calls.ts';
import type { ChannelChoiceStore } from './channel-choice-store.ts';

/** Issue 26: a customer's notice channels as the profile page reads and saves them, with the bot to link Telegram by. */
export function createChannelChoiceService({ store, botName }: {
  store: ChannelChoiceStore;
  /** The Telegram bot's username, for the profile page's t.me link; null without a bot. */
  botName: () => Promise<string | null>;
}) {
  const choiceOf = async (customerId: string): Promise<NoticeChannelsAnswer> => ({ ...(await store.choiceOf(customerId)), telegram_bot: await botName() });
  return {
    choiceOf,
    async save(customerId: string, choice: NoticeChannels): Promise<NoticeChannelsAnswer> {
      await store.save(customerId, choice);
      return choiceOf(customerId);
    },
  };
}
export type ChannelChoiceService = ReturnType<typeof createChannelChoiceService>;
