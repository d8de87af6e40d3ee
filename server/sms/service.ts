import { statusNumberIn, type StatusLookup } from '../cases/status-lookup.ts';
import type { SmsProvider } from '../notifications/sms.ts';
import { fixedReply, replyLanguage, statusReply } from './replies.ts';
import type { ReceiptState, SmsStore } from './store.ts';

interface Dependencies {
  store: SmsStore;
  /** Sends the replies; undefined with SMS_PROVIDER=none (STOP and START are still taken). */
  sms: SmsProvider | undefined;
  /** What a number asked about finds: the status check's own reads (shared with the Telegram bot). */
  lookUp: StatusLookup;
  clock: () => number;
}

/** What an incoming SMS got (the smsInbound answer). */
export type InboundAnswer = 'status' | 'not_found' | 'help' | 'stopped' | 'started' | 'limited';

const COMMAND = /\b(STOP|START)\b/i;

/** A receipt's status in the words gateways use (DLR states and their spelled-out forms); others (queued, sent …) change nothing. */
function receiptState(status: string): ReceiptState | undefined {
  const word = status.trim().toLowerCase();
  if (['delivered', 'delivrd', 'success', 'delivered_to_handset'].includes(word)) return 'delivered';
  if (['failed', 'undelivered', 'undeliv', 'undeliverable', 'rejected', 'rejectd', 'expired', 'deleted', 'error'].includes(word)) return 'undelivered';
  return undefined;
}

/** Ask by SMS (issue 26): a customer's SMS answered with a status, STOP and START, and the gateway's receipts. */
export function createSmsService({ store, sms, lookUp, clock }: Dependencies) {
  return {
    /**
     * An SMS from `from` (+251…): STOP or START, taken whatever the limit; else, within
     * `withinLimit` (the sender's lookups), the status of the number in it or the help.
     */
    async inbound(from: string, text: string, withinLimit: () => Promise<boolean>): Promise<InboundAnswer> {
      const typed = statusNumberIn(text);
      // The number looked up is no language keyword, even when its prefix reads like one.
      const language = replyLanguage(typed ? text.replace(typed, ' ') : text, await store.languageOf(from));
      const command = typed ? undefined : COMMAND.exec(text)?.[1].toUpperCase();
      if (command === 'STOP') {
        await store.stop(from, new Date(clock()));
        await sms?.send(from, fixedReply('smsStoppedSms', language));
        return 'stopped';
      }
      if (command === 'START') {
        await store.start(from);
        await sms?.send(from, fixedReply('smsStartedSms', language));
        return 'started';
      }
      // Past the limit nothing is sent: a reply would cost as much as the answer.
      if (!(await withinLimit())) return 'limited';
      if (!typed) {
        await sms?.send(from, fixedReply('smsHelpSms', language));
        return 'help';
      }
      const found = await lookUp(typed);
      await sms?.send(from, statusReply(found, language));
      return found.kind === 'not_found' ? 'not_found' : 'status';
    },

    /** A delivery receipt: true when it updated a message the portal sent. */
    async receipt({ id, status }: { id?: string; status?: string }): Promise<boolean> {
      const reached = receiptState(status ?? '');
      if (!id || !reached) return false;
      return store.receipt(id, reached, new Date(clock()));
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
