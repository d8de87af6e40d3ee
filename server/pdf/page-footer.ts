import { writeMixed } from './text-runs.ts';

export interface FooterStyle {
  margin: number;
  /** Distance of the footer text from the bottom edge. */
  fromBottom: number;
  size: number;
  muted: string;
  rule: string;
}

/**
 * A rule, a left-hand text and the page label on every buffered page (the manual and the
 * printable case alike). Call after the content, on a document made with bufferPages.
 */
export function drawPageFooters(
  doc: PDFKit.PDFDocument,
  text: string,
  pageLabel: (page: number, count: number) => string,
  style: FooterStyle,
) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Writing below the bottom margin would otherwise make pdfkit add a page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - style.fromBottom;
    const width = doc.page.width - 2 * style.margin;
    doc.moveTo(style.margin, y - 7).lineTo(doc.page.width - style.margin, y - 7).lineWidth(0.5).stroke(style.rule);
    doc.fillColor(style.muted);
    writeMixed(doc, text, { size: style.size, x: style.margin, y, width });
    writeMixed(doc, pageLabel(index - start + 1, count), { size: style.size, x: style.margin, y, width, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}
