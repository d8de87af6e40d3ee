import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import type { StaffCase } from '../../app/staff-cases.ts';
import { CustomerCases, RelatedCase } from './customer-cases.tsx';

const request = (en: string) => ({ _id: `r-${en}`, case_name_en: en, case_name_am: `${en} (am)`, case_name_or: en, case_name_tg: en, case_name_sm: en, case_name_af: en });
const other = (id: string, status: string, open: boolean, en: string) =>
  ({ _id: id, case_number: `HDC-2019-00000${id}`, caselist: request(en), status, createdAt: '2026-11-20T08:00:00Z', open });

/** A case whose customer has two other cases: one of this reader's directorate, one of another's. */
const kase = {
  _id: 'case-0', case_number: 'HDC-2019-000000',
  related_case_id: { _id: '2', case_number: 'HDC-2019-000002' },
  customer_cases: [other('1', 'ongoing', true, 'Roof repair'), other('2', 'pending', false, 'Lease renewal')],
} as unknown as StaffCase;

describe('the customer’s other cases on the staff case page', () => {
  it('lists each with its request, state and day, linking only those the reader may open', async () => {
    await renderScreen(<CustomerCases kase={kase} />, { path: '/staff/cases/case-0' });
    const rows = within(screen.getByTestId('customer-cases')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('HDC-2019-000001Roof repairin progress'), expect.stringContaining('HDC-2019-000002Lease renewalnew'),
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'HDC-2019-000001' }).getAttribute('href')).toBe('/staff/cases/1');
    expect(within(rows[1]).queryByRole('link')).toBeNull();
  });

  it('shows nothing for a customer with no other case', async () => {
    const { container } = await renderScreen(<CustomerCases kase={{ ...kase, customer_cases: [] }} />);
    expect(container.textContent).toBe('');
  });

  it('links the related case number only when the reader may open that case', async () => {
    await renderScreen(<RelatedCase kase={kase} />);
    expect(screen.getByText('HDC-2019-000002').closest('a')).toBeNull();
    const opened = { ...kase, customer_cases: kase.customer_cases.map((each) => ({ ...each, open: true })) };
    await renderScreen(<RelatedCase kase={opened} />);
    expect(screen.getAllByText('HDC-2019-000002').at(-1)!.closest('a')?.getAttribute('href')).toBe('/staff/cases/2');
  });
});
