import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { staffSession } from '../../app/staff-session.ts';
import type { StaffCase } from '../../app/staff-cases.ts';
import { CaseWorkPage } from './case-work-page.tsx';

// The letter is shown by the app's pdf.js viewer; here only what stands beside it matters.
vi.mock('../../ui/lazy-pdf-viewer.tsx', () => ({
  LazyPdfViewer: ({ title }: { title: string }) => <div data-testid="pdf-viewer">{title}</div>,
}));

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const managerToken = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ id: 'manager-1', role: 'manager' })}.c2lnbmF0dXJl`;
const names = (en: string, am: string) => ({ name_en: en, name_am: am, name_or: en, name_tg: am, name_sm: en, name_af: en });
const person = { firstname: 'Almaz', middlename: 'Bekele', lastname: 'Tesfaye' };

/** An approved, rated case as staffGetCase answers it to a manager of its directorate. */
const approved = {
  _id: 'case-1', case_number: 'HDC-2019-000012', status: 'verified', masked: false, late: 'no', version: 4, may_approve: false,
  division: { _id: 'v-1', ...names('Sales', 'ሽያጭ') }, directorate: { _id: 'd-1', ...names('Rental Houses', 'የኪራይ ቤቶች') },
  caselist: { _id: 'r-1', case_name_en: 'Roof repair', case_name_am: 'የጣሪያ ጥገና', case_name_or: '', case_name_tg: '', case_name_sm: '', case_name_af: '' },
  related_case_id: null, responded_by: person, assigned_to: { _id: 'officer-1', ...person }, due_date: '2026-12-04',
  createdAt: '2026-11-20T06:00:00.000Z', ongoing_date: '2026-11-21T06:00:00.000Z', verified_date: '2026-11-25T06:00:00.000Z',
  rejected_date: null, rejected_by: null, rejection_justification: null, remark: '', attachment: null,
  response_justification: { attachment: 'letter.pdf', letter_number: 'HDC/2019/000012' },
  customer: { ...person, phone: '+251911000111', gender: 'Female', house_phone_number: '', subcity: 'Bole', woreda: '03', house_number: '1250' },
  list_of_question: [], schedule_program: [], history: [], archive: null, customer_cases: [], letter_template: null,
  information_requests: [], review: null, review_until: null,
  rating: { rate: 4, comment: 'The officer called me back\nthe same day.', at: '2026-11-26T07:30:00.000Z' },
} as unknown as StaffCase;

async function openCase(kase: StaffCase, locale: 'en' | 'am' = 'en') {
  vi.stubGlobal('fetch', vi.fn(async () => Response.json(kase)));
  await renderScreen(<Suspense><CaseWorkPage id="case-1" /></Suspense>, { locale, path: '/staff/cases/case-1' });
  await screen.findByRole('heading', { name: 'HDC-2019-000012' });
}

/** Issue 25: the staff case page writes out the approved letter's number and the customer's rating with its comment. */
describe('the staff case page', () => {
  beforeEach(() => staffSession.start(managerToken));
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', 'Letter number', 'Stars4 of 5 starsRated dateNovember 26, 2026', 'Comment'],
    ['am', 'የደብዳቤ ቁጥር', 'ኮከቦችከ5 ኮከቦች 4', 'አስተያየት'],
  ] as const)('shows the letter number beside the letter and the rating with its comment, in %s', async (locale, letterLabel, stars, commentLabel) => {
    await openCase(approved, locale);
    const letter = screen.getByTestId('pdf-viewer').closest('section')!;
    expect(within(letter).getByTestId('letter-number').textContent).toBe(`${letterLabel}HDC/2019/000012`);
    const rating = screen.getByTestId('case-rating');
    expect(rating.textContent).toContain(stars);
    expect(rating.textContent).toContain(`${commentLabel}The officer called me back\nthe same day.`);
  });

  it('shows no rating before the customer gave one', async () => {
    await openCase({ ...approved, rating: null });
    expect(screen.getByTestId('letter-number')).toBeTruthy();
    expect(screen.queryByTestId('case-rating')).toBeNull();
  });

  it('shows the stars of a rating without a comment, and no comment', async () => {
    await openCase({ ...approved, rating: { ...approved.rating!, comment: null } });
    expect(screen.getByTestId('case-rating').textContent).toBe('Stars4 of 5 starsRated dateNovember 26, 2026');
  });
});
