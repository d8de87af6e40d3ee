import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { staffSession } from '../../app/staff-session.ts';
import { AccusationListPage } from './accusation-list-page.tsx';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const ethicsToken = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ id: 'ethics-1', role: 'accusation_acceptor' })}.c2lnbmF0dXJl`;

describe('the ethics inbox', () => {
  const asked: URL[] = [];
  beforeEach(() => {
    asked.length = 0;
    staffSession.start(ethicsToken);
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://portal.test');
      asked.push(url);
      return Response.json({ accusations: [], currentPage: 1, totalPages: 1, total: 0 });
    }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([['en', 'Reference'], ['am', 'የማጣቀሻ ቁጥር']] as const)(
    'finds an accusation by the reference a complainant reads out, in %s (review defect 14)',
    async (locale, label) => {
      const { router } = await renderScreen(() => <AccusationListPage filters={{ page: 1, sort: -1, name: '', phone: '', reference: '', status: '' }} />,
        { locale, path: '/staff/accusations' });
      fireEvent.change(await screen.findByLabelText(label), { target: { value: ' acc-2019-000005 ' } });
      fireEvent.submit(screen.getByRole('search'));
      // The search goes into the page's address, trimmed, as every inbox filter does; the route hands it to the list's call.
      await waitFor(() => expect(router.state.location.search).toMatchObject({ reference: 'acc-2019-000005', page: 1 }));
      expect(asked[0].searchParams.has('reference')).toBe(true);
    },
  );
});
