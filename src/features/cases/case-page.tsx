import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { caseQuery, ratingQuery } from './api.ts';
import { CaseDetails } from './case-details.tsx';
import { InformationRequests } from './information-request.tsx';
import { CaseReview } from './case-review.tsx';
import { CaseTimeline } from './case-timeline.tsx';
import { WithdrawCase } from './withdraw-case.tsx';
import { RateModal } from './rate-modal.tsx';
import { StatusBadge } from './status-badge.tsx';
import { BackLink } from '../../ui/back-link.tsx';

/**
 * SPEC section 2 /dashboard/case/{id}. SPEC loads it by the case number passed in
 * navigation state; we load it by id, so a reload or a shared link works too.
 */
export function CasePage({ id, customerId }: { id: string; customerId: string }) {
  const { data: kase } = useSuspenseQuery(caseQuery(id));
  const rating = useQuery({ ...ratingQuery(id), enabled: kase.status === 'verified' });
  const [ratingOpen, setRatingOpen] = useState(false);
  // SPEC section 4: only a verified case not yet rated by this customer can be rated.
  const canRate = kase.status === 'verified' && rating.isSuccess && rating.data?.rateCustomer._id !== customerId;

  return (
    <main className="page">
      <BackLink to="/dashboard/casestatus" />
      <div className="page-title-row">
        <h1>{kase.case_number}</h1>
        <StatusBadge status={kase.status} />
      </div>
      <div className="case-actions">
        <Link to="/print/$id" params={{ id }} className="button button-outline">
          <Trans>Print</Trans>
        </Link>
        {canRate && (
          <button type="button" className="button button-primary" onClick={() => setRatingOpen(true)}>
            <Trans>Rate the service</Trans>
          </button>
        )}
        {rating.data && (
          <span className="muted" data-testid="my-rating">
            <Trans>You rated this service {rating.data.rateNum} of 5.</Trans>
          </span>
        )}
      </div>
      <CaseDetails
        kase={kase}
        showCustomer={false}
        heights={{ attachment: 700, response: 700 }}
        afterBanner={<InformationRequests kase={kase} customerId={customerId} />}
      />
      <CaseReview kase={kase} />
      <WithdrawCase kase={kase} />
      <CaseTimeline caseId={id} />
      {ratingOpen && <RateModal caseId={id} onClose={() => setRatingOpen(false)} />}
    </main>
  );
}
