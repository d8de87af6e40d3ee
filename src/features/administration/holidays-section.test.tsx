import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { HolidaysSection } from './holidays-section.tsx';

const HOLIDAYS = { holidays: [{ id: '00000000-0000-4000-8000-000000000001', calendar: 'dated', month: null, day: null, date: '2027-03-10', name: 'Eid al-Fitr' }] };
const fetchMock = vi.fn(async (request: Request) =>
  new Response(JSON.stringify(request.method === 'GET' ? HOLIDAYS : { Message_en: 'Saved' }), { headers: { 'content-type': 'application/json' } }));

/** The admin's one-off holiday is a day in the reader's calendar, refused in the app's words (issue 24, review defect 11). */
describe('the holidays', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const form = () => within(screen.getByRole('form'));
  const saved = () => fetchMock.mock.calls.filter(([request]) => request.method === 'POST');

  it('shows a one-off holiday in the Ethiopian calendar, and refuses a day that does not exist', async () => {
    await renderScreen(<HolidaysSection />, { locale: 'am' });
    expect(await screen.findByText('1 መጋቢት 2019 ዓ.ም.')).toBeTruthy();
    fireEvent.change(form().getAllByRole('textbox')[0], { target: { value: 'ጳጉሜን' } });
    fireEvent.change(form().getByRole('combobox', { name: 'ቀን' }), { target: { value: '6' } });
    fireEvent.change(form().getByRole('combobox', { name: 'ወር' }), { target: { value: '13' } });
    fireEvent.change(form().getByRole('combobox', { name: 'ዓመት' }), { target: { value: '2018' } });
    fireEvent.submit(screen.getByRole('form'));
    expect(form().getByText('ይህ ቀን የለም። እባክዎ ከቀን መቁጠሪያው ቀን ይምረጡ።')).toBeTruthy();

    // Pagume has a sixth day in 2019: that one is sent, and only that one.
    fireEvent.change(form().getByRole('combobox', { name: 'ዓመት' }), { target: { value: '2019' } });
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(await saved()[0][0].clone().json()).toMatchObject({ calendar: 'dated', date: '2027-09-11' });
  });

  it('asks for the day of a one-off holiday before saving it, then saves the ISO day', async () => {
    await renderScreen(<HolidaysSection />, { locale: 'en' });
    fireEvent.change(form().getByLabelText('Name'), { target: { value: 'Eid al-Adha' } });
    fireEvent.submit(screen.getByRole('form'));
    expect(form().getByText('Choose a day.')).toBeTruthy();

    fireEvent.change(form().getByLabelText('Date'), { target: { value: '2027-05-17' } });
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    // The refused submit sent nothing: the one save is the day chosen.
    expect(await saved()[0][0].clone().json()).toMatchObject({ calendar: 'dated', date: '2027-05-17', name: 'Eid al-Adha' });
  });
});
