import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { INFORMATION_MESSAGE_MAX } from '../../../server/contract/constants.ts';
import { queryKeys } from '../../app/query-keys.ts';
import { formatDate } from '../../i18n/dates.ts';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { isPending, shortId, useOutbox, type OutboxItem } from '../../outbox/outbox.ts';
import { useOutboxSubmit, type Delivered } from '../../outbox/use-outbox-submit.ts';
import { DetailsSection } from '../../ui/details-section.tsx';
import { FilePicker } from '../../ui/file-picker.tsx';
import { ErrorSummary, useFormErrors } from '../../ui/form-errors.tsx';
import { TextAreaFormField } from '../../ui/form-field.tsx';
import { UploadProgress } from '../../ui/upload-progress.tsx';
import { InformationRequestList, openRequest, type InformationRequest } from '../../ui/information-requests.tsx';
import { authHeaders, caseFileUrl, type Case } from './api.ts';

/**
 * Issue 25 on the customer's case page: what the corporation asks for, in the officer's words
 * and first, with the answer form while the case waits; then every request and answer so far.
 */
export function InformationRequests({ kase, customerId }: { kase: Case; customerId: string }) {
  const [delivered, setDelivered] = useState<Delivered>();
  const waiting = kase.status === 'waiting_customer' ? openRequest(kase.information_requests) : undefined;
  const answered = kase.information_requests.filter((request) => request.answer !== null);
  return (
    <>
      {delivered?.kind === 'sent' && <AnswerReceipt sent={delivered} />}
      {/* Kept on the device, the answer shows under the request it answers until the outbox delivers it. */}
      {waiting && delivered?.kind !== 'sent' && (
        <OpenRequest
          kase={kase}
          request={waiting}
          customerId={customerId}
          keptNow={delivered?.kind === 'queued' ? delivered.item : undefined}
          onDelivered={setDelivered}
        />
      )}
      {answered.length > 0 && (
        <DetailsSection title={<Trans>Requests and your answers</Trans>}>
          <InformationRequestList requests={answered} fileSource={(file) => ({ url: caseFileUrl(file), headers: authHeaders() })} />
        </DetailsSection>
      )}
    </>
  );
}

/** The officer's message, prominently, and the answer form, unless an answer already waits on this device. */
function OpenRequest({ kase, request, customerId, keptNow, onDelivered }: {
  kase: Case;
  request: InformationRequest;
  customerId: string;
  /** The answer this page just kept on the device (the outbox's live list may not have it yet). */
  keptNow?: OutboxItem;
  onDelivered: (delivered: Delivered) => void;
}) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const asked = formatDate(request.asked_at, locale);
  // An answer kept offline leaves the case waiting here until it is sent: it is not offered a second time.
  const answers = useOutbox()?.filter((item) => item.kind === 'answer' && item.caseId === kase._id);
  const queued = answers?.find(isPending) ?? keptNow;
  // Once the outbox delivered it (in the background, maybe from another tab), the case is read again: it is ongoing.
  const deliveredMeanwhile = answers?.some((item) => item.state === 'sent' && (item.sentAt ?? 0) >= Date.parse(request.asked_at));
  useEffect(() => {
    if (deliveredMeanwhile) void queryClient.invalidateQueries({ queryKey: queryKeys.customer.cases() });
  }, [deliveredMeanwhile, queryClient]);
  return (
    <section className="status-banner status-banner-amber information-request" data-testid="information-request-open" aria-labelledby="information-request-title">
      <h2 id="information-request-title">
        <Trans>The corporation asks you for something</Trans>
      </h2>
      <p className="muted">
        <Trans>Asked on {asked}</Trans>
      </p>
      <p className="remark information-request-message" data-testid="information-request-message">
        {request.message}
      </p>
      {queued && <AnswerQueued queuedAs={shortId(queued)} />}
      {!queued && !deliveredMeanwhile && <AnswerForm kase={kase} customerId={customerId} onDelivered={onDelivered} />}
    </section>
  );
}

/** The answer: a text and an optional PDF, sent through the outbox as an application is (kept on the device offline). */
function AnswerForm({ kase, customerId, onDelivered }: { kase: Case; customerId: string; onDelivered: (delivered: Delivered) => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File>();
  const formErrors = useFormErrors();
  const submit = useOutboxSubmit({
    queuedText: t`No connection: your answer is saved on this device and will be sent when the connection returns.`,
    onDelivered: (result) => {
      // Sent: the case is ongoing again, in the page, the lists, the summary and the timeline.
      if (result.kind === 'sent') void queryClient.invalidateQueries({ queryKey: queryKeys.customer.cases() });
      onDelivered(result);
    },
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!formErrors.check([{ id: 'information-answer', label: t`Your answer`, value: text, required: true }])) return;
    submit.submit({
      kind: 'answer',
      fields: { text: text.trim() },
      file: file && { blob: file, name: file.name },
      summary: kase.case_number,
      ownerId: customerId,
      caseId: kase._id,
    });
  };
  return (
    <form className="form" onSubmit={send} noValidate>
      <ErrorSummary {...formErrors.summary} />
      <TextAreaFormField
        id="information-answer"
        label={<Trans>Your answer</Trans>}
        maxLength={INFORMATION_MESSAGE_MAX}
        error={formErrors.errors['information-answer']}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <FilePicker
        id="information-attachment"
        label={<Trans>Attachment (one PDF, up to 10MB)</Trans>}
        accept="application/pdf,.pdf"
        file={file}
        onChange={setFile}
      />
      {submit.isPending ? (
        <UploadProgress progress={submit.progress} />
      ) : (
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            <Trans>Send the answer</Trans>
          </button>
        </div>
      )}
    </form>
  );
}

function AnswerQueued({ queuedAs }: { queuedAs: string }) {
  return (
    <p className="notice" data-testid="answer-queued">
      <Trans>
        Your answer is saved on this device as <strong>{queuedAs}</strong> and will be sent by itself when the connection
        returns.
      </Trans>{' '}
      <Link to="/outbox">
        <Trans>Check it in the outbox</Trans>
      </Link>
    </p>
  );
}

/** The server's words once it has the answer, and the case it went to. */
function AnswerReceipt({ sent }: { sent: Extract<Delivered, { kind: 'sent' }> }) {
  const locale = useLocale();
  return (
    <p className="notice" role="status" data-testid="answer-sent">
      {serverMessage(sent.body, locale)}{' '}
      <Trans>
        Your answer to the request on case <strong>{sent.receipt}</strong> was received.
      </Trans>
    </p>
  );
}
