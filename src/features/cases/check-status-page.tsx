import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { httpStatus, refusalBody } from '../../app/http.ts';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { ErrorSummary, FieldError, invalidProps, useFormErrors } from '../../ui/form-errors.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { printPageId, statusCheckQuery } from './api.ts';
import { CaseDetails } from './case-details.tsx';
import { StatusBadge } from './status-badge.tsx';

// SPEC section 9: the placeholder shows the pattern with the year 2016.
const PLACEHOLDER = 'HDC-2016-000123';

/** SPEC section 2 /checkstatus: look a case up by its number. */
export function CheckStatusPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const [input, setInput] = useState('');
  const [caseNumber, setCaseNumber] = useState<string>();
  const formErrors = useFormErrors();
  const emptyError = formErrors.errors['case-number'];
  const lookup = useQuery({ ...statusCheckQuery(caseNumber ?? ''), enabled: Boolean(caseNumber) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = input.trim().toUpperCase();
    // SPEC section 5 still sends an empty number; asking the server about nothing helps no one.
    if (formErrors.check([], number ? {} : { 'case-number': t`Please enter a vaild case number` })) setCaseNumber(number);
  };

  const failure = () => {
    const status = httpStatus(lookup.error);
    if (status === 404) return t`This case isn't available`;
    if (status === undefined) return t`You are offline or the server cannot be reached. Check your connection and try again.`;
    const body = refusalBody(lookup.error);
    return (body && serverMessage(body, locale)) ?? t`Something went wrong`;
  };

  return (
    <main className="page" id="main">
      <nav className="breadcrumb" aria-label={t`Breadcrumb`}>
        <Link to="/">
          <Trans>Home</Trans>
        </Link>{' '}
        / <span aria-current="page"><Trans>Check status</Trans></span>
      </nav>
      <h1>
        <Trans>Check the status of a case</Trans>
      </h1>
      <ErrorSummary {...formErrors.summary} />
      <form className="lookup-form" onSubmit={submit} noValidate>
        <label htmlFor="case-number" className="visually-hidden">
          <Trans>Case number</Trans>
        </label>
        <input
          id="case-number"
          className="lookup-input"
          placeholder={PLACEHOLDER}
          autoComplete="off"
          spellCheck={false}
          value={input}
          {...invalidProps('case-number', emptyError)}
          onChange={(e) => setInput(e.target.value)}
        />
        {lookup.isFetching ? (
          <Spinner />
        ) : (
          <button type="submit" className="button button-primary">
            <Trans>Check Status</Trans>
          </button>
        )}
      </form>
      <FieldError fieldId="case-number" error={emptyError} />
      {lookup.isError && !lookup.isFetching && (
        <p className="notice" role="alert">
          {failure()}
        </p>
      )}
      {lookup.data && !lookup.isFetching && (
        <article className="case-view" aria-label={lookup.data.case_number}>
          <div className="case-view-head">
            {/* Anyone but the owner gets no case id: their answer names its public printout instead. */}
            <Link to="/print/$id" params={{ id: lookup.data.masked ? printPageId(lookup.data.print) : lookup.data._id }} className="button button-outline">
              <Trans>Print</Trans>
            </Link>
            <StatusBadge status={lookup.data.status} />
          </div>
          <CaseDetails kase={lookup.data} showCustomer heights={{ attachment: 600, response: 800 }} />
        </article>
      )}
    </main>
  );
}
