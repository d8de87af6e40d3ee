import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { ArchivalCategoriesPage } from './archival-categories-page.tsx';

/** Review defect 9: "Adding a category with an empty name does nothing and says nothing." */
describe('an archival category without a name', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is refused with a message at its field, and nothing is sent', async () => {
    const posted: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'));
      if (request.method === 'POST') posted.push(await request.text());
      return Response.json([]);
    }));
    await renderScreen(<ArchivalCategoriesPage />, { path: '/staff/archive/categories' });
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the category' }));

    expect(screen.getByText('Please enter a name for the category.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(posted).toEqual([]);
    // Typing clears the message.
    fireEvent.change(name, { target: { value: 'Leases' } });
    expect(screen.queryByText('Please enter a name for the category.')).toBeNull();
  });
});
