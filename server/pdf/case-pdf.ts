import PDFDocument from 'pdfkit';
import type { Case, CaseStatus, PublicCaseStatus } from '../contract/cases.ts';
import { registerFonts } from './fonts.ts';
import { heightOfMixed, writeMixed } from './text-runs.ts';
import { drawPageFooters } from './page-footer.ts';
import { pdfSources } from './pdf-sources.ts';
import { translate } from '../errors/catalogs.ts';

/** Text in English and, where one exists, Amharic: the two languages a printout is read in. */
export interface Bilingual {
  en: string;
  am?: string;
}

export interface CasePrintout {
  /** The whole case for its owner; for anyone else only its public status (server/cases/masking.ts). */
  record: Case | PublicCaseStatus;
  /** The answers with a select's option text in place of its id (none on a public copy). */
  answers: { question: Bilingual; answer: Bilingual }[];
  generatedAt: Date;
}

export interface CaseLetter {
  caseNumber: string;
  title: Bilingual;
  paragraphs: string[];
  signedBy?: string;
  date: Date;
}

/**
 * Each printed label in English and Amharic, from the server catalogs (pdf-sources.ts). The
 * sheet's parts below are exported for the staff's printout (staff-case-pdf.ts), which is
 * drawn the same way in one language.
 */
const LABELS = Object.fromEntries(
  Object.entries(translate(pdfSources)).map(([key, texts]) => [key, { en: texts.en, am: texts.am }]),
) as Record<keyof typeof pdfSources, Bilingual>;

const ORGANISATION = LABELS.organisation;
const PORTAL = LABELS.portal;

export const sheet = { margin: 50, band: 78, labelWidth: 150, gap: 12 } as const;
export const colours = { brand: '#1f4e79', text: '#222222', muted: '#5f6b76', rule: '#c8d3de', note: '#fff4d6' } as const;
export const sizes = { label: 9.5, value: 10.5, heading: 12.5, caseNumber: 20, footer: 8 } as const;

// SPEC section 4: the badge a status shows.
const STATUS: Record<CaseStatus, Bilingual> = {
  pending: LABELS.statusPending,
  ongoing: LABELS.statusProcessing,
  responded: LABELS.statusProcessing,
  verified: LABELS.statusResponded,
  rejected: LABELS.statusRejected,
  waiting_customer: LABELS.statusWaitingForYou,
  under_review: LABELS.statusUnderReview,
  withdrawn: LABELS.statusWithdrawn,
};

const GENDER: Record<string, Bilingual> = { Male: LABELS.male, Female: LABELS.female };

/** "English · Amharic" on one line, for labels. */
const inline = (text: Bilingual) => (text.am && text.am !== text.en ? `${text.en} · ${text.am}` : text.en);
/** English, then Amharic on its own line, for names that may be long. */
const stacked = (text: Bilingual) => (text.am && text.am !== text.en ? `${text.en}\n${text.am}` : text.en);

