import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { session } from '../../app/session.ts';
import { MyDataSection } from './my-data-section.tsx';

describe('the profile’s "My data" (issue 28)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('links both downloads, and fetches each with the customer’s token (the PDF in the page’s language)', async () => {
    vi.spyOn(session, 'get').mockReturnValue({ token: 'the-token' } as ReturnType<typeof session.get>);
    const fetched: [string, string | null][] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      fetched.push([url, new Headers(init.headers).get('Authorization')]);
      return new Response('{}');
    }));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:my-data');
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { clicked.push(this.download); });

    await renderScreen(<MyDataSection />, { locale: 'am' });
    expect(screen.getByRole('heading', { name: 'የእኔ መረጃ' })).toBeTruthy();
    const pdf = screen.getByTestId('my-data-pdf') as HTMLAnchorElement;
    expect(pdf.getAttribute('href')).toBe('/customer_user_api/my_data.pdf?language=am');
    expect((screen.getByTestId('my-data-json') as HTMLAnchorElement).getAttribute('href')).toBe('/customer_user_api/my_data');

    fireEvent.click(pdf);
    await waitFor(() => expect(clicked).toEqual(['my-data.pdf']));
    await waitFor(() => expect(pdf.getAttribute('aria-busy')).toBe('false'));
    fireEvent.click(screen.getByTestId('my-data-json'));
    await waitFor(() => expect(clicked).toEqual(['my-data.pdf', 'my-data.json']));
    expect(fetched).toEqual([['/customer_user_api/my_data.pdf?language=am', 'Bearer the-token'], ['/customer_user_api/my_data', 'Bearer the-token']]);
  });
});
