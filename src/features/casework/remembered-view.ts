import { QUEUE_VIEWS_OF_ROLE, type QueueView } from '../../../server/contract/constants.ts';

/**
 * The queue view a staff user last worked from, kept in this browser per staff user (issue 24),
 * so /staff opens where they left off, and a colleague signing in on the same computer gets
 * their own. Only a view of the role counts: a role changed since forgets it.
 */
const key = (staffId: string) => `staffQueueView:${staffId}`;

export const rememberedView = {
  get(staffId: string | undefined, role: string | undefined): QueueView | undefined {
    if (!staffId || !role) return undefined;
    const stored = localStorage.getItem(key(staffId));
    return QUEUE_VIEWS_OF_ROLE[role]?.find((view) => view === stored);
  },
  set(staffId: string | undefined, view: QueueView) {
    if (staffId) localStorage.setItem(key(staffId), view);
  },
};
