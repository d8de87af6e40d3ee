import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { caseHistoryQuery, type CaseLookup } from './api.ts';

/**
 * What happened to one case, oldest first, in the customer's words. The server
 * leaves out the staff's own loop (responses waiting for approval, send-backs, notes), so
 * "answered" appears only once a manager approved the letter.
 */
export function CaseTimeline({ caseId }: { caseId: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const history = useQuery(caseHistoryQuery());
  const entries = (history.data ?? []).filter((entry) => entry.case._id === caseId).reverse();
  if (entries.length === 0) return null;
  const said: Record<CaseLookup['status'], string> = {
    pending: t`We received your case.`,
    ongoing: t`We started processing your case.`,
    responded: t`We started processing your case.`,
    verified: t`Your case was answered.`,
    rejected: t`Your case was rejected.`,
    waiting_customer: t`We asked you for something.`,
    under_review: t`You asked for a review of the decision.`,
    withdrawn: t`You withdrew your case.`,
  };
  return (
    <section className="details-section" aria-labelledby="case-timeline">
      <h2 id="case-timeline">
        <Trans>What happened so far</Trans>
      </h2>
      <ol className="history-list" data-testid="case-timeline">
        {entries.map((entry, index) => (
          <li key={entry._id} className="history-entry">
            <div className="history-head">
              {/* Issue 25: the history holds states only; the move back to ongoing after a request is the customer's answer. */}
              <strong>{entry.status === 'ongoing' && entries[index - 1]?.status === 'waiting_customer' ? t`You answered our request.` : said[entry.status]}</strong>
              <span className="muted">{formatDate(entry.changedAt, locale)}</span>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
