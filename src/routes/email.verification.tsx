import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { otpScreen } from '../features/accounts/otp-screen.ts';
import { VerifyEmailPage } from '../features/accounts/verify-email-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

export const Route = createFileRoute('/email/verification')({
  staticData: { title: msg`Verify your email` },
  // SPEC section 2: only while the OTP-screen flag is on, with the e-mail passed along.
  beforeLoad: () => {
    const email = otpScreen.email();
    if (!email) throw redirect({ to: '/register' });
    return { email };
  },
  component: function VerifyEmailRoute() {
    const { email } = Route.useRouteContext();
    return (
      <PublicLayout>
        <VerifyEmailPage sentTo={email} />
      </PublicLayout>
    );
  },
});
