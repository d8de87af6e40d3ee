import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { staffSession } from '../../app/staff-session.ts';
import { PrintCaseButton } from './print-case-button.tsx';

/** Issue 24: "Print" fetches the staff's printout with the staff token, in the page's language, and opens it. */
describe('printing from the staff case page', () => {
  afterEach(() => vi.unstubAllGlobals());

  async function printIn(locale: 'en' | 'am', answer: Response) {
    staffSession.start('x.eyJpZCI6InN0YWZmLTEiLCJyb2xlIjoib2ZmaWNlciJ9.x');
    const asked: [string, string | null][] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push([String(input), new Headers(init?.headers).get('authorization')]);
      return answer;
    }));
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:printout');
    await renderScreen(<PrintCaseButton caseId="case-1" caseNumber="HDC-2019-000001" />, { locale, path: '/staff/cases/case-1' });
    fireEvent.click(screen.getByTestId('print-case'));
    return { asked, tab };
  }

  it('opens the PDF in a new tab', async () => {
    const { asked, tab } = await printIn('am', new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' })));
    await waitFor(() => expect(tab.location.href).toBe('blob:printout'));
    expect(asked).toEqual([['/staff_api/cases/case-1/print?language=am', 'Bearer x.eyJpZCI6InN0YWZmLTEiLCJyb2xlIjoib2ZmaWNlciJ9.x']]);
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('closes the tab it opened when the printout is refused', async () => {
    const { tab } = await printIn('en', Response.json({ code: 'notFound' }, { status: 404 }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('');
  });
});
