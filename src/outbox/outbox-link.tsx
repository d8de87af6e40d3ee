import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** The header's outbox link with the number of items still to send. */
export function OutboxLink({ pending, className = '' }: { pending: number; className?: string }) {
  const { t } = useLingui();
  return (
    <Link to="/outbox" className={`outbox-link ${className}`} aria-label={t`Outbox: ${pending} to send`} data-testid="outbox-link">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M4 13h4l2 3h4l2-3h4M4 13l2-8h12l2 8v6H4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      {pending > 0 && (
        <span className="outbox-count" data-testid="outbox-count">
          {pending}
        </span>
      )}
    </Link>
  );
}
