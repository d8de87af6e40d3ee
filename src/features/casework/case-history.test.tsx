import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { formatTime } from '../../i18n/dates.ts';
import type { StaffCase, StaffHistoryEntry } from '../../app/staff-cases.ts';
import { CaseHistory } from './case-history.tsx';
import { lastSendBack, SentBackNotice } from './sent-back-notice.tsx';

const entry = (action: string, at: string, more: Partial<StaffHistoryEntry> = {}): StaffHistoryEntry => ({
  action, from: null, to: 'ongoing', by: null, actor_name: null, by_customer: false, assigned_to: null, note: null, at, ...more,
});
const hana = { actor_name: 'Hana Girma Tolosa', by: { _id: 'officer-1', role: 'officer' } };
const bereket = { actor_name: 'Bereket Mulugeta', by: { _id: 'manager-1', role: 'manager' } };
const history = [
  entry('file', '2026-11-23T06:00:00.000Z', { to: 'pending' }),
  entry('take', '2026-11-24T07:30:00.000Z', hana),
  entry('note', '2026-11-24T08:05:00.000Z', { ...hana, note: 'The neighbour called twice.' }),
];
const items = () => within(screen.getByTestId('staff-history')).getAllByRole('listitem');

/** Who did what on a case (issue 24): each entry names the person and the time, notes stand apart. */
describe('the case history staff read', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names who acted and when, the customer where they did, and the system where nobody did', async () => {
    await renderScreen(<CaseHistory history={[...history, entry('request_review', '2026-11-25T06:00:00.000Z', { by_customer: true, to: 'under_review' })]} />);
    const [filed, taken, , review] = items();
    expect(filed.textContent).toContain('System');
    // Issue 25: the customer's own moves (an answer, a request for a review) name them, not the system.
    expect(review.textContent).toContain('The customer');
    expect(review.textContent).not.toContain('System');
    expect(taken.textContent).toContain('Hana Girma Tolosa (officer)');
    // The day and the time in the reader's calendar and clock.
    expect(taken.textContent).toContain(`November 24, 2026 ${formatTime(new Date('2026-11-24T07:30:00.000Z'), 'en')}`);
  });

  it('marks an internal note apart from the moves', async () => {
    await renderScreen(<CaseHistory history={history} />);
    const note = items()[2];
    expect(note.className).toContain('history-note');
    expect(within(note).getByText('Internal note').className).toContain('badge');
    expect(note.textContent).toContain('The neighbour called twice.');
  });

  it('shows the times in Amharic in the Ethiopian calendar', async () => {
    await renderScreen(<CaseHistory history={history} />, { locale: 'am' });
    expect(items()[1].textContent).toContain('ዓ.ም.');
    expect(items()[0].textContent).not.toContain('System');
  });

  it('adds an internal note where staff may, and offers no field to whom may not', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'));
      sent.push([new URL(request.url).pathname, await request.json()]);
      return Response.json(Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((l) => [`Message_${l}`, 'The internal note was added.'])));
    }));
    const { unmount } = await renderScreen(<CaseHistory history={history} />);
    expect(screen.queryByLabelText(/Add an internal note/)).toBeNull();
    unmount();
    await renderScreen(<CaseHistory history={history} noteCaseId="case-1" />);
    const add = screen.getByRole('button', { name: 'Add the note' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Add an internal note/), { target: { value: '  Called back at 3.  ' } });
    fireEvent.click(add);
    await waitFor(() => expect(sent).toEqual([['/staff_api/cases/case-1/notes', { text: 'Called back at 3.' }]]));
    await waitFor(() => expect((screen.getByLabelText(/Add an internal note/) as HTMLTextAreaElement).value).toBe(''));
  });
});

/** Review defect 2: a response sent back shows at the top of the case, not 2,900 px down. */
describe('a response sent back', () => {
  const responded = entry('respond', '2026-11-25T07:00:00.000Z', { ...hana, to: 'responded', note: 'Draft' });
  const sentBack = entry('return', '2026-11-26T09:00:00.000Z', { ...bereket, note: 'Name the repair day.' });
  const kase = (status: StaffCase['status'], entries: StaffHistoryEntry[]) => ({ status, history: [...history, ...entries] });

  it('is the last send-back while nobody has answered again, notes and appointments since included', () => {
    expect(lastSendBack(kase('ongoing', [responded, sentBack]))).toBe(sentBack);
    expect(lastSendBack(kase('ongoing', [responded, sentBack, entry('note', '2026-11-26T10:00:00.000Z', hana)]))).toBe(sentBack);
    expect(lastSendBack(kase('responded', [responded, sentBack, responded]))).toBeUndefined();
    expect(lastSendBack(kase('ongoing', [responded]))).toBeUndefined();
    expect(lastSendBack(kase('rejected', [responded, sentBack]))).toBeUndefined();
  });

  it('says who sent it back, when, and why', async () => {
    await renderScreen(<SentBackNotice sentBack={sentBack} />);
    const notice = screen.getByTestId('sent-back-notice');
    expect(notice.textContent).toContain('Sent back by Bereket Mulugeta on November 26, 2026');
    expect(notice.textContent).toContain('Name the repair day.');
  });
});
