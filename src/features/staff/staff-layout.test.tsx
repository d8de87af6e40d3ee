import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { staffSession, type StaffRole } from '../../app/staff-session.ts';
import { StaffLayout } from './staff-layout.tsx';

/** A staff token as the server hands it out: header.payload.signature, the payload base64url JSON. */
const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenFor = (payload: object) => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`;

async function staffFrame(path = '/staff') {
  await renderScreen(
    <StaffLayout>
      <h1>Screen</h1>
    </StaffLayout>,
    { path },
  );
  const nav = screen.getByRole('navigation', { name: 'Staff screens' });
  return within(nav)
    .queryAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

/** Every role's first link: its own alerts. */
const ALERTS: [string, string] = ['Alerts', '/staff/alerts'];

describe('the staff frame', () => {
  beforeEach(() => {
    // The language selector asks which languages are open; the nav's counts and the header's name are not this test's.
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) =>
      String(input instanceof Request ? input.url : input).includes('/settings_api/languages') ? Response.json({ languages: ['en', 'am'] }) : new Response('{}', { status: 404 })));
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each<[StaffRole, [string, string][]]>([
    ['officer', [ALERTS, ['Case queue', '/staff']]],
    [
      'manager',
      [
        ALERTS,
        ['Case queue', '/staff'],
        ['Waiting for approval', '/staff?view=approval'],
        ['Dashboard', '/staff/dashboard'],
        ['Audit log', '/staff/audit'],
      ],
    ],
    ['accusation_acceptor', [ALERTS, ['Accusations', '/staff/accusations']]],
    ['archivist', [ALERTS, ['Archive', '/staff/archive']]],
    [
      'admin',
      [
        ALERTS,
        ['Waiting for approval', '/staff/approvals'],
        ['Organisation and services', '/staff/admin'],
        ['Staff users', '/staff/people'],
        ['Archive', '/staff/archive'],
        ['Dashboard', '/staff/dashboard'],
        ['Audit log', '/staff/audit'],
      ],
    ],
  ])('offers a signed-in %s only their screens', async (role, links) => {
    staffSession.start(tokenFor({ id: 'staff-1', role }));
    expect(await staffFrame()).toEqual(links);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByRole('main').textContent).toBe('Screen');
  });

  it.each([
    ['a token whose role is not a staff role', tokenFor({ id: 'customer-1', role: 'customer' })],
    ['a token without an id', tokenFor({ role: 'admin' })],
    ['a broken token', 'not-a-token'],
  ])('offers no screen to %s', async (_case, token) => {
    staffSession.start(token);
    expect(await staffFrame()).toEqual([]);
  });

  it("marks only the approvals current on the queue's approval view, and the queue then leads to every open case", async () => {
    staffSession.start(tokenFor({ id: 'staff-1', role: 'manager' }));
    const links = await staffFrame('/staff?view=approval');
    expect(links).toContainEqual(['Case queue', '/staff?view=open']);
    const nav = screen.getByRole('navigation', { name: 'Staff screens' });
    const current = within(nav).getAllByRole('link').filter((link) => link.getAttribute('data-status') === 'active');
    expect(current.map((link) => link.textContent)).toEqual(['Waiting for approval']);
  });
});