// Dates as people in Ethiopia read them: Gregorian and Ethiopian, in Addis Ababa time.
const gregorianDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Addis_Ababa' });
const ethiopianDate = new Intl.DateTimeFormat('am-ET-u-ca-ethiopic', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Addis_Ababa' });

/** Both calendars; `ethiopianFirst` for a reader of Amharic or Tigrinya, whose letter leads with their own date. */
export function formatDate(value: string | Date | null, { ethiopianFirst = false } = {}): string {
  if (!value) return '—';
  const date = new Date(value);
  // ዓ.ም. ("year of mercy") is the era of the Amharic date Intl writes here, part of its form like the month name.
  const ethiopian = `${ethiopianDate.formatToParts(date).filter((part) => part.type !== 'era').map((part) => part.value).join('').trim()} ዓ.ም.`;
  return ethiopianFirst ? `${ethiopian} (${gregorianDate.format(date)})` : `${gregorianDate.format(date)} (${ethiopian})`;
}

export const fullName = (person: { firstname: string; middlename: string; lastname: string } | null) =>
  person ? [person.firstname, person.middlename, person.lastname].filter(Boolean).join(' ') : '—';

/** Resolves with the bytes of a document once it is ended. Call before drawing. */
export function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export function newDocument(title: string, date: Date): PDFKit.PDFDocument {
  // Everything is drawn from embedded fonts and our own text: nothing is fetched, and pdfkit
  // writes every string as escaped text, so user input cannot become PDF syntax.
  const doc = new PDFDocument({
    size: 'A4',
    margin: sheet.margin,
    bufferPages: true, // page numbers need the total, known only at the end
    lang: 'en',
    displayTitle: true,
    info: { Title: title, Author: ORGANISATION.en, Subject: PORTAL.en, CreationDate: date, ModDate: date },
  });
  registerFonts(doc);
  return doc;
}

export const contentWidth = (doc: PDFKit.PDFDocument) => doc.page.width - 2 * sheet.margin;

export function drawBand(doc: PDFKit.PDFDocument, subtitle: Bilingual) {
  doc.rect(0, 0, doc.page.width, sheet.band).fill(colours.brand);
  doc.fillColor('#ffffff');
  writeMixed(doc, inline(ORGANISATION), { bold: true, size: 15, x: sheet.margin, y: 22, width: contentWidth(doc) });
  doc.fillColor('#dbe7f3');
  writeMixed(doc, `${inline(PORTAL)} — ${inline(subtitle)}`, { size: 10, x: sheet.margin, y: doc.y + 2, width: contentWidth(doc) });
  doc.x = sheet.margin;
  doc.y = sheet.band + 24;
}

/** `pageWord`: "Page" as the sheet says it; English and Amharic unless a one-language sheet (a letter) names its own. */
export function drawFooters(doc: PDFKit.PDFDocument, text: string, pageWord = inline(LABELS.page)) {
  drawPageFooters(doc, text, (page, count) => `${pageWord} ${page} / ${count}`, {
    margin: sheet.margin, fromBottom: 36, size: sizes.footer, muted: colours.muted, rule: colours.rule,
  });
}

export function section(doc: PDFKit.PDFDocument, title: Bilingual) {
  doc.y += 10;
  // Keep a heading with at least its first rows.
  if (doc.y + 70 > doc.page.maxY()) doc.addPage();
  doc.fillColor(colours.brand);
  writeMixed(doc, inline(title), { bold: true, size: sizes.heading, x: sheet.margin, width: contentWidth(doc) });
  const y = doc.y + 2;
  doc.moveTo(sheet.margin, y).lineTo(doc.page.width - sheet.margin, y).lineWidth(0.75).stroke(colours.rule);
  doc.y = y + 6;
}

/** A label and a short value side by side, kept on one page. */
export function row(doc: PDFKit.PDFDocument, label: Bilingual, value: string) {
  const valueX = sheet.margin + sheet.labelWidth + sheet.gap;
  const valueWidth = contentWidth(doc) - sheet.labelWidth - sheet.gap;
  const height = Math.max(
    heightOfMixed(doc, inline(label), { size: sizes.label, width: sheet.labelWidth }),
    heightOfMixed(doc, value, { size: sizes.value, width: valueWidth }),
  );
  if (doc.y + height > doc.page.maxY()) doc.addPage();
  const top = doc.y;
  const page = doc.page;
  doc.fillColor(colours.muted);
  writeMixed(doc, inline(label), { size: sizes.label, x: sheet.margin, y: top + 1, width: sheet.labelWidth });
  const labelBottom = doc.y;
  doc.fillColor(colours.text);
  writeMixed(doc, value, { size: sizes.value, x: valueX, y: top, width: valueWidth });
  doc.y = (doc.page === page ? Math.max(labelBottom, doc.y) : doc.y) + 4;
  doc.x = sheet.margin;
}

/** A label above free text that may run long (answers, remark, justification). */
export function block(doc: PDFKit.PDFDocument, label: string, text: string) {
  if (doc.y + 40 > doc.page.maxY()) doc.addPage();
  doc.fillColor(colours.muted);
  writeMixed(doc, label, { bold: true, size: sizes.label, x: sheet.margin, width: contentWidth(doc) });
  doc.fillColor(colours.text);
  writeMixed(doc, text || '—', { size: sizes.value, x: sheet.margin, y: doc.y + 2, width: contentWidth(doc), lineGap: 1.5 });
  doc.y += 8;
}

function drawHeading(doc: PDFKit.PDFDocument, record: Case | PublicCaseStatus) {
  const top = doc.y;
  doc.fillColor(colours.text);
  writeMixed(doc, record.case_number, { bold: true, size: sizes.caseNumber, x: sheet.margin, y: top, width: contentWidth(doc) });
  const below = doc.y;
  doc.fillColor(colours.brand);
  writeMixed(doc, inline(STATUS[record.status]), { bold: true, size: 11, x: sheet.margin, y: top + 8, width: contentWidth(doc), align: 'right' });
  doc.y = below + 4;
  if (record.masked) {
    const width = contentWidth(doc) - 16;
    const height = heightOfMixed(doc, stacked(LABELS.masked), { size: sizes.label, width }) + 12;
    doc.rect(sheet.margin, doc.y, contentWidth(doc), height).fill(colours.note);
    doc.fillColor(colours.text);
    writeMixed(doc, stacked(LABELS.masked), { size: sizes.label, x: sheet.margin + 8, y: doc.y + 6, width });
    doc.y += 10;
  }
}

/** The case's own facts; `whole` (the owner's copy) adds what leads to people or other cases. */
function drawCaseInformation(doc: PDFKit.PDFDocument, record: Case | PublicCaseStatus, whole: Case | undefined) {
  section(doc, LABELS.caseInformation);
  row(doc, LABELS.caseNumber, record.case_number);
  row(doc, LABELS.status, inline(STATUS[record.status]));
  row(doc, LABELS.division, stacked({ en: record.division.name_en, am: record.division.name_am }));
  row(doc, LABELS.caseRequest, stacked({ en: record.caselist.case_name_en, am: record.caselist.case_name_am }));
  if (whole) row(doc, LABELS.relatedCase, whole.related_case_id?.case_number ?? '-');
  row(doc, LABELS.late, inline(record.late === 'yes' ? LABELS.yes : LABELS.no));
  // SPEC section 2: the responder is named only once the case is verified.
  if (whole?.status === 'verified') row(doc, LABELS.respondedBy, fullName(whole.responded_by));
  row(doc, LABELS.submitted, formatDate(record.createdAt));
  if (record.ongoing_date) row(doc, LABELS.processingStarted, formatDate(record.ongoing_date));
  if (record.verified_date) row(doc, LABELS.responded, formatDate(record.verified_date));
  // Issue 25: the number of the letter the owner reads, to quote it at the office.
  const letterNumber = whole?.status === 'verified' && whole.response_justification?.letter_number;
  if (letterNumber) row(doc, LABELS.letterNumber, letterNumber);
  // The owner's copy shows the date in its rejection section, with who and why.
  if (!whole && record.rejected_date) row(doc, LABELS.rejectedDate, formatDate(record.rejected_date));
  if (whole) row(doc, LABELS.attachment, inline(whole.attachment ? LABELS.attached : LABELS.none));
}

function drawCustomer(doc: PDFKit.PDFDocument, record: Case) {
  const { customer } = record;
  section(doc, LABELS.customerInformation);
  row(doc, LABELS.name, fullName(customer) || '—');
  row(doc, LABELS.subcity, customer.subcity || '—');
  row(doc, LABELS.woreda, customer.woreda || '—');
  row(doc, LABELS.houseNumber, customer.house_number || '—');
  row(doc, LABELS.phone, customer.phone || '—');
  row(doc, LABELS.housePhone, customer.house_phone_number || '—');
  row(doc, LABELS.gender, GENDER[customer.gender] ? inline(GENDER[customer.gender]) : '—');
}

function drawAnswers(doc: PDFKit.PDFDocument, answers: CasePrintout['answers'], record: Case) {
  if (answers.length === 0 && !record.remark) return;
  section(doc, LABELS.questions);
  for (const { question, answer } of answers) block(doc, stacked(question), inline(answer));
  if (record.remark) block(doc, inline(LABELS.remark), record.remark);
}

/** A schedule entry of either copy: staff names are on the owner's copy only. */
type ScheduleEntry = PublicCaseStatus['schedule_program'][number]['schedule'] & Partial<Case['schedule_program'][number]['schedule']>;

function drawSchedule(doc: PDFKit.PDFDocument, record: Case | PublicCaseStatus) {
  if (record.schedule_program.length === 0) return;
  section(doc, LABELS.schedule);
  const entries: ScheduleEntry[] = record.schedule_program.map(({ schedule }) => schedule);
  entries.forEach((schedule, index) => {
    if (index > 0) doc.y += 6;
    if (schedule.extended_by !== undefined) row(doc, LABELS.extendedBy, fullName(schedule.extended_by));
    row(doc, LABELS.extendedDate, formatDate(schedule.extended_date));
    if (schedule.scheduled_by !== undefined) row(doc, LABELS.scheduledBy, fullName(schedule.scheduled_by));
    row(doc, LABELS.scheduledDate, formatDate(schedule.scheduled_date));
  });
}

function drawRejection(doc: PDFKit.PDFDocument, record: Case) {
  if (!record.rejected_by) return;
  section(doc, LABELS.rejection);
  row(doc, LABELS.rejectedBy, fullName(record.rejected_by));
  row(doc, LABELS.rejectedDate, formatDate(record.rejected_date));
  block(doc, inline(LABELS.justification), record.rejection_justification ?? '');
  // Issue 25: the route to a review, while it is open.
  // review_until is the moment the window's last day ends: the day shown is that last day.
  if (record.review_until) row(doc, LABELS.reviewUntil, formatDate(new Date(Date.parse(record.review_until) - 1000)));
}

/** The printable case (SPEC section 2 "Print"): A4, English with Amharic beside it. */
export async function renderCasePdf(printout: CasePrintout): Promise<Buffer> {
  const { record } = printout;
  const doc = newDocument(`${record.case_number} — ${LABELS.printout.en}`, printout.generatedAt);
  const bytes = collect(doc);
  drawBand(doc, LABELS.printout);
  const whole = record.masked ? undefined : record;
  drawHeading(doc, record);
  drawCaseInformation(doc, record, whole);
  if (whole) {
    drawCustomer(doc, whole);
    drawAnswers(doc, printout.answers, whole);
  }
  drawSchedule(doc, record);
  if (whole) drawRejection(doc, whole);
  drawFooters(doc, `${inline(LABELS.printed)}: ${formatDate(printout.generatedAt)} — ${record.case_number}`);
  doc.end();
  return bytes;
}

/** A short letter about a case, as staff attach to a response (the demo data uses it). */
export async function renderCaseLetter(letter: CaseLetter): Promise<Buffer> {
  const doc = newDocument(`${letter.caseNumber} — ${letter.title.en}`, letter.date);
  const bytes = collect(doc);
  drawBand(doc, letter.title);
  doc.fillColor(colours.text);
  row(doc, LABELS.caseNumber, letter.caseNumber);
  row(doc, LABELS.date, formatDate(letter.date));
  doc.y += 12;
  for (const paragraph of letter.paragraphs) {
    writeMixed(doc, paragraph, { size: sizes.value, x: sheet.margin, width: contentWidth(doc), lineGap: 2 });
    doc.y += 8;
  }
  if (letter.signedBy) writeMixed(doc, letter.signedBy, { bold: true, size: sizes.value, x: sheet.margin, y: doc.y + 16, width: contentWidth(doc) });
  drawFooters(doc, `${inline(ORGANISATION)} — ${letter.caseNumber}`);
  doc.end();
  return bytes;
}
