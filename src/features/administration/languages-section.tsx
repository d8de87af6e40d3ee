import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enabledLanguagesQuery } from '../../i18n/enabled-languages.ts';
import { LOCALES, serverMessage, type Locale } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { toast } from '../../ui/toast.tsx';
import { useServerRefusal } from '../../ui/use-server-refusal.ts';
import { saveLanguages } from './api.ts';

const ALWAYS: readonly Locale[] = ['en', 'am'];

/** Which of the six languages the selector offers (SPEC section 1: English and Amharic always). */
export function LanguagesSection() {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const refusal = useServerRefusal();
  const { data: enabled } = useQuery(enabledLanguagesQuery());
  const [chosen, setChosen] = useState<Locale[] | undefined>();
  const current = chosen ?? enabled ?? [...ALWAYS];
  const save = useMutation({
    mutationFn: saveLanguages,
    onSuccess: async (answer) => {
      toast('success', serverMessage(answer, locale) ?? t`Saved`);
      setChosen(undefined);
      await queryClient.invalidateQueries({ queryKey: enabledLanguagesQuery().queryKey });
    },
    onError: refusal,
  });

  return (
    <section className="panel" aria-labelledby="languages-title">
      <h2 id="languages-title"><Trans>Languages offered</Trans></h2>
      <p className="muted"><Trans>The language selector offers these languages. English and Amharic are always offered.</Trans></p>
      <form onSubmit={(event) => { event.preventDefault(); save.mutate(current); }}>
        {(Object.keys(LOCALES) as Locale[]).map((code) => (
          <label className="checkbox-field" key={code}>
            <input type="checkbox" checked={current.includes(code)} disabled={ALWAYS.includes(code)}
              onChange={(e) => setChosen(e.target.checked ? [...current, code] : current.filter((c) => c !== code))} />
            <span lang={LOCALES[code].htmlLang}>{LOCALES[code].label}</span>
          </label>
        ))}
        <SubmitButton busy={save.isPending}><Trans>Save the languages</Trans></SubmitButton>
      </form>
    </section>
  );
}
