import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Division } from '../../../server/contract/divisions.ts';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { BackLink } from '../../ui/back-link.tsx';
import { FilePicker } from '../../ui/file-picker.tsx';
import { ErrorSummary, FieldError, invalidProps, useFormErrors } from '../../ui/form-errors.tsx';
import { LazyPdfViewer } from '../../ui/lazy-pdf-viewer.tsx';
import { DraftStatus } from '../../outbox/draft-status.tsx';
import { answer, change, chooseCaseRequest, chooseDivision } from './application.ts';
import { QuestionField, questionFieldId } from './question-field.tsx';
import type { ApplicationForm } from './use-application-form.ts';

/** The apply form's first step: division, case request, its questions, attachment and remark. */
export function ApplyFormStep({ form, divisions, onDone }: { form: ApplicationForm; divisions: Division[]; onDone: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { application, update } = form;
  const formErrors = useFormErrors();
  const { errors } = formErrors;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = formErrors.check([
      { id: 'division', label: t`Division`, value: application.divisionId, required: true, choose: true },
      ...(form.openRequests.length > 0
        ? [{ id: 'case-request', label: t`Case request`, value: application.caseRequestId, required: true, choose: true }]
        : []),
      ...form.shownQuestions.map((q) => ({
        id: questionFieldId(q),
        label: localized(q, 'name', locale),
        value: application.answers[q._id],
        required: q.isRequired === 'yes',
        choose: q.inputType !== 'normal_input' && q.inputType !== 'text_area',
      })),
    ]);
    if (valid) onDone();
  };
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
      <ErrorSummary {...formErrors.summary} />
      <form className="form" onSubmit={submit} noValidate>
        <div className="form-field">
          <label htmlFor="division">
            <Trans>Division</Trans>
            <span className="required-mark" aria-hidden="true"> *</span>
          </label>
          <select
            id="division"
            aria-required
            {...invalidProps('division', errors.division)}
            value={application.divisionId}
            onChange={(e) => update(chooseDivision(e.target.value))}
          >
            <option value="">—</option>
            {divisions.map((d) => (
              <option key={d._id} value={d._id}>
                {localized(d, 'name', locale)}
              </option>
            ))}
          </select>
          <FieldError fieldId="division" error={errors.division} />
        </div>
        {form.noOpenRequests && (
          <p className="notice">
            <Trans>This division has no case requests open at the moment.</Trans>
          </p>
        )}
        {form.openRequests.length > 0 && (
          <div className="form-field">
            <label htmlFor="case-request">
              <Trans>Case request</Trans>
              <span className="required-mark" aria-hidden="true"> *</span>
            </label>
            <select
              id="case-request"
              aria-required
              {...invalidProps('case-request', errors['case-request'])}
              value={application.caseRequestId}
              onChange={(e) => update(chooseCaseRequest(e.target.value))}
            >
              <option value="">—</option>
              {form.openRequests.map((r) => (
                <option key={r._id} value={r._id}>
                  {localized(r, 'case_name', locale)}
                </option>
              ))}
            </select>
            <FieldError fieldId="case-request" error={errors['case-request']} />
          </div>
        )}
        <div className="form-field">
          <label htmlFor="related-case">
            <Trans>Related case number</Trans>
          </label>
          <select
            id="related-case"
            value={application.relatedCaseId}
            onChange={(e) => update(change('relatedCaseId', e.target.value))}
          >
            <option value="">—</option>
            {form.caseNumbers?.map((c) => (
              <option key={c._id} value={c._id}>
                {c.case_number}
              </option>
            ))}
          </select>
        </div>
        {form.shownQuestions.length > 0 && (
          <fieldset className="questions">
            <legend>
              <Trans>Questions</Trans>
            </legend>
            {form.shownQuestions.map((question) => (
              <QuestionField
                key={question._id}
                question={question}
                value={application.answers[question._id] ?? ''}
                error={errors[questionFieldId(question)]}
                onChange={(value) => update(answer(question._id, value))}
              />
            ))}
          </fieldset>
        )}
        <FilePicker
          id="attachment"
          label={<Trans>Attachment (one PDF, up to 10MB)</Trans>}
          accept="application/pdf,.pdf"
          file={application.file}
          onChange={(file) => update(change('file', file))}
        />
        {form.preview && <LazyPdfViewer source={{ data: form.preview }} height={600} title={t`Attachment preview`} />}
        <div className="form-field">
          <label htmlFor="remark">
            <Trans>Remark</Trans>
          </label>
          <textarea id="remark" rows={15} value={application.remark} onChange={(e) => update(change('remark', e.target.value))} />
        </div>
        <DraftStatus draft={form.deviceDraft} onDiscard={form.clear} />
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            <Trans>Apply</Trans>
          </button>
        </div>
      </form>
    </main>
  );
}
