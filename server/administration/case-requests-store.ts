import type { Database, Queryable } from '../db/database.ts';
import { API_LANGUAGES } from '../contract/constants.ts';
import type { AdminCaseRequest } from '../contract/administration-calls.ts';
import { filingDirectorate } from '../cases/routing-sql.ts';

const names = (prefix: string) => API_LANGUAGES.map((lang) => `${prefix}_${lang}`);
const CASE_NAMES = names('case_name');
const NAMES = names('name');
const VALUES = names('value');
export const LETTER_TEMPLATES = names('letter_template');
const pairs = (alias: string, columns: string[]) => columns.map((c) => `'${c}', ${alias}.${c}`).join(', ');

export const CASE_REQUEST_COLUMNS = ['division_id', 'directorate_id', 'target_working_days', 'status', 'position', ...CASE_NAMES];
export const QUESTION_COLUMNS = ['case_request_id', 'input_type', 'data_type', 'is_required', 'show_in_queue', 'status', 'position', ...NAMES];
export const OPTION_COLUMNS = ['status', 'position', ...VALUES];

export type Row = Record<string, unknown>;
export interface StoredOption extends Row {
  id: string;
  used: boolean;
}

/** Whether filed cases answered a question, or chose an option (then it is never removed). */
const QUESTION_USED = 'EXISTS (SELECT 1 FROM case_answer a WHERE a.question_id = q.id)';
const OPTION_USED = 'EXISTS (SELECT 1 FROM case_answer a WHERE a.question_id = o.question_id AND a.answer = o.id::text)';

/** What can be applied for, as the admin writes it: every change in the caller's transaction. */
export function createCaseRequestAdminStore(db: Database) {
  async function insert(tx: Queryable, table: string, columns: string[], fields: Row): Promise<string> {
    const rows = await tx.query<{ id: string }>(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      columns.map((column) => fields[column]),
    );
    return rows[0]!.id;
  }
  async function update(tx: Queryable, table: string, columns: string[], id: string, fields: Row): Promise<void> {
    await tx.query(`UPDATE ${table} SET ${columns.map((column, i) => `${column} = $${i + 2}`).join(', ')} WHERE id = $1`, [
      id,
      ...columns.map((column) => fields[column]),
    ]);
  }
  const lockedRow = async (tx: Queryable, table: string, columns: string[], id: string) =>
    (await tx.query<Row>(`SELECT ${columns.join(', ')} FROM ${table} WHERE id = $1 FOR UPDATE`, [id]))[0];

  return {
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => db.transaction(work),

    lockedCaseRequest: (tx: Queryable, id: string) => lockedRow(tx, 'case_request', CASE_REQUEST_COLUMNS, id),
    insertCaseRequest: (tx: Queryable, fields: Row) => insert(tx, 'case_request', CASE_REQUEST_COLUMNS, fields),
    updateCaseRequest: (tx: Queryable, id: string, fields: Row) => update(tx, 'case_request', CASE_REQUEST_COLUMNS, id, fields),
    lockedLetterTemplate: (tx: Queryable, id: string) => lockedRow(tx, 'case_request', LETTER_TEMPLATES, id),
    updateLetterTemplate: (tx: Queryable, id: string, fields: Row) => update(tx, 'case_request', LETTER_TEMPLATES, id, fields),

    async divisionExists(tx: Queryable, id: string): Promise<boolean> {
      return (await tx.query('SELECT 1 FROM division_availability WHERE id = $1', [id])).length > 0;
    },
    async directorateInDivision(tx: Queryable, directorateId: string, divisionId: string): Promise<boolean> {
      return (await tx.query('SELECT 1 FROM directorate_placement WHERE id = $1 AND division_id = $2', [directorateId, divisionId])).length > 0;
    },

    async lockedQuestion(tx: Queryable, id: string) {
      const rows = await tx.query<Row & { used: boolean }>(
        `SELECT ${QUESTION_COLUMNS.map((c) => `q.${c}`).join(', ')}, ${QUESTION_USED} AS used FROM question q WHERE q.id = $1 FOR UPDATE`,
        [id],
      );
      return rows[0];
    },
    /** The question's options in order, each with whether a filed case chose it. */
    options: (tx: Queryable, questionId: string) =>
      tx.query<StoredOption>(
        `SELECT o.id, ${OPTION_COLUMNS.map((c) => `o.${c}`).join(', ')}, ${OPTION_USED} AS used
         FROM question_option o WHERE o.question_id = $1 ORDER BY o.position, o.id FOR UPDATE`,
        [questionId],
      ),
    insertQuestion: (tx: Queryable, fields: Row) => insert(tx, 'question', QUESTION_COLUMNS, fields),
    updateQuestion: (tx: Queryable, id: string, fields: Row) => update(tx, 'question', QUESTION_COLUMNS, id, fields),
    insertOption: (tx: Queryable, questionId: string, fields: Row) =>
      insert(tx, 'question_option', ['question_id', ...OPTION_COLUMNS], { ...fields, question_id: questionId }),
    updateOption: (tx: Queryable, id: string, fields: Row) => update(tx, 'question_option', OPTION_COLUMNS, id, fields),
    deleteOptions: (tx: Queryable, ids: string[]) => tx.query('DELETE FROM question_option WHERE id = ANY($1::uuid[])', [ids]),
    async deleteQuestion(tx: Queryable, id: string) {
      await tx.query('DELETE FROM question_option WHERE question_id = $1', [id]);
      await tx.query('DELETE FROM question WHERE id = $1', [id]);
    },
    async nextQuestionPosition(tx: Queryable, caseRequestId: string): Promise<number> {
      const rows = await tx.query<{ next: number }>('SELECT coalesce(max(position) + 1, 0) AS next FROM question WHERE case_request_id = $1', [caseRequestId]);
      return Number(rows[0]!.next);
    },
    async nextCaseRequestPosition(tx: Queryable, divisionId: string): Promise<number> {
      const rows = await tx.query<{ next: number }>('SELECT coalesce(max(position) + 1, 0) AS next FROM case_request WHERE division_id = $1', [divisionId]);
      return Number(rows[0]!.next);
    },

    /** Every case request (inactive too) with its questions and their options, in the apply form's order. */
    caseRequests: () =>
      db.query<AdminCaseRequest>(
        `SELECT r.id, r.division_id, r.directorate_id, ${filingDirectorate('r')} AS handling_directorate_id, r.target_working_days, r.status, r.position, ${[...CASE_NAMES, ...LETTER_TEMPLATES].map((c) => `r.${c}`).join(', ')},
           coalesce((SELECT json_agg(json_build_object('id', q.id, 'case_request_id', q.case_request_id, 'input_type', q.input_type,
                       'data_type', q.data_type, 'is_required', q.is_required = 'yes', 'show_in_queue', q.show_in_queue, 'status', q.status, 'position', q.position,
                       ${pairs('q', NAMES)}, 'used', ${QUESTION_USED},
                       'options', coalesce((SELECT json_agg(json_build_object('id', o.id, 'status', o.status, 'position', o.position,
                                   ${pairs('o', VALUES)}, 'used', ${OPTION_USED}) ORDER BY o.position, o.id)
                                 FROM question_option o WHERE o.question_id = q.id), '[]'::json)) ORDER BY q.position, q.name_en)
                     FROM question q WHERE q.case_request_id = r.id), '[]'::json) AS questions
         FROM case_request r ORDER BY r.position, r.created_at, r.case_name_en`,
      ),
  };
}
export type CaseRequestAdminStore = ReturnType<typeof createCaseRequestAdminStore>;
