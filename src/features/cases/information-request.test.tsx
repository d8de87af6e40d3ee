import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, testQueryClient } from '../../testing/render.tsx';
import { session } from '../../app/session.ts';
import { outboxDb } from '../../outbox/db.ts';
import type { Case } from './api.ts';
import { InformationRequests } from './information-request.tsx';
import { Toaster } from '../../ui/toast.tsx';

const CUSTOMER = 'c0ffee00-0000-4000-8000-000000000001';
const token = `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ id: CUSTOMER })).replace(/=+$/, '')}.c2ln`;

/** A case asked twice (issue 25): the first request answered, the second waiting; only what the part reads. */
const waiting = {
  _id: 'case-1', case_number: 'HDC-2019-000007', status: 'waiting_customer',
  information_requests: [
    { _id: 'r1', message: 'Please send the lease.', asked_at: '2026-11-24T07:00:00.000Z', answer: { text: 'Here it is.', attachment: null, answered_at: '2026-11-25T07:00:00.000Z' } },
    { _id: 'r2', message: 'The lease is not signed on page 2.', asked_at: '2026-12-01T07:00:00.000Z', answer: null },
  ],
} as unknown as Case;

/**
 * The attachment's resumable upload (issue 27; its protocol is src/outbox/sender.test.ts's):
 * here it ends at once with an upload id, and what it carried is kept.
 */
const uploaded: { blob: Blob; name: string }[] = [];
vi.mock('../../outbox/tus-upload.ts', () => ({
  uploadIdOf: (url: string) => url.split('/').pop(),
  sendByTus: (blob: Blob, name: string) => {
    uploaded.push({ blob, name });
    return { done: Promise.resolve({ kind: 'done', id: 'upload-1', url: '/uploads/upload-1' }), abort() {} };
  },
}));

