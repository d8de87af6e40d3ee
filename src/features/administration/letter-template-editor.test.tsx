import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen } from '../../testing/render.tsx';
import type { AdminCaseRequest } from './api.ts';
import { LetterTemplateEditor } from './letter-template-editor.tsx';

const templates = { letter_template_en: 'Dear {name},', letter_template_am: '', letter_template_or: '', letter_template_tg: '', letter_template_sm: '', letter_template_af: '' };
const request = { id: 'request-1', ...templates } as AdminCaseRequest;

/** Issue 25: the admin keeps a case request's letter template in the six languages. */
describe("a case request's letter template", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows how many languages have one, and saves all six with the call of its own', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'));
      sent.push([request.method, new URL(request.url).pathname, await request.json()]);
      return Response.json({ id: 'request-1', ...Object.fromEntries(['en', 'am', 'or', 'tg', 'sm', 'af'].map((l) => [`Message_${l}`, 'Saved.'])) });
    }));
    await renderScreen(<LetterTemplateEditor request={request} />, { path: '/staff/admin/reference' });
    expect(screen.getByText('Letter template').closest('summary')?.textContent).toContain('1 of 6 languages');
    const form = within(screen.getByRole('form', { name: 'Letter template' }));
    expect(form.getByText(/Placeholders: \{name\}, \{case_number\}, \{filed_date\}, \{due_date\}, \{today\}/)).toBeTruthy();
    fireEvent.change(form.getByLabelText('አማርኛ'), { target: { value: 'ውድ {name}፣' } });
    fireEvent.click(form.getByRole('button', { name: 'Save the letter template' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual(['PUT', '/staff_api/admin/case_requests/request-1/letter_template', { ...templates, letter_template_am: 'ውድ {name}፣' }]);
  });

  it('reads in Amharic', async () => {
    await renderScreen(<LetterTemplateEditor request={request} />, { locale: 'am' });
    expect(document.querySelector('summary')?.textContent).toMatch(/[\u1200-\u137F]{3}/);
  });
});
