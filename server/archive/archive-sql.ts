import { REFILE_WINDOW_DAYS } from '../contract/constants.ts';
import { iso, staffPerson } from '../db/sql.ts';

/** When a filing may no longer be moved to another category (c: the case): REFILE_WINDOW_DAYS after it. */
export const REFILE_UNTIL = (c: string) => `(${c}.archived_date + interval '${REFILE_WINDOW_DAYS} days')`;

/**
 * Where an archived case was filed, or NULL (c: the case, g: its archival_category, ab: the
 * archivist's staff_name): the archive's search and the staff case page show it alike.
 */
export const ARCHIVE = `CASE WHEN g.id IS NULL THEN NULL ELSE json_build_object('category', json_build_object('_id', g.id, 'name', g.name),
  'archived_date', ${iso('c.archived_date')}, 'archived_by', ${staffPerson('ab')}, 'refile_until', ${iso(REFILE_UNTIL('c'))}) END`;
