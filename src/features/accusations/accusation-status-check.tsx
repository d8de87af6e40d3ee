import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { httpStatus, refusalBody } from '../../app/http.ts';
import { formatDate } from '../../i18n/dates.ts';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { AccusationStateBadge } from '../../ui/accusation-state-badge.tsx';
import { DetailsList } from '../../ui/details-list.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { accusationStatusQuery } from './api.ts';

/**
 * "Check an accusation": whoever holds a reference sees where the accusation
 * stands and when it was filed and closed; nothing of what was filed, nobody's name. On
 * the receipt the reference is known, so one button asks; under the accusation form the
 * look-up opens on request, so the page keeps one form until someone wants the other.
 */
export function AccusationStatusCheck({ reference: given = '' }: { reference?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [typed, setTyped] = useState('');
  const [opened, setOpened] = useState(false);
  const [reference, setReference] = useState<string>();
  const lookup = useQuery({ ...accusationStatusQuery(reference ?? ''), enabled: Boolean(reference) });

  const ask = (typedReference: string) => {
    const wanted = typedReference.trim().toUpperCase();
    if (!wanted) return;
    if (wanted === reference) void lookup.refetch();
    else setReference(wanted);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(typed);
  };

  const failure = () => {
    if (httpStatus(lookup.error) === undefined) return t`You are offline or the server cannot be reached. Check your connection and try again.`;
    const body = refusalBody(lookup.error);
    return (body && serverMessage(body, locale)) ?? t`Something went wrong`;
  };

  return (
    <section className="accusation-check" aria-label={t`Check an accusation`} data-testid="accusation-check">
      {given ? (
        <button type="button" className="button button-outline" disabled={lookup.isFetching} onClick={() => ask(given)}>
          <Trans>Check its state</Trans>
        </button>
      ) : opened ? (
        <>
          <h2 id="accusation-check-title">
            <Trans>Check an accusation</Trans>
          </h2>
          <p className="muted">
            <Trans>Enter the reference you were given to see where your accusation stands.</Trans>
          </p>
          <form className="lookup-form" onSubmit={submit} noValidate>
            <label htmlFor="accusation-reference" className="visually-hidden">
              <Trans>Reference</Trans>
            </label>
            <input
              id="accusation-reference"
              className="lookup-input"
              placeholder="ACC-2019-000123"
              autoComplete="off"
              spellCheck={false}
              autoFocus
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
            {lookup.isFetching ? (
              <Spinner />
            ) : (
              <button type="submit" className="button button-primary">
                <Trans>Check</Trans>
              </button>
            )}
          </form>
        </>
      ) : (
        <button type="button" className="button button-outline" aria-expanded={false} onClick={() => setOpened(true)}>
          <Trans>Check an accusation</Trans>
        </button>
      )}
      {lookup.isError && !lookup.isFetching && (
        <p className="notice" role="alert">
          {failure()}
        </p>
      )}
      {lookup.data && !lookup.isFetching && (
        <DetailsList
          testId="accusation-state"
          rows={[
            [<Trans>Reference</Trans>, lookup.data.reference],
            [<Trans>State</Trans>, <AccusationStateBadge status={lookup.data.status} />],
            [<Trans>Submitted date</Trans>, formatDate(lookup.data.createdAt, locale)],
            [<Trans>Closed</Trans>, formatDate(lookup.data.closedAt, locale)],
          ]}
        />
      )}
    </section>
  );
}
