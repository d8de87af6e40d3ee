/**
 * Where a newly filed case goes (issue 24): its case request's directorate, else its
 * division's first active directorate by English name, then id. By name, not by when it was
 * made or its UUID, so the admin can tell from the list which one that is
 * (server/administration shows it beside each request without a directorate).
 */

/** The first active directorate of the division `divisionId` (an SQL expression) names, or NULL. */
export const firstActiveDirectorate = (divisionId: string) => `(SELECT p.id FROM directorate_placement p
  JOIN directorate_name n ON n.id = p.id
  WHERE p.division_id = ${divisionId} AND p.status = 'active' ORDER BY n.name_en, p.id LIMIT 1)`;

/** The directorate a case of the case request `r` (a table alias) is filed into. */
export const filingDirectorate = (r: string) => `COALESCE(${r}.directorate_id, ${firstActiveDirectorate(`${r}.division_id`)})`;
