import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { staffSession } from '../../app/staff-session.ts';
import type { Locale } from '../../i18n/locales.ts';
import { AlertsPage } from './alerts-page.tsx';
import { StaffLayout } from './staff-layout.tsx';
import type { StaffAlert } from '../../../server/contract/staff-calls.ts';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenFor = (payload: object) => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`;

const CASE = 'c0ffee00-0000-4000-8000-000000000001';
const ACCUSATION = 'acc00000-0000-4000-8000-000000000002';
let alerts: StaffAlert[] = [
  { id: 'a1', kind: 'response_returned', unread: true, created_at: '2026-12-01T07:30:00Z', case: { id: CASE, case_number: 'HDC-2019-000001' }, note: 'Name the repair date.', due_at: null },
  { id: 'a2', kind: 'accusation_filed', unread: false, created_at: '2026-11-30T07:30:00Z', accusation: { id: ACCUSATION, reference: 'ACC-2019-000003' }, note: null, due_at: null },
  { id: 'a3', kind: 'due_soon', unread: true, created_at: '2026-11-29T21:00:00Z', case: { id: CASE, case_number: 'HDC-2019-000001' }, note: null, due_at: '2026-12-03T21:00:00Z' },
];
let mail = true;
/** What the page sent: marked ids, and settings. */
const sent: { read: string[][]; settings: unknown[] } = { read: [], settings: [] };

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'));
  const { pathname } = new URL(request.url);
  if (pathname === '/staff_api/alerts') return Response.json({ alerts, unread: alerts.filter((a) => a.unread).length, mail });
  if (pathname === '/staff_api/alerts/read') {
    const { ids } = (await request.json()) as { ids: string[] };
    sent.read.push(ids);
    alerts = alerts.map((a) => (ids.includes(a.id) ? { ...a, unread: false } : a));
    return Response.json({ unread: alerts.filter((a) => a.unread).length });
  }
  if (pathname === '/staff_api/alerts/settings') {
    const body = (await request.json()) as { mail: boolean };
    sent.settings.push(body);
    mail = body.mail;
    return Response.json(body);
  }
  if (pathname === '/staff_api/me') return Response.json({ id: 'm1', firstname: 'Hana', lastname: 'Girma', role: 'manager' });
  if (pathname === '/settings_api/languages') return Response.json({ languages: ['en', 'am'] });
  return new Response('{}', { status: 404 });
});

const page = (locale: Locale = 'en') =>
  renderScreen(
    <StaffLayout>
      <AlertsPage />
    </StaffLayout>,
    { path: '/staff/alerts', locale },
  );

describe('my alerts', () => {
  beforeEach(() => {
    alerts = alerts.map((a) => ({ ...a, unread: a.id !== 'a2' }));
    mail = true;
    sent.read = [];
    sent.settings = [];
    vi.stubGlobal('fetch', fetchMock);
    staffSession.start(tokenFor({ id: 'm1', role: 'manager' }));
  });
  afterEach(() => {
    staffSession.clear();
    vi.unstubAllGlobals();
  });

  it('lists them newest first, the unread ones marked, with the note and the due day', async () => {
    await page();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.className)).toEqual(['alert-item alert-unread', 'alert-item', 'alert-item alert-unread']);
    expect(items[0].textContent).toContain('Your response to case HDC-2019-000001 was sent back');
    expect(items[0].textContent).toContain('Name the repair date.');
    expect(items[1].textContent).toContain('A new accusation: ACC-2019-000003');
    // Due at the midnight ending 3 December in Addis Ababa: due on 3 December.
    expect(items[2].textContent).toContain('Case HDC-2019-000001 is due on December 3, 2026');
    expect(within(items[1]).getByRole('link').getAttribute('href')).toBe(`/staff/accusations/${ACCUSATION}`);
  });

  it("says a case is five working days late to management, with its due day, in English and Amharic", async () => {
    const listed = alerts;
    const escalated: StaffAlert = { id: 'a4', kind: 'escalated', unread: true, created_at: '2026-12-11T21:05:00Z', case: { id: CASE, case_number: 'HDC-2019-000004' }, note: null, due_at: '2026-12-04T21:00:00Z' };
    alerts = [escalated, ...listed];
    try {
      const { unmount } = await page();
      const [first] = await screen.findAllByRole('listitem');
      expect(first.textContent).toContain('Case HDC-2019-000004 is 5 working days late and still open (it was due on December 4, 2026)');
      unmount();
      await page('am');
      const [amharic] = await screen.findAllByRole('listitem');
      expect(amharic.textContent).toContain('ጉዳይ HDC-2019-000004 5 የሥራ ቀናት ዘግይቶ አሁንም ክፍት ነው');
    } finally {
      alerts = listed;
    }
  });

  it("says the customer answered the holder's request, or left it unanswered, in English and Amharic", async () => {
    const listed = alerts;
    alerts = [
      { id: 'a5', kind: 'information_answered', unread: true, created_at: '2026-12-09T08:00:00Z', case: { id: CASE, case_number: 'HDC-2019-000005' }, note: null, due_at: null },
      { id: 'a6', kind: 'information_unanswered', unread: true, created_at: '2026-12-08T21:05:00Z', case: { id: CASE, case_number: 'HDC-2019-000006' }, note: null, due_at: null },
    ];
    try {
      const { unmount } = await page();
      const [answered, unanswered] = await screen.findAllByRole('listitem');
      expect(answered.textContent).toContain('The customer answered your request on case HDC-2019-000005');
      expect(unanswered.textContent).toContain('Your request on case HDC-2019-000006 is still unanswered: you may close the case as unanswered');
      expect(within(answered).getByRole('link').getAttribute('href')).toBe(`/staff/cases/${CASE}`);
      unmount();
      await page('am');
      const [amharicAnswered, amharicUnanswered] = await screen.findAllByRole('listitem');
      expect(amharicAnswered.textContent).toContain('ደንበኛው ስለ ጉዳይ HDC-2019-000005 ላቀረቡት ጥያቄ መልስ ሰጥቷል');
      expect(amharicUnanswered.textContent).toContain('ስለ ጉዳይ HDC-2019-000006 ያቀረቡት ጥያቄ አሁንም መልስ አላገኘም');
    } finally {
      alerts = listed;
    }
  });

  it('shows the unread count in the nav and who is signed in, with their role', async () => {
    await page();
    const nav = screen.getByRole('navigation', { name: 'Staff screens' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: /Alerts/ }).textContent).toBe('Alerts22 unread'));
    expect(nav.querySelector('.alerts-count')?.textContent).toBe('2');
    expect((await screen.findByText('Manager')).closest('.signed-in-as')?.textContent).toBe('Hana GirmaManager');
  });

  it('says the role in Amharic in an Amharic header', async () => {
    await page('am');
    expect(await screen.findByText('ኃላፊ')).toBeTruthy();
  });

  it('marks one read when it is opened, and goes to its case', async () => {
    const { router } = await page();
    const [first] = await screen.findAllByRole('listitem');
    fireEvent.click(within(first).getByRole('link'));
    await waitFor(() => expect(sent.read).toEqual([['a1']]));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/staff/cases/${CASE}`));
  });

  it('marks all read at once, and turns the e-mails off', async () => {
    await page();
    await screen.findAllByRole('listitem');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(sent.read).toEqual([['a1', 'a3']]));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true));

    const setting = screen.getByRole('checkbox', { name: /send me my alerts by e-mail/ }) as HTMLInputElement;
    expect(setting.checked).toBe(true);
    fireEvent.click(setting);
    await waitFor(() => expect(sent.settings).toEqual([{ mail: false }]));
    await waitFor(() => expect(setting.checked).toBe(false));
  });
});
