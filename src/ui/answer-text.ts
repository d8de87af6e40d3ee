import type { EnumValue } from '../../server/contract/cases.ts';
import { localized, type Locale } from '../i18n/locales.ts';

/**
 * SPEC section 3: when a question has enum values, the shown answer is the matching
 * option's text in the current language; otherwise the raw answer. A filed case's question
 * carries the option chosen as it read at filing, so an edited option never changes it.
 * Shared by the customer's screens and the staff case page.
 */
export function answerText(answer: string, question: { enumValues: EnumValue[] } | undefined, locale: Locale): string {
  // `?.` on enumValues too: a case cached offline by an older version has none on its filed question.
  const option = question?.enumValues?.find(
    (value) => value._id === answer || Object.values(value.expectedValues).includes(answer),
  );
  return option ? localized(option.expectedValues, 'value', locale) : answer;
}
