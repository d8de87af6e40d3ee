import { Trans, useLingui } from '@lingui/react/macro';
import { API_LANGUAGE, INFORMATION_MESSAGE_MAX } from '../../../server/contract/constants.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import { staffSession } from '../../app/staff-session.ts';
import type { StaffCase } from '../../app/staff-cases.ts';
import { formatDate } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { DetailsSection } from '../../ui/details-section.tsx';
import { InformationRequestList, openRequest } from '../../ui/information-requests.tsx';
import { TextAreaField } from '../../ui/staff/text-area-field.tsx';
import { caseFileUrl } from './api.ts';

/** The name of a language given by the API's suffix (am, or, tg …), in that language, as the selector writes it. */
const languageName = (language: string) =>
  LOCALES[(Object.keys(API_LANGUAGE) as Locale[]).find((locale) => API_LANGUAGE[locale] === language) ?? 'am'].label;

/** "Ask the customer"'s fields in the move's dialog (issue 25): the message, whom it is for, and what asking does. */
export function AskCustomerFields({ message, onChange, language }: { message: string; onChange: (message: string) => void; language: string }) {
  const { t } = useLingui();
  const readerLanguage = languageName(language);
  return (
    <>
      <p className="form-hint" data-testid="customer-language">
        <Trans>The customer reads {readerLanguage}.</Trans>
      </p>
      <TextAreaField
        id="information-message"
        label={t`What the customer should send or tell`}
        value={message}
        onChange={onChange}
        maxLength={INFORMATION_MESSAGE_MAX}
      />
      <p className="form-hint">
        <Trans>
          Write in the customer's language: they read this message on their case page and in an e-mail; their SMS only says
          that something waits in the portal. The case waits for them, and its due date moves by the days it waited.
        </Trans>
      </p>
    </>
  );
}

/**
 * What the customer was asked and answered, on the staff's case page: since when a waiting
 * case waits, then every request and answer, oldest first (answers' PDFs with the staff token).
 */
export function InformationRequests({ kase }: { kase: StaffCase }) {
  const locale = useLocale();
  if (kase.information_requests.length === 0) return null;
  const waiting = kase.status === 'waiting_customer' ? openRequest(kase.information_requests) : undefined;
  const since = waiting && formatDate(waiting.asked_at, locale);
  return (
    <DetailsSection title={<Trans>Requests to the customer</Trans>}>
      {since && (
        <p className="notice" data-testid="waiting-since">
          <Trans>Waiting for the customer since {since}.</Trans>
        </p>
      )}
      <InformationRequestList
        requests={kase.information_requests}
        fileSource={(file) => ({ url: caseFileUrl(file, kase._id), headers: staffSession.headers() })}
      />
    </DetailsSection>
  );
}
