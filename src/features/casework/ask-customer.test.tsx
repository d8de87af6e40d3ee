import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import type { StaffCase } from '../../app/staff-cases.ts';
import { AskCustomerFields, InformationRequests } from './ask-customer.tsx';

/** A case asked twice (issue 25): once answered with a PDF, then again, still open; as staffGetCase answers it. */
const askedTwice = (status: string) =>
  ({
    _id: 'case-1', case_number: 'HDC-2019-000001', status,
    information_requests: [
      {
        _id: 'r1', message: 'Please send the signed lease.', asked_at: '2026-11-24T07:00:00.000Z',
        answer: { text: 'The lease is attached.', attachment: 'answer-r1.pdf', answered_at: '2026-11-26T08:00:00.000Z' },
      },
      { _id: 'r2', message: 'The lease is not signed on page 2.', asked_at: '2026-12-01T07:00:00.000Z', answer: null },
    ],
  }) as unknown as StaffCase;

describe('the requests to the customer on the staff case page', () => {
  it('says since when a waiting case waits, and shows every request and answer, oldest first', async () => {
    await renderScreen(<InformationRequests kase={askedTwice('waiting_customer')} />, { path: '/staff/cases/case-1' });
    expect(screen.getByTestId('waiting-since').textContent).toBe('Waiting for the customer since December 1, 2026.');
    const [first, second] = screen.getAllByTestId('information-request');
    expect(first.textContent).toContain('Request of November 24, 2026');
    expect(first.textContent).toContain('Please send the signed lease.');
    expect(within(first).getByTestId('information-answer').textContent).toContain('Answer of November 26, 2026The lease is attached.');
    // The answer's PDF opens on demand.
    expect(within(first).getByRole('button', { name: 'Show the attached PDF' })).toBeTruthy();
    expect(second.textContent).toContain('The lease is not signed on page 2.');
    expect(second.textContent).toContain('Not answered yet.');
    expect(within(second).queryByRole('button')).toBeNull();
  });

  it('keeps the requests on a case that is no longer waiting, without a waiting notice', async () => {
    await renderScreen(<InformationRequests kase={askedTwice('ongoing')} />, { path: '/staff/cases/case-1' });
    expect(screen.queryByTestId('waiting-since')).toBeNull();
    expect(screen.getAllByTestId('information-request')).toHaveLength(2);
  });

  it('shows nothing on a case never asked about', async () => {
    const { container } = await renderScreen(<InformationRequests kase={{ ...askedTwice('ongoing'), information_requests: [] }} />);
    expect(container.textContent).toBe('');
  });

  it("names the customer's language above the message, in its own script", async () => {
    await renderScreen(<AskCustomerFields message="" onChange={() => {}} language="am" />);
    expect(screen.getByTestId('customer-language').textContent).toBe('The customer reads አማርኛ.');
    await renderScreen(<AskCustomerFields message="" onChange={() => {}} language="or" />);
    expect(screen.getAllByTestId('customer-language')[1].textContent).toBe('The customer reads Afaan Oromoo.');
  });
});
