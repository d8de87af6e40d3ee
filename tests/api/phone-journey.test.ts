import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases.ts';
import { ETHIOPIC, expectError, expectOk, type Json } from '../helpers/expect-api.ts';
import { jsonCalls } from '../helpers/json-calls.ts';
import { newPhone } from '../helpers/phone-forms.ts';
import { fileServer, type TestServer } from '../helpers/server.ts';
import { startSmsGateway, type SmsGateway } from '../helpers/sms-gateway.ts';
import { signedStaff } from '../helpers/staff-fixture.ts';
import { startBotApi, telegramUpdates, type BotApi } from '../helpers/telegram-api.ts';

/**
 * Issue 26's "Done means", one customer's journey per database: a phone-only customer
 * registers, applies, is told by SMS (at a gateway stand-in) and by Telegram (at a Bot API
 * stand-in, both on 127.0.0.1: nothing reaches the internet) that the case is answered, and
 * rates it with Telegram's one-tap link; asks the status by SMS and gets it in Amharic; a
 * forged webhook is refused; after STOP a notice of the case goes by Telegram and not by SMS.
 */
const databases = await testDatabases();
// Only the test drains the notices: the timer would race it.
const NEVER = 24 * 60 * 60_000;
const PUBLIC_URL = 'http://portal.test';
const SMS_SECRET = 'journey-gateway-secret-1234';
const TELEGRAM_SECRET = 'journey-telegram-secret-1234';
const TOKEN = '654321:journey-bot-token';
const PASSWORD = 'Journey-Secret-1234';
const RATE_LINK = /http:\/\/portal\.test\/rate\/(\S+)/;
/** One SMS segment: 70 characters when any is outside GSM-7, as every Ethiopic one is. */
const ONE_UCS2_SEGMENT = 70;

let gateway: SmsGateway | undefined;
let botApi: BotApi | undefined;
afterAll(async () => {
  await gateway?.close();
  await botApi?.close();
});
const serverFor = fileServer(async () => {
  gateway ??= await startSmsGateway();
  botApi ??= await startBotApi({ token: TOKEN, botName: 'hdc_journey_bot' });
  return {
    env: {
      SMS_PROVIDER: 'http', SMS_HTTP_URL: gateway.url, SMS_HTTP_AUTH: 'Bearer journey-gateway-key', SMS_SENDER: 'HDC', SMS_WEBHOOK_SECRET: SMS_SECRET,
      TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET, TELEGRAM_API_ROOT: botApi.root,
    },
    publicUrl: PUBLIC_URL,
    notifyPollMs: NEVER,
  };
});
// Chat ids are the Telegram users' ids in a private chat.
let lastUser = 800_000_000 + Math.floor(Math.random() * 1e6);

