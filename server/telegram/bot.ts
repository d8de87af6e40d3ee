import { Bot, InlineKeyboard, Keyboard, type Context } from 'grammy';
import { API_LANGUAGE, type Locale } from '../contract/constants.ts';
import { translate, type Language } from '../errors/catalogs.ts';
import { readPhone } from '../phones/phone-number.ts';
import { statusNumberIn, type StatusLookup } from '../cases/status-lookup.ts';
import { statusReply } from '../sms/replies.ts';
import type { TelegramStore } from './store.ts';
import { telegramSources } from './telegram-sources.ts';

const texts = translate(telegramSources);

/** The six languages as the app's selector names them, each in its own words (src/i18n/locales.ts), in its order. */
const LANGUAGE_NAMES: [Locale, string][] = [
  ['en', 'English'],
  ['am', 'አማርኛ'],
  ['om', 'Afaan Oromoo'],
  ['ti', 'ትግርኛ'],
  ['so', 'Soomaali'],
  ['aa', 'Qafaraf'],
];
const CHOSEN = /^language:(\w+)$/;

interface Dependencies {
  token: string;
  /** TELEGRAM_API_ROOT: Telegram's own, or a stand-in (the tests'). */
  apiRoot: string;
  store: TelegramStore;
  lookUp: StatusLookup;
  /** The languages the selector offers (the admin's setting; English and Amharic always). */
  offered: () => Promise<Locale[]>;
  clock: () => number;
}

/**
 * The Telegram bot (issue 26): /start offers the six languages and keeps the chat's choice;
 * a case number or accusation reference is answered with its status; the sender's own
 * contact (Telegram vouches for the number) links the chat to the account whose verified
 * phone it is, and the notices of that account's cases come here; /stop unlinks. It is fed
 * by the webhook (./routes.ts), never by polling.
 */
export function createTelegramBot({ token, apiRoot, store, lookUp, offered, clock }: Dependencies): Bot {
  const bot = new Bot(token, { client: { apiRoot } });
  // Amharic until the chat chose, as every text of the portal (SPEC 9).
  const languageOf = async (ctx: Context): Promise<Language> => (await store.languageOf(ctx.chat!.id)) ?? 'am';
  const say = async (ctx: Context, text: keyof typeof telegramSources) => texts[text][await languageOf(ctx)];
  // The selector's languages now, as the API names them (the callback data and the stored language).
  const offeredLanguages = async () => {
    const locales = await offered();
    return LANGUAGE_NAMES.filter(([locale]) => locales.includes(locale)).map(([locale, name]) => [API_LANGUAGE[locale], name] as const);
  };
  const shareContact = (language: Language) => new Keyboard().requestContact(texts.telegramShareContact[language]).resized().oneTime();

  bot.command('start', async (ctx) => {
    const buttons = (await offeredLanguages()).map(([language, name]) => [InlineKeyboard.text(name, `language:${language}`)]);
    const keyboard = InlineKeyboard.from(buttons);
    await ctx.reply(await say(ctx, 'telegramChooseLanguage'), { reply_markup: keyboard });
  });

  bot.callbackQuery(CHOSEN, async (ctx) => {
    const language = (await offeredLanguages()).find(([chosen]) => chosen === ctx.match[1])?.[0];
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
