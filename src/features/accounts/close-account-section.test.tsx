import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../app/session.ts';
import { renderScreen } from '../../testing/render.tsx';
import { Toaster } from '../../ui/toast.tsx';
import { CloseAccountSection } from './close-account-section.tsx';

// Signing out forgets the customer's drafts in IndexedDB, which happy-dom has not.
vi.mock('../../outbox/drafts.ts', () => ({ drafts: { forgetCustomers: async () => {} } }));

const CLOSE = '/customer_user_api/close_account';
/** A token the app can read (the server checks its signature, not the app). */
const TOKEN = `e30.${btoa(JSON.stringify({ id: 'c1', exp: Math.floor(Date.now() / 1000) + 3600 }))}.sig`;
const kase = (id: string, case_number: string, status: string) => ({ _id: id, case_number, status });
const messages = (en: string, am: string) => ({ Message_en: en, Message_am: am, Message_or: en, Message_tg: en, Message_sm: en, Message_af: en });

/** The server as the section meets it: the customer's cases, and the answer closing gives. */
let cases: ReturnType<typeof kase>[];
let closing: () => Response;
const fetchMock = vi.fn(async (request: Request) => {
  if (new URL(request.url).pathname === CLOSE) return closing();
  return Response.json(cases);
});
const closeCalls = () => fetchMock.mock.calls.map(([request]) => request).filter((request) => new URL(request.url).pathname === CLOSE);

const render = (locale: 'en' | 'am' = 'en') =>
  renderScreen(
    <>
      <CloseAccountSection />
      <Toaster />
    </>,
    { path: '/dashboard/settings', locale },
  );

/** Issue 28: the profile page's "Close my account". */
describe('closing the account on the profile page', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    session.start(TOKEN);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('lists the open cases that stop it, and asks for no password while there are any', async () => {
    cases = [kase('a', 'HDC-2019-000001', 'verified'), kase('b', 'HDC-2019-000002', 'waiting_customer'), kase('c', 'HDC-2019-000003', 'withdrawn'), kase('d', 'HDC-2019-000004', 'responded')];
    await render();
    expect(screen.getByRole('heading', { name: 'Close my account' })).toBeTruthy();
    const open = await screen.findByTestId('close-account-open-cases');
    expect(open.textContent).toContain('You have open cases. Withdraw the ones that are not yet answered, or wait until they are finished');
    expect([...open.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['HDC-2019-000002', '/dashboard/case/b'],
      ['HDC-2019-000004', '/dashboard/case/d'],
    ]);
    expect(screen.queryByLabelText(/Your password/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close my account' })).toBeNull();
  });

  it('in Amharic: asks for the password and the confirmation, closes, signs out to the landing page with the message', async () => {
    cases = [kase('a', 'HDC-2019-000001', 'verified'), kase('b', 'HDC-2019-000002', 'archived')];
    closing = () => Response.json(messages('Your account is closed and your personal data has been erased.', 'አካውንትዎ ተዘግቷል፤ የግል መረጃዎም ተሰርዟል።'));
    const { router } = await render('am');
    expect(await screen.findByRole('heading', { name: 'የእኔን አካውንት ዝጋ' })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText(/የይለፍ ቃልዎ/), { target: { value: 'My-Secret-1' } });
    // Not without the confirmation.
    fireEvent.submit(screen.getByRole('button', { name: 'የእኔን አካውንት ዝጋ' }).closest('form')!);
    expect(closeCalls()).toEqual([]);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'የእኔን አካውንት ዝጋ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(closeCalls()).toHaveLength(1);
    expect(await closeCalls()[0].clone().json()).toEqual({ password: 'My-Secret-1' });
    expect(session.get()).toBeUndefined();
    expect(await screen.findByText('አካውንትዎ ተዘግቷል፤ የግል መረጃዎም ተሰርዟል።')).toBeTruthy();
  });

  it('says a wrong password is wrong and keeps the customer signed in', async () => {
    cases = [];
    closing = () => Response.json({ ...messages('The password is wrong. Your account was not closed.', 'የይለፍ ቃሉ ትክክል አይደለም።'), code: 'closePasswordWrong' }, { status: 400 });
    const { router } = await render();
    fireEvent.change(await screen.findByLabelText(/Your password/), { target: { value: 'wrong-one' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    expect(await screen.findByText('The password is wrong. Your account was not closed.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/settings');
    expect(session.get()?.token).toBe(TOKEN);
    expect((screen.getByLabelText(/Your password/) as HTMLInputElement).value).toBe('');
  });
});
