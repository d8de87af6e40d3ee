import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePo } from '../../server/errors/catalogs.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LANGUAGES = ['am', 'om', 'ti', 'so'] as const;
type Language = (typeof LANGUAGES)[number];

type Term = { term: string; english: string[]; forms: Record<Language, string[]> };
type Avoided = { language: string; words: string[]; instead: string };

const alternatives = (cell: string) => (cell === '—' ? [] : cell.split(' / ').map((s) => s.trim().toLowerCase()));

/** The rows of each table of locales/GLOSSARY.md, keyed by the table's first header cell. */
function readTables(): Map<string, string[][]> {
  const tables = new Map<string, string[][]>();
  let rows: string[][] | undefined;
  for (const line of fs.readFileSync(path.join(ROOT, 'locales/GLOSSARY.md'), 'utf8').split('\n')) {
    if (!line.startsWith('|')) {
      rows = undefined;
      continue;
    }
    const cells = line.slice(1, -1).split('|').map((cell) => cell.trim());
    if (cells[0].startsWith('---')) continue;
    if (!rows) tables.set(cells[0], (rows = [...(tables.get(cells[0]) ?? [])]));
    else rows.push(cells);
  }
  return tables;
}

const tables = readTables();

/** The terms' tables (the product's, the staff's): term | English | am | om | ti | so. */
const glossary: Term[] = (tables.get('Term') ?? []).map(([term, english, ...cells]) => ({
  term,
  english: alternatives(english),
  forms: Object.fromEntries(LANGUAGES.map((language, i) => [language, alternatives(cells[i])])) as Term['forms'],
}));

/** "Words to avoid": Lang | Avoid | Use instead | Why. */
const avoided: Avoided[] = (tables.get('Lang') ?? []).map(([language, words, instead]) => ({ language, words: alternatives(words), instead }));

/** Every translated entry of the app's (customer and staff) and the server's catalog of one language. */
function entries(locale: string) {
  return ['messages', 'staff', 'server'].flatMap((catalog) =>
    parsePo(fs.readFileSync(path.join(ROOT, 'locales', locale, `${catalog}.po`), 'utf8')).map((e) => ({ ...e, catalog })),
  );
}

/** A word as a whole word; each pattern compiled once (the checks below run it millions of times). */
const wholeWords = new Map<string, RegExp>();
function wholeWord(word: string): RegExp {
  let pattern = wholeWords.get(word);
  if (!pattern) wholeWords.set(word, (pattern = new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, 'giu')));
  pattern.lastIndex = 0; // a global pattern's test() goes on from where the last one stopped
  return pattern;
}
const mentions = (text: string, words: string[]) => words.some((word) => wholeWord(word).test(text));

/**
 * The English an entry says about one term: a longer term that contains it is that term's
 * business ("accusation officer" is not the officer role), so its words are blanked first.
 */
const longerTerms = new Map(glossary.map((term) => [term, glossary.flatMap((other) =>
  other.english.filter((longer) => longer !== undefined && term.english.some((word) => word !== longer && mentions(longer, [word]))))]));
function englishFor(source: string, term: Term): string {
  let text = source.replace(/\{\w+\}/g, ' '); // {pending} is a placeholder, not the word
  for (const longer of longerTerms.get(term) ?? []) text = text.replace(wholeWord(longer), ' ');
  return text;
}

/** Where a glossary-avoided word appears: at a word's end (Ethiopic glues prefixes on), a punctuation mark anywhere. */
const contains = (text: string, word: string) =>
  /\p{L}/u.test(word) ? new RegExp(`${word}($|[^\\p{L}])`, 'iu').test(text) : text.includes(word);

