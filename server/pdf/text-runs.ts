// The global PDFKit.PDFDocument type, without importing pdfkit at run time.
/// <reference types="pdfkit" />
import { fontFor, type FontName, type Script } from './fonts.ts';

export interface TextRun {
  script: Script;
  text: string;
}

// Ethiopic, Ethiopic Supplement, Extended, Extended-A and Extended-B blocks.
export function isEthiopic(codePoint: number): boolean {
  return (
    (codePoint >= 0x1200 && codePoint <= 0x139f) ||
    (codePoint >= 0x2d80 && codePoint <= 0x2ddf) ||
    (codePoint >= 0xab00 && codePoint <= 0xab2f) ||
    (codePoint >= 0x1e7e0 && codePoint <= 0x1e7ff)
  );
}

/**
 * Splits text into runs of one script. Noto Sans Ethiopic has no Latin letters, digits or
 * Latin punctuation, so those go to Noto Sans. Whitespace exists in both fonts: it stays in
 * the run it follows, so an Amharic phrase stays one run.
 */
export function splitRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let leadingSpace = '';
  for (const char of text) {
    if (/\s/u.test(char)) {
      if (runs.length === 0) leadingSpace += char;
      else runs[runs.length - 1].text += char;
      continue;
    }
    const script: Script = isEthiopic(char.codePointAt(0)!) ? 'ethiopic' : 'latin';
    const last = runs[runs.length - 1];
    if (last?.script === script) last.text += char;
    else runs.push({ script, text: leadingSpace + char });
    leadingSpace = '';
  }
  if (leadingSpace) runs.push({ script: 'latin', text: leadingSpace });
  return runs;
}

/** Part of a paragraph with its own weight, e.g. a bold label inside a sentence. */
export interface Span {
  text: string;
  bold?: boolean;
}

export interface MixedTextOptions {
  /** Weight of a plain string; spans carry their own. */
  bold?: boolean;
  /** Font size in points; the document's current size when absent. */
  size?: number;
  /** Top-left of the paragraph; the document's current position when absent. */
  x?: number;
  y?: number;
  /** Wrapping width; by default up to the right margin. */
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Extra space between lines, in points. */
  lineGap?: number;
}

// A word is what stays on one line: "(ብራውዘር)" is three pieces in two fonts but one word.
interface Piece {
  font: FontName;
  text: string;
}
interface Word {
  pieces: Piece[];
  width: number;
  space: string; // trailing whitespace, drawn in the last piece's font unless the word ends a line
  spaceWidth: number;
  lineBreak?: true; // an explicit "\n"
}

function measure(doc: PDFKit.PDFDocument, font: FontName, text: string): number {
  return doc.font(font).widthOfString(text);
}

function toWords(doc: PDFKit.PDFDocument, spans: Span[]): Word[] {
  const words: Word[] = [];
  let open: Word | undefined;
  for (const span of spans) {
    for (const run of splitRuns(span.text)) {
      const font = fontFor(run.script, span.bold);
      for (const [chunk] of run.text.matchAll(/\n|[^\S\n]+|\S+/g)) {
        if (chunk === '\n') {
          words.push({ pieces: [], width: 0, space: '', spaceWidth: 0, lineBreak: true });
          open = undefined;
        } else if (/^\s/.test(chunk)) {
          if (open && !open.space) {
            open.space = chunk;
            open.spaceWidth = measure(doc, font, chunk);
          }
        } else {
          if (!open || open.space) words.push((open = { pieces: [], width: 0, space: '', spaceWidth: 0 }));
          open.pieces.push({ font, text: chunk });
          open.width += measure(doc, font, chunk);
        }
      }
    }
  }
  return words;
}

