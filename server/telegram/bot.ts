import { Bot, InlineKeyboard, Keyboard, type Context } from 'grammy';
import { API_LANGUAGE } from '../contract/constants.ts';
import { translate, type Language } from '../errors/catalogs.ts';
import { readPhone } from '../phones/phone-number.ts';
import { statusNumberIn, type StatusLookup } from '../cases/status-lookup.ts';
import { statusReply } from '../sms/replies.ts';
import type { TelegramStore } from './store.ts';
import { telegramSources } from './telegram-sources.ts';

const texts = translate(telegramSources);

/** The languages the app's selector offers, each in its own words (src/i18n/locales.ts), in its order. */
const LANGUAGE_BUTTONS: [Language, string][] = [
  [API_LANGUAGE.en, 'English'],
  [API_LANGUAGE.am, 'አማርኛ'],
  [API_LANGUAGE.om, 'Afaan Oromoo'],
  [API_LANGUAGE.ti, 'ትግርኛ'],
  [API_LANGUAGE.so, 'Soomaali'],
  [API_LANGUAGE.aa, 'Qafaraf'],
];
const CHOSEN = /^language:(\w+)$/;

interface Dependencies {
  token: string;
  /** TELEGRAM_API_ROOT: Telegram's own, or a stand-in (the tests'). */
  apiRoot: string;
  store: TelegramStore;
  lookUp: StatusLookup;
  clock: () => number;
}

/**
 * The Telegram bot (issue 26): /start offers the six languages and keeps the chat's choice;
 * a case number or accusation reference is answered with its status; the sender's own
 * contact (Telegram vouches for the number) links the chat to the account whose verified
 * phone it is, and the notices of that account's cases come here; /stop unlinks. It is fed
 * by the webhook (./routes.ts), never by polling.
 */
export function createTelegramBot({ token, apiRoot, store, lookUp, clock }: Dependencies): Bot {
  const bot = new Bot(token, { client: { apiRoot } });
  // Amharic until the chat chose, as every text of the portal (SPEC 9).
  const languageOf = async (ctx: Context): Promise<Language> => (await store.languageOf(ctx.chat!.id)) ?? 'am';
  const say = async (ctx: Context, text: keyof typeof telegramSources) => texts[text][await languageOf(ctx)];
  const shareContact = (language: Language) => new Keyboard().requestContact(texts.telegramShareContact[language]).resized().oneTime();

  bot.command('start', async (ctx) => {
    const keyboard = InlineKeyboard.from(LANGUAGE_BUTTONS.map(([language, label]) => [InlineKeyboard.text(label, `language:${language}`)]));
    await ctx.reply(await say(ctx, 'telegramChooseLanguage'), { reply_markup: keyboard });
  });

  bot.callbackQuery(CHOSEN, async (ctx) => {
    const language = LANGUAGE_BUTTONS.find(([offered]) => offered === ctx.match[1])?.[0];
    await ctx.answerCallbackQuery();
    if (!language || !ctx.chat) return;
    await store.setLanguage(ctx.chat.id, language, new Date(clock()));
    await ctx.reply(texts.telegramWelcome[language], { reply_markup: shareContact(language) });
  });

  bot.command('stop', async (ctx) => {
    await store.unlink(ctx.chat.id, new Date(clock()));
    await ctx.reply(await say(ctx, 'telegramStopped'), { reply_markup: { remove_keyboard: true } });
  });

  bot.on('message:contact', async (ctx) => {
    const { contact } = ctx.message;
    const language = await languageOf(ctx);
    // Telegram vouches only for the sender's own number: a forwarded contact proves nothing.
    if (contact.user_id === undefined || contact.user_id !== ctx.from.id) {
      await ctx.reply(texts.telegramNotOwnContact[language], { reply_markup: shareContact(language) });
      return;
    }
    const reading = readPhone(contact.phone_number);
    const linked = 'phone' in reading && (await store.link(ctx.chat.id, reading.phone, new Date(clock())));
    await ctx.reply(texts[linked ? 'telegramLinked' : 'telegramNoAccount'][language], { reply_markup: { remove_keyboard: true } });
  });

  bot.on('message:text', async (ctx) => {
    const typed = statusNumberIn(ctx.message.text);
    const language = await languageOf(ctx);
    await ctx.reply(typed ? statusReply(await lookUp(typed), language) : texts.telegramHelp[language]);
  });

  return bot;
}
