import type { Queryable } from '../db/database.ts';
import type { CaseRequest, Question } from '../contract/cases.ts';
import { sixColumns, sixNames } from '../db/sql.ts';

const CASE_REQUEST_COLUMNS = `r.id AS "_id", json_build_object('_id', r.division_id) AS division, r.status,
  ${sixColumns('r', 'case_name')}`;

const CASE_REQUEST_ORDER = 'ORDER BY r.position, r.created_at, r.case_name_en';

/** A question as the rules of an application need it. */
export interface QuestionRule {
  id: string;
  inputType: string;
  dataType: string;
  isRequired: boolean;
  options: { id: string; values: string[] }[];
}

/** What can be applied for: case requests, their questions and the questions' options. */
export function createCaseRequestStore(db: Queryable) {
  return {
    allCaseRequests: () => db.query<CaseRequest>(`SELECT ${CASE_REQUEST_COLUMNS} FROM case_request r ${CASE_REQUEST_ORDER}`),

    activeCaseRequests: () =>
      db.query<CaseRequest>(`SELECT ${CASE_REQUEST_COLUMNS} FROM case_request r WHERE r.status = 'active' ${CASE_REQUEST_ORDER}`),

    async caseRequestById(id: string): Promise<CaseRequest | undefined> {
      return (await db.query<CaseRequest>(`SELECT ${CASE_REQUEST_COLUMNS} FROM case_request r WHERE r.id = $1`, [id]))[0];
    },

    allQuestions: () =>
      db.query<Question>(
        `SELECT q.id AS "_id", json_build_object('_id', q.case_request_id) AS caselist, q.input_type AS "inputType",
           q.data_type AS "dataType", q.is_required AS "isRequired", ${sixColumns('q')},
           coalesce((SELECT json_agg(json_build_object('_id', o.id, 'expectedValues', json_build_object(${sixNames('o', 'value')}))
                     ORDER BY o.position) FROM question_option o WHERE o.question_id = q.id AND o.status = 'active'), '[]'::json) AS "enumValues"
         FROM question q JOIN case_request r ON r.id = q.case_request_id
         -- What the admin switched off is no longer asked (migration 017); filed cases keep their copy.
         WHERE q.status = 'active'
         ${CASE_REQUEST_ORDER}, q.position`,
      ),

    async divisionForApplication(id: string) {
      const rows = await db.query<{ status: string; special: string }>('SELECT status, special FROM division_availability WHERE id = $1', [id]);
      return rows[0];
    },

    async caseRequestForApplication(id: string) {
      const rows = await db.query<{ divisionId: string; status: string }>(
        'SELECT division_id AS "divisionId", status FROM case_request WHERE id = $1',
        [id],
      );
      return rows[0];
    },

    /** The questions of one case request in order, each with its options' values in every language. */
    questionRules: (caseRequestId: string) =>
      db.query<QuestionRule>(
        `SELECT q.id, q.input_type AS "inputType", q.data_type AS "dataType", q.is_required = 'yes' AS "isRequired",
           coalesce((SELECT json_agg(json_build_object('id', o.id, 'values', json_build_array(${sixColumns('o', 'value')}))
                     ORDER BY o.position) FROM question_option o WHERE o.question_id = q.id AND o.status = 'active'), '[]'::json) AS options
         FROM question q WHERE q.case_request_id = $1 AND q.status = 'active' ORDER BY q.position, q.name_en`,
        [caseRequestId],
      ),
  };
}
export type CaseRequestStore = ReturnType<typeof createCaseRequestStore>;
