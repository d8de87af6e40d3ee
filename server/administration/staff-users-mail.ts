import { translate, type Language } from '../errors/catalogs.ts';
import { staffMailSources } from '../mail/mail-sources.ts';
import type { Mail } from '../mail/mailer.ts';

const texts = translate(staffMailSources);

/** The set-password mail, in the language the admin's app was in. */
export function staffPasswordMail(to: string, language: Language, values: { name: string; link: string; loginLink: string }): Mail {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, name: keyof typeof values) => values[name] ?? whole);
  return { to, subject: fill(texts.staffPasswordMailSubject[language]), text: fill(texts.staffPasswordMailText[language]) };
}
