import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../app/query-keys.ts';
import { usePwa } from '../../app/pwa.ts';
import { formatDate } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { DetailsList } from '../../ui/details-list.tsx';
import { DetailsSection } from '../../ui/details-section.tsx';
import { ErrorSummary, useFormErrors } from '../../ui/form-errors.tsx';
import { TextAreaFormField } from '../../ui/form-field.tsx';
import { LazyPdfViewer } from '../../ui/lazy-pdf-viewer.tsx';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { authHeaders, caseFileUrl, casesApi, type Case } from './api.ts';

/** The server's limit on a review's reason (server/contract/case-review-calls.ts). */
const REASON_MAX = 2000;

/**
 * Issue 25, review of a decision, on the owner's case page: the latest review (asked for,
 * then its outcome with the manager's letter), and while the window is open the way to ask
 * for one. Only the customer's explicit request opens a review.
 */
export function CaseReview({ kase }: { kase: Case }) {
  const until = kase.review_until;
  // The server says until when; the page hides the request once that moment passed (a tab left open).
  const mayAsk = until !== null && Date.parse(until) > Date.now() && (kase.status === 'verified' || kase.status === 'rejected');
  return (
    <>
      {kase.review && <ReviewState review={kase.review} decided={kase.status === 'verified' || kase.status === 'rejected'} />}
      {mayAsk && <AskForReview kase={kase} until={until} />}
    </>
  );
}

/** `decided`: the case has a decision now (after "changed", the new one once it is made). */
function ReviewState({ review, decided }: { review: NonNullable<Case['review']>; decided: boolean }) {
  const { t } = useLingui();
  const locale = useLocale();
  const outcome = {
    upheld: t`The decision was upheld.`,
    changed: decided ? t`The decision was changed, and the case has a new decision.` : t`The decision was changed: the case is being answered again.`,
  };
  return (
    <DetailsSection title={<Trans>Review of the decision</Trans>}>
      <div data-testid="case-review">
        {review.outcome ? (
          <p className="notice" data-testid="review-outcome">
            {outcome[review.outcome]}
          </p>
        ) : (
          <p className="notice">
            <Trans>A manager who had no part in the decision is reviewing it.</Trans>
          </p>
        )}
        <DetailsList
          rows={[
            [<Trans>Requested date</Trans>, formatDate(review.requested_at, locale)],
            [<Trans>Your reason</Trans>, review.reason],
            // The review's due day (YYYY-MM-DD), shown only while it is open.
            [<Trans>Review due date</Trans>, review.outcome ? undefined : formatDate(review.due_date, locale)],
            [<Trans>Decided date</Trans>, formatDate(review.decided_at, locale)],
            [<Trans>Justification</Trans>, review.justification ?? undefined],
          ]}
        />
        {review.letter && (
          <LazyPdfViewer source={{ url: caseFileUrl(review.letter), headers: authHeaders() }} height={700} title={t`Review decision letter`} />
        )}
      </div>
    </DetailsSection>
  );
}

/**
 * The request itself: the last day, then the reason and a confirmation. It goes straight to the
 * server, never through the outbox, so offline it says it needs a connection instead.
 */
function AskForReview({ kase, until }: { kase: Case; until: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { online } = usePwa();
  const queryClient = useQueryClient();
  const showRefusal = useServerRefusal();
  const form = useFormErrors();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  // review_until is the first moment after the window: its last day is the day before that moment.
  const lastDay = formatDate(new Date(Date.parse(until) - 1).toISOString(), locale);
  const reasonLabel = t`Why should the decision be reviewed?`;

  const request = useMutation({
    mutationFn: () => casesApi.requestReview(kase._id, reason.trim()),
    onSuccess: () => {
      toast('success', t`Your request for a review was sent.`);
      setAsking(false);
      // The case, its list, the summary and the timeline all change with its state.
      void queryClient.invalidateQueries({ queryKey: queryKeys.customer.cases() });
    },
    onError: showRefusal,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The error names the field as the review's record does ("Your reason"): the question reads badly after "Fill in".
    if (form.check([{ id: 'review-reason', label: t`Your reason`, value: reason, required: true }])) request.mutate();
  };

  return (
    <DetailsSection title={<Trans>Ask for a review</Trans>}>
      <div data-testid="ask-for-review">
        <p>
          {kase.status === 'rejected' ? (
            <Trans>If you think this decision is wrong, a manager who had no part in it can review it.</Trans>
          ) : (
            <Trans>If you think this answer is wrong, a manager who had no part in it can review it.</Trans>
          )}{' '}
          <strong data-testid="review-until">
            <Trans>You may ask for a review until {lastDay}.</Trans>
          </strong>
        </p>
        {!online && (
          <p className="notice" role="status">
            <Trans>You are offline. Asking for a review needs a connection to the server.</Trans>
          </p>
        )}
        {asking ? (
          <form className="form" onSubmit={submit} noValidate>
            <ErrorSummary {...form.summary} />
            <TextAreaFormField
              id="review-reason"
              label={reasonLabel}
              maxLength={REASON_MAX}
              error={form.errors['review-reason']}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <p className="form-hint">
              <Trans>The decision is then reviewed once: you cannot ask again for the same decision.</Trans>
            </p>
            <div className="form-actions">
              <button type="button" className="button button-outline" onClick={() => setAsking(false)} disabled={request.isPending}>
                <Trans>Cancel</Trans>
              </button>
              <button type="submit" className="button button-primary" disabled={!online || request.isPending} aria-busy={request.isPending}>
                <Trans>Send the request for a review</Trans>
              </button>
            </div>
          </form>
        ) : (
          <button type="button" className="button button-primary" disabled={!online} onClick={() => setAsking(true)}>
            <Trans>Ask for a review</Trans>
          </button>
        )}
      </div>
    </DetailsSection>
  );
}
