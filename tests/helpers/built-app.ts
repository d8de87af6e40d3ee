import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { precompress } from '../../scripts/precompress.ts';
import { tinyPdf } from './pdf.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A small dist/ laid out as `vite build` lays it out, with the real favicon, then
 * precompressed by the build's own script: what is served is what the build makes.
 */
export function builtApp(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  const write = (file: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), content);
  };
  const code = Array.from({ length: 400 }, (_, i) => `export const label${i} = "case request ${i}";`).join('\n');
  write('index.html', fs.readFileSync(path.join(root, 'index.html'), 'utf8').replace('/src/main.tsx', '/assets/index-Ab12Cd34.js'));
  write('assets/index-Ab12Cd34.js', code);
  write('assets/index-Ef56Gh78.css', Array.from({ length: 200 }, (_, i) => `.card-${i} { margin: ${i}px; }`).join('\n'));
  write('assets/pdf.worker.min-Ij90Kl12.mjs', code);
  write('assets/noto-sans-latin-400-normal-Mn34Op56.woff2', fs.readFileSync(path.join(root, 'node_modules/@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2')));
  write('sw.js', `self.__WB_MANIFEST = ${JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ url: `/assets/chunk-${i}.js`, revision: null })))};`);
  write('manifest.webmanifest', JSON.stringify({ name: 'Housing Development Corporation — Customer Portal', icons: [] }, null, 2));
  write('logo.svg', fs.readFileSync(path.join(root, 'public/logo.svg')));
  write('icons/icon-192.png', fs.readFileSync(path.join(root, 'public/icons/icon-192.png')));
  write('manual/customer-manual-en.pdf', tinyPdf('Customer manual'));
  // As scripts/route-preloads.ts writes it: a page, a layout and a page under it.
  write(
    'route-preloads.json',
    JSON.stringify([
      { path: '/checkstatus', layout: false, files: ['/assets/checkstatus-Qr12St34.js'] },
      { path: '/staff', layout: true, files: ['/assets/staff-Uv56Wx78.js'] },
      { path: '/staff/cases/$id', layout: false, files: ['/assets/staff.cases._id-Yz90Ab12.js', '/assets/details-list-Cd34Ef56.js'] },
    ]),
  );
  precompress(dist);
  return dist;
}
