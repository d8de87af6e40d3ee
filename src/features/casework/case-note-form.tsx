import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { TextAreaField } from '../../ui/staff/text-area-field.tsx';
import { staffCaseKeys } from '../../app/staff-cases.ts';
import { noteCase } from './api.ts';

/**
 * An internal note under the case's history, for anyone of its directorate: kept with the
 * moves, never shown, printed or sent to the customer. A note names no version and changes
 * none, so it never makes a colleague's move fail.
 */
export function CaseNoteForm({ caseId }: { caseId: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const showRefusal = useServerRefusal();
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: () => noteCase(caseId, text.trim()),
    onSuccess: (answer) => {
      toast('success', serverMessage(answer, locale) ?? t`Saved.`);
      setText('');
    },
    onError: showRefusal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffCaseKeys.detail(caseId) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '' && !add.isPending) add.mutate();
  };

  return (
    <form className="form case-note-form" onSubmit={submit} noValidate>
      <TextAreaField id="case-note" rows={3} label={t`Add an internal note`} value={text} onChange={setText} />
      <p className="form-hint">
        <Trans>Only staff read internal notes: the customer never sees them.</Trans>
      </p>
      <div className="form-actions">
        <button type="submit" className="button button-outline" disabled={text.trim() === '' || add.isPending}>
          <Trans>Add the note</Trans>
        </button>
      </div>
    </form>
  );
}
