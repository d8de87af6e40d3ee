import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import type { StaffRole } from '../../app/staff-session.ts';
import type { StaffCase } from '../../app/staff-cases.ts';
import { CaseActions } from './case-actions.tsx';

/** A responded case as staffGetCase answers it; only what the actions read matters. */
const responded = (mayApprove: boolean) =>
  ({ _id: 'case-1', case_number: 'HDC-2019-000001', status: 'responded', schedule_program: [], may_approve: mayApprove }) as unknown as StaffCase;

async function buttonsFor(kase: StaffCase, role: StaffRole) {
  await renderScreen(<CaseActions kase={kase} role={role} />, { path: '/staff/cases/case-1' });
  const actions = screen.queryByRole('region', { name: 'Actions' });
  return actions ? within(actions).queryAllByRole('button').map((button) => button.textContent) : [];
}

/** Four eyes on the case page: approval is offered exactly to whom the server lets approve. */
describe('the moves of a response waiting for approval', () => {
  it('offers a manager who did not write it the approval', async () => {
    expect(await buttonsFor(responded(true), 'manager')).toEqual(['Approve the response', 'Send back', 'Reject']);
    expect(screen.queryByText(/another manager of the directorate must approve it/)).toBeNull();
  });

  it('does not offer the manager who wrote it the approval, and says who gives it', async () => {
    expect(await buttonsFor(responded(false), 'manager')).toEqual(['Send back', 'Reject']);
    expect(screen.getByText('You wrote this response: another manager of the directorate must approve it.')).toBeTruthy();
  });

  it('offers an admin the approval only where the server says they may', async () => {
    expect(await buttonsFor(responded(true), 'admin')).toEqual(['Approve the response']);
  });

  it('offers an admin nothing on a response another manager approves', async () => {
    expect(await buttonsFor(responded(false), 'admin')).toEqual([]);
  });
});
