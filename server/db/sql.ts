/** SQL fragments the stores share, so every answer has the same field names and forms. */
import { API_LANGUAGES as LANGUAGES } from '../contract/constants.ts';

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
