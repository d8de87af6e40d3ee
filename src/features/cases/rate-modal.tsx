import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../app/query-keys.ts';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { casesApi } from './api.ts';

// SPEC section 9: 5 stars, default rating 1.
const STARS = 5;
const DEFAULT_RATING = 1;

/**
 * SPEC sections 2, 4 and 5: a row of stars, a rate button and a close icon. Clicking a
 * star sets the rating; double-clicking star 1 sets 0 (the server refuses 0, not the
 * client). After a successful rating the case page reloads its data.
 */
export function RateModal({ caseId, onClose }: { caseId: string; onClose: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const showRefusal = useServerRefusal();
  const dialog = useRef<HTMLDialogElement>(null);
  const [rating, setRating] = useState(DEFAULT_RATING);
  // SPEC's default stays 1, but "Rate" waits for a star the customer chose: one tap on it used
  // to record 1 of 5 for good (review desk-2026-11-27, defect 15).
  const [chosen, setChosen] = useState(false);
  const choose = (value: number) => {
    setRating(value);
    setChosen(true);
  };

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const rate = useMutation({
    mutationFn: () => casesApi.rate(caseId, rating),
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
      <div className="stars" role="radiogroup" aria-label={t`Rating`}>
        {Array.from({ length: STARS }, (_, index) => {
          const value = index + 1;
          return (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={rating === value}
              aria-label={t`${value} of 5 stars`}
              className={`star ${value <= rating ? 'star-on' : ''}`}
              onClick={() => choose(value)}
              onDoubleClick={value === 1 ? () => choose(0) : undefined}
            >
              ★
            </button>
          );
        })}
      </div>
      <p className="muted" data-testid="rating-value" aria-live="polite">
        {chosen ? <Trans>Your rating: {rating} of 5</Trans> : <Trans>Tap a star to choose your rating.</Trans>}
      </p>
      <button type="button" className="button button-primary button-block" disabled={!chosen || rate.isPending} onClick={() => rate.mutate()}>
        <Trans>Rate</Trans>
      </button>
    </dialog>
  );
}
