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
