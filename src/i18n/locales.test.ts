import { describe, expect, it } from 'vitest';
import { localeFromSpecCode, localized, serverMessage } from './locales.ts';

describe('localeFromSpecCode', () => {
  it.each([
    ['En', 'en'],
    ['Am', 'am'],
    ['Or', 'om'],
    ['Tg', 'ti'],
    ['Sm', 'so'],
    ['Af', 'aa'],
  ])('reads the stored spec code %s as the catalog %s', (code, locale) => {
    expect(localeFromSpecCode(code)).toBe(locale);
  });

  it.each([[null], [''], ['am'], ['EN'], ['Fr']])('knows nothing of %j (the default language applies)', (code) => {
    expect(localeFromSpecCode(code)).toBeUndefined();
  });
});

describe('localized', () => {
  const division = { name_en: 'Housing Sales', name_am: 'የቤት ሽያጭ', name_or: '', name_tg: undefined };

  it('takes the field in the API suffix of the locale (om → _or)', () => {
    expect(localized(division, 'name', 'am')).toBe('የቤት ሽያጭ');
    expect(localized({ ...division, name_or: 'Gurgurtaa Manaa' }, 'name', 'om')).toBe('Gurgurtaa Manaa');
  });

  it('falls back to English when the language is empty or missing', () => {
    expect(localized(division, 'name', 'om')).toBe('Housing Sales');
    expect(localized(division, 'name', 'ti')).toBe('Housing Sales');
    expect(localized(division, 'name', 'so')).toBe('Housing Sales');
  });

  it('gives an empty text when not even English is there', () => {
    expect(localized({ name_am: '' }, 'name', 'am')).toBe('');
  });
});

describe('serverMessage', () => {
  const body = { Message_en: 'Case created', Message_am: 'ጉዳዩ ተመዝግቧል', Message_tg: '' };

  it("shows the server's words in the chosen language (ti → Message_tg)", () => {
    expect(serverMessage(body, 'am')).toBe('ጉዳዩ ተመዝግቧል');
    expect(serverMessage({ ...body, Message_tg: 'ጉዳይ ተመዝጊቡ' }, 'ti')).toBe('ጉዳይ ተመዝጊቡ');
  });

  it('falls back to English, and to nothing when there is no message at all', () => {
    expect(serverMessage(body, 'ti')).toBe('Case created');
    expect(serverMessage(body, 'aa')).toBe('Case created');
    expect(serverMessage({}, 'am')).toBeUndefined();
  });
});
