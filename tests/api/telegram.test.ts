import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { newPhone } from '../helpers/phone-forms.ts';
import { fileServer, type TestServer } from '../helpers/server.ts';
import { tokenFor } from '../helpers/session.ts';
import { addStaff } from '../helpers/staff-fixture.ts';
import { staffSignIn } from '../helpers/staff-sign-in.ts';
import { startBotApi, telegramUpdates, type BotApi } from '../helpers/telegram-api.ts';
import { pendingCases } from '../helpers/pending-cases.ts';

/**
 * Issue 26, the Telegram bot: Telegram's updates come to /telegram/webhook with the secret
 * token, and the bot answers through the Bot API at TELEGRAM_API_ROOT, here a server this
 * file starts on 127.0.0.1 (tests/helpers/telegram-api.ts) that records every call (nothing reaches the internet). A chat
 * chooses its language, asks a status, links its account by sharing its own contact, gets
 * the notices of that account's cases, and /stop ends them; the profile's channels decide
 * which notices are queued.
 */
const databases = await testDatabases();
// Only the test sends the notices: the timer would race it.
const NEVER = 24 * 60 * 60_000;
const TOKEN = '123456:test-bot-token';
const SECRET = 'telegram-webhook-secret-1234';
const PASSWORD = 'Customer12345';
const BOT_NAME = 'hdc_test_bot';


let botApi: BotApi | undefined;
afterAll(() => botApi?.close());
const shared = fileServer(async () => {
  botApi ??= await startBotApi({ token: TOKEN, botName: BOT_NAME });
  return {
    env: { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_SECRET: SECRET, TELEGRAM_API_ROOT: botApi.root },
    notifyPollMs: NEVER,
  };
});

/** Chat ids are the Telegram users' ids in a private chat: one per test user. */
let lastUser = 700_000_000 + Math.floor(Math.random() * 1e6);
const newUser = () => ++lastUser;

