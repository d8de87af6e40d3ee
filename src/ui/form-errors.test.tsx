import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderScreen } from '../testing/render.tsx';
import { CredentialsForm } from './credentials-form.tsx';

/** The error summary (ErrorSummary + useFormErrors) as a form shows it: the sign-in form. */
async function signInForm() {
  const onSubmit = vi.fn();
  await renderScreen(<CredentialsForm onSubmit={onSubmit} busy={false} />);
  const email = screen.getByLabelText(/^Email/) as HTMLInputElement;
  const password = screen.getByLabelText(/^Password/) as HTMLInputElement;
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  return { onSubmit, email, password, submit };
}

describe('the form error summary', () => {
  it('lists each empty required field as a link to it, and takes the focus', async () => {
    const { onSubmit, email, password, submit } = await signInForm();
    expect(screen.queryByRole('alert')).toBeNull();
    // Spaces alone are no answer.
    fireEvent.change(password, { target: { value: '   ' } });

    submit();

    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeTruthy();
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Fill in Email', '#login-email'],
      ['Fill in Password', '#login-password'],
    ]);
    expect(document.activeElement).toBe(summary);
    // Each field says it is wrong, and which message is its own.
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe('Error: Fill in Email');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    // The link takes the user to the field.
    fireEvent.click(links[1]);
    expect(document.activeElement).toBe(password);
  });

  it('shows what is still wrong after a second failed submit, and takes the focus again', async () => {
    const { onSubmit, email, password, submit } = await signInForm();
    submit();
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.change(password, { target: { value: 'Secret-1234' } });
    password.focus();

    submit();

    const summary = screen.getByRole('alert');
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['Enter an e-mail address such as name@example.com']);
    expect(document.activeElement).toBe(summary);
    expect(password.hasAttribute('aria-invalid')).toBe(false);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(email, { target: { value: 'demo@portal.local' } });
    submit();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledWith('demo@portal.local', 'Secret-1234');
  });
});
