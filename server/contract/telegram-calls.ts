import { Type, type Static } from 'typebox';
import { defineCalls } from './call.ts';
import { errorResponses, ErrorBody } from './common.ts';

/**
 * The channels a customer takes the notices of their cases by (issue 26), as the profile
 * page shows and saves them. A channel they lack (no e-mail, no linked Telegram chat) sends
 * nothing whatever its choice says.
 */
export const NoticeChannels = Type.Object({
  email: Type.Boolean(),
  sms: Type.Boolean(),
  telegram: Type.Boolean(),
});
export type NoticeChannels = Static<typeof NoticeChannels>;

/** The choices, and what the profile page needs to say about Telegram. */
export const NoticeChannelsAnswer = Type.Object({
  ...NoticeChannels.properties,
  /** Whether the account has an e-mail address: a phone account has none to choose. */
  has_email: Type.Boolean(),
  /** Whether a Telegram chat is linked to the account (the bot links it when its owner shares their phone). */
  telegram_linked: Type.Boolean(),
  /** The bot's username (t.me/<it>) when the portal has a bot; null when it has none, or Telegram could not be asked. */
  telegram_bot: Type.Union([Type.String(), Type.Null()]),
});
export type NoticeChannelsAnswer = Static<typeof NoticeChannelsAnswer>;

const unauthorised = { 401: ErrorBody, ...errorResponses };

export const noticeChannelCalls = defineCalls('accounts', {
  getNoticeChannels: {
    summary: "The signed-in customer's notice channels",
    description: 'E-mail, SMS and Telegram: which of them the notices of their cases go by (all they have, until they choose).',
    responses: { 200: NoticeChannelsAnswer, ...unauthorised },
  },
  saveNoticeChannels: {
    summary: "Chooses the signed-in customer's notice channels",
    description: 'Stored per customer; each notice of a case is queued by the chosen channels the customer has.',
    body: NoticeChannels,
    responses: { 200: NoticeChannelsAnswer, ...unauthorised },
  },
});

/** Telegram's calls to the portal: the bot's updates. */
export const telegramCalls = defineCalls('telegram', {
  telegramWebhook: {
    summary: 'An update of the Telegram bot',
    description:
      'Telegram sends TELEGRAM_WEBHOOK_SECRET in the X-Telegram-Bot-Api-Secret-Token header (npm run telegram:webhook registers it): missing 401, another 403. 404 when the portal runs no bot (TELEGRAM_BOT_TOKEN unset).',
    // Telegram's Update, as it is: every field kept for the bot (the server strips fields a schema does not name).
    body: Type.Record(Type.String(), Type.Unknown()),
    responses: { 200: Type.Object({ ok: Type.Boolean() }), 401: ErrorBody, 403: ErrorBody, ...errorResponses },
  },
});
