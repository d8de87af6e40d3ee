import { describe, expect, it } from 'vitest';
import { noticeSms } from '../../server/notifications/notice-texts.ts';
import { noticeTelegram } from '../../server/notifications/telegram-notice.ts';

/** Issue 26: a case's notice by Telegram says what its SMS says, with the case's link and, for an answer, the one-tap rating link. */
describe('the Telegram notice', () => {
  const recipient = { firstname: 'Almaz', email: 'almaz@example.test', phone: '+251911223344', language: 'en' };
  const link = 'https://portal.example/dashboard/case/c1';
  const ratingLink = 'https://portal.example/rate/signed-token';

  it('carries the one-tap rating link of an answered case, which the SMS never does', () => {
    const payload = { caseNumber: 'HDC-2019-000123', ratingLink };
    expect(noticeTelegram('answered', recipient, payload, link)).toBe(
      'HDC: your case HDC-2019-000123 has been responded to. See the answer in the portal.\n'
      + `${link}\n\nRate the service with one tap, without logging in (the link works once, for 30 days):\n\n${ratingLink}\n`,
    );
    expect(noticeSms('answered', recipient, payload, link)).not.toContain(ratingLink);
  });

  it('names nobody, in the customer’s language', () => {
    const text = noticeTelegram('processing_started', { ...recipient, language: 'am' }, { caseNumber: 'HDC-2019-000123' }, link);
    expect(text).toMatch(/[\u1200-\u137F]/);
    for (const personal of ['Almaz', recipient.email, recipient.phone]) expect(text).not.toContain(personal);
  });
});
