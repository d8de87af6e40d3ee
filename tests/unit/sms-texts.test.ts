import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_LANGUAGE, type Locale } from '../../server/contract/constants.ts';
import { parsePo } from '../../server/errors/catalogs.ts';
import { appointmentDay } from '../../server/notifications/notice-texts.ts';
import { smsStatusSources } from '../../server/sms/sms-sources.ts';

/**
 * Issue 26, "texts that fit and tell nothing private": every SMS text of the server catalogs
 * (an entry whose code ends in `Sms`: notices, codes, the status replies), in every language,
 * with the longest value each placeholder can take, is one SMS segment; and none has a
 * placeholder for a name, an address, a phone number or an e-mail address. A text a
 * translator has not translated yet goes out in English, so that is what is measured.
 */
const LOCALES = Object.keys(API_LANGUAGE) as Locale[];
const ROOT = path.resolve(import.meta.dirname, '../..');
const catalog = (locale: Locale) => parsePo(fs.readFileSync(path.join(ROOT, 'locales', locale, 'server.po'), 'utf8'));

/** GSM 03.38: the default alphabet (one septet each) and its extension table (two each, the escape first). */
const GSM_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€';

/** The segment a text needs: GSM-7 (160 septets) when every character is in it, else UCS-2 (70 characters). */
function segment(text: string): { limit: number; length: number } {
  const characters = [...text];
  if (characters.every((c) => GSM_BASIC.includes(c) || GSM_EXTENSION.includes(c))) {
    return { limit: 160, length: characters.reduce((sum, c) => sum + (GSM_EXTENSION.includes(c) ? 2 : 1), 0) };
  }
  // UCS-2 counts UTF-16 units: a character outside the BMP takes two.
  return { limit: 70, length: text.length };
}

const longest = (values: string[]) => values.reduce((a, b) => (b.length > a.length ? b : a), '');

/** Every day of four years, written as the reader's calendar writes an appointment's day. */
const longestDay = (locale: Locale) => {
  const days = Array.from({ length: 4 * 366 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString());
  return longest(days.map((iso) => appointmentDay(iso, API_LANGUAGE[locale])));
};

/** The longest value of each placeholder an SMS may have; a text with another one fails until it is added here. */
function longestValues(locale: Locale, entries: ReturnType<typeof catalog>): Record<string, string> {
  const translated = (code: string) => {
    const entry = entries.find((e) => e.context === code);
    return entry?.translation || entry?.source || '';
  };
  // CASE_NUMBER_PREFIX may be 10 letters (server/config.ts); the accusation reference has the same form.
  const caseNumber = 'ABCDEFGHIJ-2019-000123';
  return {
    caseNumber,
    number: caseNumber,
    date: longestDay(locale),
    status: longest(Object.keys(smsStatusSources).map(translated)),
    // A one-time code (server/accounts/phone-codes.ts): six digits.
    code: '000000',
  };
}

/** A placeholder that would put someone's personal data (or free text that may hold it) into an SMS. */
const PRIVATE = /name|address|phone|mail|subcity|woreda|house|justification|remark|note|comment|link/i;

const smsTexts = (entries: ReturnType<typeof catalog>) => entries.filter((e) => e.context.endsWith('Sms'));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

describe('SMS texts', () => {
  it('include the notices, the status replies and their catalogs’ others', () => {
    const codes = smsTexts(catalog('en')).map((e) => e.context);
    expect(codes).toEqual(expect.arrayContaining(['processingStartedSms', 'appointmentMovedSms', 'passwordChangedSms', 'smsStatusAppointmentSms', 'smsHelpSms']));
  });

  it.each(LOCALES)('in %s each fit one segment with the longest values of their placeholders', (locale) => {
    const entries = catalog(locale);
    const values = longestValues(locale, entries);
    const tooLong: string[] = [];
    for (const entry of smsTexts(entries)) {
      const template = entry.translation || entry.source;
      const unknown = placeholders(template).filter((name) => !(name in values));
      expect(unknown, `${entry.context}: a placeholder without a longest value here`).toEqual([]);
      const text = template.replace(/\{(\w+)\}/g, (_, name: string) => values[name]);
      const { limit, length } = segment(text);
      if (length > limit) tooLong.push(`${entry.context} (${length}/${limit}): ${text}`);
    }
    expect(tooLong).toEqual([]);
  });

  it('name no one: no placeholder for a name, an address, a phone, an e-mail or free text', () => {
    const personal = LOCALES.flatMap((locale) =>
      smsTexts(catalog(locale)).flatMap((e) => placeholders(`${e.source} ${e.translation}`).filter((name) => PRIVATE.test(name)).map((name) => `${locale} ${e.context}: {${name}}`)),
    );
    expect(personal).toEqual([]);
  });
});
