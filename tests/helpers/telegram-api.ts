import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Json } from './expect-api.ts';

interface BotApiCall {
  method: string;
  body: Json;
}

/**
 * Telegram's Bot API as far as the bot uses it, on 127.0.0.1 (issue 26: tests never reach
 * Telegram): every call with `token` recorded, getMe answered with `botName`, sendMessage as
 * Telegram answers it; any other token is refused as Telegram refuses it.
 */
export async function startBotApi({ token, botName }: { token: string; botName: string }) {
  const calls: BotApiCall[] = [];
  let messageId = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const [, called, method] = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '') ?? [];
      const fields: Json = body ? JSON.parse(body) : {};
      const answer = (result: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
      if (called !== token) return response.writeHead(401).end(JSON.stringify({ ok: false, error_code: 401, description: 'Unauthorized' }));
      calls.push({ method, body: fields });
      if (method === 'getMe') return answer({ id: 123456, is_bot: true, first_name: 'HDC', username: botName });
      if (method === 'sendMessage') return answer({ message_id: ++messageId, date: 0, chat: { id: fields.chat_id, type: 'private' }, text: fields.text });
      return answer(true);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    root: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** The messages sent to one chat, oldest first. */
    sentTo: (chatId: number) => calls.filter((call) => call.method === 'sendMessage' && call.body.chat_id === chatId).map((call) => call.body),
    called: (method: string) => calls.filter((call) => call.method === method),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type BotApi = Awaited<ReturnType<typeof startBotApi>>;

/**
 * Updates as Telegram posts them to the portal's /telegram/webhook, with `secret` in the
 * secret-token header (or another one, or none: null). `url` is read at each update, as
 * servers start in beforeAll. A private chat's id is its user's id.
 */
export function telegramUpdates(url: () => string, secret: string) {
  let update = 1;
  const send = (body: Json, token: string | null | undefined = secret) =>
    fetch(`${url()}/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { 'x-telegram-bot-api-secret-token': token }) },
      body: JSON.stringify({ update_id: update++, ...body }),
    });
  const from = (user: number) => ({ id: user, is_bot: false, first_name: 'Almaz' });
  const message = (user: number, fields: Json) => ({ message: { message_id: update, date: 0, chat: { id: user, type: 'private' }, from: from(user), ...fields } });
  return {
    send,
    text: (user: number, words: string, token?: string | null) =>
      send(message(user, { text: words, ...(words.startsWith('/') ? { entities: [{ type: 'bot_command', offset: 0, length: words.length }] } : {}) }), token),
    /** The contact card of `phone`; `owner` is the Telegram user it belongs to (the sender's own when it is `user`). */
    contact: (user: number, phone: string, owner: number | undefined) =>
      send(message(user, { contact: { phone_number: phone, first_name: 'Almaz', ...(owner === undefined ? {} : { user_id: owner }) } })),
    chooseLanguage: (user: number, language: string, token?: string | null) =>
      send({ callback_query: { id: `q${update}`, from: from(user), chat_instance: '1', data: `language:${language}`, message: { message_id: 1, date: 0, chat: { id: user, type: 'private' } } } }, token),
  };
}
