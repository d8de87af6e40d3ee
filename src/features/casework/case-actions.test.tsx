import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { staffSession, type StaffRole } from '../../app/staff-session.ts';
import type { StaffCase } from '../../app/staff-cases.ts';
import { CaseActions } from './case-actions.tsx';
import { Toaster } from '../../ui/toast.tsx';

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

/** A staff token for this tab, as the sign-in leaves it: only its claims matter to the screens. */
const signIn = (id: string, role: StaffRole) =>
  staffSession.start(`x.${btoa(JSON.stringify({ id, role })).replace(/=+$/, '')}.x`);
const ongoing = (assignedTo: string | null) =>
  ({
    _id: 'case-1', case_number: 'HDC-2019-000001', status: 'ongoing', schedule_program: [], may_approve: false, version: 4,
    assigned_to: assignedTo && { _id: assignedTo, firstname: 'Hana', middlename: 'Girma', lastname: 'Tolosa' },
  }) as unknown as StaffCase;

/** Assignment holds (issue 24): the moves of an assigned case are its holder's and the managers'. */
describe('the moves of a case someone holds', () => {
  afterEach(() => staffSession.clear());

  it('offers a colleague no move, and says who holds the case', async () => {
    signIn('officer-2', 'officer');
    expect(await buttonsFor(ongoing('officer-1'), 'officer')).toEqual([]);
    expect(screen.getByTestId('case-holder').textContent).toBe('Held by Hana Girma Tolosa: only they or a manager can move this case.');
  });

  it('offers its holder their moves, and a manager theirs with the reassignment', async () => {
    signIn('officer-1', 'officer');
    expect(await buttonsFor(ongoing('officer-1'), 'officer')).toEqual(['Set an appointment', 'Respond', 'Ask the customer', 'Reject']);
    expect(screen.queryByTestId('case-holder')).toBeNull();
    cleanup();
    signIn('manager-1', 'manager');
    expect(await buttonsFor(ongoing('officer-1'), 'manager')).toEqual(['Set an appointment', 'Respond', 'Ask the customer', 'Assign to an officer', 'Reject']);
  });

  it('sends the version the page read with the move', async () => {
    signIn('officer-1', 'officer');
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'));
      sent.push([new URL(request.url).pathname, await request.json()]);
      return Response.json({ status: 'rejected', ...Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((l) => [`Message_${l}`, 'Rejected.'])) });
    }));
    try {
      await buttonsFor(ongoing('officer-1'), 'officer');
      fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
      const dialog = within(await screen.findByTestId('confirm-dialog'));
      fireEvent.change(dialog.getByLabelText(/Rejection justification/), { target: { value: 'Not ours.' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(sent).toEqual([['/staff_api/cases/case-1/reject', { rejection_justification: 'Not ours.', version: 4 }]]));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

/** Formal letters (issue 25): an officer starts a response from the case request's letter template, then edits it. */
describe('the response letter template', () => {
  afterEach(() => staffSession.clear());

  async function respondDialog(template: string | null) {
    signIn('officer-1', 'officer');
    await buttonsFor({ ...ongoing('officer-1'), letter_template: template } as StaffCase, 'officer');
    fireEvent.click(screen.getByRole('button', { name: 'Respond' }));
    return within(await screen.findByTestId('confirm-dialog'));
  }

  it('fills the justification from the template, for the officer to edit', async () => {
    const dialog = await respondDialog('Dear Abebe,\n\nyour case HDC-2019-000001 …');
    fireEvent.click(dialog.getByRole('button', { name: 'Start from the letter template' }));
    const justification = dialog.getByLabelText(/Justification/) as HTMLTextAreaElement;
    expect(justification.value).toBe('Dear Abebe,\n\nyour case HDC-2019-000001 …');
    // Once there is text the officer's words are never replaced.
    fireEvent.change(justification, { target: { value: 'Dear Abebe, edited.' } });
    expect(dialog.queryByRole('button', { name: 'Start from the letter template' })).toBeNull();
  });

  it('is the dialog as before when the case request has no template', async () => {
    const dialog = await respondDialog(null);
    expect(dialog.queryByRole('button', { name: 'Start from the letter template' })).toBeNull();
  });
});

/** Ask the customer (issue 25): from an ongoing case, a message the customer answers; a waiting case may be closed as unanswered. */
describe('asking the customer', () => {
  const messages = (text: string) => Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((l) => [`Message_${l}`, text]));
  /** The server: records each move's path and body, answers `answer`. */
  function serverAnswering(answer: () => Response) {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
      sent.push([new URL(request.url).pathname, await request.json()]);
      return answer();
    }));
    return sent;
  }
  afterEach(() => {
    staffSession.clear();
    vi.unstubAllGlobals();
  });

  it('sends the officer’s message with the version read, once it is written', async () => {
    signIn('officer-1', 'officer');
    const sent = serverAnswering(() => Response.json({ status: 'waiting_customer', ...messages('Asked.') }));
    await buttonsFor(ongoing('officer-1'), 'officer');
    fireEvent.click(screen.getByRole('button', { name: 'Ask the customer' }));
    const dialog = within(await screen.findByTestId('confirm-dialog'));
    const confirm = dialog.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText(/What the customer should send or tell/), { target: { value: '  Please send the signed lease.  ' } });
    expect(dialog.getByText(/Write in the customer's language/)).toBeTruthy();
    fireEvent.click(confirm);
    await waitFor(() => expect(sent).toEqual([['/staff_api/cases/case-1/request_information', { message: 'Please send the signed lease.', version: 4 }]]));
  });

  it('offers a waiting case’s holder only its closing as unanswered, and says the server’s refusal before 15 working days', async () => {
    signIn('officer-1', 'officer');
    const sent = serverAnswering(() => Response.json({ code: 'infoRequestStillOpen', ...messages('The customer still has time to answer.') }, { status: 409 }));
    const waiting = { ...ongoing('officer-1'), status: 'waiting_customer' } as StaffCase;
    await renderScreen(<><CaseActions kase={waiting} role="officer" /><Toaster /></>, { path: '/staff/cases/case-1' });
    expect(within(screen.getByRole('region', { name: 'Actions' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Close as unanswered']);
    fireEvent.click(screen.getByRole('button', { name: 'Close as unanswered' }));
    const dialog = within(await screen.findByTestId('confirm-dialog'));
    expect(dialog.getByText(/Close case HDC-2019-000001 as unanswered\?/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent).toEqual([['/staff_api/cases/case-1/close_unanswered', { version: 4 }]]));
    expect((await screen.findByRole('alert')).textContent).toContain('The customer still has time to answer.');
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
  });

  it('offers a colleague of a waiting case’s holder nothing', async () => {
    signIn('officer-2', 'officer');
    expect(await buttonsFor({ ...ongoing('officer-1'), status: 'waiting_customer' } as StaffCase, 'officer')).toEqual([]);
    expect(screen.getByTestId('case-holder')).toBeTruthy();
  });
});
