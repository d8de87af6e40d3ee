/**
 * Phone numbers as people type them and the one form each is stored in (issue 24), or
 * undefined where the number is refused at the door and left as it is by migration 024.
 * The normaliser's unit test and the migration's API test both read this table, so the
 * TypeScript rule and the SQL one cannot drift apart.
 */
export const PHONE_FORMS: [typed: string, stored: string | undefined][] = [
  ['0911234567', '+251911234567'],
  ['911234567', '+251911234567'],
  ['251911234567', '+251911234567'],
  ['+251911234567', '+251911234567'],
  ['00251911234567', '+251911234567'],
  ['+251 (0) 911 23 45 67', '+251911234567'],
  ['0911-23-45-67', '+251911234567'],
  ['  0911 234 567 ', '+251911234567'],
  ['0711234567', '+251711234567'],
  ['711234567', '+251711234567'],
  ['+251711234567', '+251711234567'],
  ['0111234567', '+251111234567'],
  ['011 123 4567', '+251111234567'],
  ['+251111234567', '+251111234567'],
  ['+44 20 7946 0000', '+442079460000'],
  ['0044 20 7946 0000', '+442079460000'],
  ['+1 (202) 555-0143', '+12025550143'],
  ['2079460000', undefined],
  ['111234567', undefined],
  ['091123456', undefined],
  ['+25191123456', undefined],
  ['+2519112345678', undefined],
  ['call me maybe', undefined],
  ['12345', undefined],
  ['+0911234567', undefined],
  ['', undefined],
];

/** A mobile number no other test holds, as stored: +2519 and eight random digits. */
export const newPhone = () => `+2519${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
