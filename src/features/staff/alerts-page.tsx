import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Success, Calls } from '../../../server/contract/calls.ts';
import { formatDate, formatTime } from '../../i18n/dates.ts';
import { Spinner } from '../../ui/spinner.tsx';
import type { Locale } from '../../i18n/locales.ts';
import { alertKeys, alertsApi, alertsQuery } from './api.ts';

type Alert = Success<Calls['staffListAlerts']>['alerts'][number];

/** A due moment is the midnight that ends the due day: the day to show is the one before it. */
const dueDay = (dueAt: string | null, locale: Locale) => (dueAt ? formatDate(new Date(Date.parse(dueAt) - 12 * 3_600_000).toISOString(), locale) : '');

/** What an alert says, in the reader's language. */
function AlertText({ alert, locale }: { alert: Alert; locale: Locale }) {
  const number = alert.case?.case_number ?? '';
  switch (alert.kind) {
    case 'case_assigned':
      return <Trans>Case {number} was assigned to you</Trans>;
    case 'approval_waiting':
      return <Trans>A response to case {number} is waiting for your approval</Trans>;
    case 'response_returned':
      return <Trans>Your response to case {number} was sent back</Trans>;
    case 'case_transferred':
      return <Trans>Case {number} was transferred to your directorate</Trans>;
    case 'review_requested':
      return <Trans>A review of the decision on case {number} was asked for</Trans>;
    case 'accusation_filed': {
      const reference = alert.accusation?.reference ?? '';
      return <Trans>A new accusation: {reference}</Trans>;
    }
    case 'due_soon': {
      const day = dueDay(alert.due_at, locale);
      return <Trans>Case {number} is due on {day}</Trans>;
    }
    case 'late':
      return <Trans>Case {number} is late</Trans>;
    case 'escalated': {
      const day = dueDay(alert.due_at, locale);
      return <Trans>Case {number} is 5 working days late and still open (it was due on {day})</Trans>;
    }
    case 'information_answered':
      return <Trans>The customer answered your request on case {number}</Trans>;
    case 'case_withdrawn':
      return <Trans>The customer withdrew case {number}</Trans>;
    case 'information_unanswered':
      return <Trans>Your request on case {number} is still unanswered: you may close the case as unanswered</Trans>;
  }
}

/**
 * "My alerts": the signed-in staff user's alerts, newest first, the unread ones marked.
 * Opening one marks it read and goes to its case or accusation; the e-mail setting is here too.
 */
export function AlertsPage() {
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const queryClient = useQueryClient();
  const list = useQuery(alertsQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: alertKeys.all });
  const markRead = useMutation({ mutationFn: alertsApi.markRead, onSuccess: refresh });
  const settings = useMutation({ mutationFn: alertsApi.saveSettings, onSuccess: refresh });
  const alerts = list.data?.alerts ?? [];
  const unread = alerts.filter((alert) => alert.unread).map((alert) => alert.id);
  const opened = (alert: Alert) => alert.unread && markRead.mutate([alert.id]);

  return (
    <>
      <div className="page-title-row">
        <h1>
          <Trans>My alerts</Trans>
        </h1>
        <button type="button" className="button button-light" disabled={unread.length === 0 || markRead.isPending} onClick={() => markRead.mutate(unread)}>
          <Trans>Mark all read</Trans>
        </button>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : alerts.length === 0 ? (
        <p className="notice">
          <Trans>You have no alerts.</Trans>
        </p>
      ) : (
        <ul className="alert-list">
          {alerts.map((alert) => {
            const at = new Date(alert.created_at);
            const content = (
              <>
                <span className="alert-text">
                  {alert.unread && (
                    <span className="badge badge-blue">
                      <Trans>New</Trans>
                    </span>
                  )}{' '}
                  <AlertText alert={alert} locale={locale} />
                </span>
                {alert.note && <span className="alert-note">{alert.note}</span>}
                <span className="alert-time">
                  {formatDate(alert.created_at, locale)} {formatTime(at, locale)}
                </span>
              </>
            );
            return (
              <li key={alert.id} className={alert.unread ? 'alert-item alert-unread' : 'alert-item'}>
                {alert.case ? (
                  <Link to="/staff/cases/$id" params={{ id: alert.case.id }} onClick={() => opened(alert)}>
                    {content}
                  </Link>
                ) : (
                  <Link to="/staff/accusations/$id" params={{ id: alert.accusation!.id }} onClick={() => opened(alert)}>
                    {content}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <section className="alert-settings" aria-labelledby="alert-settings-title">
        <h2 id="alert-settings-title">
          <Trans>E-mail</Trans>
        </h2>
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={settings.isPending ? settings.variables : (list.data?.mail ?? true)}
            disabled={!list.data || settings.isPending}
            onChange={(event) => settings.mutate(event.target.checked)}
          />{' '}
          <Trans>Also send me my alerts by e-mail (due dates once a day)</Trans>
        </label>
      </section>
    </>
  );
}
