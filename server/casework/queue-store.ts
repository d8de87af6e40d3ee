import type { Queryable } from '../db/database.ts';
import type { QueueSort, QueueView } from '../contract/constants.ts';
import type { QueuedCase } from '../contract/casework-calls.ts';
import { API_LANGUAGES } from '../contract/constants.ts';
import { containing, filedQuestionNames, iso, pageOf, sixNames, staffPerson } from '../db/sql.ts';
import { dueDate, lateness } from '../cases/state-sql.ts';
import { phoneDigits, phoneSearchDigits } from '../phones/phone-number.ts';
import { ANOTHER_MANAGER, DIRECTORATE_OF_CASE } from './store.ts';
import { reviewWindowPassed } from './case-review-sql.ts';

/** Whose queue, seen when: the views are read from here. */
export interface QueueScope {
  /** The caller's directorate; absent for admins and archivists, whose lists span every directorate. */
  directorateId?: string;
  staffId: string;
  /** An admin approves only the responses of a directorate with no other active manager (four eyes). */
  admin: boolean;
  /** A manager's `sent_back` is the directorate's; an officer's only their own cases. */
  wholeDirectorate: boolean;
  now: Date;
  /** The moment the second working day from today ends: an open case due by then, not late yet, is due soon. */
  dueSoonBefore: Date;
}

/** One page of a queue: a view (or, for archivists and admins, the closed states asked for), narrowed by the filters. */
export interface QueueQuery {
  scope: QueueScope;
  view?: QueueView;
  /** Only these states (the archive's worklist: the closed ones). */
  statuses?: readonly string[];
  /** The archive's worklist: only the decisions no review may be asked for any more (issue 25). */
  toFile?: boolean;
  status?: string;
  late?: 'yes' | 'no';
  /** Assigned to the caller. */
  mine?: boolean;
  /** Part of a case number, a customer's phone or name. */
  q?: string;
  sort: QueueSort;
  page: number;
  perPage: number;
}

/** Officers and managers work open cases only; verified, rejected and archived ones are the archivist's (review defect 1). */
const OPEN = `c.status IN ('pending', 'ongoing', 'responded', 'waiting_customer', 'under_review')`;
/**
 * Sent back and not answered again: a send-back makes a case ongoing and the next response
 * makes it responded, so an ongoing case that was ever sent back is waiting for its new answer.
 */
const SENT_BACK = `(c.status = 'ongoing' AND EXISTS (SELECT 1 FROM case_history h WHERE h.case_id = c.id AND h.action = 'return'))`;

const ORDER: Record<QueueSort, string> = {
  due: 'c.due_at NULLS LAST, c.case_number',
  filed: 'c.created_at DESC, c.case_number',
  age: 'c.created_at, c.case_number',
};

/** Positional parameters named once each: a statement binds exactly the values it uses (PostgreSQL refuses any other). */
function parameters() {
  const values: unknown[] = [];
  const placeholders = new Map<string, string>();
  const param = (name: string, value: unknown) => {
    if (!placeholders.has(name)) {
      values.push(value);
      placeholders.set(name, `$${values.length}`);
    }
    return placeholders.get(name)!;
  };
  return { values, param };
}
type Param = ReturnType<typeof parameters>['param'];

/** Which cases of the scope a view holds. */
function viewCondition(view: QueueView, scope: QueueScope, param: Param): string {
  const me = () => param('staff', scope.staffId);
  const now = () => `${param('now', scope.now)}::timestamptz`;
  switch (view) {
    case 'mine':
      return `${OPEN} AND c.assigned_to_id = ${me()}`;
    case 'unassigned':
      return `${OPEN} AND c.assigned_to_id IS NULL`;
    case 'approval':
      return `c.status = 'responded' AND c.responded_by_id IS DISTINCT FROM ${me()}${scope.admin ? ` AND NOT ${ANOTHER_MANAGER}` : ''}`;
    case 'sent_back':
      return scope.wholeDirectorate ? SENT_BACK : `${SENT_BACK} AND c.assigned_to_id = ${me()}`;
    case 'due_soon':
      // A case waiting for its customer is paused (issue 25): not due soon for the officer.
      return `${OPEN} AND c.status <> 'waiting_customer' AND c.due_at > ${now()} AND c.due_at <= ${param('dueSoon', scope.dueSoonBefore)}::timestamptz`;
    case 'late':
      return `${OPEN} AND ${lateness('c', now())} = 'yes'`;
    case 'open':
      return OPEN;
  }
}

const inScope = (scope: QueueScope, param: Param) =>
  scope.directorateId ? `${DIRECTORATE_OF_CASE} = ${param('directorate', scope.directorateId)}` : 'true';

