import { translate } from '../errors/catalogs.ts';
import { caseNoticeSources } from '../mail/mail-sources.ts';
import { languageOf, noticeSms, type Recipient } from './notice-texts.ts';
import type { CaseNotice, NoticePayload } from './notices.ts';

/** Sends a text to a Telegram chat (the bot's sendMessage). */
export type TelegramSender = (chatId: number, text: string) => Promise<void>;

const rating = translate({ answeredRatingLinkText: caseNoticeSources.answeredRatingLinkText });

/**
 * A case's notice by Telegram (issue 26): the SMS notice's words, which name nobody, then
 * the link to the case and, for an answer, the one-tap rating link that the e-mail has too
 * (an SMS never carries it).
 */
export function noticeTelegram(notice: CaseNotice, recipient: Recipient, payload: NoticePayload, link: string): string {
  const ratingLink = payload.ratingLink ? `\n\n${rating.answeredRatingLinkText[languageOf(recipient)].replace('{ratingLink}', payload.ratingLink)}` : '';
  return `${noticeSms(notice, recipient, payload, link)}\n${link}${ratingLink}`;
}