describe.each(databases)("a phone-only customer's journey on $name", (database) => {
  let server: TestServer;
  const api = jsonCalls(() => server.url);
  const telegram = telegramUpdates(() => server.url, TELEGRAM_SECRET);
  beforeAll(async () => {
    server = await serverFor(database);
  });

  const smsTexts = (phone: string) => gateway!.to(phone).map((message) => message.fields.text);
  const inbound = (body: Json, secret = SMS_SECRET) =>
    fetch(`${server.url}/sms/inbound`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-secret': secret }, body: JSON.stringify(body) });
  const staffMove = (caseId: string, move: string, token: string, body?: FormData) =>
    fetch(`${server.url}/staff_api/cases/${caseId}/${move}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
  /** Each of the case request's questions answered as the apply form lets one: the first option, a number, a text. */
  const answersFor = (questions: Json[]) => JSON.stringify(questions.map((question) => ({
    [question._id]: question.enumValues.length ? question.enumValues[0]._id : question.dataType === 'number' ? 3 : 'B-7/12',
  })));

  it('registers, applies, is told by SMS and Telegram, rates by the link, asks by SMS, and STOP ends the SMS notices', async () => {
    const phone = newPhone();
    const user = ++lastUser;

    // Registers in Amharic with a phone and no e-mail: the code comes to the gateway by SMS.
    const form = new FormData();
    const fields = { firstname: 'Tsehaynesh', middlename: 'Woldemichael', lastname: 'Gebreyohannes', password: PASSWORD, gender: 'Female', phone: `0${phone.slice(4)}` };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    await expectOk(await fetch(`${server.url}/customer_user_api/create_customer_user`, { method: 'POST', body: form, headers: { 'accept-language': 'am' } }), 201);
    const [codeText, ...none] = smsTexts(phone);
    expect(none).toEqual([]);
    expect(codeText).toMatch(ETHIOPIC);
    const otp = /\b(\d{6})\b/.exec(codeText)?.[1];
    expect(otp, codeText).toMatch(/^\d{6}$/);
    await expectOk(await api.post('/customer_user_api/validate_customer_otp', { phone, otp }));
    const { token } = await expectOk(await api.post('/customer_user_api/login_customer_user', { phone, password: PASSWORD }));

    // Applies for a house, as the apply form sends it.
    const caseRequests: Json[] = await expectOk(await api.get('/case_list_api/get_all_case_list'));
    const questions: Json[] = await expectOk(await api.get('/questions_api/get_all_questions'));
    const buy = caseRequests.find((request) => request.case_name_en === 'Buying a corporation house')!;
    const application = new FormData();
    application.append('division', buy.division._id);
    application.append('caselist', buy._id);
    application.append('form', answersFor(questions.filter((question) => question.caselist._id === buy._id)));
    const filed = await expectOk(await fetch(`${server.url}/customer_case_api/create_case`, { method: 'POST', body: application, headers: { authorization: `Bearer ${token}` } }), 201);
    const kase = { id: filed._id as string, number: filed.case_number as string };

    // Links Telegram by sharing their own contact (Telegram writes the number without its +).
    await expectOk(await telegram.contact(user, phone.slice(1), user));
    const [{ customer_id: linked }] = await server.db.query<{ customer_id: string }>('SELECT customer_id FROM telegram_chat WHERE chat_id = $1', [user]);
    const [{ id: customerId }] = await server.db.query<{ id: string }>('SELECT id FROM customer_user WHERE phone = $1', [phone]);
    expect(linked).toBe(customerId);

    // An officer of the case's directorate takes it and answers; a manager approves.
    const [{ directorate_id: directorate }] = await server.db.query<{ directorate_id: string }>('SELECT directorate_id FROM customer_case WHERE id = $1', [kase.id]);
    const officer = await signedStaff(server, 'officer', directorate);
    const manager = await signedStaff(server, 'manager', directorate);
    await expectOk(await staffMove(kase.id, 'take', officer.token));
    const response = new FormData();
    response.append('justification', 'The house is allotted; the contract follows.');
    await expectOk(await staffMove(kase.id, 'respond', officer.token, response));
    await expectOk(await staffMove(kase.id, 'approve', manager.token));
    await server.app.drainNotifications();

    // "Answered" by SMS, in Amharic: one segment, the case number and no name, no rating link.
    const answeredSms = smsTexts(phone).at(-1)!;
    expect(smsTexts(phone)).toHaveLength(3);
    expect(answeredSms).toBe(`HDC፦ ለጉዳይዎ ${kase.number} ምላሽ ተሰጥቷል። ምላሹን በፖርታሉ ላይ ይመልከቱ።`);
    expect([...answeredSms].length).toBeLessThanOrEqual(ONE_UCS2_SEGMENT);
    // And by Telegram: the same words, the case's link and the one-tap rating link.
    const answeredTelegram = botApi!.sentTo(user).at(-1)!.text as string;
    const [words, caseLink, ...rest] = answeredTelegram.split('\n');
    expect([words, caseLink]).toEqual([answeredSms, `${PUBLIC_URL}/dashboard/case/${kase.id}`]);
    // The Amharic rating line (the catalog's words, copied here on purpose) and its link.
    const rating = rest.join('\n');
    expect(rating).toContain('በአንድ ንክኪ');
    const ratingToken = RATE_LINK.exec(rating)?.[1];
    expect(ratingToken).toMatch(new RegExp(`^${kase.id}-`));

    // Rates with that link, no session: stored once.
    await expectOk(await api.post('/div_rate/create_custrate', { rateNum: 5, rating_token: ratingToken }), 201);
    await expectError(await api.post('/div_rate/create_custrate', { rateNum: 1, rating_token: ratingToken }), 409, 'ratingLinkUsed');
    expect(await server.db.query('SELECT rate_num, customer_id FROM case_rating WHERE case_id = $1', [kase.id])).toEqual([{ rate_num: 5, customer_id: customerId }]);

    // Asks by SMS with the case number: the status comes back to the gateway in Amharic, in one segment.
    expect(await expectOk(await inbound({ from: phone, text: kase.number }))).toEqual({ answer: 'status' });
    const status = smsTexts(phone).at(-1)!;
    expect(status).toBe(`HDC፦ ${kase.number}፦ ምላሽ ተሰጥቷል።`);
    expect([...status].length).toBeLessThanOrEqual(ONE_UCS2_SEGMENT);

    // A forged STOP (another secret) is refused: nothing stored, nothing sent.
    const sent = gateway!.received.length;
    await expectError(await inbound({ from: phone, text: 'STOP' }, `${SMS_SECRET}x`), 403, 'webhookSecretInvalid');
    expect(await server.db.query('SELECT phone FROM sms_stop WHERE phone = $1', [phone])).toEqual([]);
    expect(gateway!.received).toHaveLength(sent);

    // STOP; then the customer asks for a review and another manager decides it: its notice reaches Telegram, not the gateway.
    expect(await expectOk(await inbound({ from: phone, text: 'STOP' }))).toEqual({ answer: 'stopped' });
    const [afterStop, toldByTelegram] = [smsTexts(phone).length, botApi!.sentTo(user).length];
    await expectOk(await api.post(`/customer_case_api/request_review/${kase.id}`, { reason: 'I would like a ground floor house.' }, token));
    const reviewer = await signedStaff(server, 'manager', directorate);
    await expectOk(await api.post(`/staff_api/cases/${kase.id}/decide_review`, { outcome: 'upheld', justification: 'The allotment stands.' }, reviewer.token));
    await server.app.drainNotifications();
    const [reviewed, ...after] = botApi!.sentTo(user).slice(toldByTelegram).map((sent) => (sent.text as string).split('\n'));
    expect(after).toEqual([]);
    expect(reviewed[0]).toContain(kase.number);
    expect(reviewed.slice(1)).toEqual([`${PUBLIC_URL}/dashboard/case/${kase.id}`]);
    expect(smsTexts(phone)).toHaveLength(afterStop);
    const held = await server.db.query<{ state: string }>(
      `SELECT m.state FROM sms_message m JOIN notification_job j ON j.id = m.job_id WHERE j.case_id = $1 AND j.notice = 'review_decided'`, [kase.id]);
    expect(held).toEqual([{ state: 'stopped' }]);
  });
});
