import { Trans, useLingui } from '@lingui/react/macro';
import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { DetailsList } from '../../ui/details-list.tsx';
import { answerText } from './answers.ts';
import type { ApplicationForm } from './use-application-form.ts';

/** The apply form's second step: everything entered, read back before anything is sent. */
export function ApplyConfirmStep({
  form,
  sending,
  onCancel,
  onApply,
}: {
  form: ApplicationForm;
  /** Upload progress from 0 to 1 while the application is being sent. */
  sending?: number;
  onCancel: () => void;
  onApply: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { application, division, caseRequest, related } = form;
  const rows: [string, string][] = [
    [t`Division`, division ? localized(division, 'name', locale) : ''],
    [t`Case request`, caseRequest ? localized(caseRequest, 'case_name', locale) : ''],
    [t`Related case number`, related?.case_number ?? '-'],
    ...form.shownQuestions.map((q): [string, string] => [
      localized(q, 'name', locale),
      answerText(application.answers[q._id] ?? '', q, locale) || '-',
    ]),
    [t`Attachment`, application.file?.name ?? '-'],
    [t`Remark`, application.remark || '-'],
  ];
  const busy = sending !== undefined;
  return (
    <main className="page page-narrow">
      <h1>
        <Trans>Check your application</Trans>
      </h1>
      <p className="lead">
        <Trans>Nothing is sent yet. Check what you entered, then apply.</Trans>
      </p>
      <DetailsList rows={rows} className="details-section" testId="confirmation" />
      {busy && (
        <div className="upload-progress">
          <progress max={1} value={sending} aria-label={t`Sending`} />
          <span>{Math.round(sending * 100)}%</span>
        </div>
      )}
      <div className="form-actions">
        <button type="button" className="button button-outline" disabled={busy} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="button button-primary" disabled={busy} onClick={onApply}>
          <Trans>Apply</Trans>
        </button>
      </div>
    </main>
  );
}
