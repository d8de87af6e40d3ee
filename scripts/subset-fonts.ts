/**
 * Issue 13: the Ethiopic font is 75 KiB per weight, most of it syllables the portal never
 * shows. This cuts it down to the Ethiopic characters of our own texts (every catalog
 * with the server's messages, the app's locale data, the demo data, the Amharic manual,
 * Intl's Ethiopian month names) plus Ethiopic punctuation and numerals, and writes the CSS
 * for it (src/ui/fonts/, generated, not committed). The Latin font (Noto Sans) is cut the
 * same way, to printable ASCII (what anyone types) and the few other Latin-range
 * characters our texts use (– — ’ … ©).
 *
 * Each subset is cut from the family's variable font with its weight axis kept from 400 to
 * 700: one file carries both weights the portal uses (Ethiopic 36 KiB against 2 × 23 KiB
 * for two static subsets; Latin likewise), so a first visit fetches one font file a script
 * instead of two, the bold one no longer found late once headings are laid out.
 *
 * Two faces per weight, with unicode ranges that do not overlap: the subset for the
 * characters it holds, and the full static @fontsource font of that weight for every other
 * character of its range. A browser fetches a full font only
 * when a page shows a character outside the subset (a customer's typed name), so nothing
 * ever renders in a system fallback.
 */
import fs from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

const root = path.join(import.meta.dirname, '..');
const out = path.join(root, 'src/ui/fonts');
const weights = [400, 700];

// The ranges @fontsource gives its files (their index.css), as [first, last] pairs.
const ethiopicFace: [number, number][] = [
  [0x030e, 0x030e], [0x1200, 0x1399], [0x2d80, 0x2dde], [0xab01, 0xab2e],
  [0x1e7e0, 0x1e7e6], [0x1e7e8, 0x1e7eb], [0x1e7ed, 0x1e7ee], [0x1e7f0, 0x1e7fe],
];
const latinFace: [number, number][] = [
  [0x0000, 0x00ff], [0x0131, 0x0131], [0x0152, 0x0153], [0x02bb, 0x02bc], [0x02c6, 0x02c6], [0x02da, 0x02da],
  [0x02dc, 0x02dc], [0x0304, 0x0304], [0x0308, 0x0308], [0x0329, 0x0329], [0x2000, 0x206f], [0x20ac, 0x20ac],
  [0x2122, 0x2122], [0x2191, 0x2191], [0x2193, 0x2193], [0x2212, 0x2212], [0x2215, 0x2215], [0xfeff, 0xfeff], [0xfffd, 0xfffd],
];
const within = (face: [number, number][]) => (code: number) => face.some(([first, last]) => code >= first && code <= last);
const range = (first: number, last: number) => String.fromCodePoint(...Array.from({ length: last - first + 1 }, (_, i) => first + i));

/** Every file whose text a page can show: catalogs, the manual, the app's own locale
 * data (language names, day periods) and the demo data's names (divisions, cases). */
function sourceFiles(): string[] {
  const under = (folder: string, pattern: RegExp) =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => pattern.test(file) && !file.includes('.test.'))
      .map((file) => path.join(root, folder, file));
  return [...under('locales', /\.po$/), ...under('src', /\.tsx?$/), ...under('server/seed', /\.ts$/), path.join(root, 'scripts/manual/manual.am.md')];
}

/** Month names Intl writes for the Ethiopian calendar (src/i18n/dates.ts), from Node's ICU. */
function ethiopianMonthNames(): string {
  const days = Array.from({ length: 13 * 30 }, (_, i) => new Date(Date.UTC(2025, 8, 11 + i)));
  return ['am', 'ti']
    .map((locale) => new Intl.DateTimeFormat(`${locale}-ET-u-ca-ethiopic`, { month: 'long', weekday: 'long' }))
    .flatMap((format) => days.map((day) => format.format(day)))
    .join('');
}

function textsShown(): string {
  return sourceFiles().map((file) => fs.readFileSync(file, 'utf8')).join('');
}

/** Sorted code points as a CSS unicode-range: runs become U+XXXX-YYYY. */
function unicodeRange(codes: number[]): string {
  const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const runs: string[] = [];
  for (let i = 0; i < codes.length; ) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === codes[j] + 1) j++;
    runs.push(i === j ? hex(codes[i]) : `${hex(codes[i])}-${hex(codes[j]).slice(2)}`);
    i = j + 1;
  }
  return runs.join(',');
}

