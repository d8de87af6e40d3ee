import { useLingui } from '@lingui/react/macro';
import { activateLocale } from './i18n.ts';
import { useEnabledLanguages } from './enabled-languages.ts';
import { LOCALES, type Locale } from './locales.ts';
import { useLocale } from './use-locale.ts';

export function LanguageSelect({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const offered = useEnabledLanguages();
  // The language in use stays listed even when the admin has since closed it.
  const options = offered.includes(locale) ? offered : [...offered, locale];
  return (
    <select
      className={`language-select ${className}`}
      aria-label={t`Language`}
      value={locale}
      onChange={(event) => void activateLocale(event.target.value as Locale)}
    >
      {options.map((code) => (
        <option key={code} value={code} lang={LOCALES[code].htmlLang}>
          {LOCALES[code].label}
        </option>
      ))}
    </select>
  );
}
