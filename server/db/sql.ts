/** SQL fragments the stores share, so every answer has the same field names and forms. */
import { API_LANGUAGES as LANGUAGES } from '../contract/constants.ts';
import type { Queryable } from './database.ts';

/** `'name_en', q.name_en, 'name_am', q.name_am, …` for json_build_object. */
export const sixNames = (alias: string, prefix = 'name') =>
  LANGUAGES.map((lang) => `'${prefix}_${lang}', ${alias}.${prefix}_${lang}`).join(', ');

/** `q.name_en, q.name_am, …` as plain columns. */
export const sixColumns = (alias: string, prefix = 'name') => LANGUAGES.map((lang) => `${alias}.${prefix}_${lang}`).join(', ');

/** An ISO-8601 UTC timestamp (or NULL) that reads the same from PGlite and pg, whatever the session time zone. */
export const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A staff member's names as an object, or NULL when the joined row is absent. */
export const personName = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('firstname', ${alias}.firstname,
     'middlename', ${alias}.middlename, 'lastname', ${alias}.lastname) END`;

/** Escapes LIKE wildcards in what a person typed, for a "contains" filter. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * case_answer's copy of what its question and chosen option said at filing (migration 017),
 * as columns and as the values `q` (question) and `o` (the chosen option, or NULLs) give them.
 */
export const SNAPSHOT_COLUMNS = ['question_name', 'option_value'].flatMap((prefix) => LANGUAGES.map((lang) => `${prefix}_${lang}`)).join(', ');
export const SNAPSHOT_VALUES = [sixColumns('q'), sixColumns('o', 'value')].join(', ');

/** A filed answer's question as `name_en` … `name_af`, read from the copy (alias of case_answer). */
export const filedQuestionNames = (alias: string) =>
  LANGUAGES.map((lang) => `'name_${lang}', ${alias}.question_name_${lang}`).join(', ');

/**
 * A filed select answer's option as SPEC's enumValues (one entry: the option chosen, with
 * its six values as they read at filing), or an empty array for a typed answer.
 */
export const filedOption = (alias: string) =>
  `CASE WHEN ${alias}.option_value_en IS NULL THEN '[]'::json ELSE json_build_array(json_build_object('_id', ${alias}.answer,
     'expectedValues', json_build_object(${LANGUAGES.map((lang) => `'value_${lang}', ${alias}.option_value_${lang}`).join(', ')}))) END`;

/** A staff member as an object with their id and names, or NULL when the joined row (of staff_name) is absent. */
export const staffPerson = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('_id', ${alias}.id, 'firstname', ${alias}.firstname,
     'middlename', ${alias}.middlename, 'lastname', ${alias}.lastname) END`;

/** What one page of a list is made of; see pageOf. */
export interface PageQuery {
  /** Selects `id` and `position` (row_number() in the list's order, from 1) of every row that matches. */
  matching: string;
  /** Selects one `row` (a JSON object) per row of `page` (its `id` and `position`), in `page.position` order. */
  shown: string;
  params: unknown[];
  perPage: number;
  /** The page asked for: anything below 1 is the first, anything past the end the last. */
  page: number;
}

/**
 * One page of a list and how many pages it has, in one statement: every list of the portal
 * (a customer's cases, the staff queues, the archive, the accusations, the audit log) pages
 * through here, so every one clamps the page to 1..the last alike and no matches still make
 * one, empty, page. Per page and page are parameters too, so a filter shape is planned once;
 * the page is numeric, so any integer a query string allows compares without overflowing.
 */
export async function pageOf<T>(db: Queryable, { matching, shown, params, perPage, page }: PageQuery) {
  const [per, wanted] = [`$${params.length + 1}::int`, `$${params.length + 2}::numeric`];
  const rows = await db.query<{ totalPages: number; currentPage: number; total: number; row: T | null }>(
    `WITH matching AS (${matching}),
     counted AS (SELECT count(*)::int AS total FROM matching),
     chosen AS (SELECT total, greatest(1, (total + ${per} - 1) / ${per}) AS pages FROM counted),
     clamped AS (SELECT total, pages, least(greatest(${wanted}, 1), pages)::int AS page FROM chosen),
     -- Positions are row numbers from 1, so a page is a range of them.
     page AS (SELECT m.* FROM matching m, clamped WHERE m.position > (clamped.page - 1) * ${per} AND m.position <= clamped.page * ${per})
     SELECT clamped.pages AS "totalPages", clamped.page AS "currentPage", clamped.total, shown.row
     FROM clamped LEFT JOIN LATERAL (${shown}) shown ON true`,
    [...params, perPage, page],
  );
  return {
    rows: rows.flatMap((entry) => (entry.row === null ? [] : [entry.row])),
    currentPage: rows[0].currentPage,
    totalPages: rows[0].totalPages,
    total: rows[0].total,
  };
}
