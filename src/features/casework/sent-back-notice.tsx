import { Trans } from '@lingui/react/macro';
import { formatDate } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import type { StaffCase, StaffHistoryEntry } from '../../app/staff-cases.ts';

/**
 * The send-back the case waits on, if any: a manager sent its response back and nobody has
 * answered again yet (the queue's `sent_back` says the same). Notes and appointments since do
 * not end it; the next response does.
 */
export function lastSendBack(kase: Pick<StaffCase, 'status' | 'history'>): StaffHistoryEntry | undefined {
  if (kase.status !== 'ongoing') return undefined;
  const answers = kase.history.filter((entry) => entry.action === 'respond' || entry.action === 'return');
  const last = answers.at(-1);
  return last?.action === 'return' ? last : undefined;
}

/**
 * At the top of the case page (review defect 2: the officer found the manager's note 2,900 px
 * down a phone's page): who sent the response back, when, and why.
 */
export function SentBackNotice({ sentBack }: { sentBack: StaffHistoryEntry }) {
  const locale = useLocale();
  const manager = sentBack.actor_name ?? '';
  const day = formatDate(sentBack.at, locale) ?? '';
  return (
    <section className="notice notice-warning sent-back-notice" data-testid="sent-back-notice" role="status">
      <p>
        <strong>
          <Trans>Sent back by {manager} on {day}</Trans>
        </strong>
      </p>
      {sentBack.note && <p className="remark">{sentBack.note}</p>}
    </section>
  );
}
