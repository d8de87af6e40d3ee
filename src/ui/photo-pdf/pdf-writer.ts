/**
 * One PDF of JPEG pages, written by hand: each JPEG is embedded as it is (/DCTDecode, PDF
 * 1.7 §7.4.8 and §8.9.5), so nothing is decoded or compressed again and no library is
 * shipped for it. Each photo gets an A4 page (portrait, or landscape for a wide photo) and
 * fills it as far as its shape allows, centred.
 */

/** A4 in PDF points (1/72 inch): 210 × 297 mm. */
export const A4 = { width: 595.28, height: 841.89 } as const;

interface JpegFrame {
  width: number;
  height: number;
  components: number;
}

/** The size and colour components from the JPEG's start-of-frame marker (SOF0–SOF15 less DHT, JPG and DAC). */
export function jpegFrame(jpeg: Uint8Array): JpegFrame {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('Not a JPEG');
  let offset = 2;
  while (offset + 9 < jpeg.length) {
    if (jpeg[offset] !== 0xff) throw new Error('Damaged JPEG');
    const marker = jpeg[offset + 1];
    const length = (jpeg[offset + 2] << 8) | jpeg[offset + 3];
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return {
        height: (jpeg[offset + 5] << 8) | jpeg[offset + 6],
        width: (jpeg[offset + 7] << 8) | jpeg[offset + 8],
        components: jpeg[offset + 9],
      };
    }
    offset += 2 + length;
  }
  throw new Error('JPEG without a frame');
}

const number = (value: number) => String(Math.round(value * 100) / 100);

/** The PDF's bytes, one page per JPEG, in the order given. */
export function jpegsToPdf(jpegs: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const ascii = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (part: Uint8Array | string) => {
    const bytes = typeof part === 'string' ? ascii.encode(part) : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, dictionary: string, stream?: Uint8Array | string) => {
    offsets[id] = length;
    write(`${id} 0 obj\n${dictionary}\n`);
    if (stream !== undefined) {
      write('stream\n');
      write(stream);
      write('\nendstream\n');
    }
    write('endobj\n');
  };

  // A binary comment on line 2 tells transfer tools the file is binary (§7.5.2).
  write('%PDF-1.4\n%');
  write(new Uint8Array([0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  // Objects: 1 catalog, 2 page tree, then per page: page, image, drawing.
  const pageId = (index: number) => 3 + index * 3;
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, `<< /Type /Pages /Kids [${jpegs.map((_, index) => `${pageId(index)} 0 R`).join(' ')}] /Count ${jpegs.length} >>`);
  jpegs.forEach((jpeg, index) => {
    const frame = jpegFrame(jpeg);
    const landscape = frame.width > frame.height;
    const page = landscape ? { width: A4.height, height: A4.width } : A4;
    const scale = Math.min(page.width / frame.width, page.height / frame.height);
    const width = frame.width * scale;
    const height = frame.height * scale;
    const x = (page.width - width) / 2;
    const y = (page.height - height) / 2;
    const id = pageId(index);
    object(
      id,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${number(page.width)} ${number(page.height)}] /Resources << /XObject << /Photo ${id + 1} 0 R >> >> /Contents ${id + 2} 0 R >>`,
    );
    // A canvas always encodes three components (YCbCr); a one-component JPEG is grey.
    const colourSpace = frame.components === 1 ? '/DeviceGray' : '/DeviceRGB';
    object(
      id + 1,
      `<< /Type /XObject /Subtype /Image /Width ${frame.width} /Height ${frame.height} /ColorSpace ${colourSpace} /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>`,
      jpeg,
    );
    const drawing = `q ${number(width)} 0 0 ${number(height)} ${number(x)} ${number(y)} cm /Photo Do Q`;
    object(id + 2, `<< /Length ${drawing.length} >>`, drawing);
  });

  const xref = length;
  const count = 3 + jpegs.length * 3;
  // Each cross-reference entry is exactly 20 bytes, its end of line included (§7.5.4).
  write(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let id = 1; id < count; id++) write(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  write(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);

  const pdf = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    pdf.set(part, at);
    at += part.length;
  }
  return pdf;
}
