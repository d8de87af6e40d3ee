import type { Locale } from '../contract/constants.ts';
import { API_LANGUAGE } from '../contract/constants.ts';
import { translate } from '../errors/catalogs.ts';
import { heightOfMixed, writeMixed } from './text-runs.ts';
import { pdfSources } from './pdf-sources.ts';
import {
  block, collect, colours, contentWidth, drawBand, drawFooters, formatDate, fullName, newDocument, row, section, sheet, sizes,
  type Bilingual,
} from './case-pdf.ts';

type Person = { firstname: string; middlename: string; lastname: string };
/** Six names of a thing (a division, a directorate, a question), by the API's suffix. */
type Named<Field extends string> = { [Suffix in (typeof API_LANGUAGE)[Locale] as `${Field}_${Suffix}`]: string };

/** What the staff's printout shows of a case: staffGetCase's answer, read by the staff user printing it. */
export interface StaffCaseRecord {
  case_number: string;
  status: keyof typeof STATE;
  late: 'yes' | 'no';
  due_date: string | null;
  createdAt: string;
  division: Named<'name'>;
  caselist: Named<'case_name'>;
  /** The case's own directorate (issue 24), when it has one. */
  directorate?: Named<'name'> | null;
  related_case_id: { case_number: string } | null;
  assigned_to: Person | null;
  responded_by: Person | null;
  rejected_by: Person | null;
  rejected_date: string | null;
  rejection_justification: string | null;
  /** The response's text as its officer last wrote it, or null before any. */
  response: string | null;
  /** The response letter's number (issue 25), given at approval. */
  response_justification: { letter_number: string | null } | null;
  remark: string;
  customer: Person & { phone: string; house_phone_number: string; subcity: string; woreda: string; house_number: string };
  list_of_question: { question: Named<'name'> & { enumValues: { _id: string; expectedValues: Named<'value'> }[] }; answer: string }[];
  archive: { category: { name: string }; archived_date: string; archived_by: Person | null } | null;
  history: { action: string; note: string | null; actor_name: string | null; assigned_to: Person | null; at: string }[];
}

/** Every label in every language, from the server catalogs. */
const TEXTS = translate(pdfSources);
type Key = keyof typeof pdfSources;

/** The staff's words for a state (as their badge says it), not the customer's. */
const STATE = {
  pending: 'staffPending', ongoing: 'staffOngoing', responded: 'staffResponded',
  verified: 'staffVerified', rejected: 'staffRejected', archived: 'staffArchived',
  waiting_customer: 'staffWaitingCustomer', under_review: 'staffUnderReview', withdrawn: 'staffWithdrawn',
} as const satisfies Record<string, Key>;

const ACTION: Record<string, Key> = {
  file: 'actionFile', take: 'actionTake', assign: 'actionAssign', schedule: 'actionSchedule', extend: 'actionExtend',
  respond: 'actionRespond', approve: 'actionApprove', return: 'actionReturn', reject: 'actionReject',
  archive: 'actionArchive', refile: 'actionRefile', transfer: 'actionTransfer', note: 'internalNote',
  request_information: 'actionRequestInformation', answer_information: 'actionAnswerInformation', close_unanswered: 'actionCloseUnanswered',
  request_review: 'actionRequestReview', decide_review: 'actionDecideReview', withdraw: 'actionWithdraw',
};

const addisClock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Africa/Addis_Ababa' });

/** The parts of the day by the Western hour they start at, as the app names them (src/i18n/dates.ts, DAY_PERIODS). */
const DAY_PERIODS: Partial<Record<Locale, [from: number, word: string][]>> = {
  am: [[0, 'ሌሊት'], [6, 'ጠዋት'], [12, 'ከሰዓት'], [18, 'ምሽት']],
  ti: [[0, 'ለይቲ'], [6, 'ንግሆ'], [12, 'ድሕሪ ቀትሪ'], [18, 'ምሸት']],
};

/**
 * The time of day in Addis Ababa as the app writes it (src/i18n/dates.ts, formatTime): the
 * Ethiopian hour count in Amharic and Tigrinya, whose readers take "10:00" as 4 p.m. (the
 * day starts at 6 a.m.: 7:05 is "ጠዋት 1:05"); a 24-hour clock in the other languages.
 */
export function clockTime(moment: Date, locale: Locale): string {
  const [hour, minute] = addisClock.format(moment).split(':');
  const periods = DAY_PERIODS[locale];
  if (!periods) return `${hour}:${minute}`;
  const western = Number(hour);
  return `${periods.findLast(([from]) => western >= from)![1]} ${((western + 5) % 12) + 1}:${minute}`;
}

/**
 * The case for the paper file, as staff see it (issue 24): its request, customer, answers,
 * state, due day, officer, response or rejection, and every move with who made it and when.
 * Internal notes are printed here only, each marked as the staff's; the customer's printout
 * (case-pdf.ts) never draws the history. Labels in the reader's language; names and answers
 * in it too, or in English where an admin left that language empty.
 */
