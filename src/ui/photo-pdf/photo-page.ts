/**
 * A photo of a paper page made into the JPEG of one A4 page, in the browser: the canvas
 * resizes and encodes it, so no image library is downloaded. 150 dpi keeps a printed letter
 * readable when the PDF is printed or zoomed, in well under the 300 KB a page issue 27 allows.
 */

/** A4's long side (297 mm) at 150 dpi, in pixels; its short side is 210 mm. */
export const PAGE_LONG_SIDE = 1754;
export const PAGE_SHORT_SIDE = 1240;
/**
 * The letter of tests/helpers/page-photo.ts comes to 71 KB at 0.65 with its 11 pt text crisp in
 * pdf.js; 0.8 costs a third more bytes, 0.5 saves only 14 % while JPEG's ringing round the
 * letters grows (docs/performance.md).
 */
export const JPEG_QUALITY = 0.65;

export interface PageOptions {
  greyscale: boolean;
}

/** Turns one photo into a page's JPEG bytes. The preview takes it as a parameter, so its tests need no canvas. */
export type PhotoToPage = (photo: Blob, options: PageOptions) => Promise<Uint8Array<ArrayBuffer>>;

export const photoToPage: PhotoToPage = async (photo, { greyscale }) => {
  const start = performance.now();
  // Upright by its EXIF orientation, as the phone's gallery shows it: the default ('from-image');
  // naming it would be a TypeError in browsers that only know the older values.
  const bitmap = await createImageBitmap(photo);
  const long = Math.max(bitmap.width, bitmap.height);
  const short = Math.min(bitmap.width, bitmap.height);
  const scale = Math.min(1, PAGE_LONG_SIDE / long, PAGE_SHORT_SIDE / short);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  if (greyscale) toGrey(context, canvas.width, canvas.height);
  const jpeg = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded'))), 'image/jpeg', JPEG_QUALITY),
  );
  // Named for scripts/bench-web.ts, which reads it with the CPU slowed 4×; also seen in DevTools.
  performance.measure('photo-pdf-page', { start });
  return new Uint8Array(await jpeg.arrayBuffer());
};

/** Luma (ITU-R BT.601) in place: the canvas filter property is missing from older Safari. */
function toGrey(context: CanvasRenderingContext2D, width: number, height: number) {
  const image = context.getImageData(0, 0, width, height);
  const pixels = image.data;
  for (let index = 0; index < pixels.length; index += 4) {
    const luma = 0.299 * pixels[index] + 0.587 * pixels[index + 1] + 0.114 * pixels[index + 2];
    pixels[index] = pixels[index + 1] = pixels[index + 2] = luma;
  }
  context.putImageData(image, 0, 0);
}
