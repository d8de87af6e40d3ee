import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { httpStatus } from '../../app/http.ts';
import { staffSession, type StaffRole } from '../../app/staff-session.ts';
import { staffCaseKeys, type StaffCase } from '../../app/staff-cases.ts';
import { formatDate } from '../../i18n/dates.ts';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { DetailsList } from '../../ui/details-list.tsx';
import { DetailsSection } from '../../ui/details-section.tsx';
import { LazyPdfViewer } from '../../ui/lazy-pdf-viewer.tsx';
import { ConfirmDialog } from '../../ui/staff/confirm-dialog.tsx';
import { TextAreaField } from '../../ui/staff/text-area-field.tsx';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { caseFileUrl, decideReview, type ReviewOutcome } from './api.ts';

type Review = NonNullable<StaffCase['review']>;

/**
 * Who took part in the decision under review: whoever last wrote, approved or rejected it before
 * the customer asked (from the history, as the case names no ids). The server refuses them
 * (403 reviewNeedsAnotherManager); the page says so before anyone fills the form.
 */
function decisionMakers(kase: StaffCase): Set<string> {
  const asked = kase.history.findLastIndex((entry) => entry.action === 'request_review');
  const before = asked < 0 ? kase.history : kase.history.slice(0, asked);
  const last = (action: string) => before.findLast((entry) => entry.action === action)?.by?._id;
  return new Set([last('respond'), last('approve'), last('reject')].filter((id): id is string => id !== undefined));
}

/**
 * Issue 25, review of a decision, on top of the staff case page while a case is under review: the
 * customer's request, and for a manager who had no part in the decision (an admin where the
 * directorate has none) the decision on it, upheld or changed, with a justification the
 * customer reads in the letter.
 */
export function DecideReview({ kase, role }: { kase: StaffCase; role: StaffRole | undefined }) {
  if (kase.status !== 'under_review' || !kase.review) return null;
  const decides = role === 'manager' || role === 'admin';
  const tookPart = decides && decisionMakers(kase).has(staffSession.staffId() ?? '');
  return (
    <DetailsSection title={<Trans>Review of the decision</Trans>}>
      <div data-testid="staff-review">
        <ReviewDetails caseId={kase._id} review={kase.review} />
        {tookPart ? (
          <p className="form-hint" data-testid="review-needs-another">
            <Trans>You took part in this decision: another manager of the directorate must decide its review.</Trans>
          </p>
        ) : (
          decides && <DecideForm kase={kase} />
        )}
      </div>
    </DetailsSection>
  );
}

/** A review already decided, among the case's details: the request, the outcome and its letter. */
export function ReviewRecord({ kase }: { kase: StaffCase }) {
  if (kase.status === 'under_review' || !kase.review) return null;
  return (
    <DetailsSection title={<Trans>Review of the decision</Trans>}>
      <ReviewDetails caseId={kase._id} review={kase.review} />
    </DetailsSection>
  );
}

function ReviewDetails({ caseId, review }: { caseId: string; review: Review }) {
  const { t } = useLingui();
  const locale = useLocale();
  const outcome = { upheld: t`Upheld: the decision stands`, changed: t`Changed: the case is answered again` };
  return (
    <>
      <DetailsList
        testId="review-details"
        rows={[
          [<Trans>Requested date</Trans>, formatDate(review.requested_at, locale)],
          [<Trans>The customer's reason</Trans>, <span className="remark">{review.reason}</span>],
          [<Trans>Review due date</Trans>, formatDate(review.due_date, locale)],
          [<Trans>Outcome</Trans>, review.outcome ? outcome[review.outcome] : undefined],
          [<Trans>Decided date</Trans>, formatDate(review.decided_at, locale)],
          [<Trans>Justification</Trans>, review.justification ?? undefined],
        ]}
      />
      {review.letter && (
        <LazyPdfViewer
          source={{ url: caseFileUrl(review.letter, caseId), headers: staffSession.headers() }}
          height={600}
          title={t`Review decision letter`}
        />
      )}
    </>
  );
}

function DecideForm({ kase }: { kase: StaffCase }) {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const showRefusal = useServerRefusal();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<ReviewOutcome>();
  const [justification, setJustification] = useState('');

  const decide = useMutation({
    mutationFn: (chosen: ReviewOutcome) => decideReview(kase._id, { outcome: chosen, justification: justification.trim(), version: kase.version }),
    onSuccess: (answer) => {
      toast('success', serverMessage(answer, locale) ?? t`Saved.`);
      setOpen(false);
    },
    onError: (error) => {
      // The server's words: someone moved the case first (409), or this manager may not decide it (403).
      showRefusal(error);
      if (httpStatus(error) === 409 || httpStatus(error) === 403) setOpen(false);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffCaseKeys.all }),
  });

  const start = () => {
    setOutcome(undefined);
    setJustification('');
    setOpen(true);
  };
  const title = t`Decide the review`;
  return (
    <div className="case-actions">
      <button type="button" className="button button-primary" onClick={start}>
        {title}
      </button>
      {open && (
        <ConfirmDialog
          title={title}
          busy={decide.isPending}
          ready={outcome !== undefined && justification.trim() !== ''}
          onConfirm={() => outcome && decide.mutate(outcome)}
          onCancel={() => setOpen(false)}
        >
          <fieldset className="choice-group">
            <legend>
              <Trans>Outcome</Trans>
            </legend>
            <label className="check-field">
              <input type="radio" name="review-outcome" value="upheld" checked={outcome === 'upheld'} onChange={() => setOutcome('upheld')} />
              <Trans>Upheld: the decision stands</Trans>
            </label>
            <label className="check-field">
              <input type="radio" name="review-outcome" value="changed" checked={outcome === 'changed'} onChange={() => setOutcome('changed')} />
              <Trans>Changed: the case is answered again</Trans>
            </label>
          </fieldset>
          <TextAreaField id="review-justification" label={t`Justification`} value={justification} onChange={setJustification} maxLength={2000} />
          <p className="form-hint">
            <Trans>The customer receives a letter with this justification, signed by you.</Trans>
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
