// Builds the customer manual PDFs (public/manual/customer-manual-{en,am}.pdf) from the
// markdown sources beside this file. Run with `npm run manual`.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { registerFonts } from '../../server/pdf/fonts.ts';
import { type Span, writeMixed } from '../../server/pdf/text-runs.ts';
import { drawPageFooters } from '../../server/pdf/page-footer.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
export const defaultOutputDir = resolve(here, '../../public/manual');

// A fixed date makes rebuilds byte-identical (pdfkit derives the file ID from the info dictionary).
const publishedOn = new Date('2026-01-01T00:00:00Z');

export interface Edition {
  locale: 'en' | 'am';
  lang: string;
  file: string;
  organisation: string;
  portal: string;
  pageLabel: (page: number, total: number) => string;
}

const editions: Edition[] = [
  {
    locale: 'en',
    lang: 'en',
    file: 'customer-manual-en.pdf',
    organisation: 'Housing Development Corporation',
    portal: 'Customer Service Portal',
    pageLabel: (page, total) => `Page ${page} of ${total}`,
  },
  {
    locale: 'am',
    lang: 'am-ET',
    file: 'customer-manual-am.pdf',
    organisation: 'የቤቶች ልማት ኮርፖሬሽን',
    portal: 'የደንበኞች አገልግሎት ፖርታል',
    pageLabel: (page, total) => `ገጽ ${page} ከ ${total}`,
  },
];

// --- The markdown subset: "# " title, "## " heading, "- " bullet, "1. " step, paragraphs. ---

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullet'; text: string }
  | { kind: 'step'; number: string; text: string };

