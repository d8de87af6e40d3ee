import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import type { Case } from './api.ts';
import { CaseDetails } from './case-details.tsx';

// The letter is shown by the app's pdf.js viewer; here only what stands beside it matters.
vi.mock('../../ui/lazy-pdf-viewer.tsx', () => ({
  LazyPdfViewer: ({ title }: { title: string }) => <div data-testid="pdf-viewer">{title}</div>,
}));

const names = (en: string, am: string) => ({ name_en: en, name_am: am, name_or: en, name_tg: am, name_sm: en, name_af: en });
const person = { firstname: 'Almaz', middlename: 'Bekele', lastname: 'Tesfaye' };

/** The owner's answered case, as getCaseById answers it. */
const answered = (letterNumber: string | null) =>
  ({
    _id: 'case-1', case_number: 'HDC-2019-000012', status: 'verified', masked: false, late: 'no',
    division: { _id: 'v-1', ...names('Sales', 'ሽያጭ') },
    caselist: { _id: 'r-1', case_name_en: 'Roof repair', case_name_am: 'የጣሪያ ጥገና', case_name_or: '', case_name_tg: '', case_name_sm: '', case_name_af: '' },
    related_case_id: null, responded_by: person, createdAt: '2026-11-20T06:00:00.000Z', ongoing_date: '2026-11-21T06:00:00.000Z',
    verified_date: '2026-11-25T06:00:00.000Z', rejected_date: null, rejected_by: null, rejection_justification: null, remark: '',
    attachment: null, response_justification: { attachment: 'letter.pdf', letter_number: letterNumber },
    customer: { ...person, phone: '+251911000111', gender: 'Female', house_phone_number: '', subcity: 'Bole', woreda: '03', house_number: '1250' },
    list_of_question: [], schedule_program: [], information_requests: [], review: null, review_until: null,
  }) as unknown as Case;

/** Issue 25: the formal letter's number is written beside the letter on the owner's case page. */
describe("the response letter's number on the customer's case", () => {
  it.each([
    ['en', 'Letter number'],
    ['am', 'የደብዳቤ ቁጥር'],
  ] as const)('is written beside the letter, in %s', async (locale, label) => {
    await renderScreen(<CaseDetails kase={answered('HDC/2019/000012')} showCustomer heights={{ attachment: 400, response: 400 }} />, { locale });
    const letter = screen.getByTestId('pdf-viewer').closest('section')!;
    expect(within(letter).getByTestId('letter-number').textContent).toBe(`${label}HDC/2019/000012`);
  });

  it('says nothing of a number an uploaded letter of before issue 25 never got', async () => {
    await renderScreen(<CaseDetails kase={answered(null)} showCustomer heights={{ attachment: 400, response: 400 }} />);
    expect(screen.getByTestId('pdf-viewer')).toBeTruthy();
    expect(screen.queryByTestId('letter-number')).toBeNull();
  });
});
