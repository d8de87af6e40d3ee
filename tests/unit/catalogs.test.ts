import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LOCALES = ['en', 'am', 'om', 'ti', 'so', 'aa'];

/** msgid → msgstr of a PO file (Lingui writes one-line or continued strings). */
function readCatalog(file: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (line: string) => JSON.parse(line.slice(line.indexOf('"')));
  let field: 'msgid' | 'msgstr' | undefined;
  let msgid = '';
  let msgstr = '';
  const flush = () => {
    if (msgid) entries.set(msgid, msgstr);
    msgid = msgstr = '';
  };
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      field = 'msgid';
      msgid = unquote(line);
    } else if (line.startsWith('msgstr ')) {
      field = 'msgstr';
      msgstr = unquote(line);
    } else if (line.startsWith('"') && field) {
      if (field === 'msgid') msgid += unquote(line);
      else msgstr += unquote(line);
    } else field = undefined;
  }
  flush();
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const catalogs = Object.fromEntries(LOCALES.map((l) => [l, readCatalog(path.join(ROOT, 'locales', l, 'messages.po'))]));

describe('translation catalogs', () => {
  it('hold every message of the source code (catalogs were extracted after the last change)', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lingui-'));
    const config = path.join(out, 'lingui.config.json');
    fs.writeFileSync(
      config,
      JSON.stringify({
        rootDir: ROOT,
        sourceLocale: 'en',
        locales: ['en'],
        catalogs: [{ path: path.join(out, '{locale}'), include: ['<rootDir>/src'] }],
      }),
    );
    execFileSync(path.join(ROOT, 'node_modules/.bin/lingui'), ['extract', '--config', config], { cwd: ROOT, stdio: 'pipe' });
    const extracted = [...readCatalog(path.join(out, 'en.po')).keys()].sort();
    expect(extracted.length).toBeGreaterThan(20);
    expect([...catalogs.en.keys()].sort()).toEqual(extracted);
  });

  it.each(LOCALES)('%s translates every message, keeping its placeholders', (locale) => {
    const missing: string[] = [];
    for (const [msgid] of catalogs.en) {
      const msgstr = catalogs[locale].get(msgid);
      if (!msgstr) missing.push(msgid);
      else expect(placeholders(msgstr), `${locale}: ${msgid}`).toEqual(placeholders(msgid));
    }
    expect(missing).toEqual([]);
  });

  it('writes Amharic in Ethiopic script, and the Vision year in the Ethiopian calendar', () => {
    for (const [msgid, msgstr] of catalogs.am) {
      if (/[A-Za-z]{3}/.test(msgid) && !/^[A-Z0-9 .!?-]+$/.test(msgid)) expect(msgstr, msgid).toMatch(/[\u1200-\u137F]/);
    }
    const vision = [...catalogs.en.keys()].find((id) => id.includes('by 2030'))!;
    expect(catalogs.am.get(vision)).toContain('2022');
  });
});
