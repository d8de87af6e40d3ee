import type { FastifyBaseLogger } from 'fastify';
import type { Bot } from 'grammy';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { StatusLookup } from '../cases/status-lookup.ts';
import type { Locale } from '../contract/constants.ts';
import type { TelegramSender } from '../notifications/telegram-notice.ts';
import { createTelegramBot } from './bot.ts';
import { createTelegramStore } from './store.ts';

/** The portal's Telegram bot, or undefined when TELEGRAM_BOT_TOKEN is unset (the bot is off). */
export function telegramBotFor(
  config: Pick<Config, 'telegram'>,
  { db, lookUp, offered, clock }: { db: Database; lookUp: StatusLookup; offered: () => Promise<Locale[]>; clock: () => number },
) {
  const { botToken, apiRoot } = config.telegram;
  return botToken ? createTelegramBot({ token: botToken, apiRoot, store: createTelegramStore(db), lookUp, offered, clock }) : undefined;
}

/** How the notifier sends a notice to a linked chat. */
export const telegramSender = (bot: Bot): TelegramSender => async (chatId, text) => {
  await bot.api.sendMessage(chatId, text);
};

/**
 * The bot's username for the profile page's link, once Telegram told it (the first update
 * asks, or the first call here does, in the background: a page never waits on Telegram).
 */
export function botNameOf(bot: Bot | undefined, log: FastifyBaseLogger) {
  let asking: Promise<void> | undefined;
  return async (): Promise<string | null> => {
    if (!bot) return null;
    if (bot.isInited()) return bot.botInfo.username;
    asking ??= bot.init().catch((error: Error) => {
      log.warn(`the Telegram bot could not ask Telegram its name: ${error.message}`);
      asking = undefined;
    });
    return null;
  };
}