/** What reached the server: the outbox submits through XMLHttpRequest (app/http.ts uploadForm). */
const received: { path: string; key: string | undefined; text: unknown; upload: unknown }[] = [];
class FakeXhr {
  status = 0;
  response: unknown = null;
  responseType = '';
  timeout = 0;
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  #path = '';
  #key: string | undefined;
  open(_method: string, path: string) {
    this.#path = path;
  }
  setRequestHeader(name: string, value: string) {
    if (name === 'Idempotency-Key') this.#key = value;
  }
  send(form: FormData) {
    received.push({ path: this.#path, key: this.#key, text: form.get('text'), upload: form.get('attachment_upload') });
    setTimeout(() => {
      this.status = 200;
      this.response = { status: 'ongoing', ...Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((l) => [`Message_${l}`, 'Thank you for your answer.'])) };
      this.onload?.();
    });
  }
}

describe('the corporation’s request on the customer’s case page (issue 25)', () => {
  beforeEach(async () => {
    received.length = 0;
    uploaded.length = 0;
    session.start(token);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await outboxDb.items.clear();
  });
  afterEach(() => {
    session.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const answerForm = async () => {
    await renderScreen(<InformationRequests kase={waiting} customerId={CUSTOMER} />, { path: '/dashboard/case/case-1' });
    return screen.getByTestId('information-request-open');
  };

  it('puts the officer’s open request first, and lists the earlier request with its answer', async () => {
    const open = await answerForm();
    expect(within(open).getByRole('heading', { level: 2 }).textContent).toBe('The corporation asks you for something');
    expect(within(open).getByTestId('information-request-message').textContent).toBe('The lease is not signed on page 2.');
    expect(open.textContent).toContain('Asked on December 1, 2026');
    const earlier = screen.getAllByTestId('information-request');
    expect(earlier.map((request) => request.textContent)).toEqual([expect.stringContaining('Please send the lease.')]);
    expect(earlier[0].textContent).toContain('Here it is.');
  });

  it('asks for the answer’s text before sending anything', async () => {
    const open = await answerForm();
    fireEvent.click(within(open).getByRole('button', { name: 'Send the answer' }));
    expect((await screen.findByTestId('error-summary')).textContent).toContain('Fill in Your answer');
    expect(received).toEqual([]);
    expect(await outboxDb.items.count()).toBe(0);
  });

  it('sends the text and the PDF through the outbox under its own key, and shows the receipt', async () => {
    const open = await answerForm();
    fireEvent.change(within(open).getByLabelText(/Your answer/), { target: { value: ' Signed now, see the PDF. ' } });
    const pdf = new File(['%PDF-1.4 signed'], 'signed.pdf', { type: 'application/pdf' });
    fireEvent.change(open.querySelector('#information-attachment')!, { target: { files: [pdf] } });
    fireEvent.click(within(open).getByRole('button', { name: 'Send the answer' }));
    const receipt = await screen.findByTestId('answer-sent');
    expect(receipt.textContent).toBe('Thank you for your answer. Your answer to the request on case HDC-2019-000007 was received.');
    const [item] = await outboxDb.items.toArray();
    expect(item).toMatchObject({ kind: 'answer', state: 'sent', receipt: 'HDC-2019-000007', caseId: 'case-1', ownerId: CUSTOMER });
    expect(received).toEqual([{ path: '/customer_case_api/answer_information_request/case-1', key: item.id, text: 'Signed now, see the PDF.', upload: 'upload-1' }]);
    expect(uploaded.map(({ name }) => name)).toEqual(['signed.pdf']);
    expect(await uploaded[0].blob.text()).toBe('%PDF-1.4 signed');
    expect(screen.queryByTestId('information-request-open')).toBeNull();
  });

  it('reads the case again, without offering the form, once the outbox delivered its answer in the background', async () => {
    await outboxDb.items.put({
      id: 'a3a3a3a3-0000-4000-8000-000000000003', kind: 'answer', fields: { text: 'Sent from the bus.' }, summary: 'HDC-2019-000007', ownerId: CUSTOMER,
      caseId: 'case-1', createdAt: Date.now(), state: 'sent', attempts: 1, nextAttemptAt: Date.now(), receipt: 'HDC-2019-000007', sentAt: Date.now(),
    });
    const queryClient = testQueryClient();
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
    await renderScreen(<InformationRequests kase={waiting} customerId={CUSTOMER} />, { path: '/dashboard/case/case-1', queryClient });
    await waitFor(() => expect(invalidated).toHaveBeenCalledWith({ queryKey: ['customer', 'cases'] }));
    expect(screen.queryByRole('button', { name: 'Send the answer' })).toBeNull();
    expect(screen.queryByTestId('answer-queued')).toBeNull();
  });

  it('keeps an answer written offline on the device with its PDF, says so, and does not offer the form again', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderScreen(<><InformationRequests kase={waiting} customerId={CUSTOMER} /><Toaster /></>, { path: '/dashboard/case/case-1' });
    const open = screen.getByTestId('information-request-open');
    fireEvent.change(within(open).getByLabelText(/Your answer/), { target: { value: 'Written on the bus.' } });
    fireEvent.change(open.querySelector('#information-attachment')!, { target: { files: [new File(['%PDF-1.4 bus'], 'bus.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(within(open).getByRole('button', { name: 'Send the answer' }));
    // Once the submit is done (its toast), the kept answer shows under the request it answers, which stays in sight.
    await screen.findByText('No connection: your answer is saved on this device and will be sent when the connection returns.');
    const queued = screen.getByTestId('answer-queued');
    expect(within(screen.getByTestId('information-request-open')).getByTestId('answer-queued')).toBe(queued);
    expect(screen.getByTestId('information-request-message').textContent).toBe('The lease is not signed on page 2.');
    const [item] = await outboxDb.items.toArray();
    expect(item).toMatchObject({ kind: 'answer', state: 'waiting', caseId: 'case-1', fields: { text: 'Written on the bus.' }, summary: 'HDC-2019-000007' });
    // (fake-indexeddb keeps the file's name and a copy of the blob, not its class; the sender tests read its bytes.)
    expect(item.file?.name).toBe('bus.pdf');
    expect(queued.textContent).toContain(item.id.slice(0, 8).toUpperCase());
    expect(received).toEqual([]);
    // Opened again while it waits, the page shows it kept instead of a second form.
    await renderScreen(<InformationRequests kase={waiting} customerId={CUSTOMER} />, { path: '/dashboard/case/case-1' });
    await waitFor(() => expect(screen.getAllByTestId('answer-queued')).toHaveLength(2));
    expect(screen.queryAllByRole('button', { name: 'Send the answer' })).toHaveLength(0);
    await outboxDb.items.clear();
  });
});
