import type { Static } from 'typebox';
import type { Case, CaseHistoryEntry, CaseStatus } from '../contract/cases.ts';
import { API_LANGUAGE, type Locale } from '../contract/constants.ts';
import { translate } from '../errors/catalogs.ts';
import { pdfSources } from '../pdf/pdf-sources.ts';
import { block, collect, colours, contentWidth, drawBand, drawFooters, formatDate, fullName, newDocument, row, section, sheet, sizes, type Bilingual } from '../pdf/case-pdf.ts';
import { clockTime } from '../pdf/staff-case-pdf.ts';
import { writeMixed } from '../pdf/text-runs.ts';
import type { FileRef } from './store.ts';

type Row = Record<string, unknown>;

/** What the export holds (exportMyData's JSON). */
export interface MyData {
  exported_at: string;
  profile: Row;
  cases: Case[];
  history: Static<typeof CaseHistoryEntry>[];
  ratings: Row[];
  files: (FileRef & { size: number | null })[];
  notices: Row[];
  sms: Row[];
  telegram: Row | null;
  notice_channels: Row;
}

const TEXTS = translate(pdfSources);
type Key = keyof typeof pdfSources;

/** The customer's words for a state, as their badge says it (SPEC section 4; ongoing and responded read "Processing"). */
const STATUS: Record<CaseStatus, Key> = {
  pending: 'statusPending', ongoing: 'statusProcessing', responded: 'statusProcessing', verified: 'statusResponded',
  rejected: 'statusRejected', waiting_customer: 'statusWaitingForYou', under_review: 'statusUnderReview', withdrawn: 'statusWithdrawn',
};

/** Each language by its own name, as the language selector shows it (the stored value is the API's suffix). */
const LANGUAGE_NAMES: Record<string, string> = { en: 'English', am: 'አማርኛ', or: 'Afaan Oromoo', tg: 'ትግርኛ', sm: 'Soomaali', af: 'Qafaraf' };

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
const kilobytes = (size: number | null) => (size === null ? '—' : `${Math.max(1, Math.round(size / 1024))} KB`);

/**
 * The customer's data as a readable document (issue 28), in their language: their profile,
 * each case with its answers, requests for information, review and history, their ratings,
 * their files and the notices sent to them. Names and answers in that language, or in
 * English where an admin left it empty, as the staff's printout writes them.
 */
