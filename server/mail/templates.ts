import { translate, type Language } from '../errors/catalogs.ts';
import { mailSources } from './mail-sources.ts';
import type { Mail } from './mailer.ts';

/** The account e-mails in the customer's language, from the server catalogs (mail-sources.ts). */
const texts = translate(mailSources);

type MailKey = keyof typeof mailSources;

/** The text in that language with its `{placeholder}`s filled in. */
function fill(key: MailKey, language: Language, values: Record<string, string>): string {
  return texts[key][language].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function mail(to: string, language: Language, kind: 'otpMail' | 'resetMail' | 'registrationAttemptMail', values: Record<string, string>): Mail {
  return { to, subject: fill(`${kind}Subject`, language, values), text: fill(`${kind}Text`, language, values) };
}

export const otpMail = (to: string, language: Language, name: string, code: string): Mail => mail(to, language, 'otpMail', { name, code });

export const resetMail = (to: string, language: Language, name: string, link: string): Mail => mail(to, language, 'resetMail', { name, link });

/** To the owner of an e-mail someone tried to register again: the API answers that caller as if it were new. */
export const registrationAttemptMail = (to: string, language: Language, name: string, loginLink: string): Mail =>
  mail(to, language, 'registrationAttemptMail', { name, loginLink });
