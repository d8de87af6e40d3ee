import { useLingui } from '@lingui/react/macro';
import { activateLocale } from './i18n.ts';
import { LOCALES, SELECTABLE_LOCALES, type Locale } from './locales.ts';
import { useLocale } from './use-locale.ts';

export function LanguageSelect({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <select
      className={`language-select ${className}`}
      aria-label={t`Language`}
      value={locale}
      onChange={(event) => void activateLocale(event.target.value as Locale)}
    >
      {SELECTABLE_LOCALES.map((code) => (
        <option key={code} value={code} lang={LOCALES[code].htmlLang}>
          {LOCALES[code].label}
        </option>
      ))}
    </select>
  );
}
