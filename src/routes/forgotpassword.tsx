import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/accounts/forgot-password-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

export const Route = createFileRoute('/forgotpassword')({
  staticData: { title: msg`Forgot password` },
  component: () => (
    <PublicLayout>
      <ForgotPasswordPage />
    </PublicLayout>
  ),
});
