import { recordAudit } from '../audit/audit-log.ts';
import type { Database } from '../db/database.ts';
import { createStaffStore } from './store.ts';
import { createTwoFactorStore } from './two-factor-store.ts';

/**
 * Forgets an admin's second factor (a lost phone, or secrets a rotated TOKEN_SECRET can no
 * longer open): they enrol again at their next sign-in. Only an operator does this, with
 * `npm run staff -- --email … --reset-two-factor` (no actor: the command line); a password
 * alone never re-enrols someone whose second factor was set up. Undefined: no such staff user.
 */
export async function resetSecondFactor(db: Database, email: string, actorRole: string, at: Date): Promise<{ id: string; role: string } | undefined> {
  const staff = await createStaffStore(db).staffByEmail(email);
  if (!staff) return undefined;
  await db.transaction(async (tx) => {
    await createTwoFactorStore(tx).remove(staff.id);
    await recordAudit(tx, { actorId: null, actorRole, action: 'reset_two_factor', subjectType: 'staff', subjectId: staff.id, at });
  });
  return { id: staff.id, role: staff.role };
}
