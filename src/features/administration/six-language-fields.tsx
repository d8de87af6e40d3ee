import { Trans, useLingui } from '@lingui/react/macro';
import { API_LANGUAGE } from '../../../server/contract/constants.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';

const ORDER = Object.keys(LOCALES) as Locale[];
/** English and Amharic are always offered (SPEC section 1), so the server requires both. */
const REQUIRED: readonly Locale[] = ['en', 'am'];

type Texts = Record<string, string>;

/** The languages whose `prefix_*` text is empty: what the lists and forms mark as missing. */
export function missingLanguages(entity: object, prefix: string): Locale[] {
  const texts = entity as Texts;
  return ORDER.filter((locale) => !texts[`${prefix}_${API_LANGUAGE[locale]}`]?.trim());
}

/** "Missing: Afaan Oromoo, Qafaraf", or nothing when all six are written. */
export function MissingBadge({ entity, prefix }: { entity: object; prefix: string }) {
  const missing = missingLanguages(entity, prefix);
  if (missing.length === 0) return null;
  return (
    <span className="badge badge-amber missing-languages">
      <Trans>Missing: {missing.map((locale) => LOCALES[locale].label).join(', ')}</Trans>
    </span>
  );
}

/**
 * One text in the six languages, each input labelled with its language, the empty ones
 * marked missing. Afar falls back to English where it is empty (SPEC section 1), and says so.
 */
export function SixLanguageFields({ idPrefix, prefix, legend, values, onChange, optional = false, errors = {} }: {
  idPrefix: string;
  prefix: string;
  legend: string;
  values: object;
  onChange: (field: string, value: string) => void;
  optional?: boolean;
  errors?: Record<string, string | undefined>;
}) {
  const { t } = useLingui();
  const texts = values as Texts;
  return (
    <fieldset className="six-languages">
      <legend>{legend}</legend>
      {ORDER.map((locale) => {
        const field = `${prefix}_${API_LANGUAGE[locale]}`;
        const id = `${idPrefix}-${field}`;
        const empty = !texts[field]?.trim();
        const required = !optional && REQUIRED.includes(locale);
        return (
          <div className="form-field" key={field}>
            <label htmlFor={id}>
              {LOCALES[locale].label}
              {required && <span className="required-mark" aria-hidden="true"> *</span>}
              {empty && (
                <span className={`badge ${required ? 'badge-red' : 'badge-amber'}`}>
                  {locale === 'aa' ? t`Missing: English is shown` : t`Missing`}
                </span>
              )}
            </label>
            <input id={id} lang={LOCALES[locale].htmlLang} value={texts[field] ?? ''} aria-required={required || undefined}
              aria-invalid={Boolean(errors[id]) || undefined} onChange={(event) => onChange(field, event.target.value)} />
            {errors[id] && <small className="form-error">{errors[id]}</small>}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The six `prefix_*` fields, empty: a new entry's. */
export const emptySix = (prefix: string) => Object.fromEntries(ORDER.map((locale) => [`${prefix}_${API_LANGUAGE[locale]}`, '']));

/** Checks English and Amharic are written, as the server will: the ids of the empty ones with their message. */
export function requiredSix(idPrefix: string, prefix: string, values: object, message: string): Record<string, string> {
  const texts = values as Texts;
  return Object.fromEntries(
    REQUIRED.map((locale) => `${prefix}_${API_LANGUAGE[locale]}`).filter((field) => !texts[field]?.trim()).map((field) => [`${idPrefix}-${field}`, message]),
  );
}
