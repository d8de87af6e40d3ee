/**
 * The English of the SMS a phone account is sent (issue 26): the source text of the server
 * catalogs (locales/<locale>/server.po), translated there. Each must fit one SMS in every
 * language: 70 characters when any is outside GSM-7 (every Ethiopic text), 160 otherwise,
 * with `{code}` filled (tests/unit/sms-texts.test.ts measures every `…Sms` text). No name, number or address in them.
 */
export const phoneSmsSources = {
  codeSms: 'HDC code: {code}. Valid for 10 minutes. Never share it with anyone.',
  registrationAttemptSms: 'HDC: someone tried to register with your number. Your account is unchanged. To log in, use your number and password.',
} as const;
