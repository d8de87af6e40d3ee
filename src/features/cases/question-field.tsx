import { localized } from '../../i18n/locales.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { FieldError, invalidProps } from '../../ui/form-errors.tsx';
import type { Question } from './api.ts';

/** The element id of a question's field, for the error summary's links. */
export const questionFieldId = (question: Question) => `question-${question._id}`;

/**
 * One question of a case request (SPEC section 3): normal_input gives an input (text or
 * number by dataType), text_area a textarea, anything else a select of its enum values.
 * Required questions get an asterisk.
 */
export function QuestionField({
  question,
  value,
  error,
  onChange,
}: {
  question: Question;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = questionFieldId(question);
  const locale = useLocale();
  const required = question.isRequired === 'yes';
  const common = { id, 'aria-required': required || undefined, ...invalidProps(id, error), value, name: question._id };
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {localized(question, 'name', locale)}
        {required && <span className="required-mark" aria-hidden="true"> *</span>}
      </label>
      {question.inputType === 'normal_input' ? (
        <input
          {...common}
          type={question.dataType === 'string' ? 'text' : 'number'}
          inputMode={question.dataType === 'string' ? undefined : 'decimal'}
          step="any"
          onChange={(e) => onChange(e.target.value)}
        />
      ) : question.inputType === 'text_area' ? (
        <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <select {...common} onChange={(e) => onChange(e.target.value)}>
          <option value="">—</option>
          {question.enumValues.map((option) => (
            <option key={option._id} value={option._id}>
              {localized(option.expectedValues, 'value', locale)}
            </option>
          ))}
        </select>
      )}
      <FieldError fieldId={id} error={error} />
    </div>
  );
}
