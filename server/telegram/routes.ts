import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { statusNumberIn } from '../cases/status-lookup.ts';
import { calls } from '../contract/calls.ts';
import { ApiError } from '../errors/api-error.ts';
import { callRoutes } from '../web/call-routes.ts';

interface Options {
  /** Undefined without TELEGRAM_BOT_TOKEN: the portal runs no bot and the webhook answers 404. */
  bot: Bot | undefined;
  /** TELEGRAM_WEBHOOK_SECRET; empty refuses every update. */
  webhookSecret: string;
  /** The web status check's limits: a chat's lookups are counted per chat with its window. */
  lookupLimit: { max: number; windowMs: number };
}

const HEADER = 'x-telegram-bot-api-secret-token';
const digest = (value: string) => createHash('sha256').update(value).digest();
const chatOf = (request: FastifyRequest) => (request.body as Update).message?.chat.id;

/** Telegram's updates for the bot (issue 26), taken only with the secret token registered by `npm run telegram:webhook`. */
export const telegramRoutes: FastifyPluginAsync<Options> = async (app, { bot, webhookSecret, lookupLimit }) => {
  const route = callRoutes(app);
  // Per chat, as the web check counts per address: one chat cannot walk the case numbers.
  const limit = app.createRateLimit({ max: lookupLimit.max, timeWindow: lookupLimit.windowMs, keyGenerator: (request) => `telegram-lookup:${chatOf(request)}` });

  route(calls.telegramWebhook, async (request) => {
    if (!bot) throw new ApiError(404, 'notFound');
    const update = request.body as unknown as Update;
    const asked = update.message?.text !== undefined && statusNumberIn(update.message.text) !== undefined;
    if (asked) {
      const count = await limit(request);
      // Past the limit nothing is answered; a 200 still, or Telegram would send the update again.
      if (!count.isAllowed && count.isExceeded) return { ok: false };
    }
    // The bot's name and id, asked of Telegram once, at the first update (no call to Telegram at start).
    if (!bot.isInited()) await bot.init();
    await bot.handleUpdate(update);
    return { ok: true };
  }, {
    // Compared in constant time, as digests so the secret's length leaks nothing either. Missing: 401; wrong, or none configured: 403.
    preHandler: async (request) => {
      const sent = request.headers[HEADER];
      if (typeof sent !== 'string' || sent === '') throw new ApiError(401, 'telegramSecretInvalid');
      if (!webhookSecret || !timingSafeEqual(digest(sent), digest(webhookSecret))) throw new ApiError(403, 'telegramSecretInvalid');
    },
  });
};
