import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { httpStatus, refusalBody } from '../../app/http.ts';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { casesApi } from './api.ts';
import { RatingComment, StarRow, useStarChoice } from './star-rating.tsx';

/**
 * Issue 25: the page the "answered" mail's one-tap link opens, with no log-in. The link is
 * a capability for one case's one rating, so the page shows nothing of the case or its
 * owner: the stars, an optional comment, and a thank-you; a used, expired or altered link
 * says so in the reader's language (the server's words).
 */
export function RatePage({ token }: { token: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const showRefusal = useServerRefusal();
  const stars = useStarChoice();
  const [comment, setComment] = useState('');
  const link = useQuery({
    queryKey: ['ratingLink', token],
    queryFn: () => casesApi.ratingLink(token),
    retry: false,
    // Whether it may still rate changes with the one rating: never from a cache.
    gcTime: 0,
  });
  const rate = useMutation({ mutationFn: () => casesApi.rateByLink(token, stars.rating, comment), onError: showRefusal });

  const refusal = (error: unknown) => {
    const body = refusalBody(error);
    if (body) return serverMessage(body, locale);
    return httpStatus(error) === undefined ? t`No connection to the server. Check your connection and try again.` : t`Something went wrong`;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars.chosen) rate.mutate();
  };

  return (
    <AuthCard title={<Trans>Rate the service</Trans>}>
      {link.isPending ? (
        <Spinner />
      ) : link.isError ? (
        <p className="notice" role="alert">
          {refusal(link.error)}
        </p>
      ) : rate.isSuccess ? (
        <p className="success-message" role="status">
          {serverMessage(rate.data, locale) ?? t`Thank you for rating the service.`}
        </p>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p>
            <Trans>How did we serve you? Choose from 1 to 5 stars.</Trans>
          </p>
          <StarRow choice={stars} />
          <RatingComment value={comment} onChange={setComment} />
          <button type="submit" className="button button-primary button-block" disabled={!stars.chosen || rate.isPending}>
            <Trans>Rate</Trans>
          </button>
        </form>
      )}
    </AuthCard>
  );
}