interface Family {
  name: string;
  /** The subset's file name and the CSS file's: noto-sans-<slug>-subset-wght.woff2, <slug>.css. */
  slug: string;
  face: [number, number][];
  /** The variable font (weight axis) the subset is cut from. */
  variable: string;
  /** The static font of one weight: the face for characters outside the subset. */
  full: (weight: number) => string;
  /** Characters kept whether or not a text of ours uses them today. */
  always: string;
}

const families: Family[] = [
  {
    name: 'Noto Sans Ethiopic',
    slug: 'ethiopic',
    face: ethiopicFace,
    variable: path.join(root, 'node_modules/@fontsource-variable/noto-sans-ethiopic/files/noto-sans-ethiopic-ethiopic-wght-normal.woff2'),
    full: (weight) => path.join(root, `node_modules/@fontsource/noto-sans-ethiopic/files/noto-sans-ethiopic-ethiopic-${weight}-normal.woff2`),
    // Punctuation (፡ ። ፣ ፤ …) and numerals (፩ …), and the month names Intl writes.
    always: range(0x1360, 0x137c) + ethiopianMonthNames(),
  },
  {
    name: 'Noto Sans',
    slug: 'latin',
    face: latinFace,
    variable: path.join(root, 'node_modules/@fontsource-variable/noto-sans/files/noto-sans-latin-wght-normal.woff2'),
    full: (weight) => path.join(root, `node_modules/@fontsource/noto-sans/files/noto-sans-latin-${weight}-normal.woff2`),
    // Printable ASCII (every name, e-mail address and case number anyone types), the
    // no-break space and general punctuation (Intl puts U+202F before "PM").
    always: range(0x20, 0x7e) + range(0xa0, 0xa0) + range(0x2000, 0x206f),
  },
];

const texts = textsShown();
fs.mkdirSync(out, { recursive: true });
for (const family of families) {
  const inFace = within(family.face);
  const used = [...new Set([...texts + family.always].map((char) => char.codePointAt(0)!))].filter(inFace).sort((a, b) => a - b);
  const usedSet = new Set(used);
  const rest = family.face.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => first + i)).filter((code) => !usedSet.has(code));
  const face = (src: string, weight: string, codes: string) =>
    `@font-face {\n  font-family: '${family.name}';\n  font-style: normal;\n  font-display: swap;\n  font-weight: ${weight};\n  src: url(${src}) format('woff2');\n  unicode-range: ${codes};\n}`;
  // Only the glyphs of these characters: no alternates, ligatures or small capitals that
  // only a layout feature reaches (the portal turns none on), ~1.3 KiB less a file; and
  // only the weights between regular and bold.
  const subset = await subsetFont(fs.readFileSync(family.variable), String.fromCodePoint(...used), {
    targetFormat: 'woff2',
    noLayoutClosure: true,
    variationAxes: { wght: { min: weights[0], max: weights[weights.length - 1] } },
  });
  const file = `noto-sans-${family.slug}-subset-wght.woff2`;
  fs.writeFileSync(path.join(out, file), subset);
  // A face per weight, the subset's pointing at the same file: a browser groups faces by
  // their descriptors and reads unicode-range only within the group of the weight asked
  // for, so a face declared "400 700" would hide the static fonts' characters (seen in
  // Chromium). The shared URL is fetched once.
  const faces = weights.flatMap((weight) => [
    face(`./${file}`, String(weight), unicodeRange(used)),
    face(path.relative(out, family.full(weight)).split(path.sep).join('/'), String(weight), unicodeRange(rest)),
  ]);
  const statics = weights.map((weight) => fs.statSync(family.full(weight)).size / 1024);
  console.log(`${family.name} ${weights.join('–')}: ${used.length} characters, ${(subset.length / 1024).toFixed(1)} KiB (full ${statics.map((size) => size.toFixed(1)).join(' + ')} KiB)`);
  fs.writeFileSync(path.join(out, `${family.slug}.css`), `/* Generated by scripts/subset-fonts.ts — do not edit. */\n${faces.join('\n')}\n`);
}
