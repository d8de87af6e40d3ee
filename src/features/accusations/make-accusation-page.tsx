import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { FormField } from '../../ui/form-field.tsx';
import { LazyPdfViewer } from '../../ui/lazy-pdf-viewer.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.tsx';
import { useFileBytes } from '../../ui/use-file-bytes.ts';
import { useServerRefusal } from '../accounts/use-server-refusal.ts';
import { UploadError } from '../../app/http.ts';
import { outbox } from '../../outbox/outbox.ts';
import { submitThroughOutbox } from '../../outbox/sender.ts';
import type { CreatedAccusation } from './api.ts';

const EMPTY = { name: '', phone: '', subject: '', accused_organizational_part: '', description: '' };

/**
 * SPEC section 2 /makeaccusation. Subject and description carry the required mark but
 * the server decides (SPEC section 5). SPEC clears every field after submit, success or
 * failure; we clear only on success, so a refusal never costs the complainant their text
 * (README, decisions).
 */
export function MakeAccusationPage({ outboxId }: { outboxId?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const router = useRouter();
  const showRefusal = useServerRefusal();
  const descriptionId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fields, setFields] = useState(EMPTY);
  const [file, setFile] = useState<File>();
  const [progress, setProgress] = useState(0);
  const preview = useFileBytes(file);
  const [receipt, setReceipt] = useState<CreatedAccusation>();
  const [queuedAs, setQueuedAs] = useState<string>();

  // "Edit and resend" from the outbox: the refused item's text and file come back here.
  useEffect(() => {
    if (!outboxId) return;
    void outbox.get(outboxId).then((item) => {
      if (item?.kind !== 'accusation') return;
      setFields({ ...EMPTY, ...item.fields });
      if (item.file) setFile(new File([item.file.blob], item.file.name, { type: 'application/pdf' }));
    });
  }, [outboxId]);


  const clear = () => {
    setFields(EMPTY);
    setFile(undefined);
    if (fileInput.current) fileInput.current.value = '';
  };
  const submit = useMutation({
    mutationFn: () => {
      setProgress(0);
      return submitThroughOutbox(
        { kind: 'accusation', fields, file: file && { blob: file, name: file.name }, summary: fields.subject.trim() },
        setProgress,
      );
    },
    onSuccess: (result) => {
      if (result.kind === 'refused') return showRefusal(new UploadError(result.status ?? 400, result.body));
      // The edited item is replaced by what was just sent or queued.
      if (outboxId) void outbox.remove(outboxId);
      if (result.kind === 'sent') {
        const answer = { ...(result.body as CreatedAccusation), reference: result.receipt };
        toast('success', `${serverMessage(answer, locale) ?? ''} ${answer.reference}`);
        setReceipt(answer);
      } else {
        setQueuedAs(result.item.id.slice(0, 8).toUpperCase());
        toast('success', t`No connection: your accusation is saved on this device and will be sent when the connection returns.`);
      }
      clear();
    },
    onError: showRefusal,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setReceipt(undefined);
    setQueuedAs(undefined);
    submit.mutate();
  };
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setFields((all) => ({ ...all, [name]: event.target.value }));

  return (
    <main className="page page-narrow" id="main">
      <h1>
        <Trans>Make an accusation</Trans>
      </h1>
      <p className="lead">
        <Trans>Tell us about wrongdoing by the corporation or its staff. Your name and phone are optional.</Trans>
      </p>
      {receipt && (
        <div className="success-message" role="status" data-testid="accusation-receipt">
          {serverMessage(receipt, locale)}{' '}
          <Trans>
            Your reference is <strong>{receipt.reference}</strong>. Keep it to follow up.
          </Trans>
        </div>
      )}
      {queuedAs && (
        <div className="notice" role="status" data-testid="accusation-queued">
          <Trans>
            Saved on this device as {queuedAs}. It will be sent by itself when the connection returns; the outbox shows
            its progress and, once sent, its reference.
          </Trans>{' '}
          <Link to="/outbox">
            <Trans>Open the outbox</Trans>
          </Link>
        </div>
      )}
      {/* The browser's own checks stay off: SPEC section 5 leaves subject and description to the server. */}
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="form-grid">
          <FormField label={t`Name`} name="name" autoComplete="name" value={fields.name} onChange={set('name')} />
          <FormField label={t`Phone`} name="phone" type="tel" inputMode="tel" autoComplete="tel" value={fields.phone} onChange={set('phone')} />
        </div>
        <FormField label={t`Subject`} name="subject" required value={fields.subject} onChange={set('subject')} />
        <FormField
          label={t`Accused department`}
          name="accused_organizational_part"
          value={fields.accused_organizational_part}
          onChange={set('accused_organizational_part')}
        />
        <div className="form-field">
          <label htmlFor={descriptionId}>
            <Trans>Description</Trans>
            <span className="required-mark" aria-hidden="true"> *</span>
          </label>
          <textarea id={descriptionId} name="description" rows={10} required value={fields.description} onChange={set('description')} />
        </div>
        <div className="form-field">
          <label htmlFor="accusation-attachment">
            <Trans>Attachment (PDF)</Trans>
          </label>
          <input
            ref={fileInput}
            id="accusation-attachment"
            type="file"
            accept="application/pdf,.pdf"
            onChange={(e) => setFile(e.target.files?.[0])}
          />
          <small className="form-hint">
            <Trans>One PDF file of at most 10 MB. Merge several documents into one.</Trans>
          </small>
        </div>
        {preview && <LazyPdfViewer source={{ data: preview }} height={600} title={t`Attachment preview`} />}
        {submit.isPending ? (
          <div className="upload-progress" role="status">
            <Spinner label={t`Sending`} />
            <progress max={1} value={progress} aria-label={t`Sending`} />
            <span>{Math.round(progress * 100)}%</span>
          </div>
        ) : (
          <div className="form-actions">
            <button type="button" className="button button-outline" onClick={() => router.history.back()}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" className="button button-primary">
              <Trans>Submit</Trans>
            </button>
          </div>
        )}
      </form>
    </main>
  );
}
