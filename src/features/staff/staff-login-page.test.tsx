import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { staffSession } from '../../app/staff-session.ts';
import { StaffLoginPage } from './staff-login-page.tsx';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const TOKEN = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ id: 'admin-1', role: 'admin' })}.c2lnbmF0dXJl`;
const CASE_PAGE = '/staff/cases/c0ffee00-0000-4000-8000-000000000001';

/** An admin's log-in: the password answers the code step's challenge, the code a session. */
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'));
  const { pathname } = new URL(request.url);
  if (pathname === '/staff_api/login') return Response.json({ second_factor: 'code', challenge: 'challenge-1' });
  if (pathname === '/staff_api/login/two_factor') return Response.json({ token: TOKEN });
  return Response.json({ languages: ['en', 'am'] });
});

async function logIn(returnTo?: string) {
  const rendered = await renderScreen(<StaffLoginPage returnTo={returnTo} />, { path: '/staff/login' });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'admin@portal.local' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Admin-Demo-2026' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  fireEvent.change(await screen.findByLabelText(/^Log-in code/), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  return rendered;
}

describe('the staff log-in', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    staffSession.clear();
    vi.unstubAllGlobals();
  });

  it("returns to the staff page a link opened, after an admin's second step", async () => {
    const { router } = await logIn(CASE_PAGE);
    await waitFor(() => expect(router.state.location.pathname).toBe(CASE_PAGE));
    expect(staffSession.token()).toBe(TOKEN);
  });

  it('goes to /staff, where each role works, when no page waits', async () => {
    const { router } = await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff'));
  });
});