export async function renderMyDataPdf(data: MyData, locale: Locale, madeAt: Date): Promise<Buffer> {
  const language = API_LANGUAGE[locale];
  const say = (key: Key) => TEXTS[key][language];
  const label = (key: Key): Bilingual => ({ en: say(key) });
  const named = (thing: object, field: string) => {
    const names = thing as Record<string, string>;
    return names[`${field}_${language}`] || names[`${field}_en`] || '';
  };
  // A reader of Amharic or Tigrinya reads their own calendar first, as in their letters.
  const ethiopianFirst = locale === 'am' || locale === 'ti';
  const when = (value: unknown) => (typeof value === 'string' && value ? `${formatDate(value, { ethiopianFirst })} ${clockTime(new Date(value), locale)}` : '—');
  const profile = data.profile;
  const name = fullName({ firstname: text(profile.firstname), middlename: String(profile.middlename ?? ''), lastname: String(profile.lastname ?? '') });

  const doc = newDocument(`${say('myData')} — ${name}`, madeAt);
  const bytes = collect(doc);
  drawBand(doc, label('myData'));
  doc.fillColor(colours.text);
  writeMixed(doc, name, { bold: true, size: sizes.caseNumber, x: sheet.margin, width: contentWidth(doc) });
  doc.fillColor(colours.muted);
  writeMixed(doc, say('myDataIntro'), { size: sizes.label, x: sheet.margin, y: doc.y + 4, width: contentWidth(doc) });

  section(doc, label('profile'));
  row(doc, label('name'), name);
  row(doc, label('email'), text(profile.email));
  row(doc, label('phone'), text(profile.phone));
  row(doc, label('housePhone'), text(profile.house_phone_number));
  row(doc, label('gender'), profile.gender === 'Female' ? say('female') : profile.gender === 'Male' ? say('male') : text(profile.gender));
  row(doc, label('subcity'), text(profile.subcity));
  row(doc, label('woreda'), text(profile.woreda));
  row(doc, label('houseNumber'), text(profile.house_number));
  row(doc, label('language'), LANGUAGE_NAMES[String(profile.language)] ?? text(profile.language));
  row(doc, label('registered'), when(profile.created_at));

  section(doc, label('cases'));
  if (data.cases.length === 0) row(doc, label('cases'), say('none'));
  for (const kase of data.cases) {
    doc.y += 4;
    doc.fillColor(colours.brand);
    writeMixed(doc, `${kase.case_number} — ${say(STATUS[kase.status])}`, { bold: true, size: sizes.heading - 1, x: sheet.margin, width: contentWidth(doc) });
    doc.y += 2;
    row(doc, label('caseRequest'), named(kase.caselist, 'case_name'));
    row(doc, label('division'), named(kase.division, 'name'));
    row(doc, label('submitted'), when(kase.createdAt));
    if (kase.verified_date) row(doc, label('responded'), when(kase.verified_date));
    if (kase.response_justification?.letter_number) row(doc, label('letterNumber'), kase.response_justification.letter_number);
    if (kase.rejected_date) row(doc, label('rejectedDate'), when(kase.rejected_date));
    if (kase.rejection_justification) block(doc, say('justification'), kase.rejection_justification);
    for (const { question, answer } of kase.list_of_question) {
      const option = question.enumValues.find((value) => value._id === answer);
      block(doc, named(question, 'name'), option ? named(option.expectedValues, 'value') : answer);
    }
    if (kase.remark) block(doc, say('remark'), kase.remark);
    for (const request of kase.information_requests) {
      block(doc, `${say('informationRequest')} (${when(request.asked_at)})`, request.message);
      if (request.answer) block(doc, `${say('yourAnswer')} (${when(request.answer.answered_at)})`, request.answer.text);
    }
    if (kase.review) {
      block(doc, `${say('review')} (${when(kase.review.requested_at)})`, kase.review.reason);
      if (kase.review.justification) block(doc, say('justification'), kase.review.justification);
    }
    const moves = data.history.filter((entry) => entry.case._id === kase._id).toReversed();
    for (const entry of moves) row(doc, { en: when(entry.changedAt) }, `${say('history')}: ${say(STATUS[entry.status])}`);
  }

  section(doc, label('ratings'));
  if (data.ratings.length === 0) row(doc, label('ratings'), say('none'));
  for (const rating of data.ratings) {
    row(doc, { en: text(rating.case_number) }, `${say('rating')}: ${text(rating.rate_num)} / 5 — ${when(rating.created_at)}`);
    if (rating.comment) block(doc, say('comment'), String(rating.comment));
  }

  section(doc, label('files'));
  if (data.files.length === 0) row(doc, label('files'), say('none'));
  for (const file of data.files) {
    row(doc, { en: file.case_number ?? say('profile') }, `${file.name} — ${say('size')}: ${kilobytes(file.size)} — ${when(file.date)}`);
  }

  section(doc, label('noticeChannels'));
  const channels = data.notice_channels as { in_use?: string[] };
  row(doc, label('noticeChannels'), channels.in_use?.length ? channels.in_use.join(', ') : say('none'));
  row(doc, label('telegram'), data.telegram ? when(data.telegram.linked_at) : say('none'));

  section(doc, label('notices'));
  if (data.notices.length === 0) row(doc, label('notices'), say('none'));
  for (const notice of data.notices) {
    const state = notice.sent_at ? `${say('sent')} ${when(notice.sent_at)}` : say('notSent');
    row(doc, { en: when(notice.created_at) }, `${text(notice.channel)} · ${text(notice.notice)} · ${text(notice.case_number)} — ${state}`);
  }
  for (const sms of data.sms) row(doc, { en: when(sms.created_at) }, `SMS · ${text(sms.phone)} · ${text(sms.state)}`);

  drawFooters(doc, `${say('printed')}: ${formatDate(madeAt, { ethiopianFirst })} — ${say('myData')} — ${name}`, say('page'));
  doc.end();
  return bytes;
}
