import fs from 'node:fs';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { RenderParameters } from 'pdfjs-dist/types/src/display/api.js';
import { describe, expect, it } from 'vitest';
import { A4, jpegFrame, jpegsToPdf } from '../../src/ui/photo-pdf/pdf-writer.ts';

// Two small JPEGs: a black block on white, one tall and one wide.
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name)));
const portrait = fixture('page-portrait.jpg');
const landscape = fixture('page-landscape.jpg');

interface NodeCanvas {
  canvas: RenderParameters['canvas'];
  context: { getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray } };
}

describe('photos to one PDF: the writer', () => {
  it("reads a JPEG's size from its frame", () => {
    expect(jpegFrame(portrait)).toEqual({ width: 120, height: 170, components: 3 });
    expect(jpegFrame(landscape)).toEqual({ width: 170, height: 120, components: 3 });
  });

  it('gives pdf.js one A4 page per photo, in order, each photo drawn on its page', async () => {
    const pdf = await getDocument({ data: jpegsToPdf([portrait, landscape, portrait]) }).promise;
    expect(pdf.numPages).toBe(3);
    const views = [];
    for (let number = 1; number <= 3; number++) views.push((await pdf.getPage(number)).view);
    expect(views).toEqual([
      [0, 0, A4.width, A4.height],
      [0, 0, A4.height, A4.width],
      [0, 0, A4.width, A4.height],
    ]);

    // Rendered, the black block is where the photo has it: the middle dark, the corner white.
    const page = await pdf.getPage(2);
    const viewport = page.getViewport({ scale: 1 });
    const factory = pdf.canvasFactory as { create(width: number, height: number): NodeCanvas };
    const { canvas, context } = factory.create(viewport.width, viewport.height);
    await page.render({ canvas, viewport }).promise;
    const grey = (x: number, y: number) => context.getImageData(x, y, 1, 1).data[0];
    expect(grey(Math.round(viewport.width / 2), Math.round(viewport.height / 2))).toBeLessThan(40);
    expect(grey(10, 10)).toBeGreaterThan(215);
  });
});