export function parseManual(source: string): Block[] {
  const blocks: Block[] = [];
  let open: Block | undefined; // the block that a following plain line continues
  for (const rawLine of source.split(/\r?\n/)) {
    const line = rawLine.trim();
    let block: Block | undefined;
    let match: RegExpMatchArray | null;
    if (line === '') {
      open = undefined;
      continue;
    } else if ((match = line.match(/^# (.+)$/))) block = { kind: 'title', text: match[1] };
    else if ((match = line.match(/^## (.+)$/))) block = { kind: 'heading', text: match[1] };
    else if ((match = line.match(/^[-*] (.+)$/))) block = { kind: 'bullet', text: match[1] };
    else if ((match = line.match(/^(\d+)\. (.+)$/))) block = { kind: 'step', number: match[1], text: match[2] };
    else if (open && open.kind !== 'title' && open.kind !== 'heading') {
      open.text += ` ${line}`;
      continue;
    } else block = { kind: 'paragraph', text: line };
    blocks.push(block);
    open = block;
  }
  return blocks;
}

// --- Layout ---

const sheet = { size: 'A4', margin: 64, bandHeight: 92 } as const;
const colours = { brand: '#1f4e79', text: '#222222', muted: '#666666', rule: '#c8d3de', band: '#1f4e79' };
const sizes = { body: 10.5, heading: 14, title: 24, intro: 11.5, footer: 8.5 };
const lineGap = 2.5;

/** Turns `**bold**` markup into spans for writeMixed. */
function spans(text: string): Span[] {
  return text.split(/\*\*(.+?)\*\*/).map((part, index) => ({ text: part, bold: index % 2 === 1 }));
}

/** Starts a new page when fewer than `height` points remain, so a heading or list marker is not stranded. */
function keepSpace(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.maxY()) doc.addPage();
}

function drawTitleBand(doc: PDFKit.PDFDocument, edition: Edition): void {
  doc.rect(0, 0, doc.page.width, sheet.bandHeight).fill(colours.band);
  doc.fillColor('#ffffff');
  writeMixed(doc, edition.organisation, { bold: true, size: 17, x: sheet.margin, y: 26, width: doc.page.width - 2 * sheet.margin });
  doc.fillColor('#dbe7f3');
  writeMixed(doc, edition.portal, { size: 11.5, x: sheet.margin, y: doc.y + 2, width: doc.page.width - 2 * sheet.margin });
  doc.y = sheet.bandHeight + 28;
}

/** Renders one edition and resolves with its bytes and page count. */
export function renderManual(source: string, edition: Edition): Promise<{ pdf: Buffer; pages: number }> {
  const blocks = parseManual(source);
  const title = blocks.find((block) => block.kind === 'title')?.text ?? edition.portal;
  const doc = new PDFDocument({
    size: sheet.size,
    margin: sheet.margin,
    bufferPages: true, // page numbers need the total, known only at the end
    lang: edition.lang,
    displayTitle: true,
    info: {
      Title: `${title} — ${edition.portal}`,
      Author: edition.organisation,
      Subject: edition.portal,
      CreationDate: publishedOn,
      ModDate: publishedOn,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((done, fail) => {
    doc.on('end', () => done(Buffer.concat(chunks)));
    doc.on('error', fail);
  });

  registerFonts(doc);
  drawTitleBand(doc, edition);
  const left = sheet.margin;
  const width = doc.page.width - 2 * sheet.margin;
  let afterTitle = false;

  for (const block of blocks) {
    doc.fillColor(colours.text);
    switch (block.kind) {
      case 'title':
        doc.fillColor(colours.brand);
        writeMixed(doc, block.text, { bold: true, size: sizes.title, x: left, y: doc.y, width });
        doc.y += 6;
        afterTitle = true;
        continue;
      case 'heading':
        doc.y += 12;
        keepSpace(doc, 70);
        doc.fillColor(colours.brand);
        writeMixed(doc, block.text, { bold: true, size: sizes.heading, x: left, y: doc.y, width });
        doc.y += 4;
        break;
      case 'paragraph':
        if (afterTitle) doc.fillColor(colours.muted);
        writeMixed(doc, spans(block.text), { x: left, width, size: afterTitle ? sizes.intro : sizes.body, lineGap });
        doc.y += 6;
        if (afterTitle) {
          doc.moveTo(left, doc.y + 4).lineTo(left + width, doc.y + 4).lineWidth(1).stroke(colours.rule);
          doc.y += 10;
        }
        break;
      case 'bullet': {
        doc.fontSize(sizes.body);
        keepSpace(doc, doc.currentLineHeight(true) + lineGap);
        // Centre the dot on the x-height of the first line.
        doc.circle(left + 6, doc.y + sizes.body * 0.78, 2).fill(colours.brand);
        doc.fillColor(colours.text);
        writeMixed(doc, spans(block.text), { x: left + 18, width: width - 18, size: sizes.body, lineGap });
        doc.y += 4;
        break;
      }
      case 'step': {
        doc.fontSize(sizes.body);
        keepSpace(doc, doc.currentLineHeight(true) + lineGap);
        const top = doc.y;
        doc.fillColor(colours.brand);
        writeMixed(doc, `${block.number}.`, { bold: true, size: sizes.body, x: left + 2, y: top, width: 18 });
        doc.fillColor(colours.text);
        writeMixed(doc, spans(block.text), { x: left + 20, y: top, width: width - 20, size: sizes.body, lineGap });
        doc.y += 4;
        break;
      }
    }
    afterTitle = false;
  }

  drawPageFooters(doc, `${edition.organisation} — ${edition.portal}`, edition.pageLabel, {
    margin: sheet.margin, fromBottom: 42, size: sizes.footer, muted: colours.muted, rule: colours.rule,
  });
  const pages = doc.bufferedPageRange().count;
  doc.end();
  return finished.then((pdf) => ({ pdf, pages }));
}

export interface BuiltManual {
  locale: Edition['locale'];
  file: string;
  pages: number;
  bytes: number;
}

/** Builds every edition into `outputDir` (created if missing). */
export async function buildManuals(outputDir: string = defaultOutputDir): Promise<BuiltManual[]> {
  await mkdir(outputDir, { recursive: true });
  return Promise.all(
    editions.map(async (edition) => {
      const source = await readFile(join(here, `manual.${edition.locale}.md`), 'utf8');
      const { pdf, pages } = await renderManual(source, edition);
      const file = join(outputDir, edition.file);
      await writeFile(file, pdf);
      return { locale: edition.locale, file, pages, bytes: pdf.length };
    }),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const built = await buildManuals(process.argv[2] ? resolve(process.argv[2]) : defaultOutputDir);
  for (const manual of built) {
    console.log(`${manual.file}: ${manual.pages} pages, ${(manual.bytes / 1024).toFixed(0)} KB`);
  }
  console.log(`built in ${Math.round(performance.now() - started)} ms`);
}
