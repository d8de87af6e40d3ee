import { localized, type Locale } from '../../i18n/locales.ts';
import type { Case, Question } from './api.ts';

/**
 * SPEC section 3: when a question has enum values, the shown answer is the matching
 * option's text in the current language; otherwise the raw answer.
 */
export function answerText(answer: string, question: Question | undefined, locale: Locale): string {
  const option = question?.enumValues.find(
    (value) => value._id === answer || Object.values(value.expectedValues).includes(answer),
  );
  return option ? localized(option.expectedValues, 'value', locale) : answer;
}

export { personName } from '../../ui/person-name.ts';

export const caseRequestName = (item: Case['caselist'], locale: Locale) => localized(item, 'case_name', locale);
