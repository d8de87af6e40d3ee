import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import { newQuestion, ReferenceForm } from './reference-form.tsx';

/** The admin's save answers as the server does; the body is what this test reads. */
const fetchMock = vi.fn(async () => Response.json({ _id: 'q1', Message_en: 'Saved.' }));

/** "Show the answer in the staff queue" (issue 24): the question's flag, off for a new one. */
describe("the question form's queue flag", () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is off for a new question and saved as ticked', async () => {
    await renderScreen(<ReferenceForm editing={newQuestion('r1')} onDone={() => undefined} />);
    const flag = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Show the answer in the staff queue' });
    expect(flag.checked).toBe(false);
    fireEvent.click(flag);
    fireEvent.change(screen.getByLabelText(/^English/), { target: { value: 'How urgent is it?' } });
    fireEvent.change(screen.getByLabelText(/^አማርኛ/), { target: { value: 'ምን ያህል አስቸኳይ ነው?' } });
    fireEvent.submit(flag.closest('form')!);
    const saves = () => fetchMock.mock.calls.map((call) => (call as unknown[])[0] as Request).filter((request) => request.url.endsWith('/staff_api/admin/questions'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(await saves()[0].clone().json()).toMatchObject({ case_request_id: 'r1', show_in_queue: true, name_en: 'How urgent is it?' });
  });
});
