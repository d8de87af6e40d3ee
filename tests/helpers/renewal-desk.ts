import { hash } from '@node-rs/argon2';
import type { Queryable } from '../../server/db/database.ts';
import { addStaff } from './staff-fixture.ts';

/** A staff member of the desk: their directorate is the renewal's unless they work across directorates. */
export interface DeskStaff {
  email: string;
  firstname: string;
  lastname: string;
  role: 'officer' | 'manager' | 'admin' | 'archivist';
}

/**
 * The casework journeys' desk: the demo's "Rental agreement renewal", routed to the first
 * directorate of its division as an administrator would set it, with the answers its required
 * questions take, and the given staff (one password) — officers and managers in that directorate.
 */
export async function renewalDesk(url: string, db: Queryable, password: string, staff: DeskStaff[]) {
  const requests = await (await fetch(`${url}/case_list_api/get_all_case_list`)).json();
  const found = requests.find((r: { case_name_en: string }) => r.case_name_en === 'Rental agreement renewal');
  const questions: { _id: string; caselist: { _id: string }; dataType: string; isRequired: string }[] =
    await (await fetch(`${url}/questions_api/get_all_questions`)).json();
  const answers = questions
    .filter((q) => q.caselist._id === found._id && q.isRequired === 'yes')
    .map((q) => ({ [q._id]: q.dataType === 'string' ? 'R-2024/117' : '3' }));
  const [{ id: directorate }] = await db.query<{ id: string }>(
    `UPDATE case_request r SET directorate_id = (SELECT d.id FROM directorate d WHERE d.division_id = r.division_id ORDER BY d.created_at LIMIT 1)
     WHERE r.id = $1 RETURNING directorate_id AS id`,
    [found._id],
  );
  const password_hash = await hash(password);
  for (const person of staff) {
    const inDirectorate = person.role === 'officer' || person.role === 'manager';
    await addStaff(db, { ...person, middlename: '', password_hash, ...(inDirectorate ? { directorate_id: directorate } : {}) });
  }
  return { renewal: { _id: found._id as string, division: found.division._id as string, answers }, directorate };
}
