import type { Language } from '../errors/messages.ts';
import type { Mail } from './mailer.ts';

/**
 * The account e-mails in the customer's language: English and Amharic written out;
 * the other languages get the English text until agreed translations exist.
 */
type Template = (name: string, detail: string) => { subject: string; text: string };

const otp: Partial<Record<Language, Template>> & { en: Template } = {
  en: (name, code) => ({
    subject: 'Your verification code',
    text: `Hello ${name},\n\nYour verification code for the Housing Development Corporation customer portal is:\n\n    ${code}\n\nIt is valid for 10 minutes. If you did not register, you can ignore this e-mail.\n`,
  }),
  am: (name, code) => ({
    subject: 'የማረጋገጫ ኮድዎ',
    text: `ሰላም ${name}፣\n\nለቤቶች ልማት ኮርፖሬሽን የደንበኞች ፖርታል የማረጋገጫ ኮድዎ፦\n\n    ${code}\n\nኮዱ ለ10 ደቂቃ ያገለግላል። ካልተመዘገቡ ይህን ኢሜይል ችላ ይበሉት።\n`,
  }),
};

const reset: Partial<Record<Language, Template>> & { en: Template } = {
  en: (name, link) => ({
    subject: 'Reset your password',
    text: `Hello ${name},\n\nTo choose a new password for the Housing Development Corporation customer portal, open this link:\n\n${link}\n\nThe link works once, for 30 minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.\n`,
  }),
  am: (name, link) => ({
    subject: 'የይለፍ ቃልዎን ይቀይሩ',
    text: `ሰላም ${name}፣\n\nለቤቶች ልማት ኮርፖሬሽን የደንበኞች ፖርታል አዲስ የይለፍ ቃል ለመምረጥ ይህን ሊንክ ይክፈቱ፦\n\n${link}\n\nሊንኩ አንድ ጊዜ ብቻ፣ ለ30 ደቂቃ ይሰራል። ይህን ካልጠየቁ ኢሜይሉን ችላ ይበሉት፤ የይለፍ ቃልዎ አይቀየርም።\n`,
  }),
};

export const otpMail = (to: string, language: Language, name: string, code: string): Mail => ({
  to,
  ...(otp[language] ?? otp.en)(name, code),
});

export const resetMail = (to: string, language: Language, name: string, link: string): Mail => ({
  to,
  ...(reset[language] ?? reset.en)(name, link),
});
