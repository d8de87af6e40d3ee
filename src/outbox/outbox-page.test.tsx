import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../testing/render.tsx';
import { session } from '../app/session.ts';
import { outboxDb } from './db.ts';
import { outbox } from './outbox.ts';
import { OutboxPage } from './outbox-page.tsx';

const CUSTOMER = 'c0ffee00-0000-4000-8000-000000000001';
const token = `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ id: CUSTOMER })).replace(/=+$/, '')}.c2ln`;
const messages = (text: string) =>
  ({ Message_en: text, Message_am: text, Message_or: text, Message_tg: text, Message_sm: text, Message_af: text });
const answer = { kind: 'answer' as const, fields: { text: 'Signed.' }, summary: 'HDC-2019-000007', ownerId: CUSTOMER, caseId: 'case-7' };

describe('answers to the corporation’s requests in the outbox (issue 25)', () => {
  beforeEach(async () => {
    session.start(token);
    await outboxDb.items.clear();
  });
  afterEach(() => session.clear());

  it('names an answer and its case, with the case number as its receipt once sent', async () => {
    await outbox.add({ ...answer, id: 'a1a1a1a1-0000-4000-8000-000000000001', state: 'sent', receipt: 'HDC-2019-000007', sentAt: Date.now() });
    await renderScreen(<OutboxPage />, { path: '/outbox' });
    const item = await screen.findByTestId('outbox-item');
    expect(item.querySelector('strong')?.textContent).toBe("Answer to the corporation's request: HDC-2019-000007");
    expect(item.textContent).toContain('Received: HDC-2019-000007');
  });

  it('sends the owner of a refused answer to its case, not to a form to edit', async () => {
    await outbox.add({ ...answer, id: 'a2a2a2a2-0000-4000-8000-000000000002', state: 'refused', refusal: messages('This case is not waiting for your answer.') });
    await renderScreen(<OutboxPage />, { path: '/outbox' });
    const item = await screen.findByTestId('outbox-item');
    await waitFor(() => expect(item.textContent).toContain('This case is not waiting for your answer.'));
    expect(within(item).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Open the case', '/dashboard/case/case-7']]);
  });
});

describe('an attachment’s upload in the outbox (issue 27)', () => {
  const MB = 1024 * 1024;
  const pdf = new Blob([new Uint8Array(5 * MB)], { type: 'application/pdf' });
  const accusation = (id: string, extra: Record<string, unknown>) =>
    outbox.add({ kind: 'accusation', id, fields: { subject: 'Contract' }, summary: 'Contract', file: { blob: pdf, name: 'contract.pdf' }, ...extra });

  beforeEach(async () => {
    await outboxDb.items.clear();
  });

  it('shows the bytes the server acknowledged of the total for a waiting attachment, and moves with them', async () => {
    await accusation('b1b1b1b1-0000-4000-8000-000000000001', { state: 'waiting', upload: { url: '/uploads/abc', offset: 2.5 * MB, size: 5 * MB } });
    await renderScreen(<OutboxPage />, { path: '/outbox' });
    const line = await screen.findByTestId('outbox-upload-progress');
    expect(line.textContent).toBe('Attachment: 2.5 MB of 5.0 MB sent');
    expect(line.querySelector('progress')).toMatchObject({ max: 5 * MB, value: 2.5 * MB });
    await outbox.update('b1b1b1b1-0000-4000-8000-000000000001', { state: 'sending', upload: { url: '/uploads/abc', offset: 4.25 * MB, size: 5 * MB } });
    await waitFor(() => expect(screen.getByTestId('outbox-upload-progress').textContent).toBe('Attachment: 4.3 MB of 5.0 MB sent'));
  });

  it('shows 0 before the upload was made, in Amharic too, and nothing once the item is sent', async () => {
    await accusation('b2b2b2b2-0000-4000-8000-000000000002', { state: 'waiting' });
    await accusation('b3b3b3b3-0000-4000-8000-000000000003', { state: 'sent', receipt: 'ACC-2019-000042', sentAt: Date.now() });
    await renderScreen(<OutboxPage />, { path: '/outbox', locale: 'am' });
    await waitFor(() => expect(screen.getAllByTestId('outbox-item')).toHaveLength(2));
    const lines = screen.getAllByTestId('outbox-upload-progress');
    expect(lines.map((line) => line.closest('[data-testid=outbox-item]')?.getAttribute('data-state'))).toEqual(['waiting']);
    expect(lines[0].textContent).toBe('የተያያዘ ሰነድ፦ ከ5.0 MB 0.0 MB ተልኳል');
  });
});
