import { describe, expect, it } from 'vitest';
import { PHONE_FORMS } from '../../tests/helpers/phone-forms.ts';
import { phoneOrAsStored, phoneSearchDigits, readPhone } from './phone-number.ts';

describe('readPhone', () => {
  it.each(PHONE_FORMS)('reads %j as %s', (typed, stored) => {
    const reading = readPhone(typed);
    expect('phone' in reading ? reading.phone : undefined).toBe(stored);
  });

  it('asks a foreign number typed without + for its country code, and calls other text invalid', () => {
    expect(readPhone('2079460000')).toEqual({ refusal: 'phoneCountryCodeMissing' });
    expect(readPhone('111234567')).toEqual({ refusal: 'phoneCountryCodeMissing' });
    expect(readPhone('+25191123456')).toEqual({ refusal: 'phoneInvalid' });
    expect(readPhone('call me maybe')).toEqual({ refusal: 'phoneInvalid' });
    expect(readPhone('12345')).toEqual({ refusal: 'phoneInvalid' });
  });
});

describe('phoneOrAsStored', () => {
  it('sends to the one form, and to an unreadable number as it was stored', () => {
    expect(phoneOrAsStored('0911 234567')).toBe('+251911234567');
    expect(phoneOrAsStored('ask at the desk')).toBe('ask at the desk');
  });
});

describe('phoneSearchDigits', () => {
  it.each(['0911234567', '911234567', '251911234567', '+251911234567', '+251 911 23 45 67'])('looks for the whole number %j as 251911234567', (typed) => {
    expect(phoneSearchDigits(typed)).toBe('251911234567');
  });

  it.each([
    ['0911 23', '91123'],
    ['911', '911'],
    ['+2519', '2519'],
    ['00251 91', '25191'],
    ['4567', '4567'],
  ])('looks for a part %j as the digits %s', (typed, digits) => {
    expect(phoneSearchDigits(typed)).toBe(digits);
  });

  it.each(['Almaz', 'HDC-2019-000123', '', '0', '+'])('does not read %j as a phone number', (typed) => {
    expect(phoneSearchDigits(typed)).toBeUndefined();
  });
});
