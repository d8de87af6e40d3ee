import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { formatDate, formatTime } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { AccusationStateBadge } from '../../ui/accusation-state-badge.tsx';
import type { AccusationCase } from './api.ts';
import { staffName } from '../../ui/staff/staff-name.ts';

type Entry = AccusationCase['history'][number];

function What({ entry }: { entry: Entry }) {
  const assignee = entry.assignedTo ? staffName(entry.assignedTo) : '';
  switch (entry.action) {
    case 'start_review':
      return <Trans>Review started</Trans>;
    case 'close':
      return <Trans>Closed with outcome</Trans>;
    case 'assign':
      return <Trans>Given to {assignee}</Trans>;
    case 'note':
      return <Trans>Internal note</Trans>;
  }
}

/** Every action on the accusation, oldest first: who, when, the state it left it in, and its note. */
export function AccusationHistory({ history }: { history: Entry[] }) {
  const locale = useLocale();
  let body: ReactNode = (
    <p className="muted">
      <Trans>Nothing has been done on this accusation yet.</Trans>
    </p>
  );
  if (history.length > 0) {
    body = (
      <ol className="history-list" data-testid="accusation-history">
        {history.map((entry, index) => {
          const who = entry.by ? staffName(entry.by) : '';
          return (
            <li key={index} className="history-entry">
              <div className="history-head">
                <strong>
                  <What entry={entry} />
                </strong>
                <AccusationStateBadge status={entry.to} />
              </div>
              <div className="muted">
                {formatDate(entry.at, locale)} {formatTime(new Date(entry.at), locale)} · <Trans>by {who}</Trans>
              </div>
              {entry.note && <p className="remark">{entry.note}</p>}
            </li>
          );
        })}
      </ol>
    );
  }
  return (
    <section className="details-section" aria-labelledby="accusation-history-title">
      <h2 id="accusation-history-title">
        <Trans>History</Trans>
      </h2>
      {body}
    </section>
  );
}
