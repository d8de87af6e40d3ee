import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_LANGUAGE } from '../../../server/contract/constants.ts';
import { LOCALES, serverMessage, type Locale } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { adminKeys, saveLetterTemplate, type AdminCaseRequest, type LetterTemplateDraft } from './api.ts';

const ORDER = Object.keys(LOCALES) as Locale[];
const field = (locale: Locale) => `letter_template_${API_LANGUAGE[locale]}` as keyof LetterTemplateDraft;
/** What the server fills in when an officer picks the template (server/casework/letter-template.ts). */
const PLACEHOLDERS = '{name}, {case_number}, {filed_date}, {due_date}, {today}';

/**
 * Issue 25: a case request's response letter template, one text a language, for the officer to
 * start a response from in the customer's language. Folded on the case request's row: most
 * visits to the page are about something else.
 */
export function LetterTemplateEditor({ request }: { request: AdminCaseRequest }) {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const refusal = useServerRefusal();
  const [draft, setDraft] = useState(() => Object.fromEntries(ORDER.map((each) => [field(each), request[field(each)]])) as LetterTemplateDraft);
  const written = ORDER.filter((each) => request[field(each)].trim() !== '').length;
  const save = useMutation({
    mutationFn: () => saveLetterTemplate(request.id, draft),
    onSuccess: async (answer) => {
      toast('success', serverMessage(answer, locale) ?? t`Saved`);
      await queryClient.invalidateQueries({ queryKey: adminKeys.divisions() });
    },
    onError: refusal,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <details className="letter-template">
      <summary>
        <Trans>Letter template</Trans> <span className="muted">({t`${written} of 6 languages`})</span>
      </summary>
      <form onSubmit={submit} noValidate aria-label={t`Letter template`}>
        <p className="form-hint">
          <Trans>An officer answering a case of this request can start from the text in the customer's language. Placeholders: {PLACEHOLDERS}.</Trans>
        </p>
        {ORDER.map((each) => {
          const id = `letter-template-${request.id}-${each}`;
          return (
            <div className="form-field" key={each}>
              <label htmlFor={id}>{LOCALES[each].label}</label>
              <textarea id={id} lang={LOCALES[each].htmlLang} rows={5} maxLength={5000} value={draft[field(each)]}
                onChange={(event) => setDraft((current) => ({ ...current, [field(each)]: event.target.value }))} />
            </div>
          );
        })}
        <SubmitButton busy={save.isPending}><Trans>Save the letter template</Trans></SubmitButton>
      </form>
    </details>
  );
}
