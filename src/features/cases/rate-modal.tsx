import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../app/query-keys.ts';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { casesApi } from './api.ts';
import { RatingComment, StarRow, useStarChoice } from './star-rating.tsx';

/**
 * SPEC sections 2, 4 and 5: a row of stars, a rate button and a close icon; issue 25 adds an
 * optional comment. After a successful rating the case page reloads its data.
 */
export function RateModal({ caseId, onClose }: { caseId: string; onClose: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const showRefusal = useServerRefusal();
  const dialog = useRef<HTMLDialogElement>(null);
  const stars = useStarChoice();
  const [comment, setComment] = useState('');

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const rate = useMutation({
    mutationFn: () => casesApi.rate(caseId, stars.rating, comment),
    onSuccess: (answer) => {
      toast('success', serverMessage(answer, locale) ?? t`Thank you for rating the service.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.customer.rating(caseId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.customer.case(caseId) });
      onClose();
    },
    onError: showRefusal,
  });

  return (
    <dialog ref={dialog} className="rate-modal" aria-labelledby="rate-title" onClose={onClose}>
      <button type="button" className="rate-close" aria-label={t`Close`} onClick={onClose}>
        ×
      </button>
      <h2 id="rate-title">
        <Trans>Rate the service</Trans>
      </h2>
      <StarRow choice={stars} />
      {/* The form's spacing between the comment and the button, as on the one-tap page. */}
      <div className="form">
        <RatingComment value={comment} onChange={setComment} />
        <button type="button" className="button button-primary button-block" disabled={!stars.chosen || rate.isPending} onClick={() => rate.mutate()}>
          <Trans>Rate</Trans>
        </button>
      </div>
    </dialog>
  );
}
