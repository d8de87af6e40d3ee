import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../i18n/dates.ts';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { LazyPdfViewer } from '../../ui/lazy-pdf-viewer.tsx';
import { DetailsList } from '../../ui/details-list.tsx';
import { authHeaders, caseFileUrl, questionsQuery, type Case } from './api.ts';
import { answerText, caseRequestName, personName } from './answers.ts';

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="details-section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/**
 * The read-only case of SPEC section 2, shared by the status check and the dashboard:
 * customer and case information, answers, remark, attachments, schedule, rejection.
 * Dates appear only when present; the responder and the response only once verified.
 */
export function CaseDetails({
  kase,
  showCustomer,
  heights,
}: {
  kase: Case;
  showCustomer: boolean;
  heights: { attachment: number; response: number };
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const questions = useQuery(questionsQuery());
  const verified = kase.status === 'verified';
  const date = (iso: string | null) => formatDate(iso, locale);
  const customer = kase.customer;
  const gender = customer.gender === 'Male' ? t`Male` : customer.gender === 'Female' ? t`Female` : customer.gender;

  return (
    <div className="case-details">
      {kase.masked && (
        <p className="notice">
          <Trans>Personal details and attachments are hidden. Log in as the case owner to see everything.</Trans>
        </p>
      )}
      {showCustomer && (
        <Section title={<Trans>Customer information</Trans>}>
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
        </Section>
      )}
      <Section title={<Trans>Case information</Trans>}>
        <DetailsList
          rows={[
            [<Trans>Division</Trans>, localized(kase.division, 'name', locale)],
            [<Trans>Case request</Trans>, caseRequestName(kase.caselist, locale)],
            [<Trans>Case number</Trans>, kase.case_number],
            [<Trans>Related case number</Trans>, kase.related_case_id?.case_number ?? '-'],
            [<Trans>Late</Trans>, kase.late === 'yes' ? t`Yes` : t`No`],
            [<Trans>Responded by</Trans>, verified ? personName(kase.responded_by) : undefined],
            [<Trans>Submitted date</Trans>, date(kase.createdAt)],
            [<Trans>Processing start date</Trans>, date(kase.ongoing_date)],
            [<Trans>Responded date</Trans>, date(kase.verified_date)],
          ]}
        />
      </Section>
      {kase.list_of_question.length > 0 && (
        <Section title={<Trans>Questions and answers</Trans>}>
          <DetailsList
            rows={kase.list_of_question.map(({ question, answer }) => [
              localized(question, 'name', locale),
              answerText(answer, questions.data?.find((q) => q._id === question._id), locale),
            ])}
          />
        </Section>
      )}
      {kase.remark && (
        <Section title={<Trans>Remark</Trans>}>
          <p className="remark">{kase.remark}</p>
        </Section>
      )}
      {kase.attachment && (
        <Section title={<Trans>Attachment</Trans>}>
          <LazyPdfViewer
            source={{ url: caseFileUrl(kase.attachment), headers: authHeaders() }}
            height={heights.attachment}
            title={t`Attachment`}
          />
        </Section>
      )}
      {verified && kase.response_justification?.attachment && (
        <Section title={<Trans>Response attachment</Trans>}>
          <LazyPdfViewer
            source={{ url: caseFileUrl(kase.response_justification.attachment), headers: authHeaders() }}
            height={heights.response}
            title={t`Response attachment`}
          />
        </Section>
      )}
      {kase.schedule_program.length > 0 && (
        <Section title={<Trans>Schedule information</Trans>}>
          {kase.schedule_program.map(({ schedule }, index) => (
            <DetailsList
              key={index}
              rows={[
                [<Trans>Extended by</Trans>, personName(schedule.extended_by) || undefined],
                [<Trans>Extended date</Trans>, date(schedule.extended_date)],
                [<Trans>Scheduled by</Trans>, personName(schedule.scheduled_by) || undefined],
                [<Trans>Scheduled date</Trans>, date(schedule.scheduled_date)],
              ]}
            />
          ))}
        </Section>
      )}
      {kase.rejected_by && (
        <Section title={<Trans>Rejection</Trans>}>
          <DetailsList
            rows={[
              [<Trans>Rejected date</Trans>, date(kase.rejected_date)],
              [<Trans>Rejection justification</Trans>, kase.rejection_justification ?? undefined],
            ]}
          />
        </Section>
      )}
    </div>
  );
}
