import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { staffSession } from '../../app/staff-session.ts';
import { formatDate } from '../../i18n/dates.ts';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { BackLink } from '../../ui/back-link.tsx';
import { DetailsList } from '../../ui/details-list.tsx';
import { DetailsSection } from '../../ui/details-section.tsx';
import { LazyPdfViewer } from '../../ui/lazy-pdf-viewer.tsx';
import { LetterNumber } from '../../ui/letter-number.tsx';
import { personName } from '../../ui/person-name.ts';
import { answerText } from '../../ui/answer-text.ts';
import { staffCaseQuery, type StaffCase } from '../../app/staff-cases.ts';
import { caseFileUrl } from './api.ts';
import { CaseActions } from './case-actions.tsx';
import { InformationRequests } from './ask-customer.tsx';
import { CaseHistory } from './case-history.tsx';
import { CaseRating } from './case-rating.tsx';
import { PrintCaseButton } from './print-case-button.tsx';
import { lastSendBack, SentBackNotice } from './sent-back-notice.tsx';
import { CaseTransfer } from './case-transfer.tsx';
import { DecideReview, ReviewRecord } from './decide-review.tsx';
import { CustomerCases, RelatedCase } from './customer-cases.tsx';
import { CaseStateBadge, LateBadge } from '../../ui/staff/case-state-badge.tsx';

/**
 * One case as staff work on it: everything SPEC shows its customer, the
 * response letter before it is approved, the history with its notes, and the moves its
 * state allows for this role.
 */
export function CaseWorkPage({ id, archiveAction }: {
  id: string;
  /** The archive's filing, for archivists: another area's action, which the route brings. */
  archiveAction?: (kase: StaffCase) => ReactNode;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { data: kase } = useSuspenseQuery(staffCaseQuery(id));
  const date = (iso: string | null | undefined) => formatDate(iso, locale);
  const letter = kase.response_justification?.attachment;
  const { customer } = kase;
  const role = staffSession.role();
  // A response sent back is a draft to redo, not an answer (review defect 2).
  const sentBack = lastSendBack(kase);
  // Anyone of the directorate notes a case, and an admin one it reads; archivists only file.
  const mayNote = role === 'officer' || role === 'manager' || role === 'admin';

  return (
    <>
      <BackLink to="/staff" />
      <div className="page-title-row">
        <h1 className="case-number">{kase.case_number}</h1>
        <CaseStateBadge status={kase.status} />
        <LateBadge late={kase.late} />
        <PrintCaseButton caseId={kase._id} caseNumber={kase.case_number} />
      </div>
      {sentBack && <SentBackNotice sentBack={sentBack} />}
      <CaseActions kase={kase} role={role} />
      <DecideReview kase={kase} role={role} />
      <CaseTransfer kase={kase} role={staffSession.role()} />
      {archiveAction?.(kase)}
      <div className="case-details">
        <InformationRequests kase={kase} />
        <DetailsSection title={<Trans>Case information</Trans>}>
          <DetailsList
            testId="staff-case-information"
            rows={[
              [<Trans>Division</Trans>, localized(kase.division, 'name', locale)],
              [<Trans>Case request</Trans>, localized(kase.caselist, 'case_name', locale)],
              [<Trans>Directorate</Trans>, kase.directorate ? localized(kase.directorate, 'name', locale) : undefined],
              [<Trans>Related case number</Trans>, kase.related_case_id ? <RelatedCase kase={kase} /> : undefined],
              [<Trans>Submitted date</Trans>, date(kase.createdAt)],
              [<Trans>Due date</Trans>, date(kase.due_date)],
              [<Trans>Late</Trans>, kase.late === 'yes' ? t`Yes` : t`No`],
              [<Trans>Assigned to</Trans>, personName(kase.assigned_to) || undefined],
              [<Trans>Processing start date</Trans>, date(kase.ongoing_date)],
              [sentBack ? <Trans>Sent-back draft by</Trans> : <Trans>Responded by</Trans>, personName(kase.responded_by) || undefined],
              [<Trans>Responded date</Trans>, date(kase.verified_date)],
              [<Trans>Rejected date</Trans>, date(kase.rejected_date)],
              [<Trans>Rejection justification</Trans>, kase.rejection_justification ?? undefined],
              [<Trans>Archival category</Trans>, kase.archive?.category.name],
              [<Trans>Archived date</Trans>, date(kase.archive?.archived_date)],
              [<Trans>Archived by</Trans>, personName(kase.archive?.archived_by ?? null) || undefined],
            ]}
          />
        </DetailsSection>
        <DetailsSection title={<Trans>Customer information</Trans>}>
          <DetailsList
            rows={[
              [<Trans>Name</Trans>, personName(customer)],
              [<Trans>Phone</Trans>, customer.phone],
              [<Trans>House phone number</Trans>, customer.house_phone_number],
              [<Trans>Sub-city</Trans>, customer.subcity],
              [<Trans>Woreda</Trans>, customer.woreda],
              [<Trans>House number</Trans>, customer.house_number],
            ]}
          />
        </DetailsSection>
        <CustomerCases kase={kase} />
        {kase.list_of_question.length > 0 && (
          <DetailsSection title={<Trans>Questions and answers</Trans>}>
            <DetailsList rows={kase.list_of_question.map(({ question, answer }) => [localized(question, 'name', locale), answerText(answer, question, locale)])} />
          </DetailsSection>
        )}
        {kase.remark && (
          <DetailsSection title={<Trans>Remark</Trans>}>
            <p className="remark">{kase.remark}</p>
          </DetailsSection>
        )}
        <Schedules kase={kase} />
        {kase.attachment && (
          <DetailsSection title={<Trans>Attachment</Trans>}>
            <LazyPdfViewer source={{ url: caseFileUrl(kase.attachment, kase._id), headers: staffSession.headers() }} height={600} title={t`Attachment`} />
          </DetailsSection>
        )}
        {letter && (
          <DetailsSection title={sentBack ? <Trans>Sent-back draft letter</Trans> : <Trans>Response letter</Trans>}>
            <LetterNumber number={kase.response_justification?.letter_number} />
            <LazyPdfViewer
              source={{ url: caseFileUrl(letter, kase._id), headers: staffSession.headers() }}
              height={600}
              title={sentBack ? t`Sent-back draft letter` : t`Response letter`}
            />
          </DetailsSection>
        )}
        <ReviewRecord kase={kase} />
        <CaseRating rating={kase.rating} />
        <CaseHistory history={kase.history} noteCaseId={mayNote ? kase._id : undefined} />
      </div>
    </>
  );
}

/** The appointments set and moved (SPEC section 2's schedule_program). */
function Schedules({ kase }: { kase: StaffCase }) {
  const locale = useLocale();
  if (kase.schedule_program.length === 0) return null;
  return (
    <DetailsSection title={<Trans>Schedule information</Trans>}>
      {kase.schedule_program.map(({ schedule }, index) => (
        <DetailsList
          key={index}
          rows={[
            [<Trans>Scheduled by</Trans>, personName(schedule.scheduled_by) || undefined],
            [<Trans>Scheduled date</Trans>, formatDate(schedule.scheduled_date, locale)],
            [<Trans>Extended by</Trans>, personName(schedule.extended_by) || undefined],
            [<Trans>Extended date</Trans>, formatDate(schedule.extended_date, locale)],
          ]}
        />
      ))}
    </DetailsSection>
  );
}
