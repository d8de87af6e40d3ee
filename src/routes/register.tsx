import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../features/accounts/register-page.tsx';
import { PublicLayout } from '../ui/public-layout.tsx';

export const Route = createFileRoute('/register')({
  staticData: { title: msg`Register` },
  component: () => (
    <PublicLayout>
      <RegisterPage />
    </PublicLayout>
  ),
});
