/**
 * Every message the server says to a person, in the six languages of SPEC section 1.
 * Keys are stable codes; the bodies carry Message_en … Message_af (SPEC sections 3, 8).
 * Afar falls back to English where no translation is agreed (SPEC section 1).
 */
export type Language = 'en' | 'am' | 'or' | 'tg' | 'sm' | 'af';
export type Translations = Record<Language, string>;

const english = <T extends Omit<Translations, 'af'>>(t: T): Translations => ({ ...t, af: t.en });

export const serverMessages = {
  notFound: english({
    en: 'The requested resource was not found.',
    am: 'የተጠየቀው መረጃ አልተገኘም።',
    or: 'Wanti gaafatame hin argamne.',
    tg: 'ዝተሓተተ ሓበሬታ ኣይተረኽበን።',
    sm: 'Waxa la codsaday lama helin.',
  }),
  divisionNotFound: english({
    en: 'The division was not found.',
    am: 'ዘርፉ አልተገኘም።',
    or: 'Damee kun hin argamne.',
    tg: 'እቲ ዘርፊ ኣይተረኽበን።',
    sm: 'Qaybtan lama helin.',
  }),
  invalidRequest: english({
    en: 'The request is not valid. Please check what you entered.',
    am: 'ጥያቄው ትክክል አይደለም። እባክዎ ያስገቡትን ያረጋግጡ።',
    or: 'Gaaffiin kun sirrii miti. Maaloo waan galchitan mirkaneeffadhaa.',
    tg: 'እቲ ሕቶ ቅኑዕ ኣይኮነን። በጃኹም ዘእተኹምዎ ኣረጋግጹ።',
    sm: 'Codsigu sax maaha. Fadlan hubi waxaad gelisay.',
  }),
  invalidId: english({
    en: 'The id is not valid.',
    am: 'መለያው ትክክል አይደለም።',
    or: 'Eenyummeessaan sirrii miti.',
    tg: 'እቲ መለለዪ ቅኑዕ ኣይኮነን።',
    sm: 'Aqoonsigu sax maaha.',
  }),
  tooManyRequests: english({
    en: 'Too many attempts. Please wait 3 minutes before retrying.',
    am: 'በጣም ብዙ ሙከራዎች። እባክዎ እንደገና ከመሞከርዎ በፊት 3 ደቂቃ ይጠብቁ።',
    or: "Yaaliin baay'ee ta'eera. Maaloo osoo irra deebitanii hin yaalin daqiiqaa 3 eegaa.",
    tg: 'ብዙሕ ፈተነታት። በጃኹም ቅድሚ ደጊምኩም ምፍታንኩም 3 ደቒቕ ተጸበዩ።',
    sm: 'Isku dayo aad u badan. Fadlan sug 3 daqiiqo ka hor intaadan isku dayin mar kale.',
  }),
  serverError: english({
    en: 'Something went wrong. Please try again later.',
    am: 'የሆነ ችግር ተፈጥሯል። እባክዎ ቆይተው እንደገና ይሞክሩ።',
    or: "Rakkoon uumameera. Maaloo booda irra deebi'aa yaalaa.",
    tg: 'ጸገም ኣጋጢሙ። በጃኹም ደሓር ደጊምኩም ፈትኑ።',
    sm: 'Wax qalad ah ayaa dhacay. Fadlan mar dambe isku day.',
  }),
  unauthorized: english({
    en: 'Please log in to continue.',
    am: 'ለመቀጠል እባክዎ ይግቡ።',
    or: 'Itti fufuuf maaloo seenaa.',
    tg: 'ንምቕጻል በጃኹም እተዉ።',
    sm: 'Fadlan gal si aad u sii wadato.',
  }),
} satisfies Record<string, Translations>;

export type MessageKey = keyof typeof serverMessages;

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