describe.each(databases)('the Telegram bot on $name', (database) => {
  let server: TestServer;
  let api: BotApi;
  let pending: { id: string; case_number: string; directorate: string }[];

  beforeAll(async () => {
    server = await shared(database);
    api = botApi!;
    pending = await pendingCases(server.db);
    expect(pending.length).toBeGreaterThanOrEqual(3);
  });

  const { text, contact, chooseLanguage } = telegramUpdates(() => server.url, SECRET);
  const lastTextTo = (user: number) => api.sentTo(user).at(-1)?.text;
  const chatRow = async (user: number) =>
    (await server.db.query<{ language: string | null; customer_id: string | null }>('SELECT language, customer_id FROM telegram_chat WHERE chat_id = $1', [user]))[0];

  /** A customer with an e-mail and a verified phone, in English, signed in. */
  const customer = async () => {
    const phone = newPhone();
    const email = `telegram-${randomUUID()}@example.test`;
    const [{ id }] = await server.db.query<{ id: string }>(
      `INSERT INTO customer_user (firstname, middlename, lastname, email, password_hash, phone, gender, language, email_verified_at, phone_verified_at)
       VALUES ('Almaz', 'Bekele', 'Tesfaye', $1, $2, $3, 'Female', 'en', now(), now()) RETURNING id`,
      [email, await hash(PASSWORD), phone],
    );
    return { id, phone, token: await tokenFor(server.url, 'customer', { email, password: PASSWORD }) };
  };
  /** An officer of the case's directorate takes it, which tells its owner "processing started". */
  const take = async (kase: (typeof pending)[number], ownerId: string) => {
    await server.db.query('UPDATE customer_case SET customer_id = $1 WHERE id = $2', [ownerId, kase.id]);
    const email = `officer-${randomUUID()}@portal.test`;
    await addStaff(server.db, { email, password_hash: await hash(PASSWORD), firstname: 'Hana', middlename: '', lastname: 'Girma', role: 'officer', directorate_id: kase.directorate },
      new Date(Date.now() - 1000));
    const officer = await staffSignIn(server.url, { email, password: PASSWORD });
    await expectOk(await fetch(`${server.url}/staff_api/cases/${kase.id}/take`, { method: 'POST', headers: { authorization: `Bearer ${officer}` } }));
  };
  const jobsOf = async (caseId: string) =>
    (await server.db.query<{ channel: string }>('SELECT channel FROM notification_job WHERE case_id = $1 ORDER BY channel', [caseId])).map((job) => job.channel);
  const channels = (token: string, choice?: Json) =>
    fetch(`${server.url}/customer_user_api/notice_channels`, {
      method: choice ? 'PUT' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(choice ? { 'content-type': 'application/json' } : {}) },
      body: choice ? JSON.stringify(choice) : undefined,
    });

  it('refuses an update without the secret token (401) or with another one (403), and does nothing with it', async () => {
    const user = newUser();
    for (const [secret, status] of [[null, 401], ['', 401], ['telegram-webhook-secret-123X', 403], [`${SECRET}x`, 403]] as const) {
      await expectError(await text(user, '/start', secret), status, 'telegramSecretInvalid');
      await expectError(await chooseLanguage(user, 'en', secret), status, 'telegramSecretInvalid');
    }
    expect(api.sentTo(user)).toEqual([]);
    expect(await chatRow(user)).toBeUndefined();
  });

  it('/start offers the languages the selector offers, and the chat keeps the one it chose', async () => {
    const user = newUser();
    // The admin's setting of the selector's languages, read at each /start and choice: all six here, three below.
    const offer = (locales: string[]) => server.db.query("UPDATE portal_setting SET value = $1::jsonb WHERE key = 'languages'", [JSON.stringify(locales)]);
    const [{ value }] = await server.db.query<{ value: string[] }>("SELECT value FROM portal_setting WHERE key = 'languages'");
    await offer(['en', 'am', 'om', 'ti', 'so', 'aa']);
    try {
      expect(await expectOk(await text(user, '/start'))).toEqual({ ok: true });
      const [languages] = api.sentTo(user);
      // Amharic until the chat chose, with a button for each language.
      expect(languages.text).toBe('የቤቶች ልማት ኮርፖሬሽን። ቋንቋዎን ይምረጡ፦');
      expect(languages.reply_markup.inline_keyboard.flat().map((button: Json) => [button.text, button.callback_data])).toEqual([
        ['English', 'language:en'], ['አማርኛ', 'language:am'], ['Afaan Oromoo', 'language:or'], ['ትግርኛ', 'language:tg'], ['Soomaali', 'language:sm'], ['Qafaraf', 'language:af'],
      ]);

      await expectOk(await chooseLanguage(user, 'or'));
      expect(await chatRow(user)).toEqual({ language: 'or', customer_id: null });
      const welcome = api.sentTo(user)[1];
      expect(welcome.text).toMatch(/^Lakkoofsa dhimmaa \(fakkeenyaaf HDC-2019-000123\)/);
      expect(welcome.reply_markup.keyboard).toEqual([[{ text: 'Lakkoofsa bilbilaa koo qoodi', request_contact: true }]]);
      // Its next answers are in Oromo too.
      await expectOk(await text(user, 'hello'));
      expect(lastTextTo(user)).toMatch(/^Haala isaa argachuuf/);

      await offer(['en', 'am', 'ti']);
      await expectOk(await text(user, '/start'));
      expect(api.sentTo(user).at(-1)!.reply_markup.inline_keyboard.flat().map((button: Json) => button.text)).toEqual(['English', 'አማርኛ', 'ትግርኛ']);
      // A language no longer offered is not taken.
      await expectOk(await chooseLanguage(user, 'sm'));
      expect(await chatRow(user)).toEqual({ language: 'or', customer_id: null });
    } finally {
      await offer(value);
    }
  });

  it("answers a case number or an accusation reference with its status in the chat's language", async () => {
    const user = newUser();
    await chooseLanguage(user, 'en');
    await expectOk(await text(user, `What about ${pending.at(-1)!.case_number.toLowerCase()}?`));
    expect(lastTextTo(user)).toBe(`HDC: ${pending.at(-1)!.case_number}: pending.`);
    await expectOk(await text(user, 'HDC-2019-999999'));
    expect(lastTextTo(user)).toBe('HDC: no case or report has the number HDC-2019-999999.');
  });

  it('links the chat to the account whose verified phone is the sender’s own contact, and sends that account’s notices here', async () => {
    const owner = await customer();
    const user = newUser();
    await chooseLanguage(user, 'en');
    // Someone else's contact proves nothing; nor does a number no account has verified.
    await expectOk(await contact(user, owner.phone, user + 1));
    await expectOk(await contact(user, owner.phone, undefined));
    expect(lastTextTo(user)).toBe('Share your own phone number with the button below, not someone else’s contact.');
    await expectOk(await contact(user, newPhone(), user));
    expect(lastTextTo(user)).toMatch(/^No portal account has this phone number verified/);
    expect(await chatRow(user)).toEqual({ language: 'en', customer_id: null });

    // Telegram writes the number without its +.
    await expectOk(await contact(user, owner.phone.slice(1), user));
    expect(lastTextTo(user)).toMatch(/^Your account is linked/);
    expect(await chatRow(user)).toEqual({ language: 'en', customer_id: owner.id });

    const kase = pending[0];
    await take(kase, owner.id);
    expect(await jobsOf(kase.id)).toEqual(['mail', 'sms', 'telegram']);
    await server.app.drainNotifications();
    expect(lastTextTo(user)).toBe(`HDC: we have started processing your case ${kase.case_number}.\n${server.config.publicUrl}/dashboard/case/${kase.id}`);

    // The profile tells the account it is linked, and the bot's name for its link.
    expect(await expectOk(await channels(owner.token))).toEqual({ email: true, sms: true, telegram: true, has_email: true, telegram_linked: true, telegram_bot: BOT_NAME });
  });

  it('queues a case notice only by the channels chosen on the profile, and /stop unlinks the chat so no notice comes', async () => {
    const owner = await customer();
    const user = newUser();
    await chooseLanguage(user, 'en');
    await contact(user, owner.phone, user);

    const chosen = await expectOk(await channels(owner.token, { email: false, sms: false, telegram: true }));
    expect(chosen).toMatchObject({ email: false, sms: false, telegram: true, telegram_linked: true });
    await take(pending[1], owner.id);
    expect(await jobsOf(pending[1].id)).toEqual(['telegram']);
    await server.app.drainNotifications();
    expect(lastTextTo(user)).toMatch(new RegExp(`^HDC: we have started processing your case ${pending[1].case_number}\\.`));

    await expectOk(await text(user, '/stop'));
    expect(lastTextTo(user)).toMatch(/^This chat is unlinked/);
    expect(await chatRow(user)).toEqual({ language: 'en', customer_id: null });
    expect(await expectOk(await channels(owner.token))).toMatchObject({ telegram: true, telegram_linked: false });
    const before = api.sentTo(user).length;
    await take(pending[2], owner.id);
    // Telegram chosen but no chat linked, e-mail and SMS turned off: nothing is queued.
    expect(await jobsOf(pending[2].id)).toEqual([]);
    await server.app.drainNotifications();
    expect(api.sentTo(user)).toHaveLength(before);
  });
});
