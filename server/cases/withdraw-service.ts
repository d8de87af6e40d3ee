import { ApiError, notFound } from '../errors/api-error.ts';
import type { WithdrawStore } from './withdraw-store.ts';

/** The states a customer may withdraw a case from: not yet answered (issue 28's clarification). */
export const WITHDRAWABLE: readonly string[] = ['pending', 'ongoing', 'waiting_customer'];

/** Issue 28: the customer withdraws one of their own cases before it is answered. */
export function createWithdrawService({ store, clock }: { store: WithdrawStore; clock: () => number }) {
  return {
    async withdraw(customerId: string, caseId: string): Promise<{ status: 'withdrawn' }> {
      const found = await store.caseForWithdrawal(caseId);
      if (!found || found.customer_id !== customerId) throw notFound('caseNotFound');
      if (!WITHDRAWABLE.includes(found.status)) throw new ApiError(409, 'caseNotWithdrawable');
      if (!(await store.withdraw(found, new Date(clock())))) throw new ApiError(409, 'caseChangedMeanwhile');
      return { status: 'withdrawn' };
    },
  };
}
export type WithdrawService = ReturnType<typeof createWithdrawService>;
