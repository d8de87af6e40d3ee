import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { formatDate } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import type { CaseLookup } from './api.ts';
import { StatusBadge } from './status-badge.tsx';
import { openRequest } from '../../ui/information-requests.tsx';

type Tone = 'grey' | 'blue' | 'green' | 'red' | 'amber';

/**
 * When the case entered its present state: the date the server keeps for that state,
 * or the submitted date when a state has none of its own (a drafted response keeps
 * the processing start).
 */
function since(kase: CaseLookup): string {
  switch (kase.status) {
    case 'verified':
      return kase.verified_date ?? kase.createdAt;
    case 'rejected':
      return kase.rejected_date ?? kase.createdAt;
    case 'waiting_customer': {
      // The owner's case says when it was asked (issue 25); the public status knows no requests.
      const asked = kase.masked ? undefined : openRequest(kase.information_requests)?.asked_at;
      if (asked) return asked;
    }
    // falls through
    case 'ongoing':
    case 'responded':
    case 'under_review':
      return kase.ongoing_date ?? kase.createdAt;
    // Issue 28: the history says when it was withdrawn; the banner keeps the filing date.
    case 'pending':
    case 'withdrawn':
      return kase.createdAt;
  }
}

/**
 * The date a still-open case is due: the newest schedule entry's scheduled date (or its
 * extended date when staff only extended it). A finished case has no due date.
 */
export function dueDate(kase: CaseLookup): string | undefined {
  if (kase.status === 'verified' || kase.status === 'rejected' || kase.status === 'withdrawn') return undefined;
  const latest = kase.schedule_program.at(-1)?.schedule;
  return latest?.scheduled_date ?? latest?.extended_date ?? undefined;
}

/** What the customer (or a visitor, who sees only the public status) can expect next. */
function nextStep(kase: CaseLookup): ReactNode {
  switch (kase.status) {
    case 'pending':
      return <Trans>The division will review the case and start processing it.</Trans>;
    case 'ongoing':
      return <Trans>The division is working on the case. The response will appear here once it is ready.</Trans>;
    case 'responded':
      return <Trans>A response has been written and is being checked before it is sent.</Trans>;
    case 'verified':
      return kase.masked ? (
        <Trans>The owner can log in to read the response.</Trans>
      ) : (
        // Whether it can still be rated is the case page's to say (its button), not the banner's:
        // after a rating the banner kept inviting one (review desk-2026-11-27, defect 15).
        <Trans>Read the response below.</Trans>
      );
    case 'rejected':
      return kase.masked ? (
        <Trans>The owner can log in to read the reason.</Trans>
      ) : (
        <Trans>The reason is below. You can apply again with a new case.</Trans>
      );
    case 'waiting_customer':
      return kase.masked ? (
        <Trans>The division is waiting for something from the owner.</Trans>
      ) : (
        <Trans>The corporation asks you for something. Read the request below and answer it.</Trans>
      );
    case 'under_review':
      return <Trans>The decision is being reviewed by a manager.</Trans>;
    case 'withdrawn':
      return <Trans>The case was withdrawn by its owner. Nothing more will happen on it.</Trans>;
  }
}

const TONES: Record<CaseLookup['status'], Tone> = {
  pending: 'grey', ongoing: 'blue', responded: 'blue', verified: 'green', rejected: 'red', waiting_customer: 'amber', under_review: 'blue', withdrawn: 'grey',
};

/**
 * Issue 12: the case detail and the status check start with where the case stands —
 * its state, since when, what comes next, and the due date when one is known.
 */
export function StatusBanner({ kase }: { kase: CaseLookup }) {
  const locale = useLocale();
  const from = formatDate(since(kase), locale);
  const due = formatDate(dueDate(kase), locale);
  return (
    <section className={`status-banner status-banner-${TONES[kase.status]}`} data-testid="status-banner" aria-labelledby="status-banner-title">
      <h2 id="status-banner-title" className="status-banner-title">
        <Trans>Status</Trans> <StatusBadge status={kase.status} />
      </h2>
      <p className="status-banner-since" data-testid="status-since">
        <Trans>Since {from}</Trans>
      </p>
      <p className="status-banner-next">{nextStep(kase)}</p>
      {due && (
        <p className="status-banner-due" data-testid="status-due">
          <Trans>Due date: {due}</Trans>
        </p>
      )}
    </section>
  );
}
