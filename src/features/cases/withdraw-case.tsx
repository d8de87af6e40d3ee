import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../app/query-keys.ts';
import { usePwa } from '../../app/pwa.ts';
import { DetailsSection } from '../../ui/details-section.tsx';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { casesApi, type Case } from './api.ts';

/** The states a customer may withdraw a case from (issue 28): not yet answered. The server decides; this only hides the offer. */
const WITHDRAWABLE: readonly Case['status'][] = ['pending', 'ongoing', 'waiting_customer'];

/**
 * Issue 28, on the owner's case page: "Withdraw this case", then a confirmation that says what it
 * means. It goes straight to the server, never through the outbox, so offline the button waits
 * for a connection and says why.
 */
export function WithdrawCase({ kase }: { kase: Case }) {
  const { t } = useLingui();
  const { online } = usePwa();
  const queryClient = useQueryClient();
  const showRefusal = useServerRefusal();
  const [confirming, setConfirming] = useState(false);
  const number = kase.case_number;

  const withdraw = useMutation({
    mutationFn: () => casesApi.withdraw(kase._id),
    onSuccess: () => {
      toast('success', t`Your case was withdrawn.`);
      setConfirming(false);
      // The case, its list, the summary and the timeline all change with its state.
      void queryClient.invalidateQueries({ queryKey: queryKeys.customer.cases() });
    },
    onError: showRefusal,
  });

  if (!WITHDRAWABLE.includes(kase.status)) return null;
  return (
    <DetailsSection title={<Trans>Withdraw this case</Trans>}>
      <div data-testid="withdraw-case">
        <p>
          <Trans>If you no longer need this case, you can withdraw it while it has not been answered.</Trans>
        </p>
        {!online && (
          <p className="notice" role="status" data-testid="withdraw-offline">
            <Trans>You are offline. Withdrawing a case needs a connection to the server.</Trans>
          </p>
        )}
        {confirming ? (
          <div className="notice" role="alertdialog" aria-labelledby="withdraw-question" data-testid="withdraw-confirm">
            <p id="withdraw-question">
              <strong>
                <Trans>Withdraw case {number}? The corporation stops working on it, and you cannot undo this.</Trans>
              </strong>
            </p>
            <div className="form-actions">
              <button type="button" className="button button-outline" onClick={() => setConfirming(false)} disabled={withdraw.isPending}>
                <Trans>Keep the case</Trans>
              </button>
              <button
                type="button"
                className="button button-danger"
                onClick={() => withdraw.mutate()}
                disabled={!online || withdraw.isPending}
                aria-busy={withdraw.isPending}
                data-testid="withdraw-yes"
              >
                <Trans>Yes, withdraw the case</Trans>
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="button button-outline" disabled={!online} onClick={() => setConfirming(true)} data-testid="withdraw-start">
            <Trans>Withdraw this case</Trans>
          </button>
        )}
      </div>
    </DetailsSection>
  );
}
