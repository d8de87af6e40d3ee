import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '../../i18n/dates.ts';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { LazyPdfViewer } from '../../ui/lazy-pdf-viewer.tsx';
import { DetailsList } from '../../ui/details-list.tsx';
import { DetailsSection } from '../../ui/details-section.tsx';
import { LetterNumber } from '../../ui/letter-number.tsx';
import { authHeaders, caseFileUrl, type Case, type CaseLookup, type PublicCaseStatus } from './api.ts';
import { answerText, caseRequestName, personName } from './answers.ts';
import { StatusBanner } from './status-banner.tsx';

/** A schedule entry of either answer: staff names come with the whole case only. */
type ScheduleEntry = PublicCaseStatus['schedule_program'][number]['schedule'] & Partial<Case['schedule_program'][number]['schedule']>;

/**
 * The read-only case of SPEC section 2, shared by the status check and the dashboard:
 * the status banner, customer and case information, answers, remark, attachments, schedule, rejection.
 * Dates appear only when present; the responder and the response only once verified.
 * Anyone but the owner gets the public status only: what the case is, where it stands and
 * when things happened; everything about people, free text and files is simply not there.
 */
export function CaseDetails({
  kase,
  showCustomer,
  heights,
  afterBanner,
}: {
  kase: CaseLookup;
  showCustomer: boolean;
  heights: { attachment: number; response: number };
  /** What the banner points to before the details (the owner's case page: the corporation's request, issue 25). */
  afterBanner?: ReactNode;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const whole = kase.masked ? undefined : kase;
  const verified = kase.status === 'verified';
  const date = (iso: string | null) => formatDate(iso, locale);
  const schedules: ScheduleEntry[] = kase.schedule_program.map(({ schedule }) => schedule);

  return (
    <div className="case-details">
      <StatusBanner kase={kase} />
      {afterBanner}
      {kase.masked && (
        <p className="notice">
          <Trans>Personal details and attachments are hidden. Log in as the case owner to see everything.</Trans>
        </p>
      )}
      {whole && showCustomer && <CustomerInformation customer={whole.customer} />}
      <DetailsSection title={<Trans>Case information</Trans>}>
        <DetailsList
          rows={[
            [<Trans>Division</Trans>, localized(kase.division, 'name', locale)],
            [<Trans>Case request</Trans>, caseRequestName(kase.caselist, locale)],
            [<Trans>Case number</Trans>, kase.case_number],
            [<Trans>Related case number</Trans>, whole && (whole.related_case_id?.case_number ?? '-')],
            [<Trans>Late</Trans>, kase.late === 'yes' ? t`Yes` : t`No`],
            [<Trans>Responded by</Trans>, whole && verified ? personName(whole.responded_by) : undefined],
            [<Trans>Submitted date</Trans>, date(kase.createdAt)],
            [<Trans>Processing start date</Trans>, date(kase.ongoing_date)],
            [<Trans>Responded date</Trans>, date(kase.verified_date)],
            // The owner reads it in the rejection section, beside who rejected and why.
            [<Trans>Rejected date</Trans>, whole ? undefined : date(kase.rejected_date)],
          ]}
        />
      </DetailsSection>
      {whole && whole.list_of_question.length > 0 && (
        <DetailsSection title={<Trans>Questions and answers</Trans>}>
          <DetailsList
            rows={whole.list_of_question.map(({ question, answer }) => [
              localized(question, 'name', locale),
              answerText(answer, question, locale),
            ])}
          />
        </DetailsSection>
      )}
      {whole?.remark && (
        <DetailsSection title={<Trans>Remark</Trans>}>
          <p className="remark">{whole.remark}</p>
        </DetailsSection>
      )}
      {whole?.attachment && (
        <DetailsSection title={<Trans>Attachment</Trans>}>
          <LazyPdfViewer
            source={{ url: caseFileUrl(whole.attachment), headers: authHeaders() }}
            height={heights.attachment}
            title={t`Attachment`}
          />
        </DetailsSection>
      )}
      {verified && whole?.response_justification?.attachment && (
        <DetailsSection title={<Trans>Response attachment</Trans>}>
          <LetterNumber number={whole.response_justification.letter_number} />
          <LazyPdfViewer
            source={{ url: caseFileUrl(whole.response_justification.attachment), headers: authHeaders() }}
            height={heights.response}
            title={t`Response attachment`}
          />
        </DetailsSection>
      )}
      {schedules.length > 0 && (
        <DetailsSection title={<Trans>Schedule information</Trans>}>
          {schedules.map((schedule, index) => (
            <DetailsList
              key={index}
              rows={[
                [<Trans>Extended by</Trans>, personName(schedule.extended_by ?? null) || undefined],
                [<Trans>Extended date</Trans>, date(schedule.extended_date)],
                [<Trans>Scheduled by</Trans>, personName(schedule.scheduled_by ?? null) || undefined],
                [<Trans>Scheduled date</Trans>, date(schedule.scheduled_date)],
              ]}
            />
          ))}
        </DetailsSection>
      )}
      {whole?.rejected_by && (
        <DetailsSection title={<Trans>Rejection</Trans>}>
          <DetailsList
            rows={[
              [<Trans>Rejected date</Trans>, date(whole.rejected_date)],
              [<Trans>Rejection justification</Trans>, whole.rejection_justification ?? undefined],
            ]}
          />
        </DetailsSection>
      )}
    </div>
  );
}

/** The owner's own details, as the status check shows them to the signed-in owner (SPEC section 2). */
function CustomerInformation({ customer }: { customer: Case['customer'] }) {
  const { t } = useLingui();
  const gender = customer.gender === 'Male' ? t`Male` : customer.gender === 'Female' ? t`Female` : customer.gender;
  return (
    <DetailsSection title={<Trans>Customer information</Trans>}>
      <DetailsList
        rows={[
          [<Trans>First name</Trans>, customer.firstname],
          [<Trans>Middle name</Trans>, customer.middlename],
          [<Trans>Last name</Trans>, customer.lastname],
          [<Trans>Sub-city</Trans>, customer.subcity],
          [<Trans>Woreda</Trans>, customer.woreda],
          [<Trans>House number</Trans>, customer.house_number],
          [<Trans>Phone</Trans>, customer.phone],
          [<Trans>House phone number</Trans>, customer.house_phone_number],
          [<Trans>Gender</Trans>, gender],
        ]}
      />
    </DetailsSection>
  );
}
