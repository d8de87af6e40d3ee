import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { staffSession } from '../../app/staff-session.ts';
import { StaffLayout } from './staff-layout.tsx';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const signIn = (id: string, role: string) => staffSession.start(`${base64url({ alg: 'HS256' })}.${base64url({ id, role })}.c2ln`);

/** The queue answers three letters waiting for approval; nothing else is this test's. */
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
  if (url.pathname === '/staff_api/cases') return Response.json({ cases: [], currentPage: 1, totalPages: 1, counts: { approval: 3 } });
  return url.pathname === '/settings_api/languages' ? Response.json({ languages: ['en', 'am'] }) : new Response('{}', { status: 404 });
});

/** The navigation's "Waiting for approval", counted from the queue's approval view (issue 24). */
describe('the approvals link', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    staffSession.clear();
  });

  it.each([
    ['manager', '/staff?view=approval'],
    ['admin', '/staff/approvals'],
  ])('counts the letters waiting for the %s and opens their approvals at %s', async (role, href) => {
    signIn(`${role}-1`, role);
    await renderScreen(<StaffLayout>screen</StaffLayout>, { path: '/staff' });
    const nav = within(screen.getByRole('navigation', { name: 'Staff screens' }));
    expect((await nav.findByTestId('approval-count')).textContent).toBe('3');
    expect(nav.getByRole('link', { name: /Waiting for approval/ }).getAttribute('href')).toBe(href);
    const asked = fetchMock.mock.calls.map(([input]) => new URL((input as Request).url)).find((url) => url.pathname === '/staff_api/cases')!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ view: 'approval', page: '1' });
  });
});
