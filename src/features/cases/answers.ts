import { localized, type Locale } from '../../i18n/locales.ts';
import type { Case } from './api.ts';

export { answerText } from '../../ui/answer-text.ts';
export { personName } from '../../ui/person-name.ts';

export const caseRequestName = (item: Case['caselist'], locale: Locale) => localized(item, 'case_name', locale);
