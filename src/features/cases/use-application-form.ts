import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Division } from '../../../server/contract/divisions.ts';
import { localized } from '../../i18n/locales.ts';
import { outbox } from '../../outbox/outbox.ts';
import type { OutboxDraft } from '../../outbox/sender.ts';
import { useDraft } from '../../outbox/use-draft.ts';
import { useFileBytes } from '../../ui/use-file-bytes.ts';
import { caseNumbersQuery, caseRequestsQuery, questionsQuery } from './api.ts';
import { applicationFields, applicationFromOutbox, EMPTY_APPLICATION, type Application, type Change } from './application.ts';

/**
 * The apply form's state and what follows from it: the division's open case requests,
 * the chosen request's questions, the customer's case numbers for "related case", and
 * the outbox draft the confirmation sends.
 */
export function useApplicationForm({ divisions, customerId, outboxId }: { divisions: Division[]; customerId: string; outboxId?: string }) {
  const caseRequests = useQuery(caseRequestsQuery());
  const questions = useQuery(questionsQuery());
  const caseNumbers = useQuery(caseNumbersQuery());
  const [application, setApplication] = useState<Application>(EMPTY_APPLICATION);
  const preview = useFileBytes(application.file);
  // The answers, remark and PDF kept on the device as they are typed, under the
  // customer's id: another account never reads it, and a logout removes it.
  const draftFields = useMemo(() => {
    const { file: _file, ...fields } = application;
    return fields;
  }, [application]);
  const deviceDraft = useDraft({
    key: outboxId ? undefined : `case:${customerId}`,
    ownerId: customerId,
    fields: draftFields,
    file: application.file,
    restore: (saved) => setApplication({ ...EMPTY_APPLICATION, ...saved.fields, file: saved.file }),
  });

  // "Edit and resend" from the outbox: the refused application comes back into the form.
  useEffect(() => {
    if (!outboxId) return;
    void outbox.get(outboxId).then((item) => {
      if (item?.kind !== 'case' || item.ownerId !== customerId) return;
      setApplication(applicationFromOutbox(item));
    });
  }, [outboxId, customerId]);

  const { divisionId, caseRequestId, relatedCaseId } = application;
  const openRequests = useMemo(
    () => (caseRequests.data ?? []).filter((r) => r.division._id === divisionId && r.status === 'active'),
    [caseRequests.data, divisionId],
  );
  const shownQuestions = useMemo(
    () => (questions.data ?? []).filter((q) => q.caselist._id === caseRequestId),
    [questions.data, caseRequestId],
  );
  const caseRequest = openRequests.find((r) => r._id === caseRequestId);

  return {
    application,
    update: (change: Change) => setApplication(change),
    /** The application kept on this device while it is filled in. */
    deviceDraft,
    clear: () => setApplication(EMPTY_APPLICATION),
    preview,
    openRequests,
    /** The chosen division has no open case requests, as far as the loaded list says. */
    noOpenRequests: Boolean(divisionId) && openRequests.length === 0 && caseRequests.isSuccess,
    shownQuestions,
    caseNumbers: caseNumbers.data,
    division: divisions.find((d) => d._id === divisionId),
    caseRequest,
    related: caseNumbers.data?.find((c) => c._id === relatedCaseId),
    draft: (): OutboxDraft => ({
      kind: 'case',
      fields: applicationFields(application, shownQuestions),
      file: application.file && { blob: application.file, name: application.file.name },
      summary: caseRequest ? localized(caseRequest, 'case_name', 'en') : '',
      ownerId: customerId,
    }),
  };
}

export type ApplicationForm = ReturnType<typeof useApplicationForm>;
