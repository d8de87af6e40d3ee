import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { RenderParameters, TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManuals, type BuiltManual } from './build-manual.ts';

// What pdf.js's Node canvas factory (@napi-rs/canvas) hands out, typed without the DOM lib.
interface NodeCanvas {
  canvas: RenderParameters['canvas'];
  context: { getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray } };
}

let outputDir: string;
let built: BuiltManual[];
const manual = (locale: string) => built.find((entry) => entry.locale === locale)!;

beforeAll(async () => {
  outputDir = await mkdtemp(join(tmpdir(), 'manual-'));
  built = await buildManuals(outputDir);
});

afterAll(() => rm(outputDir, { recursive: true, force: true }));

async function openPdf(file: string) {
  return getDocument({ data: new Uint8Array(await readFile(file)) }).promise;
}

describe('customer manual build', () => {
  it('writes an English and an Amharic PDF of at least two pages each', async () => {
    expect(built.map((entry) => entry.locale).sort()).toEqual(['am', 'en']);
    for (const entry of built) {
      const bytes = await readFile(entry.file);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const pdf = await openPdf(entry.file);
      expect(pdf.numPages).toBe(entry.pages);
      expect(pdf.numPages).toBeGreaterThanOrEqual(2);
    }
  });

  it('embeds Noto Sans Ethiopic for Amharic and Noto Sans for Latin letters and digits', async () => {
    const bytes = (await readFile(manual('am').file)).toString('latin1');
    for (const font of ['NotoSansEthiopic-Regular', 'NotoSansEthiopic-Bold', 'NotoSans-Regular', 'NotoSans-Bold']) {
      expect(bytes).toContain(font);
    }
  });

  it('labels the Amharic PDF with its language and title', async () => {
    const { info } = await (await openPdf(manual('am').file)).getMetadata();
    expect(info).toMatchObject({ Language: 'am-ET', Title: expect.stringContaining('የደንበኞች መመሪያ') });
  });

  // Text extraction alone passes on blank glyphs (TOOLCHAIN.md, pitfall 9): render page 1 and
  // look for ink where pdf.js says the Amharic title and a case number are.
  it('draws the Amharic title and the Latin digits in it visibly on page 1', async () => {
    const pdf = await openPdf(manual('am').file);
    const page = await pdf.getPage(1);
    const items = (await page.getTextContent()).items.filter((item): item is TextItem => 'str' in item);
    const text = items.map((item) => item.str).join('');
    expect(text).toContain('የቤቶች ልማት ኮርፖሬሽን');
    expect(text).toContain('የደንበኞች መመሪያ');
    expect(text).toContain('HDC-2019-000123');

    const viewport = page.getViewport({ scale: 1 });
    const factory = pdf.canvasFactory as { create(width: number, height: number): NodeCanvas };
    const { canvas, context } = factory.create(viewport.width, viewport.height);
    await page.render({ canvas, viewport }).promise;

    for (const wanted of ['የደንበኞች መመሪያ', 'HDC-2019-000123']) {
      const item = items.find((candidate) => candidate.str.includes(wanted));
      expect(item, wanted).toBeDefined();
      const [, , , , x, baseline] = item!.transform as number[];
      const top = viewport.height - baseline - item!.height;
      const pixels = context.getImageData(Math.floor(x), Math.floor(top), Math.ceil(item!.width), Math.ceil(item!.height)).data;
      let inked = 0;
      for (let index = 0; index < pixels.length; index += 4) {
        if (Math.min(pixels[index], pixels[index + 1], pixels[index + 2]) < 160) inked++;
      }
      expect(inked / (pixels.length / 4), wanted).toBeGreaterThan(0.1);
    }
  });

  it('gives the same bytes on every build', async () => {
    const again = await mkdtemp(join(tmpdir(), 'manual-'));
    try {
      const rebuilt = await buildManuals(again);
      for (const entry of rebuilt) {
        expect((await readFile(entry.file)).equals(await readFile(manual(entry.locale).file)), entry.locale).toBe(true);
      }
    } finally {
      await rm(again, { recursive: true, force: true });
    }
  });
});
