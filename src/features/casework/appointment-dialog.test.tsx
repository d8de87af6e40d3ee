import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import type { StaffCase } from '../../app/staff-cases.ts';
import { CaseActions } from './case-actions.tsx';

const ongoing = { _id: 'case-1', case_number: 'HDC-2019-000001', status: 'ongoing', schedule_program: [], may_approve: false, version: 4, assigned_to: null } as unknown as StaffCase;
const fetchMock = vi.fn(async (_request: Request) => new Response(JSON.stringify({ status: 'ongoing' }), { headers: { 'content-type': 'application/json' } }));

async function openAppointment(locale: 'en' | 'am') {
  await renderScreen(<CaseActions kase={ongoing} role="manager" />, { locale, path: '/staff/cases/case-1' });
  fireEvent.click(within(screen.getByRole('region')).getAllByRole('button')[0]);
  return screen.getByTestId('confirm-dialog');
}
const confirm = (dialog: HTMLElement) => fireEvent.submit(dialog.querySelector('form')!);
const sentDays = () => Promise.all(fetchMock.mock.calls.map(async ([request]) => (await request.clone().json()).scheduled_date));

/** The appointment day is refused in the app's own words before anything is sent (issue 24, review defect 11). */
describe('the appointment dialog', () => {
  beforeEach(() => {
    // 09:00 in Addis Ababa on 28 November 2026 (19 Hidar 2019).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T06:00:00Z'));
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('refuses a past day and one more than a year ahead in English, then sends the day chosen', async () => {
    const dialog = await openAppointment('en');
    const day = within(dialog).getByLabelText('Appointment day');
    fireEvent.change(day, { target: { value: '2026-11-27' } });
    confirm(dialog);
    expect(within(dialog).getByText('The appointment cannot be on a day that has passed. Please choose today or a later day.')).toBeTruthy();
    expect(day.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(day, { target: { value: '2027-11-29' } });
    confirm(dialog);
    expect(within(dialog).getByText('The appointment must be at most one year from today.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(day, { target: { value: '2026-12-04' } });
    expect(within(dialog).getByText('Ethiopian calendar: 25 ኅዳር 2019 ዓ.ም.')).toBeTruthy();
    confirm(dialog);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(await sentDays()).toEqual(['2026-12-04']);
  });

  it('refuses in Amharic a day that does not exist, and takes today in the Ethiopian calendar', async () => {
    const dialog = await openAppointment('am');
    const choose = (name: string, option: string) => fireEvent.change(within(dialog).getByRole('combobox', { name }), { target: { value: option } });
    choose('ቀን', '6');
    choose('ወር', '13');
    choose('ዓመት', '2020');
    confirm(dialog);
    expect(within(dialog).getByText('ይህ ቀን የለም። እባክዎ ከቀን መቁጠሪያው ቀን ይምረጡ።')).toBeTruthy();

    choose('ቀን', '18');
    choose('ወር', '3');
    choose('ዓመት', '2019');
    confirm(dialog);
    expect(within(dialog).getByText('ቀጠሮ ባለፈ ቀን ላይ ሊሆን አይችልም። እባክዎ የዛሬን ወይም ከዚያ በኋላ ያለ ቀን ይምረጡ።')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    choose('ቀን', '19');
    expect(within(dialog).getByText('19 ኅዳር 2019 ዓ.ም. = 28 ኖቬምበር 2026')).toBeTruthy();
    confirm(dialog);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(await sentDays()).toEqual(['2026-11-28']);
  });
});
