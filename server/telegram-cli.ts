import { Bot } from 'grammy';
import { readConfig } from './config.ts';

/**
 * `npm run telegram:webhook` (issue 26): tells Telegram where the bot's updates go,
 * PUBLIC_URL + /telegram/webhook, and the secret token they must carry
 * (TELEGRAM_WEBHOOK_SECRET, checked by server/telegram/routes.ts). Run once per deployment,
 * and again after PUBLIC_URL or the secret changed. It calls Telegram (TELEGRAM_API_ROOT);
 * no test runs it.
 */
const config = readConfig();
const { botToken, webhookSecret, apiRoot } = config.telegram;
if (!botToken || !webhookSecret) {
  console.error('Set TELEGRAM_BOT_TOKEN (from @BotFather) and TELEGRAM_WEBHOOK_SECRET (16 to 256 characters A-Z a-z 0-9 _ -) first.');
  process.exit(1);
}
if (!config.publicUrl.startsWith('https://')) {
  console.error(`Telegram sends updates only to https:// addresses; PUBLIC_URL is ${config.publicUrl}.`);
  process.exit(1);
}
const url = `${config.publicUrl}/telegram/webhook`;
const bot = new Bot(botToken, { client: { apiRoot } });
// Only what the bot answers: messages (commands, numbers, contacts) and the language buttons.
await bot.api.setWebhook(url, { secret_token: webhookSecret, allowed_updates: ['message', 'callback_query'] });
const me = await bot.api.getMe();
const info = await bot.api.getWebhookInfo();
console.log(`@${me.username} now sends its updates to ${info.url} (${info.pending_update_count} waiting).`);
