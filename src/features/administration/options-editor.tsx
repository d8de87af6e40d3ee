import { Trans, useLingui } from '@lingui/react/macro';
import type { QuestionDraft } from './api.ts';
import { emptySix, SixLanguageFields } from './six-language-fields.tsx';

type Option = QuestionDraft['options'][number] & { used?: boolean };

/**
 * A select question's options in order, each in six languages: moved up, switched off,
 * or removed. One a filed case chose cannot be removed (the server says 409 too), only switched off.
 */
export function OptionsEditor({ idPrefix, options, onChange }: { idPrefix: string; options: Option[]; onChange: (options: Option[]) => void }) {
  const { t } = useLingui();
  const change = (index: number, patch: Partial<Option>) => onChange(options.map((option, i) => (i === index ? { ...option, ...patch } : option)));
  const moveUp = (index: number) => onChange(options.map((option, i) => (i === index - 1 ? options[index] : i === index ? options[index - 1] : option)));

  return (
    <fieldset className="question-options">
      <legend><Trans>Options</Trans></legend>
      {options.map((option, index) => (
        <div className="option-row" key={option.id ?? `new-${index}`}>
          <SixLanguageFields idPrefix={`${idPrefix}-option-${index}`} prefix="value" legend={t`Option ${index + 1}`} values={option}
            onChange={(field, value) => change(index, { [field]: value })} />
          <div className="option-actions">
            <label className="checkbox-field">
              <input type="checkbox" checked={(option.status ?? 'active') === 'active'} onChange={(e) => change(index, { status: e.target.checked ? 'active' : 'inactive' })} />
              <span><Trans>Offered</Trans></span>
            </label>
            {index > 0 && (
              <button type="button" className="button button-outline" onClick={() => moveUp(index)}><Trans>Move up</Trans></button>
            )}
            {option.used ? (
              <small className="muted"><Trans>Chosen in filed cases: it can be switched off, not removed.</Trans></small>
            ) : (
              <button type="button" className="button button-outline" onClick={() => onChange(options.filter((_, i) => i !== index))}><Trans>Remove</Trans></button>
            )}
          </div>
        </div>
      ))}
      <button type="button" className="button button-outline add-option" onClick={() => onChange([...options, { ...emptySix('value'), status: 'active' } as Option])}>
        <Trans>Add an option</Trans>
      </button>
    </fieldset>
  );
}
