import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { NoticeChannelsAnswer } from '../../../server/contract/telegram-calls.ts';
import { renderScreen } from '../../testing/render.tsx';
import { NoticeChannelsSection } from './notice-channels.tsx';

const PATH = '/customer_user_api/notice_channels';
const NOT_LINKED: NoticeChannelsAnswer = { email: true, sms: true, telegram: true, has_email: true, telegram_linked: false, telegram_bot: 'hdc_bot' };

/** The server as the section meets it: `stored` answers a read, and a save stores what it was sent. */
let stored: NoticeChannelsAnswer;
const fetchMock = vi.fn(async (request: Request) => {
  if (request.method === 'PUT') stored = { ...stored, ...(await request.clone().json()) };
  return Response.json(stored);
});
const saves = () => fetchMock.mock.calls.map(([request]) => request).filter((request) => request.method === 'PUT' && new URL(request.url).pathname === PATH);
const boxes = () => screen.queryAllByRole('checkbox').map((box) => [box.closest('label')!.textContent!.trim(), (box as HTMLInputElement).checked]);

/** Issue 26: the profile page's choice of the channels the notices of the customer's cases go by. */
describe('the notice channels on the profile page', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers e-mail and SMS, tells how to link Telegram while no chat is linked, and saves the choice', async () => {
    stored = NOT_LINKED;
    await renderScreen(<NoticeChannelsSection customerId="c1" />, { path: '/dashboard/settings' });
    expect(await screen.findByRole('heading', { name: 'Notices of your cases' })).toBeTruthy();
    expect(boxes()).toEqual([['By e-mail', true], ['By SMS', true]]);
    const link = screen.getByRole('link', { name: '@hdc_bot' });
    expect(link.getAttribute('href')).toBe('https://t.me/hdc_bot');
    expect(link.closest('p')!.textContent).toBe(
      'To get them by Telegram, open @hdc_bot, send /start, choose your language and share your phone number with the button. It must be the phone number of this account.',
    );

    fireEvent.click(screen.getByRole('checkbox', { name: 'By e-mail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save my choice' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(await saves()[0].clone().json()).toEqual({ email: false, sms: true, telegram: true });
    await waitFor(() => expect(boxes()).toEqual([['By e-mail', false], ['By SMS', true]]));
  });

  it('offers Telegram once a chat is linked, and no e-mail to an account without one', async () => {
    stored = { ...NOT_LINKED, has_email: false, telegram: false, telegram_linked: true };
    await renderScreen(<NoticeChannelsSection customerId="c1" />, { path: '/dashboard/settings', locale: 'am' });
    expect(await screen.findByRole('heading', { name: 'የጉዳዮችዎ ማሳወቂያዎች' })).toBeTruthy();
    expect(boxes()).toEqual([['በኤስኤምኤስ', true], ['በቴሌግራም', false]]);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says nothing of Telegram when the portal has no bot', async () => {
    stored = { ...NOT_LINKED, telegram_bot: null };
    await renderScreen(<NoticeChannelsSection customerId="c1" />, { path: '/dashboard/settings' });
    await screen.findByRole('heading', { name: 'Notices of your cases' });
    expect(boxes()).toEqual([['By e-mail', true], ['By SMS', true]]);
    expect(document.body.textContent).not.toContain('Telegram');
  });
});
