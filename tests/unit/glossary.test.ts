import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePo } from '../../server/errors/catalogs.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LANGUAGES = ['am', 'om', 'ti', 'so'] as const;

type Term = { term: string; english: string[]; forms: Record<string, string[]> };

/** The rows of locales/GLOSSARY.md's table: term | English | am | om | ti | so. */
function readGlossary(): Term[] {
  const rows = fs
    .readFileSync(path.join(ROOT, 'locales/GLOSSARY.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Term'))
    .map((line) => line.slice(1, -1).split('|').map((cell) => cell.trim()));
  const alternatives = (cell: string) => (cell === '—' ? [] : cell.split(' / ').map((s) => s.trim().toLowerCase()));
  return rows.map(([term, english, ...cells]) => ({
    term,
    english: alternatives(english),
    forms: Object.fromEntries(LANGUAGES.map((language, i) => [language, alternatives(cells[i])])),
  }));
}

const glossary = readGlossary();

/** Every translated entry of the app's and the server's catalog of one language. */
function entries(locale: string) {
  return ['messages', 'staff', 'server'].flatMap((catalog) =>
    parsePo(fs.readFileSync(path.join(ROOT, 'locales', locale, `${catalog}.po`), 'utf8')).map((e) => ({ ...e, catalog })),
  );
}

const mentions = (text: string, words: string[]) =>
  words.some((word) => new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, 'iu').test(text));

describe('glossary (locales/GLOSSARY.md)', () => {
  it('lists every term of the product in every checked language', () => {
    const terms = glossary.map((t) => t.term);
    for (const term of ['case', 'case number', 'case request', 'division', 'directorate', 'complaint (accusation)', 'the department complained about', 'attachment', 'remark', 'pending', 'processing', 'responded', 'rejected', 'log in', 'log out', 'register', 'account', 'manual', 'outbox', 'reference', 'dashboard']) {
      expect(terms).toContain(term);
    }
    for (const { term, forms } of glossary) expect(forms.am.length, `am: ${term}`).toBeGreaterThan(0);
  });

  it.each(LANGUAGES)('%s renders each term as the glossary does, in the app and in the server texts', (locale) => {
    const wrong: string[] = [];
    let checked = 0;
    for (const { source, translation, catalog } of entries(locale)) {
      // The mails kept in English until a translation is agreed (README) have nothing to check.
      if (!translation || translation === source) continue; // a missing one is the completeness test's
      const words = source.replace(/\{\w+\}/g, ' '); // {pending} is a placeholder, not the word
      for (const { term, english, forms } of glossary) {
        const accepted = forms[locale];
        if (!accepted.length || !mentions(words, english)) continue;
        checked++;
        if (!accepted.some((form) => translation.toLowerCase().includes(form))) wrong.push(`${catalog}: "${source}" → "${translation}" (${term}: ${accepted.join(' / ')})`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  it('notices a rendering that differs from the glossary', () => {
    const account = glossary.find((t) => t.term === 'account')!;
    expect(mentions('Your account was created.', account.english)).toBe(true);
    expect(account.forms.am.some((form) => 'መለያዎ ተፈጥሯል።'.includes(form))).toBe(false);
    expect(account.forms.am.some((form) => 'አካውንትዎ ተከፍቷል።'.includes(form))).toBe(true);
  });
});
