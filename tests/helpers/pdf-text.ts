import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { RenderParameters, TextItem } from 'pdfjs-dist/types/src/display/api.js';

// What pdf.js's Node canvas factory (@napi-rs/canvas) hands out, typed without the DOM lib.
interface NodeCanvas {
  canvas: RenderParameters['canvas'];
  context: { getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray } };
}

export const squashed = (text: string) => text.replace(/\s+/g, '');

const open = (bytes: Uint8Array) => getDocument({ data: new Uint8Array(bytes) }).promise;

/**
 * The text pdf.js reads from each page. pdf.js splits runs where it likes ("ኮርፖ" "ሬሽን"),
 * so compare with whitespace removed on both sides (see `squashed`).
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await open(bytes);
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const items = (await (await pdf.getPage(number)).getTextContent()).items.filter((item): item is TextItem => 'str' in item);
    pages.push(items.map((item) => item.str).join(''));
  }
  return pages;
}

/**
 * How much of the box pdf.js puts `wanted` in is inked on page 1 (0 to 1). Text extraction
 * alone passes on blank glyphs (TOOLCHAIN.md pitfall 9): this proves the text is drawn.
 */
export async function inkOf(bytes: Uint8Array, wanted: string): Promise<number> {
  const pdf = await open(bytes);
  const page = await pdf.getPage(1);
  const items = (await page.getTextContent()).items.filter((item): item is TextItem => 'str' in item);
  const item = items.find((candidate) => candidate.str.includes(wanted));
  if (!item) return 0;
  const viewport = page.getViewport({ scale: 1 });
  const factory = pdf.canvasFactory as { create(width: number, height: number): NodeCanvas };
  const { canvas, context } = factory.create(viewport.width, viewport.height);
  await page.render({ canvas, viewport }).promise;
  const [, , , , x, baseline] = item.transform as number[];
  const top = viewport.height - baseline - item.height;
  const pixels = context.getImageData(Math.floor(x), Math.floor(top), Math.ceil(item.width), Math.ceil(item.height)).data;
  let inked = 0;
  for (let index = 0; index < pixels.length; index += 4) {
    if (Math.min(pixels[index], pixels[index + 1], pixels[index + 2]) < 160) inked++;
  }
  return inked / (pixels.length / 4);
}
