import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import type { ManagementSummary } from './api.ts';
import { ChartCard } from './charts.tsx';

/**
 * What customers wrote with their ratings (issue 25): the newest 20 of the dashboard's scope,
 * each with its case number, stars and day, and never who wrote it. Under 640 px each is a card.
 */
export function RecentComments({ comments }: { comments: ManagementSummary['recentComments'] }) {
  const { t } = useLingui();
  const locale = useLocale();
  const stars = (value: number) => t`${value} of 5 stars`;
  return (
    <ChartCard title={<Trans>Recent comments</Trans>} fileName="recent-comments.csv"
      csv={[[t`Case number`, t`Stars`, t`Date`, t`Comment`], ...comments.map((c) => [c.case_number, c.rate, c.at, c.comment])]}>
      {comments.length === 0 ? (
        <p className="muted"><Trans>No comments with the ratings yet.</Trans></p>
      ) : (
        <table className="case-table stack-table recent-comments">
          <thead>
            <tr>
              <th scope="col"><Trans>Case number</Trans></th>
              <th scope="col"><Trans>Stars</Trans></th>
              <th scope="col"><Trans>Date</Trans></th>
              <th scope="col"><Trans>Comment</Trans></th>
            </tr>
          </thead>
          <tbody>
            {comments.map((comment) => (
              <tr key={`${comment.case_number} ${comment.at}`}>
                <th scope="row">{comment.case_number}</th>
                <td data-label={t`Stars`}>{stars(comment.rate)}</td>
                <td data-label={t`Date`}>{formatDate(comment.at, locale)}</td>
                <td data-label={t`Comment`} className="remark">{comment.comment}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ChartCard>
  );
}
