import { iso } from '../db/sql.ts';

/**
 * A case's requests for information (issue 25) as the Case shape has them, oldest first, for
 * the case `c`: the officer's message, and the customer's answer once given. Its owner and the
 * staff who read the case see them alike; the public status never reads them.
 */
export const INFORMATION_REQUESTS = `coalesce((
  SELECT json_agg(json_build_object('_id', q.id, 'message', q.message, 'asked_at', ${iso('q.asked_at')},
      'answer', CASE WHEN q.answered_at IS NULL THEN NULL ELSE json_build_object(
        'text', q.answer_text, 'attachment', q.answer_attachment, 'answered_at', ${iso('q.answered_at')}) END)
    ORDER BY q.asked_at, q.id)
  FROM information_request q WHERE q.case_id = c.id), '[]'::json)`;