/** Cuts a word wider than a line (a long reference or URL in user text) at character boundaries. */
function cutWord(doc: PDFKit.PDFDocument, word: Word, width: number): Word[] {
  const parts: Word[] = [{ pieces: [], width: 0, space: '', spaceWidth: 0 }];
  for (const piece of word.pieces) {
    for (const char of piece.text) {
      const charWidth = measure(doc, piece.font, char);
      let part = parts[parts.length - 1];
      if (part.width + charWidth > width && part.pieces.length > 0) parts.push((part = { pieces: [], width: 0, space: '', spaceWidth: 0 }));
      const last = part.pieces[part.pieces.length - 1];
      if (last?.font === piece.font) last.text += char;
      else part.pieces.push({ font: piece.font, text: char });
      part.width += charWidth;
    }
  }
  parts[parts.length - 1].space = word.space;
  parts[parts.length - 1].spaceWidth = word.spaceWidth;
  return parts;
}

// Greedy line filling at spaces only. pdfkit's `continued: true` chaining was not enough: it
// treats every font switch as a break point (stranding "(" or "።" at a line end) and aligns
// each run on its own.
function toLines(doc: PDFKit.PDFDocument, words: Word[], width: number): Word[][] {
  const lines: Word[][] = [];
  let line: Word[] = [];
  let used = 0;
  for (const word of words) {
    if (word.lineBreak) {
      lines.push(line);
      line = [];
      used = 0;
      continue;
    }
    if (line.length > 0 && used + word.width > width) {
      lines.push(line);
      line = [];
      used = 0;
    }
    const parts = word.width > width ? cutWord(doc, word, width) : [word];
    for (const part of parts.slice(0, -1)) lines.push([part]);
    line.push(parts[parts.length - 1]);
    used += parts[parts.length - 1].width + word.spaceWidth;
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

interface Layout {
  lines: Word[][];
  x: number;
  width: number;
  lineHeight: number;
}

function layout(doc: PDFKit.PDFDocument, text: string | Span[], options: MixedTextOptions): Layout {
  const spans = typeof text === 'string' ? [{ text, bold: options.bold }] : text;
  if (options.size !== undefined) doc.fontSize(options.size);
  const x = options.x ?? doc.x;
  const width = options.width ?? doc.page.width - doc.page.margins.right - x;
  // Both fonts share ascender and descender (1069/-293), so one line height and baseline fit both.
  const lineHeight = doc.font(fontFor('latin')).currentLineHeight(true) + (options.lineGap ?? 0);
  return { lines: toLines(doc, toWords(doc, spans), width), x, width, lineHeight };
}

/** Height that writeMixed would take, e.g. to keep a block together on one page. */
export function heightOfMixed(doc: PDFKit.PDFDocument, text: string | Span[], options: MixedTextOptions = {}): number {
  const { lines, lineHeight } = layout(doc, text, options);
  return lines.length * lineHeight;
}

/**
 * Writes a paragraph that may mix Amharic and Latin text (and bold spans), switching fonts
 * per run, wrapping at spaces and starting a new page when the text reaches the bottom margin.
 * Leaves doc.x at the paragraph's left edge and doc.y below its last line, like doc.text.
 */
export function writeMixed(doc: PDFKit.PDFDocument, text: string | Span[], options: MixedTextOptions = {}): PDFKit.PDFDocument {
  const { lines, x, width, lineHeight } = layout(doc, text, options);
  let y = options.y ?? doc.y;
  for (const line of lines) {
    if (y + lineHeight > doc.page.maxY()) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    // Same-font neighbours become one fragment, so kerning and copied text stay intact.
    const fragments: Piece[] = [];
    line.forEach((word, index) => {
      word.pieces.forEach((piece, pieceIndex) => {
        const withSpace = pieceIndex === word.pieces.length - 1 && index < line.length - 1;
        const text = withSpace ? piece.text + word.space : piece.text;
        const previous = fragments[fragments.length - 1];
        if (previous?.font === piece.font) previous.text += text;
        else fragments.push({ font: piece.font, text });
      });
    });
    const lineWidth = fragments.reduce((sum, fragment) => sum + measure(doc, fragment.font, fragment.text), 0);
    let cursor = x + (options.align === 'right' ? width - lineWidth : options.align === 'center' ? (width - lineWidth) / 2 : 0);
    for (const fragment of fragments) {
      doc.font(fragment.font).text(fragment.text, cursor, y, { lineBreak: false });
      cursor += doc.widthOfString(fragment.text);
    }
    y += lineHeight;
  }
  doc.x = x;
  doc.y = y;
  return doc;
}