describe('glossary (locales/GLOSSARY.md)', () => {
  it('lists every term of the product and of the staff in every checked language', () => {
    const terms = glossary.map((t) => t.term);
    for (const term of ['case', 'case number', 'case request', 'division', 'directorate', 'complaint (accusation)', 'the department complained about', 'attachment', 'remark', 'pending', 'processing', 'responded', 'rejected', 'log in', 'log out', 'register', 'account', 'manual', 'outbox', 'reference', 'dashboard', 'the corporation', 'length limit (must not exceed)']) {
      expect(terms).toContain(term);
    }
    // The staff's roles and moves (review 2026-11-27, N9, N12, N13), and the accusation's review.
    for (const term of ['officer (role)', 'manager (role)', 'archivist (role)', 'ethics user (role)', 'administrator (role)', 'take (a case)', 'assign', 'appointment (schedule)', 'move the appointment', 'respond', 'approve', 'send back (a response)', 'reject', 'archive', 'review (of an accusation)', 'close (an accusation)', 'outcome', 'internal note']) {
      expect(terms).toContain(term);
    }
    for (const { term, forms } of glossary) for (const language of LANGUAGES) expect(forms[language].length, `${language}: ${term}`).toBeGreaterThan(0);
  });

  it.each(LANGUAGES)('%s renders each term as the glossary does, in the customer, staff and server texts', (locale) => {
    const wrong: string[] = [];
    const checked = { messages: 0, staff: 0, server: 0 } as Record<string, number>;
    for (const { source, translation, catalog } of entries(locale)) {
      // An entry still in English is the translated-everywhere test's (catalogs.test.ts).
      if (!translation || translation === source) continue; // a missing one is the completeness test's
      for (const term of glossary) {
        const accepted = term.forms[locale];
        if (!mentions(englishFor(source, term), term.english)) continue;
        checked[catalog]++;
        if (!accepted.some((form) => translation.toLowerCase().includes(form))) wrong.push(`${catalog}: "${source}" → "${translation}" (${term.term}: ${accepted.join(' / ')})`);
      }
    }
    expect(wrong).toEqual([]);
    for (const catalog of ['messages', 'staff', 'server']) expect(checked[catalog], catalog).toBeGreaterThan(50);
  });

  it.each(LANGUAGES)('%s uses none of the words a review struck out', (locale) => {
    const found: string[] = [];
    for (const { language, words, instead } of avoided.filter((a) => a.language === locale)) {
      for (const { translation, catalog, source } of entries(locale)) {
        for (const word of words) if (contains(translation, word)) found.push(`${catalog}: "${source}" → "${translation}" (${word}: use ${instead})`);
      }
      expect(language).toBe(locale);
    }
    expect(found).toEqual([]);
  });

  it('notices a rendering that differs from the glossary, or a word it struck out', () => {
    const account = glossary.find((t) => t.term === 'account')!;
    expect(mentions('Your account was created.', account.english)).toBe(true);
    expect(account.forms.am.some((form) => 'መለያዎ ተፈጥሯል።'.includes(form))).toBe(false);
    expect(account.forms.am.some((form) => 'አካውንትዎ ተከፍቷል።'.includes(form))).toBe(true);
    // The Somali limit needs its negative: "waa inay ka badnaan" says "must be more than" (N1).
    const limit = glossary.find((t) => t.term === 'length limit (must not exceed)')!;
    expect(limit.forms.so.some((form) => 'Woredada waa inay ka badnaan 20 xaraf'.toLowerCase().includes(form))).toBe(false);
    // "accusation officer" is the public's word, not the officer role.
    const officer = glossary.find((t) => t.term === 'officer (role)')!;
    expect(mentions(englishFor('An accusation officer reads it.', officer), officer.english)).toBe(false);
    expect(mentions(englishFor('Choose an officer', officer), officer.english)).toBe(true);
    // A struck-out word is found with a prefix glued on, not inside the right word.
    expect(contains('ነዚ ጥርዓ ክትዓጽውዎ', 'ጥርዓ')).toBe(true);
    expect(contains('ነዚ ጥርዓን ክትዓጽውዎ', 'ጥርዓ')).toBe(false);
    expect(contains('ምላሹ ለኦፊሰሩ ተመልሷል።', 'ኦፊሰሩ')).toBe(true);
  });
});
