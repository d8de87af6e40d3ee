import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/accounts/login-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

export const Route = createFileRoute('/login')({
  staticData: { title: msg`Log in` },
  component: () => (
    <PublicLayout>
      <LoginPage />
    </PublicLayout>
  ),
});
