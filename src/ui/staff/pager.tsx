import { Trans, useLingui } from '@lingui/react/macro';

/** Previous / "n of m" / next under a staff list (queues, accusations, archive, audit log). */
export function Pager({ current, total, onPage }: { current: number; total: number; onPage: (page: number) => void }) {
  const { t } = useLingui();
  return (
    <nav className="pager" aria-label={t`Pages`}>
      <button type="button" className="button button-outline" disabled={current <= 1} onClick={() => onPage(current - 1)}>
        <Trans>Previous</Trans>
      </button>
      <span>
        <Trans>
          {current} of {total}
        </Trans>
      </span>
      <button type="button" className="button button-outline" disabled={current >= total} onClick={() => onPage(current + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