export async function renderStaffCasePdf(record: StaffCaseRecord, locale: Locale, printedAt: Date): Promise<Buffer> {
  const language = API_LANGUAGE[locale];
  const label = (key: Key): Bilingual => ({ en: TEXTS[key][language] });
  const text = (key: Key) => TEXTS[key][language];
  const named = <Field extends string>(thing: Named<Field>, field: Field) => {
    const names = thing as Record<string, string>;
    return names[`${field}_${language}`] || names[`${field}_en`];
  };
  const when = (value: string) => `${formatDate(value)} ${clockTime(new Date(value), locale)}`;

  const doc = newDocument(`${record.case_number} — ${text('staffPrintout')}`, printedAt);
  const bytes = collect(doc);
  drawBand(doc, label('staffPrintout'));
  doc.fillColor(colours.text);
  writeMixed(doc, record.case_number, { bold: true, size: sizes.caseNumber, x: sheet.margin, width: contentWidth(doc) });
  shaded(doc, text('staffOnly'));

  section(doc, label('caseInformation'));
  row(doc, label('status'), text(STATE[record.status]));
  row(doc, label('caseRequest'), named(record.caselist, 'case_name'));
  row(doc, label('division'), named(record.division, 'name'));
  row(doc, label('directorate'), record.directorate ? named(record.directorate, 'name') : '—');
  row(doc, label('submitted'), formatDate(record.createdAt));
  row(doc, label('dueDate'), `${formatDate(record.due_date)}${record.late === 'yes' ? ` — ${text('late')}` : ''}`);
  row(doc, label('assignedTo'), fullName(record.assigned_to));
  if (record.related_case_id) row(doc, label('relatedCase'), record.related_case_id.case_number);
  if (record.archive) {
    row(doc, label('archivalCategory'), record.archive.category.name);
    row(doc, label('archivedDate'), formatDate(record.archive.archived_date));
    row(doc, label('archivedBy'), fullName(record.archive.archived_by));
  }

  const { customer } = record;
  section(doc, label('customerInformation'));
  row(doc, label('name'), fullName(customer));
  row(doc, label('phone'), customer.phone || '—');
  row(doc, label('housePhone'), customer.house_phone_number || '—');
  row(doc, label('subcity'), customer.subcity || '—');
  row(doc, label('woreda'), customer.woreda || '—');
  row(doc, label('houseNumber'), customer.house_number || '—');

  if (record.list_of_question.length > 0 || record.remark) {
    section(doc, label('questions'));
    for (const { question, answer } of record.list_of_question) {
      const option = question.enumValues.find((value) => value._id === answer || Object.values(value.expectedValues).includes(answer));
      block(doc, named(question, 'name'), option ? named(option.expectedValues, 'value') : answer);
    }
    if (record.remark) block(doc, text('remark'), record.remark);
  }

  if (record.response) {
    // Its writer: the last to respond (a response sent back is written again), or the one the case names.
    const writer = record.history.findLast((entry) => entry.action === 'respond')?.actor_name;
    section(doc, label('response'));
    row(doc, label('respondedBy'), writer ?? fullName(record.responded_by));
    const letterNumber = record.response_justification?.letter_number;
    if (letterNumber) row(doc, label('letterNumber'), letterNumber);
    block(doc, text('justification'), record.response);
  }
  if (record.rejected_by) {
    section(doc, label('rejection'));
    row(doc, label('rejectedBy'), fullName(record.rejected_by));
    row(doc, label('rejectedDate'), formatDate(record.rejected_date));
    block(doc, text('justification'), record.rejection_justification ?? '');
  }

  section(doc, label('history'));
  for (const entry of record.history) {
    const action = ACTION[entry.action] ? text(ACTION[entry.action]) : entry.action;
    const to = entry.assigned_to ? ` → ${fullName(entry.assigned_to)}` : '';
    row(doc, { en: when(entry.at) }, `${action}${to} — ${entry.actor_name ?? text('system')}`);
    if (entry.action === 'note' && entry.note) shaded(doc, entry.note);
    else if (entry.note) {
      writeMixed(doc, entry.note, { size: sizes.value, x: sheet.margin + sheet.labelWidth + sheet.gap, width: contentWidth(doc) - sheet.labelWidth - sheet.gap });
      doc.y += 6;
    }
  }

  drawFooters(doc, `${text('printed')}: ${formatDate(printedAt)} — ${record.case_number} — ${text('staffPrintout')}`);
  doc.end();
  return bytes;
}

/** A note on a shaded band, kept on one page: the staff-only notice and each internal note. */
function shaded(doc: PDFKit.PDFDocument, note: string) {
  const width = contentWidth(doc) - 16;
  const height = heightOfMixed(doc, note, { size: sizes.label, width }) + 12;
  if (doc.y + height > doc.page.maxY()) doc.addPage();
  doc.rect(sheet.margin, doc.y, contentWidth(doc), height).fill(colours.note);
  doc.fillColor(colours.text);
  writeMixed(doc, note, { size: sizes.label, x: sheet.margin + 8, y: doc.y + 6, width });
  doc.y += 10;
}
