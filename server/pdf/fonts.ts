// The global PDFKit.PDFDocument type, without importing pdfkit at run time.
/// <reference types="pdfkit" />
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

// The @fontsource WOFF files keep PDF rendering independent of system fonts.
// WOFF, never WOFF2: pdfkit draws WOFF2 glyphs as blank with no error (TOOLCHAIN.md, pitfall 9).
const require = createRequire(import.meta.url);
const fontFiles = {
  NotoSans: '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff',
  'NotoSans-Bold': '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff',
  NotoSansEthiopic: '@fontsource/noto-sans-ethiopic/files/noto-sans-ethiopic-ethiopic-400-normal.woff',
  'NotoSansEthiopic-Bold': '@fontsource/noto-sans-ethiopic/files/noto-sans-ethiopic-ethiopic-700-normal.woff',
} as const;

export type FontName = keyof typeof fontFiles;

/** Latin covers English, Oromo, Somali and Afar (Latin-1 is enough); Ethiopic covers Amharic and Tigrinya. */
export type Script = 'latin' | 'ethiopic';

export function fontFor(script: Script, bold = false): FontName {
  if (script === 'ethiopic') return bold ? 'NotoSansEthiopic-Bold' : 'NotoSansEthiopic';
  return bold ? 'NotoSans-Bold' : 'NotoSans';
}

/**
 * Unpacks a WOFF 1.0 file into the plain TrueType font it wraps. fontkit would inflate the
 * tables in pure JavaScript for every document (about 0.25 s per Ethiopic font); node:zlib
 * does it once per process. A WOFF2 file is refused here rather than rendered blank.
 */
function woffToTrueType(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font (WOFF2 renders blank in pdfkit)');
  const flavor = woff.readUInt32BE(4);
  const tableCount = woff.readUInt16BE(12);
  const tables = Array.from({ length: tableCount }, (_, index) => {
    const entry = 44 + index * 20; // WOFF table directory: tag, offset, compLength, origLength, origChecksum
    const [tag, offset, compressedLength, length, checksum] = [0, 4, 8, 12, 16].map((at) => woff.readUInt32BE(entry + at));
    const stored = woff.subarray(offset, offset + compressedLength);
    return { tag, checksum, data: compressedLength < length ? inflateSync(stored) : stored };
  });
  // sfnt header and table records (already sorted by tag, as WOFF requires), then 4-byte aligned tables.
  const entrySelector = Math.floor(Math.log2(tableCount));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + 16 * tableCount);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(tableCount, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(tableCount * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    header.writeUInt32BE(table.tag, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padding = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(padding));
    offset += table.data.length + padding;
  });
  return Buffer.concat(parts);
}

// Unpacked once per process: a server renders many documents.
let fontData: Map<FontName, Buffer> | undefined;

function loadFonts(): Map<FontName, Buffer> {
  fontData ??= new Map(
    (Object.keys(fontFiles) as FontName[]).map((name) => [name, woffToTrueType(readFileSync(require.resolve(fontFiles[name])))]),
  );
  return fontData;
}

/** Registers the four fonts under their FontName and makes Noto Sans the current font. */
export function registerFonts(doc: PDFKit.PDFDocument): PDFKit.PDFDocument {
  for (const [name, data] of loadFonts()) doc.registerFont(name, data);
  return doc.font(fontFor('latin'));
}
