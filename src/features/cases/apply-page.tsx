import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Division } from '../../../server/contract/divisions.ts';
import { queryKeys } from '../../app/query-keys.ts';
import { localized, serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { LazyPdfViewer } from '../../ui/lazy-pdf-viewer.tsx';
import { toast } from '../../ui/toast.tsx';
import { useFileBytes } from '../../ui/use-file-bytes.ts';
import { DetailsList } from '../../ui/details-list.tsx';
import { useServerRefusal } from '../accounts/use-server-refusal.ts';
import { UploadError } from '../../app/http.ts';
import { outbox } from '../../outbox/outbox.ts';
import { submitThroughOutbox } from '../../outbox/sender.ts';
import { caseNumbersQuery, caseRequestsQuery, questionsQuery, type CreatedCase } from './api.ts';
import { answerText } from './answers.ts';
import { QuestionField } from './question-field.tsx';
import { BackLink } from '../../ui/back-link.tsx';

// SPEC section 9: after a case is created the browser moves to the status list in 6 seconds.
export const AFTER_APPLY_SECONDS = 6;

/** SPEC section 2 /dashboard/cases: the apply form, its confirmation, then submit. */
export function ApplyPage({ divisions, customerId, outboxId }: { divisions: Division[]; customerId: string; outboxId?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const showRefusal = useServerRefusal();
  const caseRequests = useQuery(caseRequestsQuery());
  const questions = useQuery(questionsQuery());
  const caseNumbers = useQuery(caseNumbersQuery());

  const [divisionId, setDivisionId] = useState('');
  const [caseRequestId, setCaseRequestId] = useState('');
  const [relatedCaseId, setRelatedCaseId] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [file, setFile] = useState<File>();
  const [remark, setRemark] = useState('');
  const [step, setStep] = useState<'form' | 'confirm' | 'done'>('form');
  const [progress, setProgress] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState(AFTER_APPLY_SECONDS);
  const [created, setCreated] = useState<CreatedCase>();
  const preview = useFileBytes(file);
  const [queuedAs, setQueuedAs] = useState<string>();

  // "Edit and resend" from the outbox: the refused application comes back into the form.
  useEffect(() => {
    if (!outboxId) return;
    void outbox.get(outboxId).then((item) => {
      if (item?.kind !== 'case' || item.ownerId !== customerId) return;
      setDivisionId(item.fields.division ?? '');
      setCaseRequestId(item.fields.caselist ?? '');
      setRelatedCaseId(item.fields.related_case_id ?? '');
      setRemark(item.fields.remark ?? '');
      const saved = JSON.parse(item.fields.form || '[]') as Record<string, string>[];
      setAnswers(Object.assign({}, ...saved));
      if (item.file) setFile(new File([item.file.blob], item.file.name, { type: 'application/pdf' }));
    });
  }, [outboxId, customerId]);

  const openRequests = useMemo(
    () => (caseRequests.data ?? []).filter((r) => r.division._id === divisionId && r.status === 'active'),
    [caseRequests.data, divisionId],
  );
  const shownQuestions = useMemo(
    () => (questions.data ?? []).filter((q) => q.caselist._id === caseRequestId),
    [questions.data, caseRequestId],
  );

  const apply = useMutation({
    mutationFn: () => {
      // SPEC section 7: the answers as a JSON list of single-entry maps keyed by question id.
      const form = shownQuestions.filter((q) => answers[q._id]?.trim()).map((q) => ({ [q._id]: answers[q._id].trim() }));
      const fields: Record<string, string> = { division: divisionId, caselist: caseRequestId, form: JSON.stringify(form), remark };
      if (relatedCaseId) fields.related_case_id = relatedCaseId;
      setProgress(0);
      return submitThroughOutbox(
        {
          kind: 'case',
          fields,
          file: file && { blob: file, name: file.name },
          summary: caseRequest ? localized(caseRequest, 'case_name', 'en') : '',
          ownerId: customerId,
        },
        setProgress,
      );
    },
    onSuccess: (result) => {
      if (result.kind === 'refused') return showRefusal(new UploadError(result.status ?? 400, result.body));
      if (outboxId) void outbox.remove(outboxId);
      if (result.kind === 'queued') {
        setQueuedAs(result.item.id.slice(0, 8).toUpperCase());
        toast('success', t`No connection: your application is saved on this device and will be sent when the connection returns.`);
        setStep('done');
        return;
      }
      const created = { ...(result.body as CreatedCase), case_number: result.receipt };
      setCreated(created);
      toast('success', `${serverMessage(created, locale) ?? ''} ${created.case_number}`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.customer.cases() });
      setStep('done');
    },
    onError: showRefusal,
  });

  useEffect(() => {
    if (step !== 'done' || !created) return;
    if (secondsLeft === 0) {
      void navigate({ to: '/dashboard/casestatus', search: { page: 1, sort: -1 } });
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [step, created, secondsLeft, navigate]);

  const toConfirmation = (event: FormEvent) => {
    event.preventDefault();
    setStep('confirm');
    window.scrollTo({ top: 0 });
  };

  const division = divisions.find((d) => d._id === divisionId);
  const caseRequest = openRequests.find((r) => r._id === caseRequestId);
  const related = caseNumbers.data?.find((c) => c._id === relatedCaseId);

  if (step === 'done') {
    return (
      <main className="page page-narrow">
        {created ? (
          <p className="success-message" role="status">
            {serverMessage(created, locale)} <strong>{created.case_number}</strong>
            <br />
            <Trans>Going to your cases in {secondsLeft} seconds.</Trans>
          </p>
        ) : (
          <p className="notice" role="status" data-testid="application-queued">
            <Trans>
              Saved on this device as {queuedAs}. Your application will be sent by itself when the connection returns; the
              outbox shows its progress and, once sent, its case number.
            </Trans>{' '}
            <Link to="/outbox">
              <Trans>Open the outbox</Trans>
            </Link>
          </p>
        )}
      </main>
    );
  }

  if (step === 'confirm') {
    const rows: [string, string][] = [
      [t`Division`, division ? localized(division, 'name', locale) : ''],
      [t`Case request`, caseRequest ? localized(caseRequest, 'case_name', locale) : ''],
      [t`Related case number`, related?.case_number ?? '-'],
      ...shownQuestions.map((q): [string, string] => [localized(q, 'name', locale), answerText(answers[q._id] ?? '', q, locale) || '-']),
      [t`Attachment`, file?.name ?? '-'],
      [t`Remark`, remark || '-'],
    ];
    return (
      <main className="page page-narrow">
        <h1>
          <Trans>Check your application</Trans>
        </h1>
        <p className="lead">
          <Trans>Nothing is sent yet. Check what you entered, then apply.</Trans>
        </p>
        <DetailsList rows={rows} className="details-section" testId="confirmation" />
        {apply.isPending && (
          <div className="upload-progress">
            <progress max={1} value={progress} aria-label={t`Sending`} />
            <span>{Math.round(progress * 100)}%</span>
          </div>
        )}
        <div className="form-actions">
          <button type="button" className="button button-outline" disabled={apply.isPending} onClick={() => setStep('form')}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="button button-primary" disabled={apply.isPending} onClick={() => apply.mutate()}>
            <Trans>Apply</Trans>
          </button>
        </div>
      </main>
    );
  }

  return (
    <main className="page page-narrow">
      <BackLink to="/dashboard" />
      <h1>
        <Trans>Apply for a case</Trans>
      </h1>
      <aside className="instructions">
        <h2>
          <Trans>Before you apply</Trans>
        </h2>
        <ul>
          <li>
            <Trans>Choose the division, then the case request; its questions appear below.</Trans>
          </li>
          <li>
            <Trans>Questions marked with * must be answered.</Trans>
          </li>
          <li>
            <Trans>Merge all your documents into one PDF file. The file upload limit is 10MB.</Trans>
          </li>
        </ul>
      </aside>
      <form className="form" onSubmit={toConfirmation}>
        <div className="form-field">
          <label htmlFor="division">
            <Trans>Division</Trans>
            <span className="required-mark" aria-hidden="true"> *</span>
          </label>
          <select
            id="division"
            required
            value={divisionId}
            onChange={(e) => {
              setDivisionId(e.target.value);
              setCaseRequestId('');
              setAnswers({});
            }}
          >
            <option value="">—</option>
            {divisions.map((d) => (
              <option key={d._id} value={d._id}>
                {localized(d, 'name', locale)}
              </option>
            ))}
          </select>
        </div>
        {divisionId && openRequests.length === 0 && caseRequests.isSuccess && (
          <p className="notice">
            <Trans>This division has no case requests open at the moment.</Trans>
          </p>
        )}
        {openRequests.length > 0 && (
          <div className="form-field">
            <label htmlFor="case-request">
              <Trans>Case request</Trans>
              <span className="required-mark" aria-hidden="true"> *</span>
            </label>
            <select
              id="case-request"
              required
              value={caseRequestId}
              onChange={(e) => {
                setCaseRequestId(e.target.value);
                setAnswers({});
              }}
            >
              <option value="">—</option>
              {openRequests.map((r) => (
                <option key={r._id} value={r._id}>
                  {localized(r, 'case_name', locale)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="form-field">
          <label htmlFor="related-case">
            <Trans>Related case number</Trans>
          </label>
          <select id="related-case" value={relatedCaseId} onChange={(e) => setRelatedCaseId(e.target.value)}>
            <option value="">—</option>
            {caseNumbers.data?.map((c) => (
              <option key={c._id} value={c._id}>
                {c.case_number}
              </option>
            ))}
          </select>
        </div>
        {shownQuestions.length > 0 && (
          <fieldset className="questions">
            <legend>
              <Trans>Questions</Trans>
            </legend>
            {shownQuestions.map((question) => (
              <QuestionField
                key={question._id}
                question={question}
                value={answers[question._id] ?? ''}
                // SPEC section 5: answers are kept per question id and replaced on edit.
                onChange={(value) => setAnswers((all) => ({ ...all, [question._id]: value }))}
              />
            ))}
          </fieldset>
        )}
        <div className="form-field">
          <label htmlFor="attachment">
            <Trans>Attachment (one PDF, up to 10MB)</Trans>
          </label>
          <input id="attachment" type="file" accept="application/pdf,.pdf" onChange={(e) => setFile(e.target.files?.[0])} />
        </div>
        {preview && <LazyPdfViewer source={{ data: preview }} height={600} title={t`Attachment preview`} />}
        <div className="form-field">
          <label htmlFor="remark">
            <Trans>Remark</Trans>
          </label>
          <textarea id="remark" rows={15} value={remark} onChange={(e) => setRemark(e.target.value)} />
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            <Trans>Apply</Trans>
          </button>
        </div>
      </form>
    </main>
  );
}
