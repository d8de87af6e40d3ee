import { Type } from 'typebox';
import { defineCalls } from './call.ts';
import { errorResponses } from './common.ts';

const refused = errorResponses[400];
/** Without X-Webhook-Secret 401; with another secret, or none configured, 403. */
const webhookRefusals = { 401: refused, 403: refused, ...errorResponses };
const SECRET = 'The gateway sends SMS_WEBHOOK_SECRET in the X-Webhook-Secret header; a JSON or form (application/x-www-form-urlencoded) body.';

/** What an incoming SMS got: its reply (a status, not found, the help), STOP or START taken, or nothing (over the limit). */
export const SmsInboundAnswer = Type.Object({
  answer: Type.Union([
    Type.Literal('status'), Type.Literal('not_found'), Type.Literal('help'), Type.Literal('stopped'), Type.Literal('started'), Type.Literal('limited'),
  ]),
});

/** The SMS gateway's calls to the portal (issue 26): the messages customers send, and the receipts of the portal's own. */
export const smsGatewayCalls = defineCalls('sms', {
  smsInbound: {
    summary: 'An SMS a customer sent: a case number or accusation reference, STOP or START',
    description: `${SECRET} A case number or accusation reference is answered by SMS with its status (and appointment day), in the sender's account language or the language keyword (EN, AM, OM, TI, SO, AA) in the text, Amharic otherwise; STOP and START turn the number's case notices off and on. Limited per sender number like the web status check.`,
    body: Type.Object({ from: Type.String({ minLength: 1, maxLength: 30 }), text: Type.String({ maxLength: 1600 }) }),
    responses: { 200: SmsInboundAnswer, ...webhookRefusals },
  },
  smsDelivery: {
    summary: 'A delivery receipt for an SMS the portal sent',
    description: `${SECRET} The message is named by the id the gateway gave when it took it (id, message_id or messageId); its status (status or state) delivered, failed, undelivered … updates the stored message. An unknown id changes nothing.`,
    body: Type.Object({
      id: Type.Optional(Type.String({ maxLength: 200 })),
      message_id: Type.Optional(Type.String({ maxLength: 200 })),
      messageId: Type.Optional(Type.String({ maxLength: 200 })),
      status: Type.Optional(Type.String({ maxLength: 100 })),
      state: Type.Optional(Type.String({ maxLength: 100 })),
    }),
    responses: { 200: Type.Object({ updated: Type.Boolean() }), ...webhookRefusals },
  },
});
