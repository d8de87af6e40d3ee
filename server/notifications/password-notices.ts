import type { Queryable } from '../db/database.ts';
import type { Language } from '../errors/messages.ts';
import { createJobStore, type Channel } from './job-store.ts';

/** Whose password changed: a customer (told in their stored language) or a staff user, in the language they set it in. */
export type PasswordOwner = { customerId: string } | { staffId: string; language: Language };

/**
 * Queues the notice of a password change (ASVS 2.5.5) in the change's own transaction, so it
 * is sent exactly when the change holds, however long the mail relay is down. A customer is
 * told on `customerChannels` (their e-mail, and their phone when SMS are on), a staff user
 * by e-mail. `npm run staff` calls this as well: a drainer of any running instance sends it.
 */
export async function queuePasswordNotice(tx: Queryable, owner: PasswordOwner, at: Date, customerChannels: Channel[] = ['mail']): Promise<void> {
  const store = createJobStore(tx);
  if ('customerId' in owner) {
    await store.queue(tx, { channels: customerChannels, notice: 'password_changed', customerId: owner.customerId, payload: {}, at });
  } else {
    await store.queue(tx, { channels: ['mail'], notice: 'staff_password_changed', staffId: owner.staffId, payload: { language: owner.language }, at });
  }
}
