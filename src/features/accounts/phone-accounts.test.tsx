import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen, testQueryClient } from '../../testing/render.tsx';
import { customerQuery, type CustomerUser } from './api.ts';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { LoginPage } from './login-page.tsx';
import { otpScreen } from './otp-screen.ts';
import { ProfilePage } from './profile-page.tsx';
import { RegisterPage } from './register-page.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

const SENT = { Message_en: 'Done by SMS.', Message_am: 'በኤስኤምኤስ ተልኳል።' };
const NOT_VERIFIED = { code: 'phoneNotVerified', Message_en: 'Please verify your phone number first.', Message_am: 'እባክዎ መጀመሪያ ስልክ ቁጥርዎን ያረጋግጡ።' };

/** The server as the account screens meet it; a test may answer the log-in otherwise. */
let loginAnswer: () => Response;
const fetchMock = vi.fn(async (request: Request) =>
  request.url.endsWith('/customer_user_api/login_customer_user') ? loginAnswer() : Response.json(SENT, { status: request.url.includes('create_customer_user') ? 201 : 200 }),
);
/** The calls made to `path`, in order. */
const callsTo = (path: string) => fetchMock.mock.calls.map(([request]) => request).filter((request) => new URL(request.url).pathname === path);
const bodyOf = async (path: string, index = 0) => callsTo(path)[index].clone().json();

const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Issue 26: the account screens take a phone number where they took an e-mail. */
describe('phone accounts on the account screens', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    loginAnswer = () => Response.json({ token: 'not-a-real-token' });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    otpScreen.close();
    vi.unstubAllGlobals();
  });

  it('logs in with a phone number or an e-mail in the one field', async () => {
    await renderScreen(<LoginPage />, { path: '/login' });
    expect(screen.getByLabelText(/^Email or phone number/).getAttribute('type')).toBe('text');
    type(/^Email or phone number/, '0911 22 33 44');
    type(/^Password/, 'Secret-1234');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(callsTo('/customer_user_api/login_customer_user')).toHaveLength(1));
    expect(await bodyOf('/customer_user_api/login_customer_user')).toEqual({ phone: '0911 22 33 44', password: 'Secret-1234' });

    type(/^Email or phone number/, 'almaz@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(callsTo('/customer_user_api/login_customer_user')).toHaveLength(2));
    expect(await bodyOf('/customer_user_api/login_customer_user', 1)).toEqual({ email: 'almaz@example.test', password: 'Secret-1234' });
  });

  it('takes an unverified phone account to the code screen, which verifies the phone', async () => {
    loginAnswer = () => Response.json(NOT_VERIFIED, { status: 403 });
    const { router } = await renderScreen(<LoginPage />, { path: '/login' });
    type(/^Email or phone number/, '0911223344');
    type(/^Password/, 'Secret-1234');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/email/verification'));
    expect(otpScreen.email()).toBe('0911223344');
  });

  it('asks for the texted code in Amharic and sends it with the phone', async () => {
    await renderScreen(<VerifyEmailPage sentTo="0911223344" />, { locale: 'am', path: '/email/verification' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ስልክ ቁጥርዎን ያረጋግጡ');
    expect(document.body.textContent).toContain('ወደ 0911223344 በኤስኤምኤስ የላክነውን ኮድ ያስገቡ።');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '123456' } });
    fireEvent.submit(screen.getByRole('textbox').closest('form')!);
    await waitFor(() => expect(callsTo('/customer_user_api/validate_customer_otp')).toHaveLength(1));
    expect(await bodyOf('/customer_user_api/validate_customer_otp')).toEqual({ phone: '0911223344', otp: '123456' });
  });

  it('registers without an e-mail, and the code screen then names the phone', async () => {
    const { router } = await renderScreen(<RegisterPage />, { path: '/register' });
    type(/^First name/, 'Almaz');
    type(/^Middle name/, 'Bekele');
    type(/^Last name/, 'Tesfaye');
    type(/^Password/, 'Secret-1234');
    type(/^Confirm password/, 'Secret-1234');
    type(/^Phone/, '0911223344');
    fireEvent.change(screen.getByLabelText(/^Gender/), { target: { value: 'Female' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/email/verification'));
    // The multipart body as sent: an empty e-mail, the phone.
    const sent = await callsTo('/customer_user_api/create_customer_user')[0].clone().text();
    const part = (name: string) => new RegExp(`name="${name}"\r\n\r\n([^\r]*)\r\n`).exec(sent)?.[1];
    expect([part('email'), part('phone')]).toEqual(['', '0911223344']);
    expect(otpScreen.email()).toBe('0911223344');
  });

  it('resets a forgotten password with the texted code on the same page', async () => {
    await renderScreen(<ForgotPasswordPage />, { path: '/forgotpassword' });
    expect(screen.getByRole('button', { name: 'Get reset link' })).toBeTruthy();
    type(/^Email or phone number/, '0911223344');
    fireEvent.click(screen.getByRole('button', { name: 'Send code by SMS' }));
    const code = await screen.findByLabelText(/^Code from the SMS/);
    expect(await bodyOf('/customer_user_api/forgot_customer_user')).toEqual({ phone: '0911223344' });
    expect(screen.getByRole('status').textContent).toBe('Done by SMS.');

    fireEvent.change(code, { target: { value: '654321' } });
    type(/^Password/, 'Another-Secret-5678');
    type(/^Re-Type Password/, 'Another-Secret-5678');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await screen.findByText(/Going to the log-in page in 6 seconds\./);
    // The word that the code was sent goes with the form it was for.
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['Done by SMS. Going to the log-in page in 6 seconds.']);
    expect(await bodyOf('/customer_user_api/reset_customer_password_by_code')).toEqual({
      phone: '0911223344', otp: '654321', password: 'Another-Secret-5678',
    });
    expect(callsTo('/customer_user_api/reset_customer_password_by_code')).toHaveLength(1);
  });

  it('shows the phone of an account without e-mail, and no e-mail row', async () => {
    const customer: CustomerUser = {
      _id: 'c1', id: 'c1', firstname: 'Almaz', middlename: 'Bekele', lastname: 'Tesfaye', gender: 'Female', email: null,
      phone: '+251911223344', house_phone_number: '', subcity: '', woreda: '', house_number: '', picture: null, status: 'active',
    };
    const queryClient = testQueryClient();
    queryClient.setQueryData(customerQuery('c1').queryKey, customer);
    await renderScreen(<ProfilePage customerId="c1" />, { path: '/dashboard/settings', queryClient });
    const labels = [...document.querySelectorAll('dt')].map((term) => term.textContent);
    expect(labels).toContain('Phone');
    expect(labels).not.toContain('Email');
    expect(document.body.textContent).toContain('+251911223344');
  });
});
