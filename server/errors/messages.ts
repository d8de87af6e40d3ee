/**
 * Every message the server says to a person, in the six languages of SPEC section 1: the
 * English in message-sources.ts, the translations in locales/<locale>/server.po.
 * Afar shows English where no translation is agreed (SPEC section 1).
 */
import { translate, type Language, type Translations } from './catalogs.ts';
import { messageSources } from './message-sources.ts';

export type { Language, Translations };

export const serverMessages = translate(messageSources);

export type MessageKey = keyof typeof messageSources;

export type MessageBody = {
  Message_en: string;
  Message_am: string;
  Message_or: string;
  Message_tg: string;
  Message_sm: string;
  Message_af: string;
};

export function messageBody(key: MessageKey): MessageBody {
  const t = serverMessages[key];
  return {
    Message_en: t.en,
    Message_am: t.am,
    Message_or: t.or,
    Message_tg: t.tg,
    Message_sm: t.sm,
    Message_af: t.af,
  };
}
