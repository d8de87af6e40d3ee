/// <reference lib="dom" />
/**
 * A phone's photo of a printed A4 letter, drawn in the browser (issue 27: the photo is made by
 * the test, not committed): 12 megapixels as a phone takes it, the sheet on a darker desk,
 * lit unevenly, with a little sensor noise, the letter's text at 11 pt, and the camera's
 * JPEG at 0.92. Runs inside the page (`page.evaluate(pagePhoto)`), so it is self-contained;
 * it answers the JPEG as base64.
 */
export async function pagePhoto(): Promise<string> {
  const width = 3024;
  const height = 4032;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#6b5a48';
  context.fillRect(0, 0, width, height);
  // The sheet fills most of the frame, slightly turned, brighter where the light falls.
  const sheet = { x: 160, y: 190, width: 2700, height: 3650 };
  context.save();
  context.translate(width / 2, height / 2);
  context.rotate(0.012);
  context.translate(-width / 2, -height / 2);
  const light = context.createLinearGradient(sheet.x, sheet.y, sheet.x + sheet.width, sheet.y + sheet.height);
  light.addColorStop(0, '#f4f1ea');
  light.addColorStop(1, '#c9c4b8');
  context.fillStyle = light;
  context.fillRect(sheet.x, sheet.y, sheet.width, sheet.height);
  // 11 pt on a 210 mm sheet 2700 px wide: 11 × 0.3528 mm × 12.86 px/mm ≈ 50 px.
  const mm = sheet.width / 210;
  const line = (text: string, y: number, size = 11, bold = false) => {
    context.font = `${bold ? 'bold ' : ''}${Math.round(size * 0.3528 * mm)}px serif`;
    context.fillStyle = '#1d1d1f';
    context.fillText(text, sheet.x + 25 * mm, sheet.y + y * mm);
  };
  line('HOUSING DEVELOPMENT CORPORATION', 30, 16, true);
  line('Ref. HDC/2026/0417                                        Addis Ababa, 3 December 2026', 45);
  line('Subject: Confirmation of the transfer of house title No. 17-0452', 62, 12, true);
  const body = [
    'Dear Ato Yonas Tesfaye,',
    '',
    'We confirm that the title of the condominium unit in Block 12, Yeka Abado site,',
    'was transferred to your name on 28 November 2026 after the final payment of',
    'ETB 412,650.00 was received at the Commercial Bank of Ethiopia, branch 0931.',
    '',
    'Please bring this letter, your identity card and the original receipt to the',
    'corporation office within 30 working days to collect the title deed. A person',
    'acting for you needs a power of attorney authenticated by DARS.',
    '',
    'Remaining service charges: 1,250.00 ETB, due by 15 January 2027.',
    '',
    'Sincerely,',
    'Almaz Bekele, Head of the Customer Service Directorate',
  ];
  body.forEach((text, index) => line(text, 80 + index * 7.5));
  context.restore();
  // Sensor noise, as a phone's denoised photo still has.
  const image = context.getImageData(0, 0, width, height);
  let seed = 7;
  for (let index = 0; index < image.data.length; index += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const noise = (seed % 9) - 4;
    image.data[index] += noise;
    image.data[index + 1] += noise;
    image.data[index + 2] += noise;
  }
  context.putImageData(image, 0, 0);
  const jpeg = await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!), 'image/jpeg', 0.92));
  const bytes = new Uint8Array(await jpeg.arrayBuffer());
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}
