/**
 * Prints the gzip size of the JavaScript the landing page loads (entry, its static
 * imports, the "/" route's chunks and the default Amharic catalog), and fails the build
 * if pdf.js sneaks into it (issue 2: pdf.js only on pages that show a PDF).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[] };
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
const manifest: Record<string, Chunk> = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const landing = new Set<string>();
const visit = (key: string) => {
  if (landing.has(key)) return;
  landing.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
for (const [key, chunk] of Object.entries(manifest)) {
  if (chunk.isEntry || key.startsWith('src/routes/index.tsx') || key === 'locales/am/messages.po') visit(key);
}

const gzip = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file))).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let total = 0;
const rows = [...landing]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, size: gzip(file) }))
  .sort((a, b) => b.size - a.size);
for (const row of rows) total += row.size;

const pdfjs = Object.values(manifest).filter((c) => /pdfjs-/.test(c.file));
console.log(`\nLanding page JavaScript: ${kb(total)} gzip in ${rows.length} files (target < 100 KB)`);
for (const row of rows.slice(0, Number(process.env.BUNDLE_ROWS ?? 5))) console.log(`  ${kb(row.size).padStart(9)}  ${row.file}`);
for (const chunk of pdfjs) console.log(`pdf.js, loaded only with a PDF: ${kb(gzip(chunk.file))} gzip  ${chunk.file}`);
// Its two workers: the parser, and the renderer that draws pages off the main thread.
for (const worker of fs.readdirSync(path.join(dist, 'assets')).filter((f) => /^pdf\.(worker|renderer).*\.mjs$/.test(f))) {
  console.log(`pdf.js ${worker.split(/[.-]/)[1]}: ${kb(gzip(`assets/${worker}`))} gzip  assets/${worker}`);
}

if (rows.some((row) => /pdfjs|pdf\.(worker|renderer)/.test(row.file))) {
  console.error('pdf.js is in the landing page bundle: import it only where a PDF is shown.');
  process.exit(1);
}
