import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../testing/render.tsx';
import { NotFound } from './not-found.tsx';

describe('NotFound', () => {
  it('says the page was not found and offers "Go back" to the home page', async () => {
    await renderScreen(<NotFound />, { path: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText("We couldn't find the page you are looking for.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/');
  });
});