/**
 * The answers the queue shows beside a case `c`: those to the questions an admin marked (migration
 * 028), as filed, in the apply form's order.
 */
const QUEUE_ANSWERS = `COALESCE((SELECT json_agg(json_build_object('question', json_build_object(${filedQuestionNames('a')}),
    'answer', a.answer,
    'option', CASE WHEN a.option_value_en IS NULL THEN NULL
      ELSE json_build_object(${API_LANGUAGES.map((lang) => `'value_${lang}', a.option_value_${lang}`).join(', ')}) END)
    ORDER BY a.position, a.question_id)
  FROM case_answer a JOIN question q ON q.id = a.question_id WHERE a.case_id = c.id AND q.show_in_queue), '[]'::json)`;

/** The staff queues' reads: a page of one view, and how many cases each view holds. */
export function createQueueStore(db: Queryable) {
  return {
    /**
     * A page of a queue in the order asked for (cases with no due moment yet last when by due
     * day; ties by case number), with what the queue shows of each.
     */
    async queue(query: QueueQuery) {
      const { values, param } = parameters();
      const { scope } = query;
      const conditions = [inScope(scope, param)];
      if (query.view) conditions.push(viewCondition(query.view, scope, param));
      if (query.statuses) conditions.push(`c.status = ANY(${param('statuses', query.statuses)}::text[])`);
      if (query.status) conditions.push(`c.status = ${param('status', query.status)}`);
      if (query.toFile) conditions.push(reviewWindowPassed('c', param('now', scope.now)));
      if (query.late) conditions.push(`${lateness('c', `${param('now', scope.now)}::timestamptz`)} = ${param('late', query.late)}`);
      if (query.mine) conditions.push(`c.assigned_to_id = ${param('staff', scope.staffId)}`);
      if (query.q) {
        const p = param('q', containing(query.q));
        // A q that reads as (part of) a phone number, 0911… or +251911…, is looked for in the stored number's digits.
        const digits = phoneSearchDigits(query.q);
        const phone = digits ? `${phoneDigits('u.phone')} LIKE ${param('phone', containing(digits))}` : 'false';
        conditions.push(`(c.case_number ILIKE ${p} OR ${phone}
          OR concat_ws(' ', u.firstname, u.middlename, u.lastname) ILIKE ${p})`);
      }
      const customerJoin = query.q ? 'JOIN customer_contact u ON u.id = c.customer_id' : '';
      const now = `${param('now', scope.now)}::timestamptz`;
      const { rows, currentPage, totalPages } = await pageOf<QueuedCase>(db, {
        matching: `SELECT c.id, row_number() OVER (ORDER BY ${ORDER[query.sort]}) AS position
         FROM customer_case c JOIN case_request r ON r.id = c.case_request_id ${customerJoin}
         WHERE ${conditions.join(' AND ')}`,
        shown: `SELECT json_build_object('_id', c.id, 'case_number', c.case_number, 'status', c.status,
           'late', ${lateness('c', now)}, 'due_date', ${dueDate('c')}, 'createdAt', ${iso('c.created_at')},
           'caselist', json_build_object('_id', r.id, ${sixNames('r', 'case_name')}),
           'customer', json_build_object('firstname', u.firstname, 'middlename', u.middlename, 'lastname', u.lastname, 'phone', u.phone),
           'assigned_to', ${staffPerson('a')}, 'sent_back', ${SENT_BACK}, 'queue_answers', ${QUEUE_ANSWERS}) AS row
         FROM page JOIN customer_case c ON c.id = page.id
         JOIN case_request r ON r.id = c.case_request_id
         JOIN customer_contact u ON u.id = c.customer_id
         LEFT JOIN staff_name a ON a.id = c.assigned_to_id
         ORDER BY page.position`,
        params: values, perPage: query.perPage, page: query.page,
      });
      return { cases: rows, currentPage, totalPages };
    },

    /** How many cases each of these views holds, in one statement (every view is of open cases). */
    async counts(scope: QueueScope, views: readonly QueueView[]): Promise<Partial<Record<QueueView, number>>> {
      if (views.length === 0) return {};
      const { values, param } = parameters();
      const counted = views.map((view) => `'${view}', count(*) FILTER (WHERE ${viewCondition(view, scope, param)})`).join(', ');
      const rows = await db.query<{ counts: Partial<Record<QueueView, number>> }>(
        `SELECT json_build_object(${counted}) AS counts
         FROM customer_case c JOIN case_request r ON r.id = c.case_request_id
         WHERE ${inScope(scope, param)} AND ${OPEN}`,
        values,
      );
      return rows[0]!.counts;
    },
  };
}
export type QueueStore = ReturnType<typeof createQueueStore>;
