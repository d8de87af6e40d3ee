import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { loadLanguage } from '../../testing/render.tsx';
import { actionLabel, actorLabel, subjectTypes } from './audit-words.ts';

/** Issue 28's audit entries read as words, not as "Other action · Other record" or "System". */
describe("the audit log's words for closing and retention", () => {
  it('names a closed account, an anonymised case and a removed contact, in English and Amharic', async () => {
    await loadLanguage('en');
    expect(actionLabel(i18n, { action: 'close_account', subject_type: 'account' })).toBe('Closed their account · Customer account');
    expect(actorLabel(i18n, { actor_name: '', actor_role: 'customer' })).toEqual({ name: 'The customer' });
    expect(actionLabel(i18n, { action: 'anonymise', subject_type: 'case' })).toBe('Anonymised after the retention period · Case');
    expect(actionLabel(i18n, { action: 'remove_contact', subject_type: 'accusation' })).toBe(
      "Removed the complainant's contact details after the retention period · Accusation",
    );
    expect(subjectTypes(i18n).map((type) => type.value)).toContain('account');
    await loadLanguage('am');
    expect(actionLabel(i18n, { action: 'close_account', subject_type: 'account' })).toBe('የራሳቸውን አካውንት ዘግተዋል · የደንበኛ አካውንት');
  });
});
