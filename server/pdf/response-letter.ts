import type { ApiLanguage } from '../contract/constants.ts';
import { translate } from '../errors/catalogs.ts';
import { pdfSources } from './pdf-sources.ts';
import { writeMixed } from './text-runs.ts';
import { collect, colours, contentWidth, drawFooters, formatDate, newDocument, sheet, sizes } from './case-pdf.ts';

/**
 * The response letter the server writes when the officer uploads none (issue 25): a letter the
 * corporation can sign, in its customer's language. A draft has no number; at approval it is
 * written again with its number and the approving manager.
 */
export interface ResponseLetter {
  /** The customer's language, as the API's suffixes name it (am, or, tg …). */
  language: ApiLanguage;
  caseNumber: string;
  /** Null for a draft: the number is given at approval. */
  letterNumber: string | null;
  date: Date;
  addressee: { name: string; subcity: string; woreda: string; houseNumber: string };
  /** The case request's name in the customer's language. */
  subject: string;
  /** The officer's justification: paragraphs split on blank lines. */
  body: string;
  officer: string;
  approval?: { by: string; date: Date };
}

const TEXTS = translate(pdfSources);

export async function renderResponseLetter(letter: ResponseLetter): Promise<Buffer> {
  const text = (key: keyof typeof pdfSources) => TEXTS[key][letter.language];
  // Amharic and Tigrinya readers' own calendar first, the Gregorian day beside it.
  const dates = { ethiopianFirst: letter.language === 'am' || letter.language === 'tg' };
  const doc = newDocument(`${letter.letterNumber ?? letter.caseNumber} — ${TEXTS.responseLetter.en}`, letter.date);
  const bytes = collect(doc);
  const width = contentWidth(doc);

  // Letterhead: the corporation's name in the customer's language, and in English under it.
  doc.rect(0, 0, doc.page.width, sheet.band).fill(colours.brand);
  doc.fillColor('#ffffff');
  writeMixed(doc, text('organisation'), { bold: true, size: 15, x: sheet.margin, y: 18, width });
  doc.fillColor('#dbe7f3');
  if (letter.language !== 'en') writeMixed(doc, TEXTS.organisation.en, { size: 10.5, x: sheet.margin, y: doc.y + 1, width });
  writeMixed(doc, text('portal'), { size: 9, x: sheet.margin, y: doc.y + 1, width });
  doc.y = sheet.band + 20;

  // Number and date at the right, as on the corporation's paper.
  doc.fillColor(colours.text);
  const right = { size: sizes.value, x: sheet.margin, width, align: 'right' as const };
  writeMixed(doc, `${text('letterNumber')}: ${letter.letterNumber ?? '—'}`, { ...right, bold: true });
  writeMixed(doc, `${text('date')}: ${formatDate(letter.date, dates)}`, { ...right, y: doc.y + 2 });
  writeMixed(doc, `${text('caseNumber')}: ${letter.caseNumber}`, { ...right, y: doc.y + 2 });
  if (!letter.letterNumber) {
    doc.fillColor(colours.muted);
    writeMixed(doc, text('letterDraft'), { ...right, size: sizes.label, y: doc.y + 2 });
  }

  // The addressee.
  doc.fillColor(colours.text);
  const { addressee } = letter;
  writeMixed(doc, `${text('letterTo')}: ${addressee.name}`, { bold: true, size: sizes.value, x: sheet.margin, y: doc.y + 18, width });
  for (const [key, value] of [['subcity', addressee.subcity], ['woreda', addressee.woreda], ['houseNumber', addressee.houseNumber]] as const) {
    writeMixed(doc, `${text(key)}: ${value || '—'}`, { size: sizes.value, x: sheet.margin, y: doc.y + 1, width });
  }

  writeMixed(doc, `${text('letterSubject')}: ${letter.subject}`, { bold: true, size: sizes.value + 0.5, x: sheet.margin, y: doc.y + 16, width });
  doc.y += 12;
  for (const paragraph of letter.body.split(/\n\s*\n/).map((part) => part.trim()).filter(Boolean)) {
    writeMixed(doc, paragraph, { size: sizes.value, x: sheet.margin, width, lineGap: 2 });
    doc.y += 8;
  }

  // Who wrote it and, once approved, who approved it and when: the signatures' places.
  doc.y += 16;
  if (doc.y + 90 > doc.page.maxY()) doc.addPage();
  writeMixed(doc, `${text('preparedBy')}: ${letter.officer}`, { size: sizes.value, x: sheet.margin, width });
  if (letter.approval) {
    writeMixed(doc, `${text('approvedBy')}: ${letter.approval.by}`, { bold: true, size: sizes.value, x: sheet.margin, y: doc.y + 4, width });
    writeMixed(doc, `${text('approvalDate')}: ${formatDate(letter.approval.date, dates)}`, { size: sizes.value, x: sheet.margin, y: doc.y + 2, width });
  }
  // Every word of the letter in its reader's language, the page count's too.
  drawFooters(doc, `${text('organisation')} — ${letter.letterNumber ?? letter.caseNumber}`, text('page'));
  doc.end();
  return bytes;
}
