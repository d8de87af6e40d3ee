import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { formatDate } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { LazyPdfViewer } from '../../ui/lazy-pdf-viewer.tsx';
import { DetailsList, type DetailRow } from '../../ui/details-list.tsx';
import { accusationQuery } from './api.ts';
import { staffSession } from '../../app/staff-session.ts';
import { BackLink } from '../../ui/back-link.tsx';
import { AccusationStateBadge } from '../../ui/accusation-state-badge.tsx';
import { AccusationActions } from './accusation-actions.tsx';
import { AccusationHistory } from './accusation-history.tsx';
import { staffName } from '../../ui/staff/staff-name.ts';

export function AccusationPage({ id }: { id: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { data: accusation } = useSuspenseQuery(accusationQuery(id));
  const rows: DetailRow[] = [
    [<Trans>Reference</Trans>, accusation.reference],
    [<Trans>Date</Trans>, formatDate(accusation.createdAt, locale) ?? ''],
    [<Trans>Name</Trans>, accusation.name || '-'],
    [<Trans>Phone</Trans>, accusation.phone || '-'],
    [<Trans>Accused department</Trans>, accusation.accused_organizational_part || '-'],
    [<Trans>Subject</Trans>, accusation.subject],
    [<Trans>State</Trans>, <AccusationStateBadge status={accusation.status} />],
    [<Trans>Assigned to</Trans>, accusation.assignedTo ? staffName(accusation.assignedTo) : '-'],
    [<Trans>Review started</Trans>, formatDate(accusation.reviewStartedAt, locale)],
    [<Trans>Closed</Trans>, formatDate(accusation.closedAt, locale)],
  ];
  return (
    <>
      <BackLink to="/staff/accusations" />
      <div className="page-title-row">
        <h1>{accusation.subject}</h1>
        <AccusationStateBadge status={accusation.status} />
      </div>
      <div className="case-details">
        <section className="details-section">
          <DetailsList rows={rows} />
        </section>
        <section className="details-section">
          <h2>
            <Trans>Description</Trans>
          </h2>
          <p className="remark">{accusation.description}</p>
        </section>
        {accusation.outcome && (
          <section className="details-section">
            <h2>
              <Trans>Outcome</Trans>
            </h2>
            <p className="remark" data-testid="accusation-outcome">{accusation.outcome}</p>
          </section>
        )}
        {accusation.attachment && (
          <section className="details-section">
            <h2>
              <Trans>Attachment</Trans>
            </h2>
            <LazyPdfViewer
              source={{ url: `/media/AccusationFiles/${accusation.attachment}`, headers: { Authorization: `Bearer ${staffSession.token()}` } }}
              height={700}
              title={t`Attachment`}
            />
          </section>
        )}
        <AccusationActions key={accusation.version} accusation={accusation} />
        <AccusationHistory history={accusation.history} />
      </div>
    </>
  );
}
