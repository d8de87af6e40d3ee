import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import type { AdminCaseRequest, AdminDirectorate } from './api.ts';
import { CaseRequestRouting, fallbackDirectorate } from './case-request-routing.tsx';

const names = (en: string) => ({ name_en: en, name_am: `${en} (am)`, name_or: en, name_tg: en, name_sm: en, name_af: en });
const directorate = (id: string, en: string, status: 'active' | 'inactive' = 'active'): AdminDirectorate =>
  ({ id, division_id: 'd', status, teams: [], ...names(en) });
const directorates = [directorate('z', 'Zulu Directorate'), directorate('a', 'Alpha Directorate'), directorate('x', 'Aardvark Directorate', 'inactive')];
const request = (directorate_id: string | null, handling_directorate_id: string | null) =>
  ({ id: 'r', directorate_id, handling_directorate_id }) as AdminCaseRequest;

/** Review defect 8: the admin sees where each case request's cases go. */
describe('a case request’s routing in the admin’s list', () => {
  it('names its own directorate', async () => {
    await renderScreen(<CaseRequestRouting request={request('z', 'z')} directorates={directorates} />);
    expect(screen.getByText('Handled by Zulu Directorate')).toBeTruthy();
  });

  it('marks its own directorate when that is inactive', async () => {
    await renderScreen(<CaseRequestRouting request={request('x', 'x')} directorates={directorates} />);
    expect(screen.getByText('Handled by Aardvark Directorate (inactive)').className).toContain('badge-amber');
  });

  it('flags a request without one, naming where its cases go, or that they go nowhere', async () => {
    await renderScreen(<CaseRequestRouting request={request(null, 'a')} directorates={directorates} />);
    expect(screen.getByText('No directorate: cases go to Alpha Directorate').className).toContain('badge-amber');
    await renderScreen(<CaseRequestRouting request={request(null, null)} directorates={[directorates[2]]} />);
    expect(screen.getByText(/its cases reach no queue/)).toBeTruthy();
  });

  it('reads in Amharic', async () => {
    await renderScreen(<CaseRequestRouting request={request(null, 'a')} directorates={directorates} />, { locale: 'am' });
    expect(screen.getByText(/Alpha Directorate \(am\)/).textContent).toMatch(/[\u1200-\u137F]{3}/);
  });

  it('falls back, as the server does, to the first active directorate by English name', () => {
    expect(fallbackDirectorate(directorates)?.id).toBe('a');
    expect(fallbackDirectorate([directorates[2]])).toBeUndefined();
  });
});
