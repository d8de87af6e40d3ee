import { sixNames } from '../db/sql.ts';

/** A directorate (`alias` of directorate_name) as the staff screens name it: its id and six names, or NULL. */
export const directorateNames = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('_id', ${alias}.id, ${sixNames(alias)}) END`;
